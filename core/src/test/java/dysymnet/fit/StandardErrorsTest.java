package dysymnet.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The standard errors of a fitted formula's constants ({@link StandardErrors}). */
class StandardErrorsTest {

    @Test
    void aStraightLineHasTheTextbookErrors() {
        SplittableRandom rng = new SplittableRandom(11);
        int n = 40;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = rng.nextDouble(0, 5);
            y[i] = 1.5 + 0.7 * x[i] + 0.2 * rng.nextGaussian();
        }
        Dataset d = new Dataset(List.of("x"), new double[][] {x}, y);
        Expr fitted = new LevenbergMarquardtFitter().fit(Parser.parse("1*x + 1"), d).expression();
        StandardErrors se = StandardErrors.of(fitted, d);
        // ordinary least squares by hand: slope error s / sqrt(Sxx), intercept error s * sqrt(1/n + mean^2/Sxx)
        double mx = 0;
        for (double v : x) {
            mx += v / n;
        }
        double sxx = 0;
        for (double v : x) {
            sxx += (v - mx) * (v - mx);
        }
        double[] c = se.values();
        double slope = c[0];
        double intercept = c[1];
        double rss = 0;
        for (int i = 0; i < n; i++) {
            double r = y[i] - intercept - slope * x[i];
            rss += r * r;
        }
        double s = Math.sqrt(rss / (n - 2));
        assertEquals(n - 2, se.degreesOfFreedom());
        assertEquals(s, se.residualSd(), 1e-9 * s);
        assertEquals(s / Math.sqrt(sxx), se.errors()[0], 1e-6 * s / Math.sqrt(sxx));
        double interceptError = s * Math.sqrt(1.0 / n + mx * mx / sxx);
        assertEquals(interceptError, se.errors()[1], 1e-6 * interceptError);
    }

    @Test
    void aboutNineteenInTwentyIntervalsOfTwoErrorsHoldTheTrueConstant() {
        // a nonlinear law, 30 noisy rows, 200 draws: the interval +-1.96 errors should cover the truth ~95%
        int covered = 0;
        int draws = 200;
        for (int draw = 0; draw < draws; draw++) {
            SplittableRandom rng = new SplittableRandom(1000 + draw);
            int n = 30;
            double[] x = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = rng.nextDouble(0, 3);
                y[i] = 4.0 * Math.exp(-0.8 * x[i]) + 0.05 * rng.nextGaussian();
            }
            Dataset d = new Dataset(List.of("x"), new double[][] {x}, y);
            Expr fitted = new LevenbergMarquardtFitter().fit(Parser.parse("3*exp(-1*x)"), d).expression();
            StandardErrors se = StandardErrors.of(fitted, d);
            double rate = -se.values()[1];
            if (Math.abs(rate - 0.8) <= 1.96 * se.errors()[1]) {
                covered++;
            }
        }
        assertTrue(covered >= 180 && covered <= 198, covered + " of " + draws + " intervals held the truth");
    }

    @Test
    void constantsTheDataCannotTellApartAreUndetermined() {
        double[] x = {0, 1, 2, 3, 4, 5};
        double[] y = {0.1, 2.0, 3.9, 6.2, 8.0, 9.9};
        Dataset d = new Dataset(List.of("x"), new double[][] {x}, y);
        StandardErrors se = StandardErrors.of(Parser.parse("2*0.99*x"), d);
        assertEquals(Double.POSITIVE_INFINITY, se.errors()[0]);
        assertEquals(Double.POSITIVE_INFINITY, se.errors()[1]);
        // one of them alone is determined
        StandardErrors one = StandardErrors.of(Parser.parse("1.98*x"), d);
        assertTrue(Double.isFinite(one.errors()[0]) && one.errors()[0] > 0);
    }

    @Test
    void noConstantsNoDegreesOfFreedomAndExactFits() {
        double[] x = {1, 2, 3};
        Dataset d = new Dataset(List.of("x"), new double[][] {x}, new double[] {2, 4, 6});
        assertEquals(0, StandardErrors.of(Parser.parse("x + x"), d).count());
        // an exact fit: no residual, errors 0
        StandardErrors exact = StandardErrors.of(Parser.parse("2*x"), d);
        assertEquals(0.0, exact.errors()[0]);
        assertEquals(0.0, exact.residualSd());
        // as many constants as rows: nothing left to estimate the noise with
        StandardErrors none = StandardErrors.of(Parser.parse("1.5*x + 0.3*x^2 + 0.1"), d);
        assertEquals(0, none.degreesOfFreedom());
        for (double e : none.errors()) {
            assertTrue(Double.isNaN(e));
        }
    }

    @Test
    void weightsCountAsInWeightedLeastSquaresAndTheirScaleDoesNotMatter() {
        double[] x = {0, 1, 2, 3, 4, 5, 6, 7};
        double[] y = {0.2, 1.1, 1.8, 3.3, 3.9, 5.2, 5.8, 7.1};
        double[] w = {1, 2, 1, 3, 1, 2, 1, 4};
        double[] w3 = new double[w.length];
        for (int i = 0; i < w.length; i++) {
            w3[i] = 3 * w[i];
        }
        Expr e = Parser.parse("0.98*x + 0.1");
        StandardErrors a = StandardErrors.of(e, new Dataset(List.of("x"), new double[][] {x}, y, w));
        StandardErrors b = StandardErrors.of(e, new Dataset(List.of("x"), new double[][] {x}, y, w3));
        StandardErrors plain = StandardErrors.of(e, new Dataset(List.of("x"), new double[][] {x}, y));
        assertEquals(a.errors()[0], b.errors()[0], 1e-12 * a.errors()[0]);
        assertTrue(Math.abs(a.errors()[0] - plain.errors()[0]) > 1e-6 * plain.errors()[0], "weights count");
    }
}
