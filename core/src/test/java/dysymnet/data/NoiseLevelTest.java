package dysymnet.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/** Noise estimated from the data: near the truth for noisy data, 0 for noise-free data, over many draws. */
class NoiseLevelTest {
    private static final int DRAWS = 50;

    private static Dataset oneFeature(SplittableRandom r, int n, double lo, double hi, DoubleUnaryOperator f,
                                      double sd, boolean evenlySpaced) {
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = evenlySpaced ? lo + (hi - lo) * i / (n - 1) : r.nextDouble(lo, hi);
            y[i] = f.applyAsDouble(x[i]) + sd * r.nextGaussian();
        }
        return new Dataset(List.of("x"), new double[][] {x}, y);
    }

    private static Dataset threeFeatures(SplittableRandom r, int n, double sd) {
        double[][] x = new double[3][n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 3; j++) {
                x[j][i] = r.nextDouble(-2, 2);
            }
            y[i] = x[0][i] * x[1][i] + Math.sin(x[2][i]) + sd * r.nextGaussian();
        }
        return new Dataset(List.of("a", "b", "c"), x, y);
    }

    @Test
    void aNoisyFallOfThirtyPointsIsEstimatedWithinAFactorOfTwo() {
        double sd = 0.04;
        int close = 0;
        int over = 0;
        for (int s = 0; s < DRAWS; s++) {
            SplittableRandom r = new SplittableRandom(s);
            // a fall with drag, sampled at 15 Hz for 2 s
            Dataset d = oneFeature(r, 31, 0, 2, t -> 45 - 4.9 * t * t + 0.25 * t * t * t, sd, true);
            double v = NoiseLevel.variance(d);
            if (v > sd * sd / 2 && v < sd * sd * 2) {
                close++;
            }
            if (v > sd * sd * 2) {
                over++;
            }
        }
        // 31 points: the estimate's own spread is wide (its relative sd is about a third)
        assertTrue(close >= 0.7 * DRAWS, close + " of " + DRAWS);
        assertTrue(over <= 0.1 * DRAWS, over + " of " + DRAWS + " above twice the truth");
    }

    @Test
    void noiseFreeFunctionsShowNoNoise() {
        List<DoubleUnaryOperator> fs = List.of(x -> Math.sin(x * x) * Math.cos(x) - 1, x -> Math.sin(3 * x),
                x -> Math.log(x + 2) + Math.log(x * x + 1), x -> x * x * x + x * x + x, Math::exp);
        int zero = 0;
        int total = 0;
        for (DoubleUnaryOperator f : fs) {
            for (int s = 0; s < DRAWS; s++) {
                SplittableRandom r = new SplittableRandom(1000 + s);
                Dataset d = oneFeature(r, 20 + s % 3 * 100, -1, 1, f, 0, false);
                total++;
                if (NoiseLevel.variance(d) == 0) {
                    zero++;
                }
            }
        }
        assertTrue(zero >= 0.95 * total, zero + " of " + total);
    }

    @Test
    void severalFeaturesGiveNoEstimateFromTheDataAlone() {
        assertEquals(0, NoiseLevel.variance(threeFeatures(new SplittableRandom(1), 400, 0.3)));
        assertEquals(0, NoiseLevel.variance(threeFeatures(new SplittableRandom(2), 400, 0)));
    }

    @Test
    void tooFewRowsOrAConstantTargetGiveNoEstimate() {
        SplittableRandom r = new SplittableRandom(1);
        assertEquals(0, NoiseLevel.variance(oneFeature(r, NoiseLevel.MIN_ROWS - 1, 0, 1, x -> x, 1, false)));
        assertEquals(0, NoiseLevel.variance(oneFeature(r, 50, 0, 1, x -> 3, 0, false)));
        // repeated x values do not break the one-feature estimator
        double[] x = new double[40];
        double[] y = new double[40];
        for (int i = 0; i < 40; i++) {
            x[i] = i / 4;
            y[i] = r.nextGaussian();
        }
        double v = NoiseLevel.variance(new Dataset(List.of("x"), new double[][] {x}, y));
        assertTrue(v >= 0 && Double.isFinite(v), "" + v);
    }
}
