package dysymnet.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Constants;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.UnaryOp;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The fitters' bounds: a stop supplier ends a fit, and a fit too large for the rows is not run. */
class FitBudgetTest {
    private static final Expr X = Expr.var("x");

    /** sum over k of a_k * sin(b_k * x): 2 * terms constants. */
    private static Expr sines(int terms, double a, double b) {
        Expr e = null;
        for (int k = 1; k <= terms; k++) {
            Expr t = Expr.mul(Expr.num(a), Expr.apply(UnaryOp.SIN, Expr.mul(Expr.num(b * k), X)));
            e = e == null ? t : Expr.add(e, t);
        }
        return e;
    }

    private static Dataset data(Expr truth, int rows) {
        SplittableRandom rng = new SplittableRandom(7);
        double[] x = new double[rows];
        for (int i = 0; i < rows; i++) {
            x[i] = rng.nextDouble(-2, 2);
        }
        double[][] cols = {x};
        return new Dataset(List.of("x"), cols, Evaluator.evaluate(truth, List.of("x"), cols));
    }

    static Stream<Arguments> fitters() {
        return Stream.of(Arguments.of("lm", new LevenbergMarquardtFitter()), Arguments.of("bfgs", new BfgsFitter()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fitters")
    void aFitWithTooManyConstantsForTheRowsLeavesTheFormulaAsItIs(String name, ConstantFitter fitter) {
        // 25 terms, 50 constants, on 100,000 rows: 5 million Jacobian entries, above the bound. Run, it would take
        // minutes (Levenberg-Marquardt's QR decomposition of a 100,000 x 50 matrix per iteration).
        int rows = 100_000;
        Expr start = sines(25, 0.9, 1.1);
        assertTrue((long) rows * Constants.count(start) > ConstantFitter.MAX_JACOBIAN_ENTRIES);
        Dataset d = data(sines(25, 1.0, 1.0), rows);
        FitResult r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> fitter.fit(start, d));
        assertFalse(r.improved());
        assertSame(start, r.expression());
        assertEquals(1, r.evaluations());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fitters")
    void aSmallFitOnManyRowsIsStillRun(String name, ConstantFitter fitter) {
        Expr start = sines(1, 0.9, 1.1);
        FitResult r = fitter.fit(start, data(sines(1, 1.0, 1.0), 100_000));
        assertTrue(r.improved());
        assertTrue(r.mse() < 1e-10, () -> "mse " + r.mse());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fitters")
    void aFitEndsOnceStopped(String name, ConstantFitter fitter) {
        Expr start = sines(3, 0.9, 1.1);
        Dataset d = data(sines(3, 1.0, 1.0), 500);
        FitResult stopped = fitter.fit(start, d, () -> true);
        assertFalse(stopped.improved());
        assertSame(start, stopped.expression());
        assertEquals(1, stopped.evaluations());
        // stopped after a few evaluations: the best point so far, never worse than the start
        AtomicInteger asked = new AtomicInteger();
        FitResult some = fitter.fit(start, d, () -> asked.incrementAndGet() > 4);
        assertTrue(some.evaluations() <= 5, () -> some.evaluations() + " evaluations");
        FitResult full = fitter.fit(start, d);
        assertTrue(full.evaluations() > some.evaluations(), () -> full.evaluations() + " evaluations");
        assertTrue(some.mse() <= new LevenbergMarquardtFitter().fit(start, d, () -> true).mse());
    }

    @Test
    void polishingGivesTheFormulaBackOnceStopped() {
        Expr fitted = sines(2, 1.0000001, 0.9999999);
        Dataset d = data(sines(2, 1.0, 1.0), 200);
        Polisher p = new Polisher();
        assertSame(fitted, p.polish(fitted, d, () -> true));
        Expr polished = p.polish(fitted, d);
        assertTrue(polished.complexity() <= fitted.complexity());
        assertEquals(polished, p.polish(fitted, d, () -> false));
    }
}
