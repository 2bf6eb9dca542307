package dysymnet.search;

import dysymnet.net.Trainer;
import java.util.Arrays;

/**
 * Successive halving across a search ({@link dysymnet.net.TrainConfig#keepFraction()}): the losses the networks of
 * the finished controller steps reached at each checkpoint ({@link Trainer#CHECKPOINTS}), and from them the bounds
 * past which a network of the next step is given up. Only finished steps count, so the bounds do not depend on the
 * threads or the machines that trained them.
 */
final class Halving {
    private final double keep;
    private final int minimum;
    /** Per checkpoint, the losses there of the networks that got to it, in the order added. */
    private final double[][] losses = new double[Trainer.CHECKPOINTS][16];
    private final int[] counts = new int[Trainer.CHECKPOINTS];

    /**
     * @param keep    the fraction of the networks kept at each checkpoint, in (0, 1]
     * @param minimum fewer known losses at a checkpoint give up no network there
     */
    Halving(double keep, int minimum) {
        this.keep = keep;
        this.minimum = minimum;
    }

    /** Adds a finished network's losses per checkpoint (NaN where it did not get to one). */
    void add(double[] checkpoints) {
        for (int k = 0; k < counts.length; k++) {
            double v = checkpoints[k];
            if (Double.isFinite(v)) {
                if (counts[k] == losses[k].length) {
                    losses[k] = Arrays.copyOf(losses[k], 2 * counts[k]);
                }
                losses[k][counts[k]++] = v;
            }
        }
    }

    /** The bounds for the next step's networks, one per checkpoint ({@link #bound}). */
    double[] bounds() {
        double[] b = new double[counts.length];
        for (int k = 0; k < b.length; k++) {
            b[k] = bound(Arrays.copyOf(losses[k], counts[k]), keep, minimum);
        }
        return b;
    }

    /**
     * The loss at a checkpoint above which a network is given up there: the {@code keep}-quantile of the losses
     * there of the earlier networks that got to it (the lowest value at or above that fraction of them), +Infinity
     * while fewer than {@code minimum} are known or when {@code keep} is 1.
     */
    static double bound(double[] losses, double keep, int minimum) {
        if (keep >= 1.0 || losses.length < Math.max(1, minimum)) {
            return Double.POSITIVE_INFINITY;
        }
        double[] sorted = losses.clone();
        Arrays.sort(sorted);
        int at = (int) Math.ceil(keep * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, at))];
    }
}
