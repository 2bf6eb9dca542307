package dysymnet.data;

import java.util.Objects;

/**
 * Error measures of predictions against a target.
 *
 * <p>Non-finite predictions make a fit infinitely bad: {@link #mse} is {@code +Infinity}, {@link #r2} is
 * {@code -Infinity} and the search's reward ({@code dysymnet.search.Reward}) is 0, so that such an expression always
 * ranks last and never crashes a comparison.
 *
 * <p>Every measure has a weighted form (weights {@code w_i > 0}, or null for none, which is the unweighted measure to
 * the bit): the weighted MSE {@code sum w_i r_i^2 / sum w_i}, the weighted mean and variance, and the weighted
 * {@code R^2 = 1 - sum w_i r_i^2 / sum w_i (y_i - ybar_w)^2} with {@code ybar_w} the weighted mean. An integer weight
 * counts as that many copies of its row. The forms taking a {@link Dataset} use its weights.
 */
public final class Metrics {
    private Metrics() {
    }

    /** Mean squared error; {@code +Infinity} if a prediction is not finite (or the sum overflows). */
    public static double mse(double[] predicted, double[] y) {
        return sumOfSquaredResiduals(predicted, y) / y.length;
    }

    /** Weighted mean squared error {@code sum w r^2 / sum w}; {@link #mse(double[], double[])} for null weights. */
    public static double mse(double[] predicted, double[] y, double[] w) {
        if (w == null) {
            return mse(predicted, y);
        }
        check(predicted, y, w);
        double s = 0.0;
        double sw = 0.0;
        for (int i = 0; i < y.length; i++) {
            double r = predicted[i] - y[i];
            s += w[i] * (r * r);
            sw += w[i];
        }
        return Double.isNaN(s) ? Double.POSITIVE_INFINITY : s / sw;
    }

    /** The (weighted, when it has weights) mean squared error on a data set's target. */
    public static double mse(double[] predicted, Dataset data) {
        return mse(predicted, data.y(), data.weights());
    }

    /** The (weighted, when it has weights) R^2 on a data set's target. */
    public static double r2(double[] predicted, Dataset data) {
        return r2(predicted, data.y(), data.weights());
    }

    /** The (weighted, when it has weights) variance of a data set's target. */
    public static double variance(Dataset data) {
        return variance(data.y(), data.weights());
    }

    /** The (weighted, when it has weights) mean of a data set's target. */
    public static double mean(Dataset data) {
        return mean(data.y(), data.weights());
    }

    /** Root mean squared error. */
    public static double rmse(double[] predicted, double[] y) {
        return Math.sqrt(mse(predicted, y));
    }

    /**
     * RMSE divided by the (population) standard deviation of {@code y}. For a constant target: 0 when the
     * predictions are exact, {@code +Infinity} otherwise.
     */
    public static double nrmse(double[] predicted, double[] y) {
        double rmse = rmse(predicted, y);
        double std = Math.sqrt(totalSumOfSquares(y) / y.length);
        if (std == 0.0) {
            return rmse == 0.0 ? 0.0 : Double.POSITIVE_INFINITY;
        }
        return rmse / std;
    }

    /**
     * Coefficient of determination {@code 1 - SSres/SStot}. For a constant target (SStot = 0): 1 when the
     * predictions are exact, {@code -Infinity} otherwise (any error is infinitely worse than predicting the
     * mean). {@code -Infinity} for non-finite predictions.
     *
     * <p>Computed on values scaled by a power of two near the target's magnitude: exactly the textbook result for
     * targets of ordinary size (power-of-two scaling does not round), and still meaningful for targets whose squares
     * would underflow or overflow (of size 1e-300 or 1e300), where the unscaled sums read 0/0 or inf/inf.
     */
    public static double r2(double[] predicted, double[] y) {
        check(predicted, y);
        double scale = powerOfTwoScale(y);
        double ssRes = 0.0;
        for (int i = 0; i < y.length; i++) {
            double r = predicted[i] * scale - y[i] * scale;
            ssRes += r * r;
        }
        if (!Double.isFinite(ssRes)) {
            return Double.NEGATIVE_INFINITY;
        }
        double mean = 0.0;
        for (double v : y) {
            mean += v * scale;
        }
        mean /= y.length;
        double ssTot = 0.0;
        for (double v : y) {
            double d = v * scale - mean;
            ssTot += d * d;
        }
        if (ssTot == 0.0) {
            return ssRes == 0.0 ? 1.0 : Double.NEGATIVE_INFINITY;
        }
        return 1.0 - ssRes / ssTot;
    }

