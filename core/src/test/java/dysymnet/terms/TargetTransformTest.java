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
}
