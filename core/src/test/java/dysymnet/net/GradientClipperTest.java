package dysymnet.net;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class GradientClipperTest {

    private static double norm(double[] g) {
        double s = 0;
        for (double v : g) {
            s += v * v;
        }
        return Math.sqrt(s);
    }

    @Test
    void clipsToWarmupNormThenToFactorTimesMovingAverage() {
        GradientClipper c = new GradientClipper(true, 3, 0.5, 1.0);
        double[] g = {3.0, 4.0};
        assertEquals(5.0, c.clip(g), 1e-15);
        assertEquals(1.0, norm(g), 1e-15); // warm-up: fixed threshold 1
        g = new double[] {0.6, 0.8};
        c.clip(g);
        assertArrayEquals(new double[] {0.6, 0.8}, g, 1e-15); // below 1: untouched
        g = new double[] {6.0, 8.0};
        c.clip(g); // third norm: window full, gamma = 0.5 * (5 + 1 + 10) / 3
        assertEquals(0.5 * 16.0 / 3, norm(g), 1e-12);
        g = new double[] {0.0, 20.0};
        c.clip(g); // window now 1, 10, 20
        assertEquals(0.5 * 31.0 / 3, norm(g), 1e-12);
        assertEquals(0.5 * (10.0 + 20.0 + 2.0) / 3, c.threshold(2.0), 1e-12);
    }

    @Test
    void fixedModeAndNonFiniteGradient() {
        GradientClipper c = new GradientClipper(false, 3, 0.1, 2.0);
        for (int i = 0; i < 10; i++) {
            double[] g = {30.0, 40.0};
            c.clip(g);
            assertEquals(2.0, norm(g), 1e-12);
        }
        double[] bad = {Double.NaN, 1.0};
        assertTrue(Double.isNaN(c.clip(bad)));
        assertEquals(1.0, bad[1]);
        GradientClipper none = new GradientClipper(false, 1, 1.0, Double.POSITIVE_INFINITY);
        double[] g = {1e30, 0.0};
        none.clip(g);
        assertEquals(1e30, g[0]);
        assertThrows(IllegalArgumentException.class, () -> new GradientClipper(true, 0, 0.1, 1.0));
    }
}
