package dysymnet.terms;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.hipparchus.exception.MathIllegalArgumentException;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.DecompositionSolver;
import org.hipparchus.linear.QRDecomposition;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.linear.RealVector;

/**
 * Sparse least squares over given columns: which subsets of the columns explain the target, one subset per size.
 * Two greedy paths, each cheap and each blind where the other sees:
 * <ul>
 *   <li><b>backward elimination</b> from all columns: the least-squares fit on the active set, then the column whose
 *       removal raises the residual least (for coefficient {@code b_j} that rise is {@code b_j^2 / (G^-1)_jj}, with
 *       {@code G} the Gram matrix of the active columns, from the QR factor) is dropped, down to one column. It keeps
 *       terms that only explain the target together (the monomials of a polynomial are strongly correlated);</li>
 *   <li><b>forward selection</b> from none: the column that lowers the residual most, given those already in, is
 *       added (orthogonal matching pursuit with exact refits, by Gram-Schmidt on the remaining columns). It works
 *       when there are more columns than rows, where backward elimination cannot start.</li>
 * </ul>
 * Columns are scaled to unit norm first, so that no column wins by its units. Everything is deterministic; ties go
 * to the earlier column (callers put simpler terms first).
 */
final class SparsePath {
    /**
     * A column whose part outside the span of the columns kept before it is below this fraction of its norm is a
     * linear combination of them (up to round-off) and is left out.
     */
    static final double DEPENDENT = 1e-7;
    /** Relative threshold of the QR factorisation's singularity check. */
    private static final double SINGULAR = 1e-12;

    private SparsePath() {
    }

    /**
     * Indices of the columns, in order, that are finite, not all zero, and not (nearly) linear combinations of the
     * columns kept before them; at most {@code limit}.
     */
    static int[] independent(double[][] cols, int limit) {
        List<double[]> basis = new ArrayList<>();
        int[] kept = new int[Math.min(limit, cols.length)];
        int count = 0;
        for (int j = 0; j < cols.length && count < kept.length; j++) {
            double[] v = unit(cols[j]);
            if (v == null) {
                continue;
            }
            // modified Gram-Schmidt, twice for round-off ("twice is enough")
            for (int pass = 0; pass < 2; pass++) {
                for (double[] q : basis) {
                    double d = dot(q, v);
                    for (int i = 0; i < v.length; i++) {
                        v[i] -= d * q[i];
                    }
                }
            }
            double r = Math.sqrt(dot(v, v));
            if (r < DEPENDENT) {
                continue;
            }
            for (int i = 0; i < v.length; i++) {
                v[i] /= r;
            }
            basis.add(v);
            kept[count++] = j;
        }
        return Arrays.copyOf(kept, count);
    }

    /**
     * The backward-elimination path from {@code start} (which must have fewer columns than there are rows): the
     * subsets of sizes {@code start.length}, {@code start.length - 1}, ..., 1, each as increasing column indices.
     * Ends early, with what it has, where a fit is singular.
     */
    static List<int[]> backward(double[][] cols, double[] y, int[] start) {
        List<int[]> path = new ArrayList<>();
        int[] active = start.clone();
        Arrays.sort(active);
        QRDecomposition qr = qr(cols, active);
        if (qr == null) {
            path.add(active);
            return path;
        }
        int k = active.length;
        // the triangle R of the unit-norm columns and Q^T y (= R b), updated by Givens rotations as columns go
        double[][] r = new double[k][];
        RealMatrix full = qr.getR();
        for (int i = 0; i < k; i++) {
            r[i] = new double[k];
            for (int j = i; j < k; j++) {
                r[i][j] = full.getEntry(i, j);
            }
        }
        double[] qty;
        try {
            double[] b = qr.getSolver().solve(new ArrayRealVector(y, false)).toArray();
            qty = new double[k];
            for (int i = 0; i < k; i++) {
                for (int j = i; j < k; j++) {
                    qty[i] += r[i][j] * b[j];
                }
            }
        } catch (MathIllegalArgumentException singular) {
            path.add(active);
            return path;
        }
        while (active.length >= 1) {
            path.add(active);
            int m = active.length;
            if (m == 1 || singular(r, m)) {
                break;
            }
            double[][] inv = upperInverse(r, m);
            int drop = -1;
            double least = Double.POSITIVE_INFINITY;
            for (int j = m - 1; j >= 0; j--) {
                double b = 0;
                double d = 0;
                for (int c = j; c < m; c++) {
                    b += inv[j][c] * qty[c];
                    d += inv[j][c] * inv[j][c];
                }
                double rise = b * b / d;
                if (rise <= least) {
                    least = rise;
                    drop = j;
                }
            }
            if (drop < 0) {
                break;
            }
            removeColumn(r, qty, m, drop);
            int[] next = new int[m - 1];
            for (int j = 0, c = 0; j < m; j++) {
                if (j != drop) {
                    next[c++] = active[j];
                }
            }
            active = next;
        }
        return path;
    }

