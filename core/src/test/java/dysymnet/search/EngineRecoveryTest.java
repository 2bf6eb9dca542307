package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.fit.Metrics;
import dysymnet.net.Architecture;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
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
        Scoring scoring = new Scoring(train, SearchConfig.builder().build());
        Candidate c = scoring.score(Architecture.parse(arch), new SplittableRandom(seed), 0, () -> false)
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
}
