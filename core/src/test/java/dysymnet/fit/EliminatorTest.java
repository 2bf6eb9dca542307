package dysymnet.fit;

import dysymnet.data.Metrics;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Constants;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EliminatorTest {

    static Dataset data(String truth, double lo, double hi) {
        SplittableRandom r = new SplittableRandom(3);
        double[][] x = new double[1][200];
        for (int i = 0; i < 200; i++) {
            x[0][i] = lo + (hi - lo) * r.nextDouble();
        }
        return new Dataset(List.of("x"), x, Evaluator.evaluate(Parser.parse(truth), List.of("x"), x));
    }

    static double maxError(Expr e, Dataset d) {
        double[] p = Evaluator.evaluate(e, d);
        double err = 0;
        for (int i = 0; i < p.length; i++) {
            err = Math.max(err, Math.abs(p[i] - d.y()[i]));
        }
        return err;
    }

    @Test
    void removesTheTermsTheDataDoNotNeedAndEndsAtTheTruth() {
        Dataset d = data("1.5*x^3 - 0.7*x", -2, 2);
        // over-parameterised: the fit is exact with the extra terms at about 0, but nothing is exactly 0
        Expr start = new LevenbergMarquardtFitter().fit(
                Parser.parse("0.9*x^3 + 0.3*x^2 - 1.1*x + 0.2*sin(0.8*x) + 0.1"), d).expression();
        List<Expr> path = new Eliminator(new LevenbergMarquardtFitter()).path(start, d);
        assertTrue(!path.isEmpty());
        Expr end = path.get(path.size() - 1);
        assertEquals(2, Constants.count(end), () -> "ended at " + end);
        assertTrue(maxError(end, d) < 1e-9, () -> "ended at " + end);
    }

    @Test
    void eachStepIsSmallerAndWithinTheAcceptedError() {
        Dataset d = data("sin(x)+0.3*x^2", -3, 3);
        Expr start = new LevenbergMarquardtFitter().fit(
                Parser.parse("1.1*sin(0.9*x) + 0.2*x^2 + 0.1*x + 0.05*cos(2*x) + 0.1"), d).expression();
        List<Expr> path = new Eliminator(new LevenbergMarquardtFitter()).path(start, d);
        double var = Metrics.variance(d.y());
        Expr prev = start;
        double prevMse = Metrics.mse(Evaluator.evaluate(start, d), d.y());
        for (Expr e : path) {
            assertTrue(e.complexity() < prev.complexity(), () -> e + " is not smaller");
            double m = Metrics.mse(Evaluator.evaluate(e, d), d.y());
            assertTrue(m <= Math.max(Eliminator.DEFAULT_FACTOR * prevMse, Eliminator.DEFAULT_FLOOR * var),
                    () -> e + " has MSE " + m);
            prev = e;
            prevMse = m;
        }
        // the law itself is reached: sin(x) + 0.3*x^2 up to round-off
        assertTrue(maxError(prev, d) < 1e-9, "ended at " + prev);
    }

    @Test
    void keepsFormulasWhoseEveryTermMatters() {
        Dataset d = data("2*x^2 + sin(3*x)", -2, 2);
        Expr start = new LevenbergMarquardtFitter().fit(Parser.parse("1.9*x^2 + sin(3.1*x)"), d).expression();
        assertEquals(List.of(), new Eliminator(new LevenbergMarquardtFitter()).path(start, d));
    }

    @Test
    void leavesLargeOrBrokenFormulasAlone() {
        Dataset d = data("x", -1, 1);
        Eliminator small = new Eliminator(new LevenbergMarquardtFitter(), 1.5, 1e-10, 2);
        assertEquals(List.of(), small.path(Parser.parse("0.1*x^2 + 1.0*x + 0.01"), d));
        assertEquals(List.of(), new Eliminator(new LevenbergMarquardtFitter())
                .path(Parser.parse("x + 1/(x - x) * 0.5"), data("x", 1, 2)));
    }

    @Test
    void stopsWhenAsked() {
        Dataset d = data("1.5*x^3 - 0.7*x", -2, 2);
        Expr start = new LevenbergMarquardtFitter().fit(
                Parser.parse("0.9*x^3 + 0.3*x^2 - 1.1*x + 0.2*sin(0.8*x) + 0.1"), d).expression();
        assertEquals(List.of(), new Eliminator(new LevenbergMarquardtFitter()).path(start, d, () -> true));
    }

    @Test
    void rejectsBadSettings() {
        LevenbergMarquardtFitter lm = new LevenbergMarquardtFitter();
        assertThrows(IllegalArgumentException.class, () -> new Eliminator(lm, 0.5, 1e-10, 10));
        assertThrows(IllegalArgumentException.class, () -> new Eliminator(lm, 1.5, -1, 10));
        assertThrows(IllegalArgumentException.class, () -> new Eliminator(lm, 1.5, 1e-10, 0));
        assertThrows(NullPointerException.class, () -> new Eliminator(null));
    }
}
