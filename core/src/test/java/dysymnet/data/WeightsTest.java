package dysymnet.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Sample weights in {@link Dataset} and {@link Metrics}: normalised to mean 1, carried by every subset, checked on the
 * way in; the weighted measures are those of the data with each row repeated as many times as its integer weight, and
 * null weights give the unweighted measures to the bit.
 */
class WeightsTest {

    /** Columns x and a target of n rows, with integer weights 1..4. */
    record Data(double[] x, double[] y, double[] w) {
        static Data of(int n, long seed) {
            SplittableRandom r = new SplittableRandom(seed);
            double[] x = new double[n];
            double[] y = new double[n];
            double[] w = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = r.nextDouble(-2, 2);
                y[i] = Math.sin(x[i]) + r.nextGaussian() * 0.3;
                w[i] = 1 + r.nextInt(4);
            }
            return new Data(x, y, w);
        }

        /** Each row repeated w times. */
        Data duplicated() {
            int m = 0;
            for (double v : w) {
                m += (int) v;
            }
            double[] dx = new double[m];
            double[] dy = new double[m];
            int k = 0;
            for (int i = 0; i < x.length; i++) {
                for (int c = 0; c < (int) w[i]; c++) {
                    dx[k] = x[i];
                    dy[k++] = y[i];
                }
            }
            return new Data(dx, dy, null);
        }
    }

    private static void assertClose(double expected, double actual) {
        assertEquals(expected, actual, 1e-12 * Math.max(1, Math.abs(expected)));
    }

    @Test
    void weightedMeasuresAreThoseOfTheRowsRepeatedByTheirWeights() {
        for (long seed = 1; seed <= 5; seed++) {
            Data d = Data.of(50, seed);
            Data dup = d.duplicated();
            double[] pred = new double[d.x().length];
            double[] dupPred = new double[dup.x().length];
            for (int i = 0; i < pred.length; i++) {
                pred[i] = 0.9 * d.x()[i];
            }
            for (int i = 0; i < dupPred.length; i++) {
                dupPred[i] = 0.9 * dup.x()[i];
            }
            assertClose(Metrics.mse(dupPred, dup.y()), Metrics.mse(pred, d.y(), d.w()));
            assertClose(Metrics.r2(dupPred, dup.y()), Metrics.r2(pred, d.y(), d.w()));
            assertClose(Metrics.variance(dup.y()), Metrics.variance(d.y(), d.w()));
            assertClose(Metrics.mean(dup.y()), Metrics.mean(d.y(), d.w()));
            // and through a data set, whose weights are normalised
            Dataset ds = new Dataset(List.of("x"), new double[][] {d.x()}, d.y(), d.w());
            assertClose(Metrics.mse(dupPred, dup.y()), Metrics.mse(pred, ds));
            assertClose(Metrics.r2(dupPred, dup.y()), Metrics.r2(pred, ds));
        }
    }

    @Test
    void nullWeightsAreTheUnweightedMeasuresToTheBit() {
        Data d = Data.of(37, 9);
        double[] pred = d.x().clone();
        assertEquals(Double.doubleToLongBits(Metrics.mse(pred, d.y())),
                Double.doubleToLongBits(Metrics.mse(pred, d.y(), null)));
        assertEquals(Double.doubleToLongBits(Metrics.r2(pred, d.y())),
                Double.doubleToLongBits(Metrics.r2(pred, d.y(), null)));
        assertEquals(Double.doubleToLongBits(Metrics.variance(d.y())),
                Double.doubleToLongBits(Metrics.variance(d.y(), null)));
        Dataset plain = new Dataset(List.of("x"), new double[][] {d.x()}, d.y());
        assertNull(plain.weights());
        assertEquals(Double.doubleToLongBits(Metrics.mse(pred, d.y())), Double.doubleToLongBits(Metrics.mse(pred,
                plain)));
    }

    @Test
    void weightedMeasuresKeepTheirConventions() {
        double[] y = {1, 2, 3};
        double[] w = {1, 5, 0.5};
        assertEquals(1.0, Metrics.r2(y, y, w));
        assertEquals(0.0, Metrics.mse(y, y, w));
        assertEquals(Double.POSITIVE_INFINITY, Metrics.mse(new double[] {1, Double.NaN, 3}, y, w));
        assertEquals(Double.NEGATIVE_INFINITY, Metrics.r2(new double[] {1, Double.NaN, 3}, y, w));
        assertEquals(Double.NEGATIVE_INFINITY, Metrics.r2(new double[] {1, 1, 2}, new double[] {1, 1, 1}, w));
        // the weighted mean predicts with R^2 0
        double m = Metrics.mean(y, w);
        assertEquals(0.0, Metrics.r2(new double[] {m, m, m}, y, w), 1e-15);
        // targets of extreme size, as unweighted
        double[] big = {1e300, 2e300, 3e300};
        assertEquals(1.0, Metrics.r2(big, big, w));
        assertThrows(IllegalArgumentException.class, () -> Metrics.mse(y, y, new double[] {1, 2}));
    }

    @Test
    void weightsAreNormalisedToMeanOneAndEqualWeightsAreNone() {
        Dataset d = new Dataset(List.of("x"), new double[][] {{1, 2, 3, 4}}, new double[] {1, 4, 9, 16},
                new double[] {2, 4, 6, 8});
        assertTrue(d.isWeighted());
        assertArrayEquals(new double[] {0.4, 0.8, 1.2, 1.6}, d.weights(), 1e-15);
        assertEquals(Dataset.DEFAULT_WEIGHTS_NAME, d.weightsName());
        assertEquals(4.0 * 4.0 / (0.16 + 0.64 + 1.44 + 2.56), d.effectiveRows(), 1e-12);
        Dataset equal = new Dataset(List.of("x"), new double[][] {{1, 2, 3}}, new double[] {1, 4, 9},
                new double[] {0.3, 0.3, 0.3});
        assertFalse(equal.isWeighted());
        assertEquals("w", equal.weightsName(), "given weights keep their name even when all equal");
        assertEquals("w", equal.select(new int[] {0, 1}).weightsName());
        assertNull(new Dataset(List.of("x"), new double[][] {{1, 2}}, new double[] {1, 4}).weightsName());
        assertEquals(3.0, equal.effectiveRows());
        // weights near the largest double do not overflow their mean
        Dataset huge = new Dataset(List.of("x"), new double[][] {{1, 2}}, new double[] {1, 4},
                new double[] {Double.MAX_VALUE, Double.MAX_VALUE / 2});
        assertArrayEquals(new double[] {4.0 / 3, 2.0 / 3}, huge.weights(), 1e-15);
        // weights 1e-320 and 1e300 apart: the smallest stays positive, in the set and in its subsets
        Dataset apart = new Dataset(List.of("x"), new double[][] {{1, 2, 3}}, new double[] {1, 4, 9},
                new double[] {1e-320, 1e300, 1});
        assertTrue(apart.weights()[0] > 0 && apart.weights()[2] > 0);
        assertTrue(apart.select(new int[] {0, 1}).weights()[0] > 0);
        assertTrue(Double.isFinite(Metrics.mse(new double[] {0, 0, 0}, apart)));
        // and when the sum of the weights overflows
        Dataset wide = new Dataset(List.of("x"), new double[][] {{1, 2, 3}}, new double[] {1, 4, 9},
                new double[] {5e-324, Double.MAX_VALUE, Double.MAX_VALUE / 3});
        assertTrue(wide.weights()[0] > 0 && Double.isFinite(wide.weights()[1]), Arrays.toString(wide.weights()));
    }

    @Test
    void badWeightsAreRejectedNamingTheRow() {
        double[][] x = {{1, 2, 3}};
        double[] y = {1, 2, 3};
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new Dataset(List.of("x"), x, y, new double[] {1, bad, 1}));
            assertTrue(e.getMessage().contains("row 1"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> new Dataset(List.of("x"), x, y, new double[] {1, 2}));
    }

    @Test
    void subsetsCarryTheirRowsWeightsRenormalised() {
        double[] w = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        double[] xs = new double[10];
        double[] ys = new double[10];
        for (int i = 0; i < 10; i++) {
            xs[i] = i;
            ys[i] = i * i;
        }
        Dataset d = new Dataset(List.of("x"), new double[][] {xs}, ys, w, "weight");
        Dataset s = d.select(new int[] {9, 1, 3});
        // 10, 2, 4 over their mean 16/3
        assertArrayEquals(new double[] {30.0 / 16, 6.0 / 16, 12.0 / 16}, s.weights(), 1e-15);
        assertEquals("weight", s.weightsName());
        Dataset sample = d.sample(4, new SplittableRandom(3));
        for (int i = 0; i < 4; i++) {
            int row = (int) sample.column(0)[i];
            assertEquals(sample.weights()[i] / sample.weights()[0], w[row] / w[(int) sample.column(0)[0]], 1e-12);
        }
        Dataset even = d.evenlySpaced(5);
        assertEquals(5, even.weights().length);
        Dataset same = d.select(new int[] {2, 2});
        assertFalse(same.isWeighted(), "one row twice: equal weights");
        Dataset target = d.withTarget(xs);
        assertArrayEquals(d.weights(), target.weights(), 1e-15);
        Dataset.Split split = d.split(7, 7, new SplittableRandom(1));
        assertTrue(split.train().isWeighted() && split.test().isWeighted());
        Dataset rows = Dataset.fromRows(new double[][] {{1}, {2}}, new double[] {1, 2}, new double[] {1, 3},
                List.of("x"));
        assertArrayEquals(new double[] {0.5, 1.5}, rows.weights(), 1e-15);
    }

    @Test
    void scalingKeepsTheWeightsAndTheFingerprintRecordsThem() {
        double[] xs = {1e-30, 2e-30, 3e-30, 4e-30};
        double[] ys = {1, 2, 3, 5};
        Dataset d = new Dataset(List.of("x"), new double[][] {xs}, ys, new double[] {1, 1, 2, 2}, "w");
        Dataset scaled = Scaling.of(d).apply(d);
        assertNotEquals(d.column(0)[0], scaled.column(0)[0]);
        assertArrayEquals(d.weights(), scaled.weights());
        assertEquals("w", scaled.weightsName());
        DataFingerprint plain = DataFingerprint.of(new Dataset(List.of("x"), new double[][] {xs}, ys));
        DataFingerprint weighted = DataFingerprint.of(d);
        assertNull(plain.weights());
        assertFalse(plain.weighted());
        assertEquals("w", weighted.weights());
        assertNotEquals(plain.sha256(), weighted.sha256());
        // the same data and weights, the same fingerprint
        assertEquals(weighted, DataFingerprint.of(new Dataset(List.of("x"), new double[][] {xs}, ys,
                new double[] {2, 2, 4, 4}, "w")));
    }

    /**
     * Noise of sd sigma_i = 0.05 * (1 + x_i) on a smooth law, weights 1/sigma_i^2. The weighted MSE of the noise is
     * 1 / mean(1/sigma^2), about 0.010, and the weighted estimate should be near it. The unweighted estimate is of
     * the mean noise variance, mean(sigma^2), about 0.0175: larger, as the noisy rows count fully. An estimator may
     * give up (0) by chance when its far estimate exceeds twice its near one (measured: the unweighted one on seed 1,
     * ratio 2.05), so giving an estimate is a rate, 8 of 10; where both give one, the unweighted is the larger.
     */
    @Test
    void theNoiseLevelOfPrecisionWeightsIsTheirScale() {
        int within = 0;
        int unweightedGiven = 0;
        int unweightedWithin = 0;
        List<String> estimates = new ArrayList<>();
        for (long seed = 1; seed <= 10; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            int n = 200;
            double[] x = new double[n];
            double[] y = new double[n];
            double[] w = new double[n];
            double meanPrecision = 0;
            double meanVariance = 0;
            for (int i = 0; i < n; i++) {
                x[i] = 3.0 * i / (n - 1);
                double sigma = 0.05 * (1 + x[i]);
                y[i] = Math.sin(x[i]) + sigma * r.nextGaussian();
                w[i] = 1 / (sigma * sigma);
                meanPrecision += w[i] / n;
                meanVariance += sigma * sigma / n;
            }
            double expected = 1 / meanPrecision;
            double est = NoiseLevel.variance(new Dataset(List.of("x"), new double[][] {x}, y, w));
            double unweighted = NoiseLevel.variance(new Dataset(List.of("x"), new double[][] {x}, y));
            String line = String.format(Locale.ROOT, "seed %d: weighted %.5f (noise %.5f), unweighted %.5f"
                    + " (noise %.5f)", seed, est, expected, unweighted, meanVariance);
            estimates.add(line);
            if (est > 0.7 * expected && est < 1.4 * expected) {
                within++;
            }
            if (unweighted > 0) {
                unweightedGiven++;
            }
            if (unweighted > 0.7 * meanVariance && unweighted < 1.4 * meanVariance) {
                unweightedWithin++;
            }
            if (unweighted > 0 && est > 0) {
                assertTrue(unweighted > est, line);
            }
        }
        assertTrue(within >= 8, within + " of 10 weighted noise estimates within 30% of the weighted noise MSE: "
                + estimates);
        assertTrue(unweightedGiven >= 8, "the unweighted estimator gave up on " + (10 - unweightedGiven)
                + " of 10 draws: " + estimates);
        assertTrue(unweightedWithin >= 7, unweightedWithin + " of 10 unweighted noise estimates within 30% of the mean"
                + " noise variance: " + estimates);
    }
}
