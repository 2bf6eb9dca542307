package dysymnet.fit;

import dysymnet.data.Metrics;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Constants;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Binary;
import dysymnet.expr.Printer;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import dysymnet.testing.Gen;
import dysymnet.testing.UserFunctions;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ConstantFitterTest {
    private static final Expr X = Expr.var("x");
    private static final Expr Y = Expr.var("y");

    private static Expr c(double v) {
        return Expr.num(v);
    }

    /** a*x^3 + b*x^2 + c*x */
    private static Expr cubic(double a, double b, double cc) {
        return Expr.add(Expr.add(Expr.mul(c(a), Expr.pow(X, c(3))), Expr.mul(c(b), Expr.pow(X, c(2)))),
                Expr.mul(c(cc), X));
    }

    /** sin(a*x) * cos(b*y) */
    private static Expr sinCos(double a, double b) {
        return Expr.mul(Expr.apply(UnaryOp.SIN, Expr.mul(c(a), X)), Expr.apply(UnaryOp.COS, Expr.mul(c(b), Y)));
    }

    private static Dataset data(Expr truth, int rows, int features, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] cols = new double[features][rows];
        for (double[] col : cols) {
            for (int i = 0; i < rows; i++) {
                col[i] = rng.nextDouble(-1, 1);
            }
        }
        List<String> names = features == 1 ? List.of("x") : List.of("x", "y");
        return new Dataset(names, cols, Evaluator.evaluate(truth, names, cols));
    }

    static Stream<Arguments> fitters() {
        return Stream.of(Arguments.of("lm", new LevenbergMarquardtFitter(), 1e-6),
                Arguments.of("bfgs", new BfgsFitter(), 1e-5));
    }

    private static void assertConstants(double[] expected, Expr fitted, double relTol) {
        double[] got = Constants.values(fitted);
        assertEquals(expected.length, got.length);
        for (int k = 0; k < expected.length; k++) {
            assertEquals(expected[k], got[k], relTol * Math.abs(expected[k]), "constant " + k + " of " + fitted);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fitters")
    void recoversCubicFromPerturbedConstants(String name, ConstantFitter fitter, double relTol) {
        Dataset d = data(cubic(3.39, 2.12, 1.78), 256, 1, 42);
        Expr start = cubic(3.39 * 1.3, 2.12 * 0.7, 1.78 * 1.3);
        FitResult r = fitter.fit(start, d);
        assertTrue(r.improved());
        assertConstants(new double[] {3.39, 2.12, 1.78}, r.expression(), relTol);
        assertTrue(r.mse() < (name.equals("lm") ? 1e-20 : 1e-14), name + " mse " + r.mse());
        assertEquals(r.mse(), Metrics.mse(Evaluator.evaluate(r.expression(), d), d.y()), 0.0);
        // x^3 and x^2 keep their integer exponents
        assertEquals(3, Constants.count(r.expression()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fitters")
    void recoversSinCos(String name, ConstantFitter fitter, double relTol) {
        Dataset d = data(sinCos(1.5, 0.5), 200, 2, 7);
        FitResult r = fitter.fit(sinCos(1.5 * 0.75, 0.5 * 1.25), d);
        assertTrue(r.improved());
        assertConstants(new double[] {1.5, 0.5}, r.expression(), relTol);
        assertTrue(r.mse() < 1e-14, name + " mse " + r.mse());
    }

    /** a*softplus(b*x) + hypot(c*y, d): the constants inside and around user-defined functions are refined. */
    private static Expr withUserFunctions(double a, double b, double cc, double dd) {
        return Expr.add(Expr.mul(c(a), new Unary(UserFunctions.SOFTPLUS, Expr.mul(c(b), X))),
                new Binary(UserFunctions.HYPOT, Expr.mul(c(cc), Y), c(dd)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fitters")
    void recoversTheConstantsOfUserFunctions(String name, ConstantFitter fitter, double relTol) {
        double[] truth = {1.7, -2.3, 0.8, 1.1};
        Dataset d = data(withUserFunctions(truth[0], truth[1], truth[2], truth[3]), 200, 2, 11);
        for (long seed : Gen.seeds(5).toArray()) {
            SplittableRandom rng = Gen.rng(seed);
            double[] start = new double[4];
            for (int k = 0; k < 4; k++) {
                start[k] = truth[k] * rng.nextDouble(0.8, 1.2);
            }
            FitResult r = fitter.fit(withUserFunctions(start[0], start[1], start[2], start[3]), d);
            Gen.check(seed, java.util.Arrays.toString(start), () -> {
                assertTrue(r.improved());
                assertConstants(truth, r.expression(), relTol);
                assertTrue(r.mse() < 1e-14, name + " mse " + r.mse());
            });
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fitters")
    void expressionWithoutConstantsIsReturnedWithItsMse(String name, ConstantFitter fitter, double relTol) {
        Dataset d = data(Expr.mul(c(2), X), 50, 1, 1);
        Expr e = Expr.mul(X, X);
        FitResult r = fitter.fit(e, d);
        assertSame(e, r.expression());
        assertFalse(r.improved());
        assertEquals(Metrics.mse(Evaluator.evaluate(e, d), d.y()), r.mse(), 0.0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fitters")
    void overflowingTrialsDoNotCrash(String name, ConstantFitter fitter, double relTol) {
        // exp(a*x) with x up to 50: trial values of a push exp against its clamp and x^a overflows
        SplittableRandom rng = new SplittableRandom(3);
        double[][] cols = new double[1][100];
        double[] y = new double[100];
        for (int i = 0; i < 100; i++) {
            cols[0][i] = rng.nextDouble(0.5, 50);
            y[i] = Math.exp(0.1 * cols[0][i]) + Math.pow(cols[0][i], 2.5);
        }
        Dataset d = new Dataset(List.of("x"), cols, y);
        Expr e = Expr.add(Expr.apply(UnaryOp.EXP, Expr.mul(c(3), X)), Expr.pow(X, c(150.5)));
        assertSaneFit(fitter, e, d);
        // 10^(a*x) + x starting at a = 3: values near 1e150, trial steps overflow to infinity
        double[] y3 = new double[100];
        for (int i = 0; i < 100; i++) {
            y3[i] = Math.pow(10, 0.1 * cols[0][i]) + 2 * cols[0][i];
        }
        Dataset d3 = new Dataset(List.of("x"), cols, y3);
        assertSaneFit(fitter, Expr.add(Expr.pow(c(10), Expr.mul(c(3), X)), X), d3);
        // 1 / (a - x) divides by (almost) zero for some trial a
        Dataset d2 = data(Expr.div(c(1), Expr.sub(c(3), X)), 64, 1, 5);
        assertSaneFit(fitter, Expr.div(c(1), Expr.sub(c(0.2), X)), d2);
    }

    /**
     * The fit returned normally with a usable result: a number for its MSE, no worse than the start's, the MSE of
     * the expression it returns, and improved() telling whether the MSE went down.
     */
    private static void assertSaneFit(ConstantFitter fitter, Expr start, Dataset d) {
        double before = Metrics.mse(Evaluator.evaluate(start, d), d.y());
        FitResult r = fitter.fit(start, d);
        String what = Printer.infix(start) + " -> " + Printer.infix(r.expression());
        assertFalse(Double.isNaN(r.mse()), what);
        assertTrue(r.mse() <= before, () -> what + ": " + r.mse() + " > " + before);
        assertEquals(Metrics.mse(Evaluator.evaluate(r.expression(), d), d.y()), r.mse(), 0.0, what);
        assertEquals(r.mse() < before, r.improved(), what);
        assertEquals(Constants.count(start), Constants.count(r.expression()), what);
    }

    /** 25 seeds, each with both fitters (limited to 20 iterations, so that they stop anywhere). */
    static Stream<Arguments> wrongModels() {
        return Gen.seeds(25).boxed().flatMap(seed -> Stream.of(Arguments.of("lm", seed), Arguments.of("bfgs", seed)));
    }

    @ParameterizedTest(name = "{0}, seed {1}")
    @MethodSource("wrongModels")
    void neverWorseThanTheInput(String name, long seed) {
        ConstantFitter fitter = name.equals("lm") ? new LevenbergMarquardtFitter(20, 40)
                : new BfgsFitter(20, 1e-12, 1e-12);
        SplittableRandom rng = Gen.rng(seed);
        Expr truth = sinCos(rng.nextDouble(-3, 3), rng.nextDouble(-3, 3));
        Dataset d = data(truth, 40, 2, seed);
        // a wrong model: the fit may or may not improve, but never gets worse
        Expr e = Expr.add(Expr.mul(c(rng.nextDouble(-2, 2)), Expr.apply(UnaryOp.TAN, Expr.mul(c(rng.nextDouble(-5, 5)), Y))),
                Expr.div(c(rng.nextDouble(-1, 1)), Expr.add(X, c(rng.nextDouble(-1, 1)))));
        Gen.check(seed, name + " fitting " + Printer.infix(e) + " to data of " + Printer.infix(truth), () -> {
            double before = Metrics.mse(Evaluator.evaluate(e, d), d.y());
            FitResult r = fitter.fit(e, d);
            assertTrue(r.mse() <= before, r.mse() + " > " + before);
            assertEquals(r.mse(), Metrics.mse(Evaluator.evaluate(r.expression(), d), d.y()), 0.0);
            assertEquals(r.improved(), r.mse() < before);
            assertEquals(Constants.count(e), Constants.count(r.expression()), "only the constants change");
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fitters")
    void exactInputIsKept(String name, ConstantFitter fitter, double relTol) {
        Expr truth = cubic(3.39, 2.12, 1.78);
        FitResult r = fitter.fit(truth, data(truth, 30, 1, 9));
        assertSame(truth, r.expression());
        assertEquals(0.0, r.mse());
    }

    @org.junit.jupiter.api.Test
    void fittersByName() {
        assertTrue(ConstantFitter.byName("LM") instanceof LevenbergMarquardtFitter);
        assertTrue(ConstantFitter.byName("bfgs") instanceof BfgsFitter);
        Dataset d = data(Expr.mul(c(2), X), 20, 1, 2);
        FitResult none = ConstantFitter.byName("none").fit(Expr.mul(c(1), X), d);
        assertFalse(none.improved());
        assertThrows(IllegalArgumentException.class, () -> ConstantFitter.byName("newton"));
        assertThrows(IllegalArgumentException.class, () -> new LevenbergMarquardtFitter(0, 10));
        assertThrows(IllegalArgumentException.class, () -> new BfgsFitter(10, 2.0, 0.0));
    }
}
