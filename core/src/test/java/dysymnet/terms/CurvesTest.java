package dysymnet.terms;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.UnaryFunction;
import dysymnet.expr.UnaryOp;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

class CurvesTest {
    private static final List<UnaryFunction> LIBRARY = List.of(UnaryOp.SIN, UnaryOp.COS, UnaryOp.TAN, UnaryOp.EXP,
            UnaryOp.LOG, UnaryOp.SQRT, UnaryOp.COSH);

    private static Dataset curve(DoubleUnaryOperator f, double from, double to) {
        int n = 300;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            // the rows in a scrambled order, as a table's are
            x[i] = from + (to - from) * ((i * 37) % n) / (n - 1.0);
            y[i] = f.applyAsDouble(x[i]);
        }
        return new Dataset(List.of("pi1"), new double[][]{x}, y);
    }

    /** The relative error of the best curve found. */
    private static double bestRelativeMse(Dataset d, List<UnaryFunction> library) {
        double best = Double.POSITIVE_INFINITY;
        for (Expr e : Curves.of(d, "pi1", library, true, () -> false)) {
            best = Math.min(best, Metrics.mse(Evaluator.evaluate(e, d), d.y()) / Metrics.variance(d.y()));
        }
        return best;
    }

    @Test
    void theShapesWhoseConstantSitsInsideAFunctionAreFoundExactly() {
        // Bose-Einstein, Planck's law, a Boltzmann factor of an inverse group, a squared sine, and a tanh written
        // with exp: none of them has its inner constant on the grid
        List<DoubleUnaryOperator> laws = List.of(
                x -> 1 / (Math.exp(x / (2 * Math.PI)) - 1),
                x -> x * x * x / (Math.exp(1.3 * x) - 1),
                x -> 2.5 * Math.exp(-1.7 / x),
                x -> Math.pow(Math.sin(0.83 * x), 2),
                x -> Math.tanh(0.6 * x));
        for (int k = 0; k < laws.size(); k++) {
            double e = bestRelativeMse(curve(laws.get(k), 0.3, 6), LIBRARY);
            assertTrue(e < 1e-18, "law " + k + ": relative MSE " + e);
        }
    }

    @Test
    void theCurvesUseTheLibraryAlone() {
        Dataset d = curve(x -> 1 / (Math.exp(0.4 * x) - 1), 0.3, 6);
        List<Expr> found = Curves.of(d, "pi1", List.of(UnaryOp.SIN), true, () -> false);
        assertFalse(found.isEmpty());
        for (Expr e : found) {
            assertFalse(e.toString().contains("exp"), e.toString());
        }
        assertTrue(bestRelativeMse(d, List.of(UnaryOp.SIN)) > 1e-10, "no exact law without exp");
    }

    @Test
    void aLibraryThatDoesNotDivideGetsNoQuotient() {
        Dataset d = curve(x -> 2.5 * Math.exp(-1.7 / x), 0.3, 6);
        List<Expr> found = Curves.of(d, "pi1", LIBRARY, false, () -> false);
        assertFalse(found.isEmpty());
        for (Expr e : found) {
            assertFalse(e.toString().contains("/"), e.toString());
        }
    }

    @Test
    void aStoppedSearchOffersNothing() {
        assertTrue(Curves.of(curve(Math::exp, 0, 1), "pi1", LIBRARY, true, () -> true).isEmpty());
    }

    /**
     * On data with 1% noise a dozen flexible forms fit a law of one group as well as the law does; polished, the law's
     * constants are integers and it is the shortest of them, so it is offered. Checked over five noise seeds: the
     * law {@code 1/sqrt(1 - x^2)} (the Lorentz factor of {@code v/c}, whose constant sits inside the square root
     * beside an offset) and Bose-Einstein's {@code 1/(exp(x) - 1)}, each at least four times in five.
     */
    @Test
    void underNoiseTheLawsFormIsOfferedWithItsSimpleConstants() {
        List<DoubleUnaryOperator> laws = List.of(x -> 1 / Math.sqrt(1 - x * x), x -> 1 / (Math.exp(x) - 1));
        double[][] ranges = {{0.05, 0.95}, {0.3, 4}};
        for (int k = 0; k < laws.size(); k++) {
            DoubleUnaryOperator law = laws.get(k);
            int found = 0;
            for (long seed = 1; seed <= 5; seed++) {
                Dataset exact = curve(law, ranges[k][0], ranges[k][1]);
                java.util.Random rng = new java.util.Random(seed);
                double sd = 0.01 * Math.sqrt(Metrics.variance(exact.y()));
                double[] y = exact.y().clone();
                for (int i = 0; i < y.length; i++) {
                    y[i] += sd * rng.nextGaussian();
                }
                Dataset noisy = new Dataset(exact.names(), exact.columns(), y);
                for (Expr e : Curves.of(noisy, "pi1", LIBRARY, true, () -> false)) {
                    // the law itself: equal to it to round-off on the rows
                    if (Metrics.mse(Evaluator.evaluate(e, exact), exact.y()) < 1e-20 * Metrics.variance(exact.y())) {
                        found++;
                        break;
                    }
                }
            }
            assertTrue(found >= 4, "law " + k + ": found in " + found + " of 5");
        }
    }
}
