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
 * A regression data set held column-major: {@code x[j][i]} is feature {@code j} of row {@code i}.
 * Immutable by contract: the arrays are copied on the way in and must not be changed by users of the getters.
 */
public final class Dataset {
    private final List<String> names;
    private final double[][] x;
    private final double[] y;

    /**
     * @param names feature names, one per column of {@code x}
     * @param x     feature columns, {@code x[j][i]}
     * @param y     target, one per row
     * @throws IllegalArgumentException if shapes disagree, names repeat, or a value is not finite
     */
    public Dataset(List<String> names, double[][] x, double[] y) {
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
    }

    /** Builds a data set from row-major features {@code rows[i][j]}. */
    public static Dataset fromRows(double[][] rows, double[] y, List<String> names) {
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
        return new Dataset(names, cols, y);
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
     * A random sample of {@code n} distinct rows in their original order (this data set itself when it has at most
     * {@code n} rows): the same generator state gives the same sample.
     */
    public Dataset sample(int n, RandomGenerator rng) {
        if (n < 1) {
            throw new IllegalArgumentException("sample size must be at least 1, got " + n);
        }
        int rows = rows();
        if (rows <= n) {
            return this;
        }
        // selection sampling (Knuth's algorithm S): one pass, the chosen rows in order
        int[] idx = new int[n];
        int chosen = 0;
        for (int i = 0; i < rows && chosen < n; i++) {
            if (rng.nextDouble() * (rows - i) < n - chosen) {
                idx[chosen++] = i;
            }
        }
        return select(idx);
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

    /** A data set with the rows at the given indices, in that order. */
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
        return new Dataset(names, cx, cy);
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

    /** The same features with another target. */
    public Dataset withTarget(double[] newY) {
        return new Dataset(names, x, newY);
    }
}
