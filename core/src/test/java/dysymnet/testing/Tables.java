package dysymnet.testing;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Parser;
import java.util.List;
import java.util.SplittableRandom;

/** Small tables of known laws for the tests of several packages. */
public final class Tables {
    /** The inputs of {@link #threeFeatures}. */
    public static final List<String> NAMES = List.of("a", "b", "c");

    private Tables() {
    }

    /** {@code law} without noise on n random rows of a in [0, 2], b in [1, 3], c in {0, 1}. */
    public static Dataset threeFeatures(String law, int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[3][n];
        for (int i = 0; i < n; i++) {
            x[0][i] = r.nextDouble(0, 2);
            x[1][i] = r.nextDouble(1, 3);
            x[2][i] = r.nextInt(2);
        }
        return new Dataset(NAMES, x, Evaluator.evaluate(Parser.parse(law), NAMES, x));
    }
}