    /**
     * Weighted coefficient of determination {@code 1 - sum w r^2 / sum w (y - ybar_w)^2}, with the conventions and the
     * scaling of {@link #r2(double[], double[])}, which it is for null weights.
     */
    public static double r2(double[] predicted, double[] y, double[] w) {
        if (w == null) {
            return r2(predicted, y);
        }
        check(predicted, y, w);
        double scale = powerOfTwoScale(y);
        double ssRes = 0.0;
        double sw = 0.0;
        double mean = 0.0;
        for (int i = 0; i < y.length; i++) {
            double r = predicted[i] * scale - y[i] * scale;
            ssRes += w[i] * (r * r);
            sw += w[i];
            mean += w[i] * (y[i] * scale);
        }
        if (!Double.isFinite(ssRes)) {
            return Double.NEGATIVE_INFINITY;
        }
        mean /= sw;
        double ssTot = 0.0;
        for (int i = 0; i < y.length; i++) {
            double d = y[i] * scale - mean;
            ssTot += w[i] * (d * d);
        }
        if (ssTot == 0.0) {
            return ssRes == 0.0 ? 1.0 : Double.NEGATIVE_INFINITY;
        }
        return 1.0 - ssRes / ssTot;
    }

    /** 2^-e for the binary exponent e of the largest |y|, 1 when y is all zero. */
    private static double powerOfTwoScale(double[] y) {
        double max = 0.0;
        for (double v : y) {
            max = Math.max(max, Math.abs(v));
        }
        return max > 0.0 && Double.isFinite(max) ? Math.scalb(1.0, -Math.getExponent(max)) : 1.0;
    }

    /** Population variance of y (0 for fewer than one value). */
    public static double variance(double[] y) {
        return y.length == 0 ? 0.0 : totalSumOfSquares(y) / y.length;
    }

    /** Weighted population variance {@code sum w (y - ybar_w)^2 / sum w}; {@link #variance(double[])} for null weights. */
    public static double variance(double[] y, double[] w) {
        if (w == null) {
            return variance(y);
        }
        if (y.length == 0) {
            return 0.0;
        }
        double mean = mean(y, w);
        double s = 0.0;
        double sw = 0.0;
        for (int i = 0; i < y.length; i++) {
            double d = y[i] - mean;
            s += w[i] * (d * d);
            sw += w[i];
        }
        return s / sw;
    }

    /** Weighted mean {@code sum w y / sum w}; {@link #mean(double[])} for null weights. */
    public static double mean(double[] y, double[] w) {
        if (w == null) {
            return mean(y);
        }
        if (w.length != y.length) {
            throw new IllegalArgumentException("w has " + w.length + " values but y has " + y.length);
        }
        double s = 0.0;
        double sw = 0.0;
        for (int i = 0; i < y.length; i++) {
            s += w[i] * y[i];
            sw += w[i];
        }
        return s / sw;
    }

    static double sumOfSquaredResiduals(double[] predicted, double[] y) {
        check(predicted, y);
        double s = 0.0;
        for (int i = 0; i < y.length; i++) {
            double r = predicted[i] - y[i];
            s += r * r;
        }
        // NaN (from a NaN prediction) is reported as +Infinity: the fit is unusable either way.
        return Double.isNaN(s) ? Double.POSITIVE_INFINITY : s;
    }

    /** The mean of the values. */
    public static double mean(double[] y) {
        double mean = 0.0;
        for (double v : y) {
            mean += v;
        }
        return mean / y.length;
    }

    private static double totalSumOfSquares(double[] y) {
        double mean = mean(y);
        double s = 0.0;
        for (double v : y) {
            double d = v - mean;
            s += d * d;
        }
        return s;
    }

    private static void check(double[] predicted, double[] y, double[] w) {
        check(predicted, y);
        if (w.length != y.length) {
            throw new IllegalArgumentException("w has " + w.length + " values but y has " + y.length);
        }
    }

    private static void check(double[] predicted, double[] y) {
        Objects.requireNonNull(predicted, "predicted");
        Objects.requireNonNull(y, "y");
        if (predicted.length != y.length) {
            throw new IllegalArgumentException(
                    "predicted has " + predicted.length + " values but y has " + y.length);
        }
        if (y.length == 0) {
            throw new IllegalArgumentException("y is empty");
        }
    }
}
