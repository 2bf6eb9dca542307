package dysymnet.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.expr.UnaryOp;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A unit's column loop (what training computes) agrees with its formula operator's value and derivative (what the
 * formula read off the network computes) on every row: exactly where the loop says it is exact, up to rounding for
 * cosh and sinh, which the loop computes from one exp.
 */
class OperatorLoopTest {
    private static final double[] EDGES = {0.0, -0.0, 1e-300, -1e-12, 1e-8, 0.5, -3.0, 20.0, -99.9, 100.0, -100.0,
        100.5, -250.0, 1e6, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    private static double[] arguments(long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[] z = new double[EDGES.length + 400];
        System.arraycopy(EDGES, 0, z, 0, EDGES.length);
        for (int i = EDGES.length; i < z.length; i++) {
            // magnitudes from 1e-6 to 1e3, both signs
            z[i] = (rng.nextBoolean() ? 1 : -1) * Math.pow(10.0, rng.nextDouble(-6.0, 3.0));
        }
        return z;
    }

    @Test
    void unaryLoopsComputeTheFormulaOperatorsValuesAndDerivatives() {
        for (Operator op : Operator.values()) {
            if (op.isBinary()) {
                continue;
            }
            boolean rounding = op == Operator.COSH || op == Operator.SINH;
            for (long seed = 1; seed <= 3; seed++) {
                double[] z = arguments(seed);
                int n = z.length;
                double[] h = new double[n];
                double[] d = new double[n];
                op.apply(z, h, d, n);
                double[] hOnly = new double[n];
                op.apply(z, hOnly, null, n);
                for (int i = 0; i < n; i++) {
                    String where = op + " at " + z[i];
                    assertEquals(Double.doubleToLongBits(h[i]), Double.doubleToLongBits(hOnly[i]), where);
                    double v = op.apply(z[i]);
                    double g = op.derivative(z[i]);
                    if (!rounding) {
                        assertEquals(v, h[i], 0.0, where);
                        assertEquals(g, d[i], 0.0, where);
                    } else {
                        close(v, h[i], where + " (value)");
                        close(g, d[i], where + " (derivative)");
                    }
                }
            }
        }
    }

    @Test
    void binaryLoopsComputeTheFormulaOperatorsValuesAndPartialsExactly() {
        for (Operator op : Operator.values()) {
            if (!op.isBinary()) {
                continue;
            }
            double[] a = arguments(5);
            double[] b = arguments(6);
            b[3] = 0.0;
            b[4] = -0.0;
            int n = a.length;
            double[] h = new double[n];
            double[] da = new double[n];
            double[] db = new double[n];
            op.apply(a, b, h, da, db, n);
            for (int i = 0; i < n; i++) {
                String where = op + " at (" + a[i] + ", " + b[i] + ")";
                assertEquals(op.binaryOp().apply(a[i], b[i]), h[i], 0.0, where);
                assertEquals(op.binaryOp().dLeft(a[i], b[i]), da[i], 0.0, where);
                assertEquals(op.binaryOp().dRight(a[i], b[i]), db[i], 0.0, where);
            }
        }
    }

    /** Equal up to a few ulps of the larger of the value and 1 (sinh near 0 is accurate absolutely). */
    private static void close(double expected, double actual, String where) {
        if (Double.isNaN(expected)) {
            assertTrue(Double.isNaN(actual), where + ": expected NaN, got " + actual);
            return;
        }
        assertEquals(expected, actual, 4 * Math.ulp(Math.max(1.0, Math.abs(expected))), where);
    }

    @Test
    void hyperbolicUnitsAreClampedAsTheFormulaFunctions() {
        double[] z = {UnaryOp.EXP_MAX + 1.0, -UnaryOp.EXP_MAX - 1.0};
        double[] h = new double[2];
        double[] d = new double[2];
        Operator.COSH.apply(z, h, d, 2);
        assertEquals(0.0, d[0]);
        assertEquals(0.0, d[1]);
        assertEquals(h[0], h[1]);
        assertTrue(Double.isFinite(h[0]));
    }
}
