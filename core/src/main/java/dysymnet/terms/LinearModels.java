package dysymnet.terms;

import static dysymnet.terms.SubsetSelection.rootWeights;
import static dysymnet.terms.SubsetSelection.scaled;
import static dysymnet.terms.SubsetSelection.scaledColumns;
import static dysymnet.terms.TermBasis.linearCombination;

import dysymnet.data.Dataset;
import dysymnet.data.Parallel;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.expr.Var;
import dysymnet.fit.Polisher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.function.BooleanSupplier;

/**
 * Straight lines in the raw inputs: the constant and the inputs of the forward-selection path ({@link SparsePath},
 * each size once, the inputs chosen given the constant), up to all of them, which is ordinary least squares. Every
 * table has them to be compared with, whatever the budget: a table whose law is far from anything the other sources
 * write, or whose rows are too few or too noisy to tell, gets a line rather than the mean or a formula bent to its
 * rows, when the choice finds that the line predicts held-out rows as well ({@code search.CrossValidation}).
 *
 * <p>No criterion cuts the path: which size is worth it is the choice's to say. At most {@code rows - 2} inputs.
 * The path is computed on at most {@value TermFitter#MAX_FIT_ROWS} evenly spaced rows, the coefficients on all rows
 * (weighted with the data's sample weights), then polished ({@link Polisher}).
 */
public final class LinearModels {
    /**
     * Inputs of a line at most: a line of {@code k} inputs has {@code 4k + 1} nodes, and 24 is the most within the
     * default size cap ({@code search.Selection#DEFAULT_MAX_COMPLEXITY}, 100); wider tables get the path's first 24.
     */
    public static final int MAX_INPUTS = 24;

    private LinearModels() {
    }

    /**
     * The lines of the path, by increasing number of inputs (empty when the rows are too few). Bounded work (at most
     * {@value #MAX_INPUTS} least-squares fits on the data's rows, which the search samples to at most 10,000 by
     * default), done whatever the budget; {@code stop} ends only the polishing of the constants.
     */
    public static List<Expr> fit(Dataset data, BooleanSupplier stop) {
        return fit(data, stop, null);
    }

    /**
     * {@link #fit(Dataset, BooleanSupplier)} with each line's least squares and polish a task on {@code pool} (null:
     * the calling thread), gathered in the path's order: the lines do not depend on the threads.
     */
    public static List<Expr> fit(Dataset data, BooleanSupplier stop, ExecutorService pool) {
        List<String> names = data.names();
        int maxSize = Math.min(Math.min(names.size(), MAX_INPUTS), data.rows() - 2);
        if (maxSize < 1) {
            return List.of();
        }
        List<Expr> terms = new ArrayList<>();
        terms.add(new Const(1));
        for (String v : names) {
            terms.add(new Var(v));
        }
        Dataset pathRows = data.evenlySpaced(TermFitter.MAX_FIT_ROWS);
        double[] root = rootWeights(pathRows);
        double[][] cols = scaledColumns(terms, pathRows, root);
        double[] yPath = scaled(pathRows.y(), root);
        // the inputs and the target with the constant projected out: the path chooses inputs given the constant
        double[] one = cols[0];
        double[][] centred = new double[cols.length][];
        centred[0] = new double[one.length];
        for (int k = 1; k < cols.length; k++) {
            centred[k] = withoutComponent(cols[k], one);
        }
        int[] inputs = new int[names.size()];
        Arrays.setAll(inputs, j -> j + 1);
        List<int[]> path = SparsePath.forward(centred, withoutComponent(yPath, one), inputs, maxSize);
        // the fits on all rows: the path's columns when it had them all (evenlySpaced returns the data itself)
        double[] rootAll = pathRows == data ? root : rootWeights(data);
        double[][] columns = pathRows == data ? cols : scaledColumns(terms, data, rootAll);
        double[] target = pathRows == data ? yPath : scaled(data.y(), rootAll);
        List<Callable<Expr>> tasks = new ArrayList<>();
        for (int[] chosen : path) {
            tasks.add(() -> line(chosen, terms, columns, target, data, stop));
        }
        List<Expr> out = new ArrayList<>();
        for (Expr line : Parallel.map(tasks, pool)) {
            if (line != null) {
                out.add(line);
            }
        }
        return out;
    }

    /**
     * The line of the constant and the inputs {@code chosen} (indices into {@code terms}), least squares on the
     * weighted {@code columns} and {@code y}, polished on {@code data}; null when the fit fails.
     */
    private static Expr line(int[] chosen, List<Expr> terms, double[][] columns, double[] y, Dataset data,
                             BooleanSupplier stop) {
        int[] subset = new int[chosen.length + 1]; // the constant first, then the inputs in their order
        System.arraycopy(chosen, 0, subset, 1, chosen.length);
        double[] c = SparsePath.fit(columns, subset, y);
        if (c == null) {
            return null;
        }
        List<Expr> used = new ArrayList<>();
        for (int k : subset) {
            used.add(terms.get(k));
        }
        Expr line = Simplifier.simplify(linearCombination(used, c));
        return Simplifier.simplify(new Polisher().polish(line, data, stop));
    }

    /** {@code v} minus its projection on {@code u}. */
    private static double[] withoutComponent(double[] v, double[] u) {
        double uu = 0;
        double uv = 0;
        for (int i = 0; i < v.length; i++) {
            uu += u[i] * u[i];
            uv += u[i] * v[i];
        }
        double f = uu > 0 ? uv / uu : 0;
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i] - f * u[i];
        }
        return out;
    }
}
