package dysymnet.controller;

import java.util.List;
import java.util.Objects;

/**
 * The risk-seeking selection rule of Petersen et al. (2021): the reward threshold R_eps and which samples are kept.
 *
 * <p>R_eps is the (1-eps)-quantile of the batch rewards with the "higher" rule (as numpy's
 * {@code quantile(r, 1-eps, method='higher')} in the reference implementations): sort the N rewards ascending and
 * take the one at index {@code ceil((1-eps)(N-1))}. It is therefore always one of the rewards, and at least one
 * sample (about eps*N when rewards are distinct) has reward >= R_eps. Non-finite rewards count as 0 throughout.
 */
public final class RiskSeeking {

    private RiskSeeking() {
    }

    /** The reward used for learning: r itself if finite, else 0. */
    public static double sanitize(double r) {
        return Double.isFinite(r) ? r : 0.0;
    }

    /** R_eps, the (1-eps)-quantile of {@code rewards} ("higher" rule); eps in (0, 1], rewards non-empty. */
    public static double threshold(double[] rewards, double eps) {
        if (rewards == null || rewards.length == 0) {
            throw new IllegalArgumentException("rewards must not be empty");
        }
        if (!(eps > 0 && eps <= 1)) {
            throw new IllegalArgumentException("eps must be in (0, 1], got " + eps);
        }
        double[] s = new double[rewards.length];
        for (int k = 0; k < s.length; k++) {
            s[k] = sanitize(rewards[k]);
        }
        java.util.Arrays.sort(s);
        // The small slack keeps e.g. (1-0.7)*10 = 3.0000000000000004 from rounding up to 4.
        int idx = (int) Math.ceil((1.0 - eps) * (s.length - 1) - 1e-9);
        return s[Math.max(0, Math.min(s.length - 1, idx))];
    }

    /** Whether each sample is kept: its (sanitized) reward is >= {@code threshold}. */
    public static boolean[] kept(double[] rewards, double threshold) {
        boolean[] keep = new boolean[rewards.length];
        for (int k = 0; k < rewards.length; k++) {
            keep[k] = sanitize(rewards[k]) >= threshold;
        }
        return keep;
    }

    /** Checks that {@code rewards} has one entry per sample of a non-empty {@code batch}. */
    static void checkBatch(List<Sample> batch, double[] rewards) {
        Objects.requireNonNull(batch, "batch");
        Objects.requireNonNull(rewards, "rewards");
        if (batch.isEmpty()) {
            throw new IllegalArgumentException("batch must not be empty");
        }
        if (rewards.length != batch.size()) {
            throw new IllegalArgumentException("rewards has " + rewards.length + " entries but batch has "
                    + batch.size() + " samples");
        }
    }
}
