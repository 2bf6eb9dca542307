package dysymnet.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.expr.Bounds.Range;
import dysymnet.testing.Gen;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bounds that let the printers leave a protection out must hold: at every point, every node's value (NaN aside)
 * lies in its range, and a node whose range starts at +0.0 is never -0.0.
 */
class BoundsTest {

    static LongStream seeds() {
        return Gen.seeds(300);
    }

    /** Coordinates that reach the protections and the corners of IEEE arithmetic. */
    static final double[] SPECIAL = {0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0, 0.5, -0.5, 1e-310, -1e-310, 1e-300,
        99.5, 100.0, 100.5, -100.5, 150.0, -150.0, 800.0, -800.0, 1e160, -1e160, 1e300, -1e300, Double.MAX_VALUE,
        Double.MIN_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN};

    static double coordinate(SplittableRandom rng) {
        int k = rng.nextInt(4);
        if (k == 0) {
            return SPECIAL[rng.nextInt(SPECIAL.length)];
        }
        if (k == 1) {
            return rng.nextInt(-3, 4);
        }
        return k == 2 ? rng.nextDouble(-4, 4) : rng.nextDouble(-300, 300);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void everyValueLiesInItsRange(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        Expr e = rng.nextBoolean() ? PrinterTest.randomTree(rng) : ExprTestSupport.random(rng, rng.nextInt(1, 6));
        Bounds bounds = Bounds.of(e);
        for (int k = 0; k < 20; k++) {
            Map<String, Double> point = new HashMap<>();
            for (String v : new String[] {"x", "y", "z"}) {
                point.put(v, coordinate(rng));
            }
            Gen.check(seed, ExprTestSupport.show(e) + " at " + point, () -> e.forEach(node -> {
                double v = Evaluator.evaluate(node, point);
                Range r = bounds.range(node);
                if (Double.isNaN(v)) {
                    return;
                }
                String what = ExprTestSupport.show(node) + " = " + v + " outside " + r;
                assertFalse(r.isNan(), what);
                assertTrue(r.lo() <= v && v <= r.hi(), what);
                if (v == 0.0 && Double.doubleToRawLongBits(v) != 0L) {
                    assertFalse(r.nonNegativeWithoutNegativeZero(), "-0.0: " + what);
                }
            }));
        }
    }

    @Test
    void provesTheCommonCases() {
        assertFalse(range("x^2 + 1").mayBeZero());
        assertFalse(range("cosh(x)").mayBeZero());
        assertTrue(range("exp(x)").mayBeZero(), "exp underflows to 0");
        assertTrue(range("exp(-x^2)").hi() <= UnaryOp.EXP_MAX);
        assertTrue(range("sqrt(x)*sqrt(y) + abs(x)").nonNegativeWithoutNegativeZero());
        assertTrue(range("tanh(x)").lo() >= -1.0 && range("sin(x)").hi() <= 1.0);
        assertEquals(new Range(1.0, 1.0), range("log(x)^0"));
        assertTrue(range("(x - y)^0.5").nonNegativeWithoutNegativeZero());
        assertTrue(range("x*x").nonNegativeWithoutNegativeZero());
        assertFalse(range("x*y").nonNegativeWithoutNegativeZero());
        assertFalse(range("x^3").nonNegativeWithoutNegativeZero());
        assertTrue(range("1/x").mayBeNegative());
        assertTrue(range("0/x").isOnly(0.0) || range("0/x").mayBeZero());
        assertTrue(range("NaN*x").isNan());
    }

    private static Range range(String formula) {
        Expr e = Parser.parse(formula);
        return Bounds.of(e).range(e);
    }
}
