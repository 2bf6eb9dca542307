package dysymnet.net;

import dysymnet.data.Metrics;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The data ordered from the centre outwards, for training on a growing window: first the points nearest the
 * centre (per-feature mean, distances in units of each feature's standard deviation), then ever more of them.
 *
 * <p>Why: a target that oscillates over the data's range, such as {@code sin(x^2)} on [-3, 3], gives gradient
 * descent from small random weights a loss surface full of local minima in the frequencies, and training on all the
 * points at once ends in one of them (0.2-1 var(y) in our measurements). Near the centre the same target is smooth;
 * weights fitted there are a start from which the frequencies can be followed as the window widens (a continuation
 * method). Targets that are smooth everywhere lose little: the last window is all the data.
 */
public final class GrowingWindow {
    private final double[][] x;
    private final double[] y;
    /** The rows' weights in the same order; null when unweighted. */
    private final double[] w;

    /**
     * @param x the features' columns
     * @param y the target, as long as every column
     */
    public GrowingWindow(double[][] x, double[] y) {
        this(x, y, null);
    }

    /**
     * @param x the features' columns
     * @param y the target, as long as every column
     * @param w the rows' weights (null: unweighted), carried along with their rows; the centre and spread that order
     *          the rows are the unweighted ones (the window is about where the points lie, not how much they count)
     */
    public GrowingWindow(double[][] x, double[] y, double[] w) {
        int n = y.length;
        double[] dist = new double[n];
        for (double[] col : x) {
            double mean = 0;
            for (double v : col) {
                mean += v;
            }
            mean /= n;
            double sd = Math.sqrt(Metrics.variance(col));
            if (!(sd > 0)) {
                continue;
            }
            for (int i = 0; i < n; i++) {
                double z = (col[i] - mean) / sd;
                dist[i] += z * z;
            }
        }
        Integer[] order = IntStream.range(0, n).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> dist[i]));
        this.x = new double[x.length][n];
        this.y = new double[n];
        this.w = w == null ? null : new double[n];
        for (int k = 0; k < n; k++) {
            int i = order[k];
            for (int j = 0; j < x.length; j++) {
                this.x[j][k] = x[j][i];
            }
            this.y[k] = y[i];
            if (w != null) {
                this.w[k] = w[i];
            }
        }
    }

    /** The number of points in phase {@code phase} of {@code phases}: from {@code start} of them up to all. */
    public int size(int phase, int phases, double start) {
        int n = y.length;
        double fraction = phases <= 1 ? 1.0 : start + (1.0 - start) * phase / (phases - 1.0);
        return Math.min(n, Math.max(Math.min(n, MIN_POINTS), (int) Math.round(fraction * n)));
    }

    /** The features of the {@code m} most central points. */
    public double[][] x(int m) {
        double[][] out = new double[x.length][];
        for (int j = 0; j < x.length; j++) {
            out[j] = Arrays.copyOf(x[j], m);
        }
        return out;
    }

    /** The target of the {@code m} most central points. */
    public double[] y(int m) {
        return Arrays.copyOf(y, m);
    }

    /** The weights of the {@code m} most central points; null when unweighted. */
    public double[] w(int m) {
        return w == null ? null : Arrays.copyOf(w, m);
    }

    /** No window has fewer points (unless the data has). */
    static final int MIN_POINTS = 8;
}
