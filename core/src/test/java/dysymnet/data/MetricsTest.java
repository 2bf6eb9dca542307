package dysymnet.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class MetricsTest {
    private static final double[] Y = {1, 2, 3, 4};

    @Test
    void exactPredictions() {
        assertEquals(0.0, Metrics.mse(Y, Y));
        assertEquals(0.0, Metrics.rmse(Y, Y));
        assertEquals(0.0, Metrics.nrmse(Y, Y));
        assertEquals(1.0, Metrics.r2(Y, Y));
    }

    @Test
    void knownValues() {
        double[] p = {1, 2, 3, 6}; // one residual of 2
        assertEquals(1.0, Metrics.mse(p, Y), 1e-15);
        assertEquals(1.0, Metrics.rmse(p, Y), 1e-15);
        // std(Y) = sqrt(1.25), SStot = 5
        assertEquals(1.0 / Math.sqrt(1.25), Metrics.nrmse(p, Y), 1e-15);
        assertEquals(1.0 - 4.0 / 5.0, Metrics.r2(p, Y), 1e-15);
        // predicting the mean gives R^2 = 0
        assertEquals(0.0, Metrics.r2(new double[] {2.5, 2.5, 2.5, 2.5}, Y), 1e-15);
    }

    @Test
    void nonFinitePredictions() {
        double[] p = {1, Double.NaN, 3, 4};
        assertEquals(Double.POSITIVE_INFINITY, Metrics.mse(p, Y));
        assertEquals(Double.NEGATIVE_INFINITY, Metrics.r2(p, Y));
        assertEquals(Double.POSITIVE_INFINITY, Metrics.mse(new double[] {1, 2, Double.POSITIVE_INFINITY, 4}, Y));
    }

    @Test
    void constantTarget() {
        double[] y = {2, 2, 2};
        assertEquals(1.0, Metrics.r2(y, y));
        assertEquals(Double.NEGATIVE_INFINITY, Metrics.r2(new double[] {2, 2, 2.1}, y));
        assertEquals(0.0, Metrics.nrmse(y, y));
        assertEquals(Double.POSITIVE_INFINITY, Metrics.nrmse(new double[] {2, 2, 2.1}, y));
    }

    @Test
    void badArguments() {
        assertThrows(IllegalArgumentException.class, () -> Metrics.mse(new double[] {1}, Y));
        assertThrows(IllegalArgumentException.class, () -> Metrics.mse(new double[0], new double[0]));
    }
}
