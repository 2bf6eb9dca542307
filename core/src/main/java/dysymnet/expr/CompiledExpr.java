package dysymnet.expr;

import dysymnet.expr.ExprProgram.Kind;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An expression compiled into a flat program that evaluates whole columns, optionally with its refinable constants
 * as parameters {@code theta} and the Jacobian {@code d value_i / d theta_k}.
 *
 * <p>The program has one slot per tree node in post-order (children before parents). A slot whose subtree holds no
 * variable is a single scalar; any other slot is a column of {@link #rows()} values in a buffer allocated once, at
 * compilation. The Jacobian is computed in reverse mode over columns: one forward sweep, then one backward sweep
 * that carries the adjoint column {@code d value_i / d slot_i} from the root down to every parameter, so its cost
 * is about two evaluations whatever the number of parameters. All numbers come from {@link UnaryOp} and
 * {@link BinaryOp}, the shared protected semantics.
 *
 * <p>The layout of the program is {@link ExprProgram}'s; this class holds the buffers and runs it.
 *
 * <p>An instance is created once per (expression, variable names, row count) and reused; it is not thread-safe
 * (its buffers are reused between calls).
 */
public final class CompiledExpr {
    private final int rows;
    private final int nameCount;
    private final int size;
    private final Kind[] kind;
    private final int[] left;
    private final int[] right;
    private final int[] index;
    private final UnaryOp[] uop;
    private final BinaryOp[] bop;
    private final double[] constValue;
    private final boolean[] uniform;
    private final boolean[] hasParam;
    private final int[] paramNode;
    private final double[] initialTheta;

    private final double[] scalar;
    private final double[][] col;
    private final double[][] adj;
    private final double[] out;

    private CompiledExpr(Expr e, List<String> names, int rows, boolean parameterized) {
        Objects.requireNonNull(e, "e");
        Objects.requireNonNull(names, "names");
        if (rows < 0) {
            throw new IllegalArgumentException("rows must not be negative: " + rows);
        }
        this.rows = rows;
        this.nameCount = names.size();
        ExprProgram program = new ExprProgram(e, names, parameterized);
        this.size = program.size;
        this.kind = program.kind;
        this.left = program.left;
        this.right = program.right;
        this.index = program.index;
        this.uop = program.uop;
        this.bop = program.bop;
        this.constValue = program.constValue;
        this.uniform = program.uniform;
        this.hasParam = program.hasParam;
        this.paramNode = program.paramNode;
        this.initialTheta = new double[paramNode.length];
        for (int k = 0; k < paramNode.length; k++) {
            initialTheta[k] = constValue[paramNode[k]];
        }
        this.scalar = new double[size];
        this.col = new double[size][];
        this.out = new double[rows];
        int root = size - 1;
        for (int n = 0; n < size; n++) {
            if ((kind[n] == Kind.UNARY || kind[n] == Kind.BINARY) && !uniform[n]) {
                col[n] = n == root ? out : new double[rows];
            }
        }
        this.adj = new double[size][];
        for (int n = 0; n < size; n++) {
            if (hasParam[n]) {
                adj[n] = new double[rows];
            }
        }
    }

    /** Compiles {@code e} with all its constants fixed. */
    public static CompiledExpr compile(Expr e, List<String> names, int rows) {
        return new CompiledExpr(e, names, rows, false);
    }

    /**
     * Compiles {@code e} with its refinable constants (see {@link Constants}) as parameters, in the order of
     * {@link Constants#values}.
     *
     * @throws IllegalArgumentException if a variable of {@code e} is not among {@code names}
     */
    public static CompiledExpr parameterized(Expr e, List<String> names, int rows) {
        return new CompiledExpr(e, names, rows, true);
    }

    public int rows() {
        return rows;
    }

    /** Number of parameters (0 for {@link #compile}). */
    public int parameterCount() {
        return paramNode.length;
    }

    /** The parameter values that reproduce the expression as compiled (a fresh copy). */
    public double[] initialParameters() {
        return initialTheta.clone();
    }

    /**
     * The values over all rows, with the expression's own constants. The returned array belongs to this object
     * and is overwritten by the next call.
     */
    public double[] values(double[][] columns) {
        return values(columns, initialTheta);
    }

    /**
     * The values over all rows with parameters {@code theta}. The returned array belongs to this object and is
     * overwritten by the next call.
     */
    public double[] values(double[][] columns, double[] theta) {
        check(columns, theta);
        forward(columns, theta);
        return result();
    }

    /**
     * Values and Jacobian with parameters {@code theta}: {@code valuesOut[i]} and
     * {@code jacobianOut[k][i] = d value_i / d theta_k}.
     */
    public void valuesAndJacobian(double[][] columns, double[] theta, double[] valuesOut, double[][] jacobianOut) {
        check(columns, theta);
        Objects.requireNonNull(valuesOut, "valuesOut");
        Objects.requireNonNull(jacobianOut, "jacobianOut");
        if (valuesOut.length != rows) {
            throw new IllegalArgumentException("valuesOut has " + valuesOut.length + " entries, expected " + rows);
        }
        if (jacobianOut.length != paramNode.length) {
            throw new IllegalArgumentException(
                    "jacobianOut has " + jacobianOut.length + " columns, expected " + paramNode.length);
        }
        for (int k = 0; k < jacobianOut.length; k++) {
            if (jacobianOut[k] == null || jacobianOut[k].length != rows) {
                throw new IllegalArgumentException("jacobianOut[" + k + "] must have " + rows + " entries");
            }
        }
        forward(columns, theta);
        System.arraycopy(result(), 0, valuesOut, 0, rows);
        if (paramNode.length == 0) {
            return;
        }
        backward();
        for (int k = 0; k < paramNode.length; k++) {
            System.arraycopy(adj[paramNode[k]], 0, jacobianOut[k], 0, rows);
        }
    }

    private void check(double[][] columns, double[] theta) {
        Objects.requireNonNull(columns, "columns");
        Objects.requireNonNull(theta, "theta");
        if (columns.length != nameCount) {
            throw new IllegalArgumentException(
                    "columns has " + columns.length + " columns but " + nameCount + " variable names were compiled");
        }
        for (int j = 0; j < columns.length; j++) {
            if (columns[j] == null || columns[j].length != rows) {
                throw new IllegalArgumentException("columns[" + j + "] must have " + rows + " values");
            }
        }
        if (theta.length != paramNode.length) {
            throw new IllegalArgumentException(
                    "theta has " + theta.length + " entries, expected " + paramNode.length);
        }
    }

    private double[] result() {
        int root = size - 1;
        if (kind[root] == Kind.VAR) {
            System.arraycopy(col[root], 0, out, 0, rows);
        } else if (uniform[root]) {
            Arrays.fill(out, scalar[root]);
        }
        return out;
    }

    private void forward(double[][] columns, double[] theta) {
        int m = rows;
        for (int n = 0; n < size; n++) {
            switch (kind[n]) {
                case CONST -> scalar[n] = constValue[n];
                case PARAM -> scalar[n] = theta[index[n]];
                case VAR -> col[n] = columns[index[n]];
                case UNARY -> unaryForward(n, m);
                case BINARY -> binaryForward(n, m);
            }
        }
    }

    private void unaryForward(int n, int m) {
        UnaryOp op = uop[n];
        int a = left[n];
        if (uniform[n]) {
            scalar[n] = op.apply(scalar[a]);
        } else {
            double[] x = col[a];
            double[] o = col[n];
            for (int i = 0; i < m; i++) {
                o[i] = op.apply(x[i]);
            }
        }
    }

    private void binaryForward(int n, int m) {
        BinaryOp op = bop[n];
        int a = left[n];
        int b = right[n];
        if (uniform[n]) {
            scalar[n] = op.apply(scalar[a], scalar[b]);
            return;
        }
        double[] o = col[n];
        if (uniform[a]) {
            double x = scalar[a];
            double[] y = col[b];
            for (int i = 0; i < m; i++) {
                o[i] = op.apply(x, y[i]);
            }
        } else if (uniform[b]) {
            double[] x = col[a];
            double y = scalar[b];
            // The most frequent shapes get loops with a constant operator, which the JIT compiles without a
            // per-element switch; the numbers are still those of BinaryOp.apply.
            switch (op) {
                case ADD -> {
                    for (int i = 0; i < m; i++) {
                        o[i] = BinaryOp.ADD.apply(x[i], y);
                    }
                }
                case MUL -> {
                    for (int i = 0; i < m; i++) {
                        o[i] = BinaryOp.MUL.apply(x[i], y);
                    }
                }
                default -> {
                    for (int i = 0; i < m; i++) {
                        o[i] = op.apply(x[i], y);
                    }
                }
            }
        } else {
            double[] x = col[a];
            double[] y = col[b];
            switch (op) {
                case ADD -> {
                    for (int i = 0; i < m; i++) {
                        o[i] = BinaryOp.ADD.apply(x[i], y[i]);
                    }
                }
                case MUL -> {
                    for (int i = 0; i < m; i++) {
                        o[i] = BinaryOp.MUL.apply(x[i], y[i]);
                    }
                }
                default -> {
                    for (int i = 0; i < m; i++) {
                        o[i] = op.apply(x[i], y[i]);
                    }
                }
            }
        }
    }

    /**
     * Reverse sweep. In a tree every slot has one parent, so each adjoint column is written exactly once, by its
     * parent, which has a larger index. A zero adjoint stays zero even where a local derivative is infinite, so a
     * branch that cannot influence the value (for example multiplied by 0) does not spread NaN.
     */
    private void backward() {
        int m = rows;
        int root = size - 1;
        Arrays.fill(adj[root], 1.0);
        for (int n = size - 1; n >= 0; n--) {
            if (!hasParam[n]) {
                continue;
            }
            double[] g = adj[n];
            if (kind[n] == Kind.UNARY) {
                int a = left[n];
                UnaryOp op = uop[n];
                double[] ga = adj[a];
                if (uniform[a]) {
                    double d = op.derivative(scalar[a]);
                    for (int i = 0; i < m; i++) {
                        ga[i] = chain(g[i], d);
                    }
                } else {
                    double[] x = col[a];
                    for (int i = 0; i < m; i++) {
                        ga[i] = g[i] == 0.0 ? 0.0 : g[i] * op.derivative(x[i]);
                    }
                }
            } else if (kind[n] == Kind.BINARY) {
                int a = left[n];
                int b = right[n];
                BinaryOp op = bop[n];
                if (hasParam[a]) {
                    double[] ga = adj[a];
                    if (uniform[a] && uniform[b]) {
                        double d = op.dLeft(scalar[a], scalar[b]);
                        for (int i = 0; i < m; i++) {
                            ga[i] = chain(g[i], d);
                        }
                    } else if (uniform[a]) {
                        double x = scalar[a];
                        double[] y = col[b];
                        for (int i = 0; i < m; i++) {
                            ga[i] = g[i] == 0.0 ? 0.0 : g[i] * op.dLeft(x, y[i]);
                        }
                    } else if (uniform[b]) {
                        double[] x = col[a];
                        double y = scalar[b];
                        for (int i = 0; i < m; i++) {
                            ga[i] = g[i] == 0.0 ? 0.0 : g[i] * op.dLeft(x[i], y);
                        }
                    } else {
                        double[] x = col[a];
                        double[] y = col[b];
                        for (int i = 0; i < m; i++) {
                            ga[i] = g[i] == 0.0 ? 0.0 : g[i] * op.dLeft(x[i], y[i]);
                        }
                    }
                }
                if (hasParam[b]) {
                    double[] gb = adj[b];
                    if (uniform[a] && uniform[b]) {
                        double d = op.dRight(scalar[a], scalar[b]);
                        for (int i = 0; i < m; i++) {
                            gb[i] = chain(g[i], d);
                        }
                    } else if (uniform[a]) {
                        double x = scalar[a];
                        double[] y = col[b];
                        for (int i = 0; i < m; i++) {
                            gb[i] = g[i] == 0.0 ? 0.0 : g[i] * op.dRight(x, y[i]);
                        }
                    } else if (uniform[b]) {
                        double[] x = col[a];
                        double y = scalar[b];
                        for (int i = 0; i < m; i++) {
                            gb[i] = g[i] == 0.0 ? 0.0 : g[i] * op.dRight(x[i], y);
                        }
                    } else {
                        double[] x = col[a];
                        double[] y = col[b];
                        for (int i = 0; i < m; i++) {
                            gb[i] = g[i] == 0.0 ? 0.0 : g[i] * op.dRight(x[i], y[i]);
                        }
                    }
                }
            }
        }
    }

    private static double chain(double g, double d) {
        return g == 0.0 ? 0.0 : g * d;
    }
}
