package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RewardTest {

    @Test
    void anExactFitEarnsOneAndANonFiniteErrorZero() {
        assertEquals(1.0, Reward.of(0.0, 4.0));
        assertEquals(0.0, Reward.of(Double.POSITIVE_INFINITY, 4.0));
        assertEquals(0.0, Reward.of(Double.NaN, 4.0));
    }

    @Test
    void theRewardIsOneOverOnePlusTheNormalisedRootError() {
        // NRMSE = sqrt(1 / 4) = 0.5
        assertEquals(1.0 / 1.5, Reward.of(1.0, 4.0), 1e-15);
    }

    @Test
    void theRewardDoesNotDependOnTheTargetsScale() {
        for (double scale : new double[] {1e-6, 1e-3, 1.0, 1e3, 1e6}) {
            double s2 = scale * scale;
            assertEquals(Reward.of(0.3, 2.0), Reward.of(0.3 * s2, 2.0 * s2), 1e-12, "scale " + scale);
        }
    }

    @Test
    void aLargerErrorEarnsLess() {
        double previous = 1.0;
        for (double mse = 1e-6; mse < 1e6; mse *= 10) {
            double r = Reward.of(mse, 1.0);
            assertTrue(r < previous && r > 0, "mse " + mse);
            previous = r;
        }
    }

    @Test
    void aConstantTargetRewardsOnlyAnExactFit() {
        assertEquals(1.0, Reward.of(0.0, 0.0));
        assertEquals(0.0, Reward.of(1e-20, 0.0));
    }
}
