package dysymnet.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class L05Test {

    @Test
    void continuousWithContinuousSlopeAtTheTransition() {
        for (double a : new double[] {0.01, 0.05, 1.0}) {
            for (double s : new double[] {-1.0, 1.0}) {
                double below = s * Math.nextDown(a);
                double at = s * a;
                assertEquals(Math.sqrt(a), L05.value(at, a), 1e-15);
                assertEquals(L05.value(at, a), L05.value(below, a), 1e-12);
                assertEquals(L05.derivative(at, a), L05.derivative(below, a), 1e-9 * Math.abs(L05.derivative(at, a)));
            }
        }
    }

    @Test
    void smoothAndFlatAtZero() {
        assertEquals(Math.sqrt(3 * 0.01 / 8), L05.value(0.0, 0.01), 1e-15);
        assertEquals(0.0, L05.derivative(0.0, 0.01));
        assertTrue(L05.value(0.005, 0.01) > L05.value(0.0, 0.01));
    }

    static LongStream seeds() {
        return Gen.seeds(200);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void derivativeMatchesFiniteDifference(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        // uniform on [-3, 3], now and then exactly an edge of the range, zero or a point inside the smooth zone
        double[] special = {-3, 3, 0, 0.005, -0.009};
        double w = rng.nextInt(10) == 0 ? special[rng.nextInt(special.length)] : rng.nextDouble(-3, 3);
        Gen.check(seed, "w = " + w, () -> {
            double a = 0.01;
            double h = 1e-7;
            double fd = (L05.value(w + h, a) - L05.value(w - h, a)) / (2 * h);
            // Away from the exact transition where the second derivative jumps.
            if (Math.abs(Math.abs(w) - a) > 1e-5) {
                assertEquals(fd, L05.derivative(w, a), 1e-5 * Math.max(1.0, Math.abs(fd)));
            }
            assertEquals(L05.value(w, a), L05.value(-w, a));
        });
    }

    @Test
    void penaltyAddsIntoGradientOnlyForMaskedEntries() {
        double[] p = {0.25, -4.0, 0.0};
        boolean[] mask = {true, true, false};
        double[] g = {1.0, 1.0, 1.0};
        double pen = L05.addPenalty(p, mask, 0.5, 0.01, g);
        assertEquals(0.5 * (0.5 + 2.0), pen, 1e-15);
        assertEquals(1.0 + 0.5 * 0.5 / 0.5, g[0], 1e-15);
        assertEquals(1.0 - 0.5 * 0.5 / 2.0, g[1], 1e-15);
        assertEquals(1.0, g[2]);
        assertThrows(IllegalArgumentException.class, () -> L05.addPenalty(p, mask, 0.5, 0.0, g));
    }
}
