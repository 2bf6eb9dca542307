package dysymnet.terms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Var;
import dysymnet.testing.Gen;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class TargetTransformTest {

    static LongStream seeds() {
        return Gen.seeds(50);
    }

    /** Random targets: one sign or both, small or large, a few rows. */
    static double[] targets(SplittableRandom r) {
        double[] y = new double[3 + r.nextInt(20)];
        double scale = Math.pow(10, r.nextInt(-3, 4));
        int kind = r.nextInt(3);
        for (int i = 0; i < y.length; i++) {
            double v = r.nextDouble(0.01, 1) * scale;
            y[i] = kind == 0 ? v : kind == 1 ? -v : (r.nextBoolean() ? v : -v);
        }
        return y;
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void theInverseGivesBackEveryTargetWhereTheTransformApplies(long seed) {
        SplittableRandom r = Gen.rng(seed);
        double[] y = targets(r);
        Gen.check(seed, java.util.Arrays.toString(y), () -> {
            for (TargetTransform h : TargetTransform.values()) {
                if (!h.applies(y)) {
                    continue;
                }
                double[] z = h.apply(y);
                Dataset d = new Dataset(List.of("z"), new double[][] {z}, y);
                double[] again = Evaluator.evaluate(h.inverse(new Var("z"), TargetTransform.sign(y), d), d);
                for (int i = 0; i < y.length; i++) {
                    assertEquals(y[i], again[i], 1e-12 * Math.max(1, Math.abs(y[i])), h + " row " + i);
                }
            }
        });
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void aTransformThatCannotBeInvertedOnTheTargetsDoesNotApply(long seed) {
        SplittableRandom r = Gen.rng(seed);
        double[] y = targets(r);
        boolean mixed = !TargetTransform.oneSign(y, true);
        Gen.check(seed, java.util.Arrays.toString(y), () -> {
            if (mixed) {
                assertFalse(TargetTransform.LOG.applies(y), "log of targets of both signs");
                assertFalse(TargetTransform.SQUARE.applies(y), "square of targets of both signs");
            }
            double[] withZero = y.clone();
            withZero[0] = 0;
            assertFalse(TargetTransform.RECIPROCAL.applies(withZero), "reciprocal of a zero");
            assertFalse(TargetTransform.LOG.applies(withZero), "log of a zero");
            double[] wide = y.clone();
            wide[0] = 100;
            wide[1] = -100;
            assertFalse(TargetTransform.EXP.applies(wide), "exp over a range of 200");
            assertFalse(TargetTransform.SINE.applies(wide), "sine beyond the arcsine's range");
            assertTrue(TargetTransform.SQUARE.applies(new double[] {0, 1, 2}), "square of non-negative targets");
        });
    }

    @org.junit.jupiter.api.Test
    void squareFactorsOfOneSignAreTakenOutOfTheRootSoTheLawKeepsItsSignBeyondTheData() {
        List<String> vars = List.of("c", "v", "w");
        double[][] x = {{3, 4, 6, 8}, {1, 1.5, 2, 1.2}, {-1, -2, -4, -3}};
        double[] y = new double[4];
        for (int i = 0; i < 4; i++) {
            y[i] = -x[2][i] * Math.sqrt((x[0][i] + x[1][i]) / (x[0][i] - x[1][i]));
        }
        Dataset d = new Dataset(vars, x, y);
        Expr z = dysymnet.expr.Parser.parse("(c*w^2 + w^2*v)/(c - v)");
        Expr root = TargetTransform.SQUARE.inverse(z, 1, d);
        assertEquals(dysymnet.expr.Simplifier.simplify(dysymnet.expr.Parser.parse("-w*sqrt((c + v)/(c - v))")), root);
        // the square's sign turned: a fit of -y^2 over a denominator written the other way round
        Expr turned = TargetTransform.SQUARE.inverse(dysymnet.expr.Parser.parse("(w^2*(c + v))/(v - c)"), 1, d);
        double[] again = Evaluator.evaluate(turned, d);
        for (int i = 0; i < 4; i++) {
            assertEquals(y[i], again[i], 1e-12 * Math.abs(y[i]), turned.toString());
        }
    }

    /**
     * A fitted square whose numerator is the square of a linear polynomial (in any order of its monomials, its sign
     * turned) gives the law's linear factor outside the root, with its sign on the rows; where the factor changes
     * sign on the rows, or the polynomial is no square, the root stays as it was.
     */
    @org.junit.jupiter.api.Test
    void aSquareOfALinearPolynomialIsTakenOutOfTheRoot() {
        List<String> vars = List.of("u", "v");
        double[][] x = {{2, 3, 4, 5}, {0.1, 0.2, 0.5, 0.7}};
        double[] y = new double[4];
        for (int i = 0; i < 4; i++) {
            y[i] = (x[0][i] - x[1][i]) / Math.sqrt(1 - x[1][i] * x[1][i]);
        }
        Dataset d = new Dataset(vars, x, y);
        for (String fit : new String[] {"(u^2 - 2*u*v + v^2)/(1 - v^2)", "(2*u*v - v^2 - u^2)/(v^2 - 1)"}) {
            Expr root = TargetTransform.SQUARE.inverse(dysymnet.expr.Parser.parse(fit), 1, d);
            assertFalse(root.toString().contains("u^2"), fit + " -> " + root);
            double[] again = Evaluator.evaluate(root, d);
            for (int i = 0; i < 4; i++) {
                assertEquals(y[i], again[i], 1e-12 * Math.abs(y[i]), root.toString());
            }
            assertPositiveUnderEveryRoot(root, d);
            // beyond the rows (u < v) the law changes sign, as the reader's (u - v) does
            double[] beyond = Evaluator.evaluate(root, vars, new double[][] {{0.1}, {0.5}});
            assertTrue(beyond[0] < 0, root + " at u = 0.1, v = 0.5: " + beyond[0]);
        }
        // a monomial content and a linear square together: u^2*(2*v - v^2 - 1)/(v^2 - 1) is (u*(1 - v))^2/(1 - v^2)
        double[] y2 = new double[4];
        for (int i = 0; i < 4; i++) {
            y2[i] = x[0][i] * (1 - x[1][i]) / Math.sqrt(1 - x[1][i] * x[1][i]);
        }
        Dataset d2 = new Dataset(vars, x, y2);
        Expr both = TargetTransform.SQUARE.inverse(dysymnet.expr.Parser.parse("u^2*(2*v - v^2 - 1)/(v^2 - 1)"), 1, d2);
        assertFalse(both.toString().contains("v^2 - 1") || both.toString().contains("2*v"), both.toString());
        assertPositiveUnderEveryRoot(both, d2);
        double[] again2 = Evaluator.evaluate(both, d2);
        for (int i = 0; i < 4; i++) {
            assertEquals(y2[i], again2[i], 1e-12 * Math.abs(y2[i]), both.toString());
        }
        assertEquals(null, LinearSquare.of(dysymnet.expr.Parser.parse("u^2 + v^2")), "rank two: no square");
        assertEquals(null, LinearSquare.of(dysymnet.expr.Parser.parse("u^2 - 2*u*v + v^2 + 1")), "not a square");
        LinearSquare q = LinearSquare.of(dysymnet.expr.Parser.parse("2*v - v^2 - 1"));
        assertEquals(-1.0, q.sign());
        double[] l = Evaluator.evaluate(q.linear(), vars, x);
        for (int i = 0; i < 4; i++) {
            assertEquals(1 - x[1][i], Math.abs(l[i]), 1e-12);
        }
    }

    /** Every square root of {@code e} has an argument positive on the rows: the law as a reader reads it. */
    private static void assertPositiveUnderEveryRoot(Expr e, Dataset d) {
        if (e instanceof dysymnet.expr.Unary u) {
            if (u.op() == dysymnet.expr.UnaryOp.SQRT) {
                for (double v : Evaluator.evaluate(u.arg(), d)) {
                    assertTrue(v > 0, "sqrt(" + u.arg() + ") of " + v + " in " + e);
                }
            }
            assertPositiveUnderEveryRoot(u.arg(), d);
        } else if (e instanceof dysymnet.expr.Binary b) {
            assertPositiveUnderEveryRoot(b.left(), d);
            assertPositiveUnderEveryRoot(b.right(), d);
        }
    }
}
