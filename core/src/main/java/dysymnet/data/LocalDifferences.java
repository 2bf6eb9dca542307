package dysymnet.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Noise seen through local linear fits over each point's nearest neighbours, for data with any number of features:
 * how far a value lies from the linear function of the inputs fitted to its neighbours' values.
 *
 * <p>At each of at most {@link #MAX_POINTS} evenly spaced rows, the {@code k} nearest other rows are found in the
 * standardised inputs (each varying input to mean 0 and standard deviation 1, so that "near" does not depend on
 * units; {@code k = NEIGHBOURS_PER_PARAMETER * (d + 1) + EXTRA_NEIGHBOURS} for {@code d} varying inputs). A linear
 * function of the inputs, fitted to the neighbours by least squares, has a value {@code sum_j a_j v_j} at the point,
 * linear in the neighbours' values {@code v_j}: the weights {@code a_j} depend on the inputs only and are computed
 * once. For a vector {@code v} of independent noise of variance {@code s2}, the difference
 * {@code v_i - sum_j a_j v_j} has variance {@code s2 * (1 + sum_j a_j^2)}; the mean of the squared differences so
 * scaled ({@link #variance}) estimates {@code s2}. A smooth function adds a bias: the square of its departure from
 * linearity over a neighbourhood, which is small for a function that is nearly linear there (the residual of a
 * good fit) and large for a curved one.
 *
 * <p>What it is for ({@link #consistentWithNoise}): a lack-of-fit test of a fitted formula, on its residuals. If the
 * formula is the law, its residuals are the noise, and their MSE and their local-difference variance agree; if it is
 * a curve fit, part of its residual is a smooth function the local fits follow, and the MSE exceeds the
 * local-difference variance. This needs no estimate of the noise from the target itself, which in several
 * dimensions is biased by the target's own curvature (the residual of a good fit has far less of it).
 *
 * <p>With sample weights (normalised to mean 1, read as inverse noise variances {@code c / w_i}) the local fits are
 * weighted least squares and each squared difference is divided by its variance for {@code c = 1},
 * {@code 1 / w_i + sum_j a_j^2 / w_j}, so that the estimate is {@code c}, the noise's weighted MSE; the MSE compared
 * with it is the weighted one.
 *
 * <p>With more than {@link #MAX_FEATURES} varying inputs there are no local fits (every estimate is NaN, no residual
 * passes the test). Cost: building is one pass over a pool of at most {@link #MAX_POOL} rows per point,
 * {@code O(points * pool * d)}, about ten milliseconds for 1,000 rows; each {@link #variance} is
 * {@code O(points * k)}.
 */
public final class LocalDifferences {
    /** Points at which the differences are taken, at most (evenly spaced over the rows). */
    public static final int MAX_POINTS = 1000;
    /** Rows searched for neighbours, at most (evenly spaced over the rows). */
    static final int MAX_POOL = 10_000;
    /** Neighbours of a local fit: this many per parameter of the linear fit, plus {@link #EXTRA_NEIGHBOURS}. */
    static final int NEIGHBOURS_PER_PARAMETER = 2;
    static final int EXTRA_NEIGHBOURS = 2;
    /**
     * Local fits whose variance factor at the point, {@code sum_j a_j^2}, exceeds this are left out: the point lies
     * outside its neighbours (a corner of the data) and the fit extrapolates.
     */
    static final double MAX_LEVERAGE = 1.0;
    /** Fewer points with a usable local fit give no estimate. */
    static final int MIN_POINTS = 20;
    /**
     * More varying inputs than this give no estimate: a local linear fit has {@code d + 1} parameters and
     * {@code 2(d + 1) + 2} neighbours, so its cost grows as {@code d^3} per point (200 inputs: hours), and in many
     * dimensions the nearest neighbours are not near. (The Feynman laws have at most 9 inputs.)
     */
    static final int MAX_FEATURES = 12;

    private final int rows;
    /** The rows the differences are taken at. */
    private final int[] at;
    /** Each point's neighbours (rows of the data) and their weights, {@code neighbours[p][j]}, {@code a[p][j]}. */
    private final int[][] neighbours;
    private final double[][] a;
    /** Each point's difference variance for unit noise, {@code 1/w_i + sum_j a_j^2 / w_j}. */
    private final double[] unit;
    private final double[] weights;

    private LocalDifferences(int rows, int[] at, int[][] neighbours, double[][] a, double[] unit, double[] weights) {
        this.rows = rows;
        this.at = at;
        this.neighbours = neighbours;
        this.a = a;
        this.unit = unit;
        this.weights = weights;
    }

    /** The local fits of the data's inputs (the target is not used). */
    public static LocalDifferences of(Dataset data) {
        return of(data, 1);
    }

    /**
     * The local fits over every {@code stride}-th nearest neighbour ({@code stride} 1: the {@code k} nearest;
     * 2: every second of the {@code 2k} nearest, as many neighbours over a radius about {@code 2^(1/d)} times
     * larger).
     */
    static LocalDifferences of(Dataset data, int stride) {
        int n = data.rows();
        double[] w = data.weights();
        int poolSize = Math.min(n, MAX_POOL);
        int[] pool = new int[poolSize];
        for (int i = 0; i < poolSize; i++) {
            pool[i] = (int) ((long) i * n / poolSize);
        }
        List<double[]> standardised = new ArrayList<>();
        for (double[] c : data.columns()) {
            double mean = 0;
            for (int i : pool) {
                mean += c[i];
            }
            mean /= poolSize;
            double ss = 0;
            for (int i : pool) {
                ss += (c[i] - mean) * (c[i] - mean);
            }
            double sd = Math.sqrt(ss / poolSize);
            if (!(sd > 0) || !Double.isFinite(sd)) {
                continue;
            }
            double[] s = new double[poolSize];
            for (int q = 0; q < poolSize; q++) {
                s[q] = (c[pool[q]] - mean) / sd;
            }
            standardised.add(s);
        }
        double[][] z = standardised.toArray(new double[0][]);
        int d = z.length;
        int k = NEIGHBOURS_PER_PARAMETER * (d + 1) + EXTRA_NEIGHBOURS;
        if (d == 0 || d > MAX_FEATURES || stride * k >= poolSize) {
            return new LocalDifferences(n, new int[0], new int[0][], new double[0][], new double[0], w);
        }
        int m = Math.min(poolSize, MAX_POINTS);
        int[] atList = new int[m];
        int[][] nb = new int[m][];
        double[][] coef = new double[m][];
        double[] var = new double[m];
        int count = 0;
        int[] nearest = new int[stride * k];
        double[] dist = new double[stride * k];
        int[] chosen = new int[k];
        for (int p = 0; p < m; p++) {
            int q = (int) ((long) p * poolSize / m);
            nearest(z, q, nearest, dist);
            for (int j = 0; j < k; j++) {
                chosen[j] = nearest[stride * j + stride - 1];
            }
            double[] c = localWeights(z, w == null ? null : pool, w, q, chosen);
            if (c == null) {
                continue;
            }
            int[] rowsOf = new int[k];
            double v = w == null ? 1 : 1 / w[pool[q]];
            double ss = 0;
            for (int j = 0; j < k; j++) {
                rowsOf[j] = pool[chosen[j]];
                ss += c[j] * c[j] * (w == null ? 1 : 1 / w[rowsOf[j]]);
            }
            if (!(ss <= MAX_LEVERAGE) || !Double.isFinite(ss)) {
                continue;
            }
            atList[count] = pool[q];
            nb[count] = rowsOf;
            coef[count] = c;
            var[count] = v + ss;
            count++;
        }
        return new LocalDifferences(n, Arrays.copyOf(atList, count), Arrays.copyOf(nb, count),
                Arrays.copyOf(coef, count), Arrays.copyOf(var, count), w);
    }

    /** Points with a usable local fit. */
    public int points() {
        return at.length;
    }

    /**
     * The noise variance estimated from {@code v} (one value per row of the data, typically a fit's residuals): the
     * mean squared scaled difference from the local fits; NaN when fewer than {@link #MIN_POINTS} points have a local
     * fit or a difference is not finite.
     */
    public double variance(double[] v) {
        if (v.length != rows) {
            throw new IllegalArgumentException("expected " + rows + " values, got " + v.length);
        }
        if (at.length < MIN_POINTS) {
            return Double.NaN;
        }
        double sum = 0;
        for (int p = 0; p < at.length; p++) {
            double e = v[at[p]];
            int[] nb = neighbours[p];
            double[] c = a[p];
            for (int j = 0; j < nb.length; j++) {
                e -= c[j] * v[nb[j]];
            }
            sum += e * e / unit[p];
        }
        double s = sum / at.length;
        return Double.isFinite(s) ? s : Double.NaN;
    }

    /**
     * The relative standard deviation of {@link #variance} for Gaussian noise, about {@code sqrt(3 / points)}: each
     * squared difference has relative variance 2, and neighbouring differences share values (measured: the
     * estimate's spread over draws is about 1.2 times that of independent squares).
     */
    public double relativeError() {
        return Math.sqrt(3.0 / Math.max(1, at.length));
    }

    /**
     * Whether residuals {@code r} of a fit (one per row) look like noise: their (weighted) MSE is at most
     * {@code z} relative errors above their local-difference variance ({@link #variance}; with the MSE's own spread,
     * {@code sqrt(2 / n)}, combined). False when no estimate can be made or the MSE is not finite.
     */
    public boolean consistentWithNoise(double[] r, double z) {
        double s2 = variance(r);
        if (!(s2 > 0)) {
            return false;
        }
        double mse = 0;
        for (int i = 0; i < r.length; i++) {
            mse += r[i] * r[i] * (weights == null ? 1 : weights[i]);
        }
        mse /= r.length;
        double rel = Math.hypot(relativeError(), Math.sqrt(2.0 / r.length));
        return mse <= s2 * (1 + z * rel);
    }

    /** The rows nearest to pool row {@code q} (itself excluded) in the standardised inputs, nearest first. */
    private static void nearest(double[][] z, int q, int[] nearest, double[] dist) {
        int size = 0;
        int cap = nearest.length;
        int n = z[0].length;
        for (int j = 0; j < n; j++) {
            if (j == q) {
                continue;
            }
            double s = 0;
            for (double[] c : z) {
                double t = c[j] - c[q];
                s += t * t;
            }
            if (size == cap && s >= dist[cap - 1]) {
                continue;
            }
            int pos = size == cap ? cap - 1 : size++;
            while (pos > 0 && dist[pos - 1] > s) {
                dist[pos] = dist[pos - 1];
                nearest[pos] = nearest[pos - 1];
                pos--;
            }
            dist[pos] = s;
            nearest[pos] = j;
        }
    }

    /**
     * The weights {@code a_j} of the (weighted) local linear fit's value at pool row {@code q} over pool rows
     * {@code chosen}: {@code a = W X (X'WX)^-1 e1} with the design {@code [1, z_j - z_q]}; null when the design is
     * degenerate.
     */
    private static double[] localWeights(double[][] z, int[] pool, double[] w, int q, int[] chosen) {
        int d = z.length;
        int p = d + 1;
        int k = chosen.length;
        double[][] x = new double[k][p];
        double[][] m = new double[p][p];
        for (int j = 0; j < k; j++) {
            x[j][0] = 1;
            for (int t = 0; t < d; t++) {
                x[j][t + 1] = z[t][chosen[j]] - z[t][q];
            }
            double wt = w == null ? 1 : w[pool[chosen[j]]];
            for (int s = 0; s < p; s++) {
                for (int t = 0; t <= s; t++) {
                    m[s][t] += wt * x[j][s] * x[j][t];
                }
            }
        }
        for (int s = 0; s < p; s++) {
            for (int t = 0; t < s; t++) {
                m[t][s] = m[s][t];
            }
        }
        double[] e1 = new double[p];
        e1[0] = 1;
        double[] u = choleskySolve(m, e1);
        if (u == null) {
            return null;
        }
        double[] c = new double[k];
        for (int j = 0; j < k; j++) {
            double s = 0;
            for (int t = 0; t < p; t++) {
                s += x[j][t] * u[t];
            }
            c[j] = s * (w == null ? 1 : w[pool[chosen[j]]]);
        }
        return c;
    }

    /**
     * The solution of {@code m u = b} for a symmetric positive definite {@code m} (overwritten by its Cholesky
     * factor); null when {@code m} is not clearly positive definite.
     */
    static double[] choleskySolve(double[][] m, double[] b) {
        int p = b.length;
        double top = 0;
        for (int s = 0; s < p; s++) {
            top = Math.max(top, m[s][s]);
        }
        if (!(top > 0) || !Double.isFinite(top)) {
            return null;
        }
        for (int j = 0; j < p; j++) {
            double diag = m[j][j];
            for (int q = 0; q < j; q++) {
                diag -= m[j][q] * m[j][q];
            }
            if (!(diag > 1e-10 * top)) {
                return null;
            }
            double l = Math.sqrt(diag);
            m[j][j] = l;
            for (int i = j + 1; i < p; i++) {
                double s = m[i][j];
                for (int q = 0; q < j; q++) {
                    s -= m[i][q] * m[j][q];
                }
                m[i][j] = s / l;
            }
        }
        double[] u = b.clone();
        for (int i = 0; i < p; i++) {
            double s = u[i];
            for (int q = 0; q < i; q++) {
                s -= m[i][q] * u[q];
            }
            u[i] = s / m[i][i];
        }
        for (int i = p - 1; i >= 0; i--) {
            double s = u[i];
            for (int q = i + 1; q < p; q++) {
                s -= m[q][i] * u[q];
            }
            u[i] = s / m[i][i];
        }
        return u;
    }
}
