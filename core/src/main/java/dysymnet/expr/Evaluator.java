package dysymnet.expr;

import dysymnet.data.Dataset;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Evaluates expressions with the shared protected semantics of {@link UnaryOp} and {@link BinaryOp}: over whole
 * columns (through a {@link CompiledExpr}) or at a single point.
 *
 * <p>Memory: the rows are evaluated in blocks ({@link CompiledExpr}), so evaluating a formula of any size takes the
 * result's column and a few megabytes, not a column per node.
 *
 * <p>For repeated evaluation of the same expression (constant fitting, scoring) compile it once with
 * {@link CompiledExpr} instead: these methods compile on every call.
 */
public final class Evaluator {
    private Evaluator() {
    }

    /** The values of {@code e} on every row of {@code d} (a fresh array). */
    public static double[] evaluate(Expr e, Dataset d) {
        Objects.requireNonNull(d, "d");
        return evaluate(e, d.names(), d.columns());
    }

    /** The residual of {@code e} on {@code d}: the target less the formula's values, row by row (a fresh array). */
    public static double[] residual(Expr e, Dataset d) {
        double[] r = evaluate(e, d);
        double[] y = d.y();
        for (int i = 0; i < r.length; i++) {
            r[i] = y[i] - r[i];
        }
        return r;
    }

    /**
     * The values of {@code e} on every row of column-major data {@code columns[j][i]} (a fresh array).
     *
     * @throws IllegalArgumentException if a variable of {@code e} is not among {@code names}, or the columns do
     *                                  not match the names or have different lengths
     */
    public static double[] evaluate(Expr e, List<String> names, double[][] columns) {
        Objects.requireNonNull(e, "e");
        Objects.requireNonNull(names, "names");
        Objects.requireNonNull(columns, "columns");
        if (columns.length != names.size()) {
            throw new IllegalArgumentException(
                    "columns has " + columns.length + " columns but names has " + names.size() + " entries");
        }
        if (columns.length == 0) {
            throw new IllegalArgumentException("columns is empty, so the number of rows is unknown");
        }
        int rows = columns[0] == null ? 0 : columns[0].length;
        // the compiled program is used once, so its output array is handed over rather than copied
        return CompiledExpr.compile(e, names, rows).values(columns);
    }

    /**
     * The value of {@code e} at one point.
     *
     * @throws IllegalArgumentException if a variable of {@code e} has no value in {@code point}
     */
    public static double evaluate(Expr e, Map<String, Double> point) {
        Objects.requireNonNull(e, "e");
        Objects.requireNonNull(point, "point");
        return eval(e, point);
    }

    private static double eval(Expr e, Map<String, Double> point) {
        if (e instanceof Const c) {
            return c.value();
        }
        if (e instanceof Var var) {
            Double v = point.get(var.name());
            if (v == null) {
                throw new IllegalArgumentException("point has no value for variable '" + var.name() + "'");
            }
            return v;
        }
        if (e instanceof Unary u) {
            return u.op().apply(eval(u.arg(), point));
        }
        Binary b = (Binary) e;
        return b.op().apply(eval(b.left(), point), eval(b.right(), point));
    }
}
