package dysymnet.expr;

import static dysymnet.expr.ExprTestSupport.c;
import static dysymnet.expr.ExprTestSupport.show;
import static dysymnet.expr.ExprTestSupport.x;
import static dysymnet.expr.ExprTestSupport.y;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.testing.Gen;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class EvaluatorTest {
    private static final List<String> NAMES = List.of("x", "y");

    private static double[][] randomColumns(SplittableRandom rng, int rows) {
        double[][] cols = new double[2][rows];
        for (int j = 0; j < 2; j++) {
            for (int i = 0; i < rows; i++) {
                cols[j][i] = rng.nextDouble(-3, 3);
            }
        }
        return cols;
    }

    static LongStream seeds() {
        return Gen.seeds(200);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void columnwiseEqualsPointwise(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        Expr e = ExprTestSupport.random(rng, 5);
        int rows = 1 + rng.nextInt(40);
        double[][] cols = randomColumns(rng, rows);
        Gen.check(seed, show(e), () -> {
            double[] got = Evaluator.evaluate(e, NAMES, cols);
            for (int i = 0; i < rows; i++) {
                double expected = Evaluator.evaluate(e, Map.of("x", cols[0][i], "y", cols[1][i]));
                int row = i;
                // Same operations in the same order: bit-identical, NaN included.
                assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(got[i]),
                        () -> "row " + row + " (x = " + cols[0][row] + ", y = " + cols[1][row] + "): " + expected
                                + " vs " + got[row]);
            }
        });
    }

    static LongStream fewSeeds() {
        return Gen.seeds(10);
    }

    /** A sum of {@code terms} random formulas: hundreds of nodes, so that the blocks of rows shrink. */
    private static Expr largeRandom(SplittableRandom rng, int terms) {
        Expr e = ExprTestSupport.random(rng, 5);
        for (int k = 1; k < terms; k++) {
            e = Expr.add(e, ExprTestSupport.random(rng, 5));
        }
        return e;
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("fewSeeds")
    void blocksOfRowsComputeTheNumbersOfSinglePoints(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        Expr e = largeRandom(rng, 60);
        int rows = 9_000 + rng.nextInt(100);
        double[][] cols = randomColumns(rng, rows);
        CompiledExpr ce = CompiledExpr.parameterized(e, NAMES, rows);
        assertTrue(ce.blockRows() < rows, () -> "one block of " + ce.blockRows());
        int k = ce.parameterCount();
        double[] values = new double[rows];
        double[][] jac = new double[k][rows];
        ce.valuesAndJacobian(cols, ce.initialParameters(), values, jac);
        double[] plain = Evaluator.evaluate(e, NAMES, cols);
        Gen.check(seed, show(e), () -> {
            for (int i = 0; i < rows; i += 7) {
                double expected = Evaluator.evaluate(e, Map.of("x", cols[0][i], "y", cols[1][i]));
                int row = i;
                assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(plain[i]), () -> "row " + row);
                assertEquals(Double.doubleToLongBits(expected), Double.doubleToLongBits(values[i]), () -> "row " + row);
                // the Jacobian of the row alone, in a block of its own
                CompiledExpr one = CompiledExpr.parameterized(e, NAMES, 1);
                double[] v1 = new double[1];
                double[][] j1 = new double[k][1];
                one.valuesAndJacobian(new double[][] {{cols[0][i]}, {cols[1][i]}}, one.initialParameters(), v1, j1);
                for (int p = 0; p < k; p++) {
                    int param = p;
                    assertEquals(Double.doubleToLongBits(j1[p][0]), Double.doubleToLongBits(jac[p][i]),
                            () -> "row " + row + ", parameter " + param);
                }
            }
        });
    }

    /**
     * Formulas compiled one after another from one scratch, of different sizes and on row counts that change (so
     * that its arrays are reused, replaced and left over), give exactly the numbers of formulas compiled alone:
     * nothing the one before left in the arrays shows.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("fewSeeds")
    void formulasCompiledFromOneScratchGiveTheNumbersOfFreshOnes(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        CompiledExpr.Scratch scratch = new CompiledExpr.Scratch();
        for (int f = 0; f < 40; f++) {
            Expr e = f % 10 == 9 ? largeRandom(rng, 300) : ExprTestSupport.random(rng, 1 + rng.nextInt(5));
            int rows = f < 20 ? 128 : 1 + rng.nextInt(300);
            double[][] cols = randomColumns(rng, rows);
            double[] fresh = CompiledExpr.compile(e, NAMES, rows).values(cols).clone();
            double[] reused = CompiledExpr.compile(e, NAMES, rows, scratch).values(cols);
            Gen.check(seed, show(e), () -> {
                assertEquals(fresh.length, reused.length);
                for (int i = 0; i < fresh.length; i++) {
                    int row = i;
                    assertEquals(Double.doubleToLongBits(fresh[i]), Double.doubleToLongBits(reused[i]),
                            () -> "row " + row);
                }
            });
        }
    }

    @Test
    void blocksShrinkForLargeFormulasAndNotForSmallOnes() {
        assertEquals(CompiledExpr.MAX_BLOCK_ROWS, CompiledExpr.compile(x(), NAMES, 100_000).blockRows());
        assertEquals(10, CompiledExpr.compile(Expr.add(x(), y()), NAMES, 10).blockRows());
        Expr big = largeRandom(Gen.rng(1), 2_000);
        int block = CompiledExpr.compile(big, NAMES, 200_000).blockRows();
        assertTrue(block >= CompiledExpr.MIN_BLOCK_ROWS && block < CompiledExpr.MAX_BLOCK_ROWS, () -> "block " + block);
        assertEquals(0, CompiledExpr.compile(x(), NAMES, 0).values(new double[][] {{}, {}}).length);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void jacobianMatchesCentralDifferences(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        Expr e = ExprTestSupport.random(rng, 4);
        int rows = 12;
        double[][] cols = randomColumns(rng, rows);
        Gen.check(seed, show(e), () -> checkJacobian(e, cols));
    }

    /** The same with formulas of the user-defined functions softplus and hypot: their derivatives are the user's. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void jacobianOfUserFunctionsMatchesCentralDifferences(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        Expr e = ExprTestSupport.randomWithUserFunctions(rng, 3);
        double[][] cols = randomColumns(rng, 12);
        Gen.check(seed, show(e), () -> checkJacobian(e, cols));
    }

    private static void checkJacobian(Expr e, double[][] cols) {
        int rows = cols[0].length;
        CompiledExpr ce = CompiledExpr.parameterized(e, NAMES, rows);
        int k = ce.parameterCount();
        double[] theta = ce.initialParameters();
        double[] values = new double[rows];
        double[][] jac = new double[k][rows];
        ce.valuesAndJacobian(cols, theta, values, jac);
        assertArrayEquals(ce.values(cols, theta), values);
        for (int p = 0; p < k; p++) {
            double h = 1e-6 * Math.max(1.0, Math.abs(theta[p]));
            double[] plus = theta.clone();
            plus[p] += h;
            double[] minus = theta.clone();
            minus[p] -= h;
            double[] fp = ce.values(cols, plus).clone();
            double[] fm = ce.values(cols, minus).clone();
            double[] plus2 = theta.clone();
            plus2[p] += 2 * h;
            double[] minus2 = theta.clone();
            minus2[p] -= 2 * h;
            double[] fp2 = ce.values(cols, plus2).clone();
            double[] fm2 = ce.values(cols, minus2).clone();
            for (int i = 0; i < rows; i++) {
                Map<String, Double> point = Map.of("x", cols[0][i], "y", cols[1][i]);
                if (singular(e, point) || !(ExprTestSupport.bounded(e, point).maxMagnitude() < 1e6)) {
                    // Exact zero denominators and bases (the chain rule meets 0 * infinity there), jumps of the
                    // protected power, and huge
                    // intermediates (a step h is lost in rounding, so finite differences mean nothing).
                    continue;
                }
                double fd = (fp[i] - fm[i]) / (2 * h);
                double fd2 = (fp2[i] - fm2[i]) / (4 * h);
                double scale = Math.max(Math.abs(values[i]), 1.0) / h;
                // Compare only where the function is smooth around theta: both step sizes agree, values are
                // moderate (no kink, clamp, pole or switch of the protected power inside the stencil).
                if (!Double.isFinite(fd) || !Double.isFinite(fd2) || Math.abs(values[i]) > 1e6
                        || Math.abs(fd - fd2) > 1e-6 * Math.max(1.0, Math.abs(fd))
                        || Math.abs(fd) > 1e6) {
                    continue;
                }
                double tol = 1e-5 * Math.max(1.0, Math.abs(fd)) + 1e-8 * scale * 1e-6;
                int row = i;
                int param = p;
                assertEquals(fd, jac[p][i], tol, () -> show(e) + " d/dtheta" + param + " row " + row);
            }
        }
    }

    private static boolean singular(Expr e, Map<String, Double> point) {
        if (e instanceof Unary) {
            Unary u = (Unary) e;
            boolean atZero = (u.op() == UnaryOp.SQRT || u.op() == UnaryOp.LOG)
                    && Evaluator.evaluate(u.arg(), point) == 0.0;
            // asin and acos are clamped at +-1: at the edge of the clamp the derivative is one-sided
            boolean atClamp = (u.op() == UnaryOp.ASIN || u.op() == UnaryOp.ACOS)
                    && Math.abs(Evaluator.evaluate(u.arg(), point)) >= 1.0 - 1e-3;
            return atZero || atClamp || singular(u.arg(), point);
        }
        if (e instanceof Binary) {
            Binary b = (Binary) e;
            if (b.op() == BinaryOp.DIV && Evaluator.evaluate(b.right(), point) == 0.0) {
                return true;
            }
            if (b.op() == BinaryOp.POW) {
                double base = Evaluator.evaluate(b.left(), point);
                // the protected power jumps between a^b and |a|^b when b crosses an integer for a < 0
                if (base == 0.0 || base < 0.0 && !(b.right() instanceof Const)) {
                    return true;
                }
            }
            return singular(b.left(), point) || singular(b.right(), point);
        }
        return false;
    }

    @Test
    void integerExponentsAreNotParameters() {
        Expr e = Expr.add(Expr.mul(c(3), Expr.pow(x(), c(2))), Expr.pow(y(), c(0.5)));
        CompiledExpr ce = CompiledExpr.parameterized(e, NAMES, 3);
        assertEquals(2, ce.parameterCount());
        assertArrayEquals(new double[] {3, 0.5}, ce.initialParameters());
        assertArrayEquals(new double[] {3, 0.5}, Constants.values(e));
        Expr replaced = Constants.substitute(e, new double[] {4, 1.5});
        assertEquals(Expr.add(Expr.mul(c(4), Expr.pow(x(), c(2))), Expr.pow(y(), c(1.5))), replaced);
        assertThrows(IllegalArgumentException.class, () -> Constants.substitute(e, new double[] {1}));
    }

    @Test
    void jacobianOfPolynomialIsExact() {
        // d/dtheta of a*x^3 + b*x is (x^3, x)
        Expr e = Expr.add(Expr.mul(c(2), Expr.pow(x(), c(3))), Expr.mul(c(5), x()));
        double[][] cols = {{-1, 0.5, 2}};
        CompiledExpr ce = CompiledExpr.parameterized(e, List.of("x"), 3);
        double[] v = new double[3];
        double[][] j = new double[2][3];
        ce.valuesAndJacobian(cols, new double[] {2, 5}, v, j);
        assertArrayEquals(new double[] {-7, 2.75, 26}, v, 1e-15);
        assertArrayEquals(new double[] {-1, 0.125, 8}, j[0], 1e-15);
        assertArrayEquals(new double[] {-1, 0.5, 2}, j[1], 1e-15);
    }

    @Test
    void constantAndVariableRoots() {
        double[][] cols = {{1, 2, 3}};
        assertArrayEquals(new double[] {4, 4, 4}, Evaluator.evaluate(c(4), List.of("x"), cols));
        assertArrayEquals(new double[] {1, 2, 3}, Evaluator.evaluate(x(), List.of("x"), cols));
        CompiledExpr ce = CompiledExpr.parameterized(c(4), List.of("x"), 3);
        double[][] j = new double[1][3];
        double[] v = new double[3];
        ce.valuesAndJacobian(cols, new double[] {7}, v, j);
        assertArrayEquals(new double[] {7, 7, 7}, v);
        assertArrayEquals(new double[] {1, 1, 1}, j[0]);
    }

    @Test
    void evaluatesADataset() {
        Dataset d = new Dataset(NAMES, new double[][] {{1, 2}, {3, 4}}, new double[] {0, 0});
        assertArrayEquals(new double[] {-2, -2}, Evaluator.evaluate(Expr.sub(x(), y()), d));
        double[] first = Evaluator.evaluate(x(), d);
        first[0] = 99;
        assertEquals(1.0, d.column(0)[0], "the result must not alias the data");
    }

    @Test
    void unknownVariableIsNamed() {
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> Evaluator.evaluate(Expr.var("z"), NAMES, new double[][] {{1}, {2}}));
        assertTrue(ex.getMessage().contains("'z'"), ex.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Evaluator.evaluate(Expr.var("z"), Map.of("x", 1.0)));
    }

    @Test
    void protectedSemanticsAreUsed() {
        double[][] cols = {{0, -4}};
        List<String> n = List.of("x");
        assertArrayEquals(new double[] {UnaryOp.LOG.apply(0), Math.log(4)},
                Evaluator.evaluate(Expr.apply(UnaryOp.LOG, x()), n, cols));
        assertArrayEquals(new double[] {0, 2}, Evaluator.evaluate(Expr.apply(UnaryOp.SQRT, x()), n, cols));
        assertArrayEquals(new double[] {1 / UnaryOp.TINY, -0.25}, Evaluator.evaluate(Expr.div(c(1), x()), n, cols));
    }
}
