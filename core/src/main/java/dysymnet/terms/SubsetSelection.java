package dysymnet.terms;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.data.Parallel;
import dysymnet.expr.Expr;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;

/**
 * Which terms of a basis make a candidate: the subsets of its columns along two greedy paths ({@link SparsePath}:
 * forward selection, backward elimination, the latter also from each group of columns of one kind), one candidate per
 * size up to a maximum number of terms, each path cut where a term stops paying for itself ({@link #worthwhile}: BIC
 * with the risk inflation criterion's penalty for the many columns searched, {@link #termPenalty}), so that on noisy
 * data the stage does not offer sums that fit the noise. The columns searched are those independent of simpler ones
 * ({@link SparsePath#independent}).
 *
 * <p>The least squares of the term regression are weighted: with sample weights ({@link Dataset#weights()}) its
 * callers multiply each row of the columns and of the target by {@code sqrt(w_i)} ({@link #rootWeights},
 * {@link #scaled}) before the paths, the criterion's residual sum of squares and the fits, which are then the
 * weighted ones (the sums', the ratios' linearisation, the power law's log-log fit).
 */
final class SubsetSelection {

    private SubsetSelection() {
    }

    /**
     * The subsets with at most {@code maxTerms} columns, each once, in path order: of forward selection over all the
     * columns {@code kept} (independent), then of backward elimination from all of them and from the constant
     * (column 0) with each group of columns alone (independent among themselves: a function of an input that the
     * many monomials nearly span is still weighed against the other functions) ({@code groupEnds}: the exclusive end
     * of each group, the first starting at 1), so that
     * terms of one kind are weighed together even when the columns of all kinds outnumber the rows. Where a set has
     * too many columns for the rows, backward elimination starts from forward selection's subset of half the rows.
     * Each path (and its cut) is a pure task, run on {@code pool} (null: here) and gathered in that order, so the
     * subsets are the same on any number of threads.
     */
    static List<int[]> subsets(double[][] cols, double[] y, int[] kept, int[] groupEnds, int maxTerms,
                               ExecutorService pool) {
        if (kept.length == 0) {
            return List.of();
        }
        double penalty = termPenalty(y.length, kept.length);
        List<Callable<List<int[]>>> paths = new ArrayList<>();
        paths.add(() -> worthwhile(cols, y, SparsePath.forward(cols, y, kept, maxTerms), penalty));
        paths.add(() -> backwardPath(cols, y, kept, maxTerms, penalty));
        int from = 1;
        for (int groupEnd : groupEnds) {
            int end = Math.min(groupEnd, cols.length); // the basis may have been cut at maxBasis
            if (end - from >= 1 && end - from < cols.length - 1) {
                int start = from;
                paths.add(() -> {
                    // the constant and the group's columns, independent among themselves
                    double[][] own = new double[end - start + 1][];
                    own[0] = cols[0];
                    System.arraycopy(cols, start, own, 1, end - start);
                    int shift = start - 1;
                    int[] group = Arrays.stream(SparsePath.independent(own, own.length))
                            .map(k -> k == 0 ? 0 : k + shift).toArray();
                    return group.length > 1 ? backwardPath(cols, y, group, maxTerms, penalty) : List.of();
                });
            }
            from = end;
        }
        Map<String, int[]> unique = new LinkedHashMap<>();
        for (List<int[]> path : Parallel.map(paths, pool)) {
            for (int[] s : path) {
                unique.putIfAbsent(Arrays.toString(s), s);
            }
        }
        return new ArrayList<>(unique.values());
    }

    /**
     * The subsets of at most {@code maxTerms} columns of backward elimination from {@code start} ({@link #subsets}),
     * by increasing size, cut by {@link #worthwhile}.
     */
    private static List<int[]> backwardPath(double[][] cols, double[] y, int[] start, int maxTerms,
                                            double penalty) {
        int[] first = start;
        if (first.length >= y.length) {
            List<int[]> f = SparsePath.forward(cols, y, start, Math.min(Math.max(1, y.length / 2), start.length));
            if (f.isEmpty()) {
                return List.of();
            }
            first = f.get(f.size() - 1);
        }
        List<int[]> path = new ArrayList<>();
        for (int[] s : SparsePath.backward(cols, y, first)) {
            if (s.length <= maxTerms) {
                path.add(0, s); // by increasing size
            }
        }
        return worthwhile(cols, y, path, penalty);
    }

    /**
     * The penalty per term of the path's criterion: BIC's {@code ln n}, or the risk inflation criterion's
     * {@code 2 ln p} when {@code p} candidate columns were searched (Foster and George 1994): the best of many columns
     * lowers the error of pure noise by about {@code 2 ln p} in {@code n ln(RSS)}, so a term must do better than that.
     */
    static double termPenalty(int rows, int columns) {
        return Math.max(Math.log(rows), 2 * Math.log(Math.max(columns, 2)));
    }

    /**
     * The subsets of a path (by increasing size) up to the one that minimises {@code n ln(RSS/n) + k * penalty}: a
     * larger subset lowers the error by less than its terms cost, the noise's share, and is left out. Exact fits are
     * floored at {@value TermFitter#EXACT_NMSE} of the target's sum of squares, so round-off does not pay for a term.
     */
    static List<int[]> worthwhile(double[][] cols, double[] y, List<int[]> path, double penalty) {
        int n = y.length;
        double floor = Math.max(TermFitter.EXACT_NMSE * Metrics.variance(y) * n, Double.MIN_NORMAL);
        int best = -1;
        double bestCrit = Double.POSITIVE_INFINITY;
        for (int i = 0; i < path.size(); i++) {
            int[] subset = path.get(i);
            double[] c = SparsePath.fit(cols, subset, y);
            if (c == null) {
                continue;
            }
            double rss = 0;
            for (int r = 0; r < n; r++) {
                double p = 0;
                for (int k = 0; k < subset.length; k++) {
                    p += c[k] * cols[subset[k]][r];
                }
                rss += (y[r] - p) * (y[r] - p);
            }
            double crit = n * Math.log(Math.max(rss, floor) / n) + subset.length * penalty;
            if (crit < bestCrit) {
                bestCrit = crit;
                best = i;
            }
        }
        return path.subList(0, best + 1);
    }

    /** The square roots of the rows' weights, null when unweighted. */
    static double[] rootWeights(Dataset rows) {
        double[] w = rows.weights();
        if (w == null) {
            return null;
        }
        double[] r = new double[w.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = Math.sqrt(w[i]);
        }
        return r;
    }

    /**
     * The columns of {@code terms} on {@code rows}, each times {@code root} row by row ({@link #rootWeights} of the
     * rows: weighted least squares; null for none).
     */
    static double[][] scaledColumns(List<Expr> terms, Dataset rows, double[] root) {
        double[][] cols = TermBasis.columns(terms, rows);
        for (int k = 0; k < cols.length; k++) {
            cols[k] = scaled(cols[k], root);
        }
        return cols;
    }

    /** {@code v} times {@code root} row by row (a new array); {@code v} itself for null {@code root}. */
    static double[] scaled(double[] v, double[] root) {
        if (root == null) {
            return v;
        }
        double[] out = new double[v.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = v[i] * root[i];
        }
        return out;
    }
}
