package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.expr.Printer;
import dysymnet.net.Architecture;
import dysymnet.net.TrainConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The engine without the controller: with the right architecture given by hand, train + prune + read-off + simplify +
 * refine + polish recovers the formula: R^2 >= 0.99999 on fresh points, and numerically equal to the truth.
 *
 * <p>Tagged slow (dozens of networks trained in full): left out by {@code mvn -B verify -DexcludedGroups=slow}.
 */
@Tag("slow")
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

    /** Test points the recovered formula must reproduce: R^2 and the largest error relative to the target's size. */
    private static void assertRecovered(String formula, Expr found, Dataset test) {
        double[] pred = Evaluator.evaluate(found, test);
        double r2 = Metrics.r2(pred, test.y());
        assertTrue(r2 >= 0.99999, () -> formula + ": test R^2 " + r2 + " for " + Printer.infix(found));
        double maxErr = maxError(pred, test);
        double tol = 1e-9 * scale(test);
        assertTrue(maxErr <= tol, () -> formula + ": max error " + maxErr + " for " + Printer.infix(found));
    }

    private static double maxError(double[] pred, Dataset test) {
        double err = 0;
        for (int i = 0; i < pred.length; i++) {
            err = Math.max(err, Math.abs(pred[i] - test.y()[i]));
        }
        return err;
    }

    private static double scale(Dataset test) {
        double scale = 0;
        for (double v : test.y()) {
            scale = Math.max(scale, Math.abs(v));
        }
        return scale;
    }

    /**
     * One seed is enough for these two: with the architecture given, every one of the seeds 0-7 recovers them
     * (measured 8 of 8 each), so seed 0 stands for all of them.
     */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "x^3+x^2+x; x; -1; 1; [id,square,cube]",
        "2*sin(x)*cos(y); x y; 0; 1; [sin,cos]-[*]"})
    void recoversWithAHandGivenArchitecture(String formula, String variables, double lo, double hi, String arch) {
        Expr truth = Parser.parse(formula);
        List<String> vars = Arrays.asList(variables.split(" "));
        Dataset train = sample(truth, vars, lo, hi, 1);
        Dataset test = sample(truth, vars, lo, hi, 2);
        ArchitecturePipeline pipeline = new ArchitecturePipeline(train, Settings.defaults());
        Candidate c = pipeline.run(Architecture.parse(arch), new SplittableRandom(0), 0, () -> false)
                .representative();
        assertRecovered(formula, c.expression(), test);
    }

    /**
     * sin(x^2)*cos(x)-0.75 on [-1, 1] through [square,id]-[sin,cos]-[*] is not recovered on every seed: measured on
     * seeds 0-7, 5 of 8 (1, 2, 3, 6 and 7; the others end at approximations with squared sines). A single seed would
     * test luck, so this counts the seeds that recover it and asks for at least 3 of the 8.
     */
    @Test
    void recoversANestedProductOnMostSeeds() {
        String formula = "sin(x^2)*cos(x)-0.75";
        Expr truth = Parser.parse(formula);
        Dataset train = sample(truth, List.of("x"), -1, 1, 1);
        Dataset test = sample(truth, List.of("x"), -1, 1, 2);
        ArchitecturePipeline pipeline = new ArchitecturePipeline(train, Settings.defaults());
        Architecture arch = Architecture.parse("[square,id]-[sin,cos]-[*]");
        List<String> misses = new ArrayList<>();
        int recovered = 0;
        for (long seed = 0; seed < 8; seed++) {
            Expr found = pipeline.run(arch, new SplittableRandom(seed), 0, () -> false).representative().expression();
            double[] pred = Evaluator.evaluate(found, test);
            if (maxError(pred, test) <= 1e-9 * scale(test)) {
                recovered++;
            } else {
                misses.add("seed " + seed + ": " + Printer.infix(found, 4));
            }
        }
        int n = recovered;
        assertTrue(n >= 3, () -> formula + " recovered on " + n + " of 8 seeds; missed " + misses);
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
