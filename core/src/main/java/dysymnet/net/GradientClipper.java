package dysymnet.net;

/**
 * Gradient-norm clipping, adaptive as in the paper: the threshold is {@code gamma = c * mean of the last w
 * unclipped gradient norms} (the current one included); until w norms have been seen it is a fixed
 * {@code warmupNorm} (the reference's 1.0). With {@code adaptive == false} the threshold is always
 * {@code warmupNorm} (use {@code +Infinity} for no clipping at all). Holds a ring buffer; not thread-safe.
 */
public final class GradientClipper {
    private final boolean adaptive;
    private final double factor;
    private final double warmupNorm;
    private final double[] window;
    private int seen;
    private double windowSum;

    /**
     * @param adaptive   whether to use the moving-average threshold
     * @param window     w, the number of recent norms averaged (at least 1)
     * @param factor     c, the multiplier of the average (positive)
     * @param warmupNorm the fixed threshold before w norms are known, and always when not adaptive (positive)
     */
    public GradientClipper(boolean adaptive, int window, double factor, double warmupNorm) {
        if (window < 1) {
            throw new IllegalArgumentException("window must be at least 1, got " + window);
        }
        if (!(factor > 0.0)) {
            throw new IllegalArgumentException("factor must be positive, got " + factor);
        }
        if (!(warmupNorm > 0.0)) {
            throw new IllegalArgumentException("warmupNorm must be positive, got " + warmupNorm);
        }
        this.adaptive = adaptive;
        this.factor = factor;
        this.warmupNorm = warmupNorm;
        this.window = new double[window];
    }

    /** Forgets the history. */
    public void reset() {
        seen = 0;
        windowSum = 0.0;
    }

    /** The threshold the next call would use if its norm were {@code norm}; for tests and diagnostics. */
    public double threshold(double norm) {
        if (!adaptive) {
            return warmupNorm;
        }
        int w = window.length;
        if (seen + 1 < w) {
            return warmupNorm;
        }
        double sum = windowSum + norm - (seen >= w ? window[seen % w] : 0.0);
        return factor * sum / w;
    }

    /**
     * Scales {@code grad} in place so its Euclidean norm is at most the current threshold and records the
     * unclipped norm.
     *
     * @return the unclipped norm (NaN or infinite if the gradient is not finite; grad is then left unchanged
     *     and nothing is recorded)
     */
    public double clip(double[] grad) {
        double ss = 0.0;
        for (double g : grad) {
            ss += g * g;
        }
        double norm = Math.sqrt(ss);
        if (!Double.isFinite(norm)) {
            return norm;
        }
        double gamma = threshold(norm);
        if (adaptive) {
            int w = window.length;
            int slot = seen % w;
            windowSum += norm - (seen >= w ? window[slot] : 0.0);
            window[slot] = norm;
            seen++;
            if (seen % (64 * w) == 0) {
                // re-sum now and then so rounding drift of the running sum cannot build up
                double s = 0.0;
                for (double v : window) {
                    s += v;
                }
                windowSum = s;
            }
        }
        if (norm > gamma) {
            double f = gamma / norm;
            for (int p = 0; p < grad.length; p++) {
                grad[p] *= f;
            }
        }
        return norm;
    }
}
