package dysymnet.net;

/**
 * The smoothed L0.5 regulariser {@code L05*} of the paper (Wu et al. 2014): {@code |w|^(1/2)} for
 * {@code |w| >= a}, and {@code (-w^4/(8a^3) + 3w^2/(4a) + 3a/8)^(1/2)} below, which matches value and slope at
 * {@code |w| = a} and has a finite gradient (0) at w = 0.
 */
public final class L05 {
    private L05() {
    }

    /** {@code L05*(w)} with transition point {@code a > 0}. */
    public static double value(double w, double a) {
        double abs = Math.abs(w);
        if (abs >= a) {
            return Math.sqrt(abs);
        }
        return Math.sqrt(inner(w, a));
    }

    /** {@code d L05*(w) / dw}. */
    public static double derivative(double w, double a) {
        double abs = Math.abs(w);
        if (abs >= a) {
            return Math.signum(w) * 0.5 / Math.sqrt(abs);
        }
        double g = inner(w, a);
        double dg = -w * w * w / (2.0 * a * a * a) + 1.5 * w / a;
        return dg / (2.0 * Math.sqrt(g));
    }

    private static double inner(double w, double a) {
        double w2 = w * w;
        return -w2 * w2 / (8.0 * a * a * a) + 0.75 * w2 / a + 0.375 * a;
    }

    /**
     * Adds {@code lambda * sum over masked p of L05*(params[p])} to the loss: its gradient is added into
     * {@code grad}, its value returned.
     *
     * @param mask which parameters are regularised (the weights, see {@link SymbolicNetwork#weightMask()})
     */
    public static double addPenalty(double[] params, boolean[] mask, double lambda, double a, double[] grad) {
        if (params.length != grad.length || params.length != mask.length) {
            throw new IllegalArgumentException("params, mask and grad differ in length: "
                    + params.length + ", " + mask.length + ", " + grad.length);
        }
        if (!(a > 0.0)) {
            throw new IllegalArgumentException("a must be positive, got " + a);
        }
        double s = 0.0;
        for (int p = 0; p < params.length; p++) {
            if (mask[p]) {
                double w = params[p];
                s += value(w, a);
                grad[p] += lambda * derivative(w, a);
            }
        }
        return lambda * s;
    }
}
