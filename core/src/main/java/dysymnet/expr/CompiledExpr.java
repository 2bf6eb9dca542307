package dysymnet.expr;

import java.util.ArrayList;
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
 * <p>An instance is created once per (expression, variable names, row count) and reused; it is not thread-safe
 * (its buffers are reused between calls).
 */
public final class CompiledExpr {
    private static final int CONST = 0;
    private static final int PARAM = 1;
    private static final int VAR = 2;
    private static final int UNARY = 3;
    private static final int BINARY = 4;

    private final int rows;
    private final int nameCount;
    private final int size;
    private final int[] kind;
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
        Builder b = new Builder(names, parameterized);
        b.add(e, false);
        this.size = b.kind.size();
        this.kind = toInts(b.kind);
        this.left = toInts(b.left);
        this.right = toInts(b.right);
        this.index = toInts(b.index);
        this.uop = b.uop.toArray(new UnaryOp[0]);
        this.bop = b.bop.toArray(new BinaryOp[0]);
        this.constValue = new double[size];
        this.uniform = new boolean[size];
        this.hasParam = new boolean[size];
        for (int n = 0; n < size; n++) {
            constValue[n] = b.constValue.get(n);
            switch (kind[n]) {
                case CONST:
                    uniform[n] = true;
                    break;
                case PARAM:
                    uniform[n] = true;
                    hasParam[n] = true;
                    break;
                case VAR:
                    break;
                case UNARY:
                    uniform[n] = uniform[left[n]];
                    hasParam[n] = hasParam[left[n]];
                    break;
                default:
                    uniform[n] = uniform[left[n]] && uniform[right[n]];
                    hasParam[n] = hasParam[left[n]] || hasParam[right[n]];
                    break;
            }
        }
        this.paramNode = toInts(b.paramNodes);
        this.initialTheta = new double[paramNode.length];
        for (int k = 0; k < paramNode.length; k++) {
            initialTheta[k] = constValue[paramNode[k]];
        }
        this.scalar = new double[size];
        this.col = new double[size][];
        this.out = new double[rows];
        int root = size - 1;
        for (int n = 0; n < size; n++) {
            if ((kind[n] == UNARY || kind[n] == BINARY) && !uniform[n]) {
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
        if (kind[root] == VAR) {
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
                case CONST:
                    scalar[n] = constValue[n];
                    break;
                case PARAM:
                    scalar[n] = theta[index[n]];
                    break;
                case VAR:
                    col[n] = columns[index[n]];
                    break;
                case UNARY: {
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
                    break;
                }
                default:
                    binaryForward(n, m);
                    break;
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
                case ADD:
                    for (int i = 0; i < m; i++) {
                        o[i] = BinaryOp.ADD.apply(x[i], y);
                    }
                    break;
                case MUL:
                    for (int i = 0; i < m; i++) {
                        o[i] = BinaryOp.MUL.apply(x[i], y);
                    }
                    break;
                default:
                    for (int i = 0; i < m; i++) {
                        o[i] = op.apply(x[i], y);
                    }
                    break;
            }
        } else {
            double[] x = col[a];
            double[] y = col[b];
            switch (op) {
                case ADD:
                    for (int i = 0; i < m; i++) {
                        o[i] = BinaryOp.ADD.apply(x[i], y[i]);
                    }
                    break;
                case MUL:
                    for (int i = 0; i < m; i++) {
                        o[i] = BinaryOp.MUL.apply(x[i], y[i]);
                    }
                    break;
                default:
                    for (int i = 0; i < m; i++) {
                        o[i] = op.apply(x[i], y[i]);
                    }
                    break;
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
            if (kind[n] == UNARY) {
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
            } else if (kind[n] == BINARY) {
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

    private static int[] toInts(List<Integer> list) {
        int[] a = new int[list.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = list.get(i);
        }
        return a;
    }

    /** Lays out the tree in post-order; parameters are numbered in pre-order, as {@link Constants} does. */
    private static final class Builder {
        final List<String> names;
        final boolean parameterized;
        final List<Integer> kind = new ArrayList<>();
        final List<Integer> left = new ArrayList<>();
        final List<Integer> right = new ArrayList<>();
        final List<Integer> index = new ArrayList<>();
        final List<UnaryOp> uop = new ArrayList<>();
        final List<BinaryOp> bop = new ArrayList<>();
        final List<Double> constValue = new ArrayList<>();
        final List<Integer> paramNodes = new ArrayList<>();

        Builder(List<String> names, boolean parameterized) {
            this.names = names;
            this.parameterized = parameterized;
        }

        /** Adds the subtree and returns its slot; {@code fixed} marks an integer exponent of {@code ^}. */
        int add(Expr e, boolean fixed) {
            if (e instanceof Const) {
                boolean param = parameterized && !fixed;
                int idx = param ? paramNodes.size() : -1;
                int slot = slot(param ? PARAM : CONST, -1, -1, idx, null, null, ((Const) e).value());
                if (param) {
                    paramNodes.add(slot);
                }
                return slot;
            }
            if (e instanceof Var) {
                String name = ((Var) e).name();
                int j = names.indexOf(name);
                if (j < 0) {
                    throw new IllegalArgumentException(
                            "variable '" + name + "' of the expression is not among the names " + names);
                }
                return slot(VAR, -1, -1, j, null, null, 0.0);
            }
            if (e instanceof Unary) {
                Unary u = (Unary) e;
                int a = add(u.arg(), false);
                return slot(UNARY, a, -1, -1, u.op(), null, 0.0);
            }
            Binary b = (Binary) e;
            // Pre-order numbering of parameters equals left-to-right leaf order, which post-order also visits.
            int a = add(b.left(), false);
            int c = add(b.right(), Constants.hasFixedExponent(b));
            return slot(BINARY, a, c, -1, null, b.op(), 0.0);
        }

        private int slot(int k, int l, int r, int idx, UnaryOp u, BinaryOp o, double v) {
            kind.add(k);
            left.add(l);
            right.add(r);
            index.add(idx);
            uop.add(u);
            bop.add(o);
            constValue.add(v);
            return kind.size() - 1;
        }
    }
}
