package dysymnet.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Constants;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Weighted refinement, elimination and polishing: with integer weights each gives what it gives on the rows repeated
 * as many times as their weights; a tiny weight takes an outlier out of a fit.
 */
class WeightedFitTest {

    /** Noisy rows of {@code 1.3*sin(0.8*x) + 0.4*x} with integer weights 1..4, and the same rows repeated. */
    private static Dataset[] weightedAndRepeated(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n];
        double[] y = new double[n];
        double[] w = new double[n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            x[i] = r.nextDouble(-3, 3);
            y[i] = 1.3 * Math.sin(0.8 * x[i]) + 0.4 * x[i] + 0.2 * r.nextGaussian();
            w[i] = 1 + r.nextInt(4);
            m += (int) w[i];
        }
        double[] dx = new double[m];
        double[] dy = new double[m];
        for (int i = 0, k = 0; i < n; i++) {
            for (int c = 0; c < (int) w[i]; c++, k++) {
                dx[k] = x[i];
                dy[k] = y[i];
            }
        }
        return new Dataset[] {new Dataset(List.of("x"), new double[][] {x}, y, w),
            new Dataset(List.of("x"), new double[][] {dx}, dy)};
    }

    private static void assertSameConstants(Expr expected, Expr actual, double tol) {
        double[] a = Constants.values(expected);
        double[] b = Constants.values(actual);
        assertEquals(a.length, b.length, expected + " vs " + actual);
        for (int k = 0; k < a.length; k++) {
            assertEquals(a[k], b[k], tol * Math.max(1, Math.abs(a[k])), expected + " vs " + actual);
        }
    }

    @Test
    void levenbergMarquardtOnWeightsIsTheFitOnRepeatedRows() {
        Expr start = Parser.parse("1*sin(1*x) + 0.1*x");
        for (long seed = 1; seed <= 5; seed++) {
            Dataset[] d = weightedAndRepeated(seed, 40);
            FitResult w = new LevenbergMarquardtFitter().fit(start, d[0]);
            FitResult dup = new LevenbergMarquardtFitter().fit(start, d[1]);
            assertTrue(w.improved() && dup.improved());
            assertSameConstants(dup.expression(), w.expression(), 1e-7);
            assertEquals(dup.mse(), w.mse(), 1e-10 * dup.mse());
            assertEquals(Metrics.mse(Evaluator.evaluate(w.expression(), d[0]), d[0]), w.mse(), 1e-15);
        }
    }

    @Test
    void bfgsOnWeightsIsTheFitOnRepeatedRows() {
        // linear in its constants: a convex objective, whose minimum BFGS reaches (in a*sin(b*x) + c*x it stops in a
        // flat valley short of it)
        Expr start = Parser.parse("1*sin(x) + 0.1*x + 0.3");
        for (long seed = 1; seed <= 5; seed++) {
            Dataset[] d = weightedAndRepeated(seed, 40);
            FitResult w = new BfgsFitter().fit(start, d[0]);
            FitResult dup = new BfgsFitter().fit(start, d[1]);
            assertEquals(Metrics.mse(Evaluator.evaluate(w.expression(), d[0]), d[0]), w.mse(), 1e-15);
            assertSameConstants(dup.expression(), w.expression(), 1e-6);
            assertEquals(dup.mse(), w.mse(), 1e-9 * dup.mse());
        }
    }

    @Test
    void eliminationAndPolishingOnWeightsAreThoseOnRepeatedRows() {
        for (long seed = 1; seed <= 5; seed++) {
            Dataset[] d = weightedAndRepeated(seed, 40);
            Expr fitted = new LevenbergMarquardtFitter().fit(Parser.parse("1*sin(1*x) + 0.1*x + 0.05*x^2 + 0.01"),
                    d[1]).expression();
            List<Expr> pw = new Eliminator(new LevenbergMarquardtFitter()).path(fitted, d[0]);
            List<Expr> pd = new Eliminator(new LevenbergMarquardtFitter()).path(fitted, d[1]);
            assertEquals(pd.size(), pw.size(), pd + " vs " + pw);
            for (int i = 0; i < pd.size(); i++) {
                assertSameConstants(pd.get(i), pw.get(i), 1e-6);
            }
            Expr polishedW = new Polisher().polish(fitted, d[0]);
            Expr polishedD = new Polisher().polish(fitted, d[1]);
            assertEquals(polishedD.complexity(), polishedW.complexity());
            assertSameConstants(polishedD, polishedW, 1e-9);
        }
    }

    @Test
    void aTinyWeightTakesAnOutlierOutOfTheFit() {
        // a*x + b through 30 exact rows of 2x + 1 and 3 rows 50 above: weighted 1e-12, they move nothing
        int n = 33;
        double[] x = new double[n];
        double[] y = new double[n];
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = -1 + 2.0 * i / (n - 1);
            boolean outlier = i % 11 == 5;
            y[i] = 2 * x[i] + 1 + (outlier ? 50 : 0);
            w[i] = outlier ? 1e-12 : 1;
        }
        Expr line = Parser.parse("1*x + 0");
        Expr weighted = new LevenbergMarquardtFitter().fit(line, new Dataset(List.of("x"), new double[][] {x}, y, w))
                .expression();
        Expr plain = new LevenbergMarquardtFitter().fit(line, new Dataset(List.of("x"), new double[][] {x}, y))
                .expression();
        double[] cw = Constants.values(weighted);
        assertEquals(2, cw[0], 1e-9, weighted::toString);
        assertEquals(1, cw[1], 1e-9, weighted::toString);
        assertTrue(Math.abs(Constants.values(plain)[1] - 1) > 1, plain::toString);
    }
}
