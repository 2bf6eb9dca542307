package dysymnet.controller;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RiskSeekingTest {

    @Test
    void halfQuantileUsesTheHigherRule() {
        // Sorted: 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1.0; (1-0.5)*9 = 4.5 -> index 5 -> 0.6.
        double[] r = {0.5, 0.1, 1.0, 0.3, 0.9, 0.2, 0.7, 0.4, 0.8, 0.6};
        double q = RiskSeeking.threshold(r, 0.5);
        assertEquals(0.6, q);
        assertArrayEquals(new boolean[]{false, false, true, false, true, false, true, false, true, true},
                RiskSeeking.kept(r, q));
    }

    @Test
    void otherRiskFactors() {
        double[] r = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5};
        // Sorted: 1 1 2 3 3 4 5 5 5 6 9.
        assertEquals(1.0, RiskSeeking.threshold(r, 1.0));       // index 0: keep all
        assertEquals(9.0, RiskSeeking.threshold(r, 0.05));      // ceil(9.5) = 10
        assertEquals(5.0, RiskSeeking.threshold(r, 0.3));       // (0.7)*10 = 7 (not 8 through rounding)
        assertEquals(5, countTrue(RiskSeeking.kept(r, RiskSeeking.threshold(r, 0.3))));
    }

    @Test
    void nonFiniteRewardsCountAsZero() {
        double[] r = {Double.NaN, 0.5, Double.POSITIVE_INFINITY, -0.25};
        // Sanitized: 0, 0.5, 0, -0.25 -> sorted -0.25 0 0 0.5; (0.5)*3 = 1.5 -> index 2 -> 0.
        double q = RiskSeeking.threshold(r, 0.5);
        assertEquals(0.0, q);
        assertArrayEquals(new boolean[]{true, true, true, false}, RiskSeeking.kept(r, q));
    }

    @Test
    void tiesAreAllKept() {
        double[] r = {0.2, 0.2, 0.2, 0.2};
        double q = RiskSeeking.threshold(r, 0.5);
        assertEquals(0.2, q);
        assertEquals(4, countTrue(RiskSeeking.kept(r, q)));
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> RiskSeeking.threshold(new double[0], 0.5));
        assertThrows(IllegalArgumentException.class, () -> RiskSeeking.threshold(new double[]{1}, 0));
    }

    private static int countTrue(boolean[] b) {
        int n = 0;
        for (boolean x : b) {
            n += x ? 1 : 0;
        }
        return n;
    }
}
