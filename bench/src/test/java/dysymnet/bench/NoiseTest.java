package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dysymnet.data.Dataset;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class NoiseTest {
    @Test
    void noiseIsGaussianWithSdLevelTimesRmsAndIndependentPerPoint() {
        int n = 20_000;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i;
            y[i] = i % 2 == 0 ? 3.0 : -3.0;   // RMS 3
        }
        Dataset d = new Dataset(List.of("x"), new double[][] {x}, y);
        Dataset noisy = Noise.add(d, 0.1, new SplittableRandom(5));
        double sum = 0;
        double sumSq = 0;
        for (int i = 0; i < n; i++) {
            double e = noisy.y()[i] - y[i];
            sum += e;
            sumSq += e * e;
        }
        double mean = sum / n;
        double sd = Math.sqrt(sumSq / n - mean * mean);
        assertEquals(0.0, mean, 0.01);        // not a constant offset
        assertEquals(0.3, sd, 0.01);
        assertEquals(x[7], noisy.column(0)[7]);
    }

    @Test
    void levelZeroLeavesTheDataAlone() {
        Dataset d = new Dataset(List.of("x"), new double[][] {{1, 2}}, new double[] {3, 4});
        assertSame(d, Noise.add(d, 0.0, new SplittableRandom(1)));
        assertThrows(IllegalArgumentException.class, () -> Noise.add(d, -0.1, new SplittableRandom(1)));
    }
}