    /** Whether the leading {@code m x m} triangle has a diagonal entry negligible beside its largest. */
    private static boolean singular(double[][] r, int m) {
        double max = 0;
        for (int i = 0; i < m; i++) {
            max = Math.max(max, Math.abs(r[i][i]));
        }
        for (int i = 0; i < m; i++) {
            if (!(Math.abs(r[i][i]) > SINGULAR * max)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Removes column {@code drop} of the leading {@code m x m} triangle {@code r} in place, restoring the triangle
     * of the remaining columns (the leading {@code (m-1) x (m-1)} block) with Givens rotations, applied to
     * {@code qty} too.
     */
    static void removeColumn(double[][] r, double[] qty, int m, int drop) {
        for (int i = 0; i < m; i++) {
            for (int j = drop; j < m - 1; j++) {
                r[i][j] = r[i][j + 1];
            }
            r[i][m - 1] = 0;
        }
        for (int i = drop; i < m - 1; i++) {
            double a = r[i][i];
            double b = r[i + 1][i];
            double h = Math.hypot(a, b);
            if (h == 0) {
                continue;
            }
            double c = a / h;
            double s = b / h;
            for (int j = i; j < m - 1; j++) {
                double u = r[i][j];
                double v = r[i + 1][j];
                r[i][j] = c * u + s * v;
                r[i + 1][j] = -s * u + c * v;
            }
            double u = qty[i];
            double v = qty[i + 1];
            qty[i] = c * u + s * v;
            qty[i + 1] = -s * u + c * v;
        }
    }

    /** The inverse of the leading {@code k x k} upper triangle of {@code r}. */
    private static double[][] upperInverse(double[][] r, int k) {
        double[][] inv = new double[k][k];
        for (int j = k - 1; j >= 0; j--) {
            inv[j][j] = 1.0 / r[j][j];
            for (int c = j + 1; c < k; c++) {
                double s = 0;
                for (int l = j + 1; l <= c; l++) {
                    s += r[j][l] * inv[l][c];
                }
                inv[j][c] = -s / r[j][j];
            }
        }
        return inv;
    }

    /** The forward-selection path over {@code candidates}: subsets of sizes 1, 2, ..., at most {@code maxSize}. */
    static List<int[]> forward(double[][] cols, double[] y, int[] candidates, int maxSize) {
        int n = y.length;
        List<int[]> path = new ArrayList<>();
        double[][] rest = new double[candidates.length][];
        for (int k = 0; k < candidates.length; k++) {
            rest[k] = unit(cols[candidates[k]]);
        }
        double[] r = y.clone();
        List<Integer> chosen = new ArrayList<>();
        boolean[] used = new boolean[candidates.length];
        while (chosen.size() < maxSize) {
            int best = -1;
            double bestGain = 0;
            for (int k = 0; k < candidates.length; k++) {
                if (used[k] || rest[k] == null) {
                    continue;
                }
                double norm2 = dot(rest[k], rest[k]);
                if (norm2 < DEPENDENT * DEPENDENT) {
                    continue;
                }
                double c = dot(rest[k], r);
                double gain = c * c / norm2;
                if (gain > bestGain) {
                    bestGain = gain;
                    best = k;
                }
            }
            if (best < 0) {
                break;
            }
            used[best] = true;
            chosen.add(candidates[best]);
            double[] q = rest[best].clone();
            double qn = Math.sqrt(dot(q, q));
            for (int i = 0; i < n; i++) {
                q[i] /= qn;
            }
            double c = dot(q, r);
            for (int i = 0; i < n; i++) {
                r[i] -= c * q[i];
            }
            for (int k = 0; k < candidates.length; k++) {
                if (!used[k] && rest[k] != null) {
                    double d = dot(q, rest[k]);
                    for (int i = 0; i < n; i++) {
                        rest[k][i] -= d * q[i];
                    }
                }
            }
            int[] subset = chosen.stream().mapToInt(Integer::intValue).toArray();
            Arrays.sort(subset);
            path.add(subset);
        }
        return path;
    }

    /**
     * The least-squares coefficients of {@code y} on the columns {@code subset}, in their order; null when the fit is
     * singular or not finite.
     */
    static double[] fit(double[][] cols, int[] subset, double[] y) {
        double[] scale = new double[subset.length];
        for (int k = 0; k < subset.length; k++) {
            scale[k] = Math.sqrt(dot(cols[subset[k]], cols[subset[k]]));
            if (!(scale[k] > 0) || !Double.isFinite(scale[k])) {
                return null;
            }
        }
        QRDecomposition qr = qr(cols, subset);
        if (qr == null) {
            return null;
        }
        double[] b;
        try {
            RealVector sol = qr.getSolver().solve(new ArrayRealVector(y, false));
            b = sol.toArray();
        } catch (MathIllegalArgumentException singular) {
            return null;
        }
        for (int k = 0; k < b.length; k++) {
            b[k] /= scale[k];
            if (!Double.isFinite(b[k])) {
                return null;
            }
        }
        return b;
    }

    /** QR of the unit-norm columns {@code subset}; null when there are not more rows than columns. */
    private static QRDecomposition qr(double[][] cols, int[] subset) {
        int n = cols[subset[0]].length;
        if (n <= subset.length) {
            return null;
        }
        RealMatrix a = new Array2DRowRealMatrix(n, subset.length);
        for (int k = 0; k < subset.length; k++) {
            double[] u = unit(cols[subset[k]]);
            if (u == null) {
                return null;
            }
            for (int i = 0; i < n; i++) {
                a.setEntry(i, k, u[i]);
            }
        }
        return new QRDecomposition(a, SINGULAR);
    }

    /** The column scaled to unit norm (a copy); null when it is zero or not finite. */
    private static double[] unit(double[] c) {
        double norm = Math.sqrt(dot(c, c));
        if (!(norm > 0) || !Double.isFinite(norm)) {
            return null;
        }
        double[] u = new double[c.length];
        for (int i = 0; i < c.length; i++) {
            u[i] = c[i] / norm;
        }
        return u;
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
