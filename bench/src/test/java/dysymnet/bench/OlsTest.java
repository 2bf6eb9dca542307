package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OlsTest {
    /** y = 3 + 2 x1 - 0.5 x2 on n rows of a fixed grid-like design. */
    private static Dataset line(int n, double offset) {
        double[] x1 = new double[n];
        double[] x2 = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x1[i] = i + offset;
            x2[i] = (i * 7 % 5) - 2 + 0.5 * offset;
            y[i] = 3 + 2 * x1[i] - 0.5 * x2[i];
        }
        return new Dataset(List.of("x1", "x2"), new double[][] {x1, x2}, y);
    }

    @Test
    void anExactLineIsRecoveredWithTestR2OfOneAndItsMseIsTheOffsetsSquared() {
        Dataset train = line(20, 0.0);
        double[] coef = Ols.fit(train);
        assertNotNull(coef);
        assertArrayEquals(new double[] {3, 2, -0.5}, coef, 1e-12);

        Dataset test = line(8, 0.25);
        Ols.Score exact = Ols.score(train, test);
        assertEquals(1.0, exact.r2(), 1e-12);
        assertEquals(0.0, exact.mse(), 1e-20);

        // the same test rows with the target moved by +-1 alternately: every residual is 1, so the MSE is 1
        double[] moved = test.y().clone();
        for (int i = 0; i < moved.length; i++) {
            moved[i] += i % 2 == 0 ? 1.0 : -1.0;
        }
        Dataset off = test.withTarget(moved);
        Ols.Score s = Ols.score(train, off);
        assertEquals(1.0, s.mse(), 1e-12);
        // and the R^2 is the runner's: the metric of the search's test score on the same predictions
        assertEquals(Metrics.r2(test.y(), moved), s.r2(), 1e-15);
    }

    @Test
    void rankDeficientDesignsDoNotCrashAndStillFitWhatTheyCan() {
        // a duplicated column (times 2) and a constant column: the line is still fitted exactly
        Dataset base = line(15, 0.0);
        double[] x1 = base.column(0);
        double[] twice = new double[x1.length];
        double[] constant = new double[x1.length];
        for (int i = 0; i < x1.length; i++) {
            twice[i] = 2 * x1[i];
            constant[i] = 4.0;
        }
        Dataset collinear = new Dataset(List.of("x1", "x2", "x1x2", "c"),
                new double[][] {x1, base.column(1), twice, constant}, base.y());
        double[] coef = Ols.fit(collinear);
        assertNotNull(coef);
        assertEquals(0.0, coef[4], 0.0);
        // the slope 2 split between x1 and 2*x1 as the minimum-norm solution of the standardised columns (which are
        // equal) splits it: half each, 1 on x1 and 0.5 on 2*x1
        assertEquals(1.0, coef[1], 1e-9);
        assertEquals(0.5, coef[3], 1e-9);
        assertEquals(-0.5, coef[2], 1e-9);
        assertEquals(3.0, coef[0], 1e-9);
        assertEquals(1.0, Ols.score(collinear, collinear).r2(), 1e-12);

        // fewer rows than features: a finite least-squares (interpolating) fit, no exception
        SplittableRandom rng = new SplittableRandom(3);
        double[][] wide = new double[6][3];
        for (double[] col : wide) {
            for (int i = 0; i < col.length; i++) {
                col[i] = rng.nextDouble();
            }
        }
        Dataset few = new Dataset(List.of("a", "b", "c", "d", "e", "f"), wide, new double[] {1.0, 2.0, 0.5});
        Ols.Score s = Ols.score(few, few);
        assertEquals(1.0, s.r2(), 1e-9);

        // every feature constant: the line is the mean
        Dataset flat = new Dataset(List.of("c"), new double[][] {{1, 1, 1, 1}}, new double[] {1, 2, 3, 6});
        assertArrayEquals(new double[] {3.0, 0.0}, Ols.fit(flat), 1e-15);
        assertEquals(0.0, Ols.score(flat, flat).r2(), 1e-15);

        // one row
        Dataset one = new Dataset(List.of("x"), new double[][] {{2}}, new double[] {5});
        assertEquals(5.0, Ols.predict(Ols.fit(one), one)[0], 0.0);
    }

    @Test
    void featuresOfVeryDifferentScalesAreNotDroppedAsNegligible() {
        int n = 30;
        double[] big = new double[n];
        double[] small = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            big[i] = 1e6 * (i % 7);
            small[i] = 1e-6 * (i % 5);
            y[i] = 1e-6 * big[i] + 1e6 * small[i];
        }
        Dataset d = new Dataset(List.of("big", "small"), new double[][] {big, small}, y);
        assertEquals(1.0, Ols.score(d, d).r2(), 1e-10);
    }

    @Test
    void integerWeightsCountAsCopiesOfTheirRows() {
        SplittableRandom rng = new SplittableRandom(11);
        int n = 12;
        double[] x = new double[n];
        double[] y = new double[n];
        double[] w = new double[n];
        int copies = 0;
        for (int i = 0; i < n; i++) {
            x[i] = rng.nextDouble();
            y[i] = 1 + x[i] + rng.nextGaussian();
            w[i] = 1 + (i % 3);
            copies += (int) w[i];
        }
        double[] cx = new double[copies];
        double[] cy = new double[copies];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int c = 0; c < w[i]; c++) {
                cx[k] = x[i];
                cy[k] = y[i];
                k++;
            }
        }
        double[] weighted = Ols.fit(new Dataset(List.of("x"), new double[][] {x}, y, w));
        double[] copied = Ols.fit(new Dataset(List.of("x"), new double[][] {cx}, cy));
        double[] plain = Ols.fit(new Dataset(List.of("x"), new double[][] {x}, y));
        assertArrayEquals(copied, weighted, 1e-12);
        assertTrue(Math.abs(plain[1] - weighted[1]) > 1e-6, "the weights change the fit");
    }

    @Test
    void mismatchedTestColumnsGiveNoScore() {
        Dataset train = line(10, 0.0);
        Dataset other = new Dataset(List.of("x"), new double[][] {{1, 2}}, new double[] {1, 2});
        assertSame(Ols.Score.NONE, Ols.score(train, other));
    }
}
