package dysymnet.choice;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Parser;
import java.util.List;
import java.util.SplittableRandom;

/** Tables of a law in several inputs with Gaussian noise, for the tests of the choice on tables. */
final class NoisyTables {
    private NoisyTables() {
    }

    /** {@code law} in {@code names} on n random rows of [0, 2]^d with Gaussian noise of sd {@code sd}. */
    static Dataset of(String law, List<String> names, int n, double sd, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[names.size()][n];
        for (double[] col : x) {
            for (int i = 0; i < n; i++) {
                col[i] = r.nextDouble(0, 2);
            }
        }
        double[] y = Evaluator.evaluate(Parser.parse(law), names, x);
        for (int i = 0; i < n; i++) {
            y[i] += sd * r.nextGaussian();
        }
        return new Dataset(names, x, y);
    }
}
