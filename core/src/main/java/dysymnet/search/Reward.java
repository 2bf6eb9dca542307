package dysymnet.search;

/**
 * The one reward of the search: {@code 1 / (1 + NRMSE)}, with NRMSE the root of the training MSE over the
 * target's variance. It is the controller's learning signal and the score every {@link Candidate} carries.
 *
 * <p>The paper's {@code 1 / (1 + MSE)} depends on the scale of the target: for a target in the thousands every
 * reward is about 0 and the controller learns nothing, for a target of size 1e-3 every reward is about 1. The
 * normalised error (as in DSR) fixes both.
 */
public final class Reward {
    private Reward() {
    }

    /**
     * The reward of a formula with training error {@code mse} on a target of variance {@code variance}: in [0, 1],
     * 1 for an exact fit, 0 for a non-finite error.
     */
    public static double of(double mse, double variance) {
        if (!Double.isFinite(mse)) {
            return 0.0;
        }
        double nrmse = variance > 0 ? Math.sqrt(mse / variance) : (mse == 0 ? 0.0 : Double.POSITIVE_INFINITY);
        return 1.0 / (1.0 + nrmse);
    }
}
