package dysymnet.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The local-difference noise variance and the lack-of-fit test built on it, over many draws: a law's residual (the
 * noise) gives the noise's variance and passes; a curve fit's smooth residual fails, on noise-free data always.
 */
class LocalDifferencesTest {
    private static final int DRAWS = 20;

    /** Inputs uniform in [1, 5]^d. */
    private static double[][] inputs(SplittableRandom r, int d, int n) {
        double[][] x = new double[d][n];
        for (double[] c : x) {
            for (int i = 0; i < n; i++) {
                c[i] = r.nextDouble(1, 5);
            }
        }
        return x;
    }

    /** A curved law of three inputs. */
    private static double law(double a, double b, double c) {
        return a * b / (1 + c * c) + Math.sqrt(a + c);
    }

    private static Dataset data(double[][] x, double sd, SplittableRandom r) {
        int n = x[0].length;
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = law(x[0][i], x[1][i], x[2][i]) + sd * r.nextGaussian();
        }
        return new Dataset(List.of("a", "b", "c"), x, y);
    }

    private static double[] residual(Dataset d) {
        double[] r = new double[d.rows()];
        for (int i = 0; i < r.length; i++) {
            r[i] = d.y()[i] - law(d.column(0)[i], d.column(1)[i], d.column(2)[i]);
        }
        return r;
    }

    /** The residual of the least-squares plane through the data: a curve fit. */
    private static double[] planeResidual(Dataset d) {
        int p = d.features() + 1;
        int n = d.rows();
        double[][] m = new double[p][p];
        double[] b = new double[p];
        double[] row = new double[p];
        for (int i = 0; i < n; i++) {
            row[0] = 1;
            for (int j = 0; j < d.features(); j++) {
                row[j + 1] = d.column(j)[i];
            }
            for (int s = 0; s < p; s++) {
                for (int t = 0; t < p; t++) {
                    m[s][t] += row[s] * row[t];
                }
                b[s] += row[s] * d.y()[i];
            }
        }
        double[] c = LocalDifferences.choleskySolve(m, b);
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            double f = c[0];
            for (int j = 0; j < d.features(); j++) {
                f += c[j + 1] * d.column(j)[i];
            }
            r[i] = d.y()[i] - f;
        }
        return r;
    }

    @Test
    void theNoiseOfALawsResidualIsEstimatedAndPassesTheTest() {
        double sd = 0.05;
        int close = 0;
        int passed = 0;
        for (int s = 0; s < DRAWS; s++) {
            SplittableRandom r = new SplittableRandom(s);
            Dataset d = data(inputs(r, 3, 600), sd, r);
            LocalDifferences local = LocalDifferences.of(d);
            double v = local.variance(residual(d));
            if (Math.abs(v / (sd * sd) - 1) < 0.2) {
                close++;
            }
            if (local.consistentWithNoise(residual(d), NoiseLevel.LACK_OF_FIT_Z)) {
                passed++;
            }
        }
        assertTrue(close >= 0.9 * DRAWS, close + " of " + DRAWS + " within 20%");
        assertTrue(passed >= 0.9 * DRAWS, passed + " of " + DRAWS + " passed");
    }

    @Test
    void aCurveFitsResidualFailsTheTestWithOrWithoutNoise() {
        int failedNoiseFree = 0;
        int failedNoisy = 0;
        for (int s = 0; s < DRAWS; s++) {
            SplittableRandom r = new SplittableRandom(100 + s);
            double[][] x = inputs(r, 3, 600);
            Dataset clean = data(x, 0, r);
            Dataset noisy = data(x, 0.05, r);
            LocalDifferences local = LocalDifferences.of(clean);
            if (!local.consistentWithNoise(planeResidual(clean), NoiseLevel.LACK_OF_FIT_Z)) {
                failedNoiseFree++;
            }
            if (!local.consistentWithNoise(planeResidual(noisy), NoiseLevel.LACK_OF_FIT_Z)) {
                failedNoisy++;
            }
            assertEquals(0, NoiseLevel.ofResidual(local, planeResidual(clean), clean), "draw " + s);
        }
        assertEquals(DRAWS, failedNoiseFree);
        assertTrue(failedNoisy >= 0.9 * DRAWS, failedNoisy + " of " + DRAWS);
    }

    @Test
    void precisionWeightsGiveTheNoisesScale() {
        // noise of variance c / w_i at row i: the weighted estimate is c
        double c = 0.01;
        int close = 0;
        for (int s = 0; s < DRAWS; s++) {
            SplittableRandom r = new SplittableRandom(200 + s);
            double[][] x = inputs(r, 2, 500);
            double[] w = new double[500];
            double[] y = new double[500];
            double sum = 0;
            for (int i = 0; i < w.length; i++) {
                w[i] = r.nextDouble(0.2, 5);
                sum += w[i];
            }
            for (int i = 0; i < w.length; i++) {
                w[i] *= w.length / sum;
                y[i] = Math.sqrt(c / w[i]) * r.nextGaussian();
            }
            Dataset d = new Dataset(List.of("a", "b"), x, y, w);
            double v = LocalDifferences.of(d).variance(y);
            if (Math.abs(v / c - 1) < 0.2) {
                close++;
            }
        }
        assertTrue(close >= 0.9 * DRAWS, close + " of " + DRAWS + " within 20%");
    }

    @Test
    void tooFewRowsOrNoVaryingInputGiveNoEstimate() {
        SplittableRandom r = new SplittableRandom(7);
        Dataset few = data(inputs(r, 3, 12), 0.1, r);
        assertTrue(Double.isNaN(LocalDifferences.of(few).variance(few.y())));
        double[][] flat = {new double[50], new double[50]};
        double[] y = new double[50];
        for (int i = 0; i < 50; i++) {
            y[i] = r.nextGaussian();
        }
        Dataset constant = new Dataset(List.of("a", "b"), flat, y);
        assertTrue(Double.isNaN(LocalDifferences.of(constant).variance(y)));
        assertThrows(IllegalArgumentException.class, () -> LocalDifferences.of(constant).variance(new double[3]));
        // too many inputs for local linear fits
        int d = LocalDifferences.MAX_FEATURES + 1;
        double[][] wide = inputs(r, d, 400);
        double[] noise = new double[400];
        for (int i = 0; i < noise.length; i++) {
            noise[i] = r.nextGaussian();
        }
        java.util.List<String> names = new java.util.ArrayList<>();
        for (int j = 0; j < d; j++) {
            names.add("x" + j);
        }
        assertTrue(Double.isNaN(LocalDifferences.of(new Dataset(names, wide, noise)).variance(noise)));
    }
}
