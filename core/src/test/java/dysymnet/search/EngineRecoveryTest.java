package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.fit.Metrics;
import dysymnet.net.Architecture;
import dysymnet.net.TrainConfig;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The engine without the controller: with the right architecture given by hand, train + prune + read-off + simplify +
 * refine + polish recovers the formula: R^2 >= 0.99999 on fresh points, and numerically equal to the truth.
 */
class EngineRecoveryTest {

    static Dataset sample(Expr truth, List<String> vars, double lo, double hi, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[vars.size()][256];
        for (double[] c : x) {
            for (int i = 0; i < c.length; i++) {
                c[i] = lo + (hi - lo) * r.nextDouble();
            }
        }
        return new Dataset(vars, x, Evaluator.evaluate(truth, vars, x));
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "x^3+x^2+x; x; -1; 1; [id,square,cube]; 0",
        "2*sin(x)*cos(y); x y; 0; 1; [sin,cos]-[*]; 0",
        "sin(x^2)*cos(x)-0.75; x; -1; 1; [square,id]-[sin,cos]-[*]; 1"})
    void recoversWithAHandGivenArchitecture(String formula, String variables, double lo, double hi, String arch,
                                            long seed) {
        Expr truth = Parser.parse(formula);
        List<String> vars = Arrays.asList(variables.split(" "));
        Dataset train = sample(truth, vars, lo, hi, 1);
        Dataset test = sample(truth, vars, lo, hi, 2);
        ArchitecturePipeline pipeline = new ArchitecturePipeline(train, Settings.defaults());
        Candidate c = pipeline.run(Architecture.parse(arch), new SplittableRandom(seed), 0, () -> false)
                .representative();
        double[] pred = Evaluator.evaluate(c.expression(), test);
        double r2 = Metrics.r2(pred, test.y());
        assertTrue(r2 >= 0.99999, () -> formula + ": test R^2 " + r2 + " for " + c.expression());
        double err = 0;
        double scale = 0;
        for (int i = 0; i < pred.length; i++) {
            err = Math.max(err, Math.abs(pred[i] - test.y()[i]));
            scale = Math.max(scale, Math.abs(test.y()[i]));
        }
        double maxErr = err;
        double tol = 1e-9 * scale;
        assertTrue(maxErr <= tol, () -> formula + ": max error " + maxErr + " for " + c.expression());
    }

    /**
     * The growing window of stage 1 makes an oscillating target reachable: sin(x) + sin(x + x^2) on [-3, 3] (x^2 up
     * to 9 inside the sine) with its architecture given, over seeds 0-7. Measured: 4 of 8 recovered with the window,
     * none without (every run without it ends at 0.13-0.44 var(y)).
     */
    @Test
    void theGrowingWindowMakesAnOscillatingTargetReachable() {
        Expr truth = Parser.parse("sin(x)+sin(x+x^2)");
        Dataset train = sample(truth, List.of("x"), -3, 3, 1);
        Architecture arch = Architecture.parse("[id,square]-[sin,sin]");
        Settings on = Settings.defaults();
        Settings off = Settings.builder().training(TrainConfig.builder().windowPhases(0).build()).build();
        int withWindow = recovered(train, arch, on, 8);
        int without = recovered(train, arch, off, 8);
        assertTrue(withWindow >= 3 && withWindow > without, "recovered with the window " + withWindow
                + " of 8, without " + without);
    }

    private static int recovered(Dataset train, Architecture arch, Settings settings, int seeds) {
        ArchitecturePipeline pipeline = new ArchitecturePipeline(train, settings);
        double variance = Metrics.variance(train.y());
        int n = 0;
        for (int s = 0; s < seeds; s++) {
            Candidate c = pipeline.run(arch, new SplittableRandom(s), 0, () -> false).representative();
            if (c.mse() <= 1e-20 * variance) {
                n++;
            }
        }
        return n;
    }
}
