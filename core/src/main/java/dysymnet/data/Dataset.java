package dysymnet.data;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * A regression data set held column-major: {@code x[j][i]} is feature {@code j} of row {@code i}, with optional
 * sample weights. Immutable by contract: the arrays are copied on the way in and must not be changed by users of the
 * getters.
 *
 * <p><b>Weights.</b> A weighted data set gives row {@code i} the weight {@code w[i] > 0} in every error the search
 * minimises or reports: the mean squared error is {@code sum w_i r_i^2 / sum w_i} ({@link Metrics}), so an integer
 * weight counts as that many copies of the row. Weights are stored normalised to mean 1 (a data set and any subset
 * of its rows, {@link #select}, {@link #sample}, {@link #evenlySpaced}, renormalised), so that the residuals a fitter
 * sees, {@code sqrt(w_i) * r_i}, and the thresholds set relative to the target's (weighted) variance keep the sizes
 * they have without weights. Equal weights are no weights: such a data set is unweighted ({@link #weights()} is
 * null) and every result is the unweighted one, to the bit.
 */
public final class Dataset {
    /** The name weights get when none is given. */
    public static final String DEFAULT_WEIGHTS_NAME = "w";

    private final List<String> names;
    private final double[][] x;
    private final double[] y;
    /** Normalised to mean 1; null when unweighted (or all weights were equal). */
    private final double[] w;
    /** What the weights are called (a file's column), null when unweighted. */
    private final String weightsName;

    /**
     * @param names feature names, one per column of {@code x}
     * @param x     feature columns, {@code x[j][i]}
     * @param y     target, one per row
     * @throws IllegalArgumentException if shapes disagree, names repeat, or a value is not finite
     */
    public Dataset(List<String> names, double[][] x, double[] y) {
        this(names, x, y, null, null);
    }

    /**
     * A data set with sample weights (see the class comment); null weights make it unweighted.
     *
     * @param w one positive finite weight per row, or null
     * @throws IllegalArgumentException if shapes disagree, names repeat, a value is not finite, or a weight is not a
     *                                  positive finite number
     */
    public Dataset(List<String> names, double[][] x, double[] y, double[] w) {
        this(names, x, y, w, w == null ? null : DEFAULT_WEIGHTS_NAME);
    }

    /**
     * A data set with sample weights called {@code weightsName} (the column of a file they came from; null:
     * {@value #DEFAULT_WEIGHTS_NAME}), recorded in a model's provenance. Null weights with a name are weights all
     * equal: unweighted, but named.
     */
    public Dataset(List<String> names, double[][] x, double[] y, double[] w, String weightsName) {
        this(names, x, y, w, weightsName, false);
    }

    /**
     * A data set rebuilt from the parts of another, its {@link #weights()} taken as they are (already normalised:
     * normalising them again could change their last bits), so that it computes bit for bit what the original does:
     * for sending a data set to another process (the cluster module).
     *
     * @param normalisedWeights another data set's {@link #weights()} (null: unweighted)
     * @param weightsName       its {@link #weightsName()}
     */
    public static Dataset rebuilt(List<String> names, double[][] x, double[] y, double[] normalisedWeights,
                                  String weightsName) {
        return new Dataset(names, x, y, normalisedWeights, weightsName, true);
    }

    private Dataset(List<String> names, double[][] x, double[] y, double[] w, String weightsName,
                    boolean normalised) {
        Objects.requireNonNull(names, "names");
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(y, "y");
        if (names.size() != x.length) {
            throw new IllegalArgumentException(
                    "got " + names.size() + " feature names for " + x.length + " feature columns");
        }
        if (x.length == 0) {
            throw new IllegalArgumentException("the data has no feature column");
        }
        if (y.length == 0) {
            throw new IllegalArgumentException("the data has no rows");
        }
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (n == null || n.isBlank()) {
                throw new IllegalArgumentException("a feature name is empty");
            }
            if (!seen.add(n)) {
                throw new IllegalArgumentException("feature name '" + n + "' appears twice");
            }
        }
        this.names = Collections.unmodifiableList(new ArrayList<>(names));
        this.x = new double[x.length][];
        for (int j = 0; j < x.length; j++) {
            if (x[j] == null || x[j].length != y.length) {
                throw new IllegalArgumentException("feature '" + names.get(j) + "' has "
                        + (x[j] == null ? 0 : x[j].length) + " values but the target has " + y.length);
            }
            for (int i = 0; i < y.length; i++) {
                if (!Double.isFinite(x[j][i])) {
                    throw new IllegalArgumentException(
                            "feature '" + names.get(j) + "' row " + i + " is not a finite number: " + x[j][i]);
                }
            }
            this.x[j] = x[j].clone();
        }
        for (int i = 0; i < y.length; i++) {
            if (!Double.isFinite(y[i])) {
                throw new IllegalArgumentException("target row " + i + " is not a finite number: " + y[i]);
            }
        }
        this.y = y.clone();
        if (normalised) {
            if (w != null) {
                // checked as given weights are, but kept as they are
                normalisedWeights(w, y.length);
            }
            this.w = w == null ? null : w.clone();
            this.weightsName = weightsName;
            return;
        }
        this.w = normalisedWeights(w, y.length);
        // equal weights compute nothing, but keep their name (here and in every subset): a model says which column
        // its fit was given
        this.weightsName = w == null ? weightsName : weightsName == null ? DEFAULT_WEIGHTS_NAME : weightsName;
    }

    /**
     * The weights divided by their mean; null for null weights or weights all equal (then nothing is weighted).
     *
     * @throws IllegalArgumentException naming the first row whose weight is not a positive finite number
     */
    private static double[] normalisedWeights(double[] w, int rows) {
        if (w == null) {
            return null;
        }
        if (w.length != rows) {
            throw new IllegalArgumentException("got " + w.length + " weights for " + rows + " rows");
        }
        double sum = 0.0;
        boolean equal = true;
        for (int i = 0; i < rows; i++) {
            if (!(w[i] > 0) || !Double.isFinite(w[i])) {
                throw new IllegalArgumentException("the weight of row " + i + " is not a positive finite number: "
                        + w[i]);
            }
            sum += w[i];
            equal &= w[i] == w[0];
        }
        if (equal) {
            return null;
        }
        double mean = sum / rows;
        if (!Double.isFinite(mean)) {
            // weights near Double.MAX_VALUE: scale first
            double top = 0.0;
            for (double v : w) {
                top = Math.max(top, v);
            }
            double[] scaled = new double[rows];
            for (int i = 0; i < rows; i++) {
                scaled[i] = Math.max(w[i] / top, Double.MIN_VALUE);
            }
            return normalisedWeights(scaled, rows);
        }
        double[] out = new double[rows];
        for (int i = 0; i < rows; i++) {
            // a weight more than about 1e308 times below the mean would round to 0: the smallest positive double
            // instead, so that every weight stays positive (and every subset's renormalisation valid)
            out[i] = Math.max(w[i] / mean, Double.MIN_VALUE);
        }
        return out;
    }

    /** Builds a data set from row-major features {@code rows[i][j]}. */
    public static Dataset fromRows(double[][] rows, double[] y, List<String> names) {
        return fromRows(rows, y, null, names);
    }

    /** Builds a data set from row-major features {@code rows[i][j]} with sample weights (null: none). */
    public static Dataset fromRows(double[][] rows, double[] y, double[] w, List<String> names) {
        Objects.requireNonNull(rows, "x");
        Objects.requireNonNull(y, "y");
        if (rows.length != y.length) {
            throw new IllegalArgumentException("x has " + rows.length + " rows but y has " + y.length + " values");
        }
        if (rows.length == 0) {
            throw new IllegalArgumentException("the data has no rows");
        }
        int d = rows[0] == null ? 0 : rows[0].length;
        double[][] cols = new double[d][rows.length];
        for (int i = 0; i < rows.length; i++) {
            if (rows[i] == null || rows[i].length != d) {
                throw new IllegalArgumentException("row " + i + " of x has " + (rows[i] == null ? 0 : rows[i].length)
                        + " values, expected " + d);
            }
            for (int j = 0; j < d; j++) {
                cols[j][i] = rows[i][j];
            }
        }
        return new Dataset(names, cols, y, w);
    }

    /** Default feature names x1..xd (or x for one feature). */
    public static List<String> defaultNames(int d) {
        List<String> n = new ArrayList<>();
        if (d == 1) {
            n.add("x");
        } else {
            for (int j = 1; j <= d; j++) {
                n.add("x" + j);
            }
        }
        return n;
    }

    public List<String> names() {
        return names;
    }

    public int features() {
        return x.length;
    }

    public int rows() {
        return y.length;
    }

    /** Feature column j (shared, do not modify). */
    public double[] column(int j) {
        return x[j];
    }

    /** All feature columns (shared, do not modify). */
    public double[][] columns() {
        return x;
    }

    /** The target (shared, do not modify). */
    public double[] y() {
        return y;
    }

    /**
     * The sample weights normalised to mean 1 (shared, do not modify); null when the data are unweighted, which is
     * the same as every weight 1.
     */
    public double[] weights() {
        return w;
    }

    /** Whether rows have different weights. */
    public boolean isWeighted() {
        return w != null;
    }

    /**
     * What the weights are called (the column of a file they came from); null when no weights were given (equal
     * weights keep their name though they weigh nothing: {@link #isWeighted()} is false).
     */
    public String weightsName() {
        return weightsName;
    }

    /** The same rows with these weights (null: unweighted), called {@code name} (null: {@value #DEFAULT_WEIGHTS_NAME}). */
    public Dataset withWeights(double[] weights, String name) {
        return new Dataset(names, x, y, weights, weights == null ? null : name);
    }

    /**
     * The effective number of rows, {@code (sum w)^2 / sum w^2} (Kish): as many unweighted rows would estimate a mean
     * as precisely; {@link #rows()} when unweighted.
     */
    public double effectiveRows() {
        if (w == null) {
            return rows();
        }
        double s = 0.0;
        double s2 = 0.0;
        for (double v : w) {
            s += v;
            s2 += v * v;
        }
        return s * s / s2;
    }

    /**
     * A random sample of {@code n} distinct rows in their original order (this data set itself when it has at most
     * {@code n} rows): the same generator state gives the same sample.
     */
    public Dataset sample(int n, RandomGenerator rng) {
        if (n < 1) {
            throw new IllegalArgumentException("sample size must be at least 1, got " + n);
        }
        return rows() <= n ? this : select(sampleIndices(rows(), n, rng));
    }

    /**
     * A random split: {@code held} rows drawn as {@link #sample} draws a sample of that size (the same generator
     * state, the same rows) as the test part, the other rows as the training part, both in their original order.
     *
     * @throws IllegalArgumentException when either part would be empty
     */
    public Split holdOut(int held, RandomGenerator rng) {
        int n = rows();
        if (held < 1 || held >= n) {
            throw new IllegalArgumentException("cannot hold " + held + " of " + n + " rows out");
        }
        int[] out = sampleIndices(n, held, rng);
        int[] in = new int[n - held];
        for (int i = 0, a = 0, b = 0; i < n; i++) {
            if (b < held && out[b] == i) {
                b++;
            } else {
                in[a++] = i;
            }
        }
        return new Split(select(in), select(out));
    }

    /** {@code n < rows} distinct indices of {@code 0..rows-1}, increasing: selection sampling (Knuth's algorithm S). */
    private static int[] sampleIndices(int rows, int n, RandomGenerator rng) {
        int[] idx = new int[n];
        int chosen = 0;
        for (int i = 0; i < rows && chosen < n; i++) {
            if (rng.nextDouble() * (rows - i) < n - chosen) {
                idx[chosen++] = i;
            }
        }
        return idx;
    }

    /**
     * At most {@code m} rows, evenly spaced over the row order (row {@code i * rows / m} for i = 0..m-1); this data set
     * itself when it has at most {@code m} rows. Deterministic: for the stages that rank formulas on a fixed subset.
     */
    public Dataset evenlySpaced(int m) {
        if (m < 1) {
            throw new IllegalArgumentException("row count must be at least 1, got " + m);
        }
        int rows = rows();
        if (rows <= m) {
            return this;
        }
        int[] idx = new int[m];
        for (int i = 0; i < m; i++) {
            idx[i] = (int) ((long) i * rows / m);
        }
        return select(idx);
    }

    /** The row indices in increasing order of feature {@code j} (rows with equal values keep their order). */
    public int[] orderBy(int j) {
        double[] c = x[j];
        Integer[] order = new Integer[c.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> c[i]));
        int[] out = new int[order.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = order[i];
        }
        return out;
    }

    /** A data set with the rows at the given indices, in that order (their weights renormalised to mean 1). */
    public Dataset select(int[] rowIndices) {
        double[][] cx = new double[x.length][rowIndices.length];
        double[] cy = new double[rowIndices.length];
        for (int k = 0; k < rowIndices.length; k++) {
            int i = rowIndices[k];
            for (int j = 0; j < x.length; j++) {
                cx[j][k] = x[j][i];
            }
            cy[k] = y[i];
        }
        double[] cw = null;
        if (w != null) {
            cw = new double[rowIndices.length];
            for (int k = 0; k < rowIndices.length; k++) {
                cw[k] = w[rowIndices[k]];
            }
        }
        return new Dataset(names, cx, cy, cw, weightsName);
    }

    /**
     * Two parts of the rows.
     *
     * @param train the rows to fit on
     * @param test  the rows held out
     */
    public record Split(Dataset train, Dataset test) {
    }

    /**
     * A random split into {@code trainRows} training rows and the rest as test rows; the training part is then cut
     * to at most {@code maxTrain} of its rows, chosen at random. Both parts keep the rows' original order.
     *
     * @throws IllegalArgumentException when either part would be empty
     */
    public Split split(int trainRows, int maxTrain, RandomGenerator rng) {
        int n = rows();
        if (trainRows < 1 || trainRows >= n) {
            throw new IllegalArgumentException("cannot split " + n + " rows into " + trainRows + " training rows and "
                    + (n - trainRows) + " test rows");
        }
        if (maxTrain < 1) {
            throw new IllegalArgumentException("maxTrain must be at least 1, got " + maxTrain);
        }
        int[] perm = permutation(n, rng);
        int[] train = Arrays.copyOfRange(perm, 0, Math.min(trainRows, maxTrain));
        int[] test = Arrays.copyOfRange(perm, trainRows, n);
        Arrays.sort(train);
        Arrays.sort(test);
        return new Split(select(train), select(test));
    }

    /** A random permutation of 0..n-1 (Fisher-Yates), for random splits of rows. */
    public static int[] permutation(int n, RandomGenerator rng) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    /** The same features (and weights) with another target. */
    public Dataset withTarget(double[] newY) {
        return new Dataset(names, x, newY, w, weightsName);
    }
}
