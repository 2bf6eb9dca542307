package dysymnet.expr;

import dysymnet.expr.ExprProgram.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * An expression compiled into a flat program that evaluates whole columns, optionally with its refinable constants
 * as parameters {@code theta} and the Jacobian {@code d value_i / d theta_k}.
 *
 * <p>The program has one slot per tree node in post-order (children before parents). A slot whose subtree holds no
 * variable is a single scalar; any other slot is a column of values. The rows are evaluated in blocks of
 * {@link #blockRows()} rows, every slot's column being a buffer of one block allocated once, at compilation (or
 * taken from a {@link Scratch}, for many formulas compiled one after another on one thread): the
 * memory is that of one block per slot (at most about {@value #MAX_BUFFER_DOUBLES} doubles, the block shrinking for
 * large formulas), not of all the rows per slot, so a formula of thousands of nodes evaluates on any number of rows.
 * Each row's numbers are computed by the same operations whatever the block size, so the values do not depend on
 * it. The Jacobian is computed in reverse mode over each block: one forward sweep, then one backward sweep that
 * carries the adjoint column {@code d value_i / d slot_i} from the root down to every parameter, so its cost is
 * about two evaluations whatever the number of parameters. All numbers come from {@link UnaryOp} and
 * {@link BinaryOp}, the shared protected semantics.
 *
 * <p>The layout of the program is {@link ExprProgram}'s; this class holds the buffers and runs it.
 *
 * <p>An instance is created once per (expression, variable names, row count) and reused; it is not thread-safe
 * (its buffers are reused between calls).
 */
public final class CompiledExpr {
    /** Rows of a block for formulas small enough (a multiple of 16; 32 KB per buffer). */
    public static final int MAX_BLOCK_ROWS = 4096;
    /** Rows of a block at least, however large the formula. */
    public static final int MIN_BLOCK_ROWS = 16;
    /**
     * The work buffers (a value column per slot, an adjoint column per slot with a parameter below) hold about this
     * many doubles (8 MB): the block is {@link #MAX_BLOCK_ROWS} rows unless the formula has more than 256 buffered
     * slots, and shrinks (to {@link #MIN_BLOCK_ROWS}) beyond.
     */
    public static final int MAX_BUFFER_DOUBLES = 1 << 20;

    private final int rows;
    private final int block;
    private final int nameCount;
    private final int size;
    private final Kind[] kind;
    private final int[] left;
    private final int[] right;
    private final int[] index;
    private final UnaryFunction[] uop;
    private final BinaryFunction[] bop;
    private final double[] constValue;
    private final boolean[] uniform;
    private final boolean[] hasParam;
    private final int[] paramNode;
    private final double[] initialTheta;

    private final double[] scalar;
    /** The block buffer of each computed column slot (null for scalars and variables). */
    private final double[][] buffer;
    /** Where each column slot's values of the current block are: an array and the offset of the block's first row. */
    private final double[][] col;
    private final int[] off;
    private final double[][] adj;
    private final double[] out;

    private CompiledExpr(Expr e, List<String> names, int rows, boolean parameterized) {
        this(e, names, rows, parameterized, null);
    }

    /** @param scratch where the value buffers come from (null: new arrays) */
    private CompiledExpr(Expr e, List<String> names, int rows, boolean parameterized, Scratch scratch) {
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
        int buffers = 0;
        for (int n = 0; n < size; n++) {
            if (computedColumn(n)) {
                buffers++;
            }
            if (hasParam[n]) {
                buffers++;
            }
        }
        this.block = blockRows(rows, buffers);
        this.scalar = new double[size];
        this.buffer = new double[size][];
        this.col = new double[size][];
        this.off = new int[size];
        this.out = scratch == null ? new double[rows] : scratch.take(rows);
        for (int n = 0; n < size; n++) {
            if (computedColumn(n)) {
                buffer[n] = scratch == null ? new double[block] : scratch.take(block);
            }
        }
        this.adj = new double[size][];
        for (int n = 0; n < size; n++) {
            if (hasParam[n]) {
                adj[n] = new double[block];
            }
        }
    }

    /** Whether slot n computes a column (an operator over something that varies by row). */
    private boolean computedColumn(int n) {
        return (kind[n] == Kind.UNARY || kind[n] == Kind.BINARY) && !uniform[n];
    }

    /** The block size for {@code buffers} buffered slots: all the rows when they fit, else a multiple of 16. */
    static int blockRows(int rows, int buffers) {
        int b = buffers == 0 ? MAX_BLOCK_ROWS : MAX_BUFFER_DOUBLES / buffers;
        b = Math.max(MIN_BLOCK_ROWS, Math.min(MAX_BLOCK_ROWS, b & ~15));
        return Math.min(rows, b);
    }

    /** Compiles {@code e} with all its constants fixed. */
    public static CompiledExpr compile(Expr e, List<String> names, int rows) {
        return new CompiledExpr(e, names, rows, false);
    }

    /**
     * Compiles {@code e} with all its constants fixed, its work arrays taken from {@code scratch}: for the many
     * formulas evaluated once each, one after another on one thread (the genetic programming's population), which
     * would otherwise allocate a block buffer per node for every formula. The formula compiled before from the same
     * scratch must not be used any more (its arrays are this one's); the values are those of
     * {@link #compile(Expr, List, int)}.
     */
    public static CompiledExpr compile(Expr e, List<String> names, int rows, Scratch scratch) {
        Objects.requireNonNull(scratch, "scratch");
        scratch.used = 0;
        return new CompiledExpr(e, names, rows, false, scratch);
    }

    /**
     * Work arrays of {@link #compile(Expr, List, int, Scratch)}, reused from one compilation to the next; for one
     * thread at a time. Every array it gives out is written before it is read (each slot's buffer by the forward
     * sweep over a block, the output by the blocks' results), so what the last formula left in it changes nothing.
     */
    public static final class Scratch {
        private final List<double[]> arrays = new ArrayList<>();
        private int used;

        /** An array of {@code length} doubles, the one given out at this place last time when of that length. */
        private double[] take(int length) {
            double[] a = used < arrays.size() ? arrays.get(used) : null;
            if (a == null || a.length != length) {
                a = new double[length];
                if (used < arrays.size()) {
                    arrays.set(used, a);
                } else {
                    arrays.add(a);
                }
            }
            used++;
            return a;
        }
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

    /** The rows evaluated at a time. */
    public int blockRows() {
        return block;
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
        for (int start = 0; start < rows; start += block) {
            int m = Math.min(block, rows - start);
            forward(columns, theta, start, m);
            result(start, m);
        }
        return out;
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
        for (int start = 0; start < rows; start += block) {
            int m = Math.min(block, rows - start);
            forward(columns, theta, start, m);
            result(start, m);
            if (paramNode.length == 0) {
                continue;
            }
            backward(m);
            for (int k = 0; k < paramNode.length; k++) {
                System.arraycopy(adj[paramNode[k]], 0, jacobianOut[k], start, m);
            }
        }
        System.arraycopy(out, 0, valuesOut, 0, rows);
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

    /** Writes the root's values of the block of {@code m} rows at {@code start} into {@link #out}. */
    private void result(int start, int m) {
        int root = size - 1;
        if (uniform[root]) {
            Arrays.fill(out, start, start + m, scalar[root]);
        } else {
            System.arraycopy(col[root], off[root], out, start, m);
        }
    }

    /** Evaluates every slot on the block of {@code m} rows starting at row {@code start}. */
    private void forward(double[][] columns, double[] theta, int start, int m) {
        for (int n = 0; n < size; n++) {
            switch (kind[n]) {
                case CONST -> scalar[n] = constValue[n];
                case PARAM -> scalar[n] = theta[index[n]];
                case VAR -> {
                    col[n] = columns[index[n]];
                    off[n] = start;
                }
                case UNARY -> unaryForward(n, m);
                case BINARY -> binaryForward(n, m);
            }
        }
    }

    private void unaryForward(int n, int m) {
        UnaryFunction op = uop[n];
        int a = left[n];
        if (uniform[n]) {
            scalar[n] = op.apply(scalar[a]);
        } else {
            double[] x = col[a];
            int xo = off[a];
            double[] o = buffer[n];
            col[n] = o;
            off[n] = 0;
            for (int i = 0; i < m; i++) {
                o[i] = op.apply(x[xo + i]);
            }
        }
    }

    private void binaryForward(int n, int m) {
        BinaryFunction op = bop[n];
        int a = left[n];
        int b = right[n];
        if (uniform[n]) {
            scalar[n] = op.apply(scalar[a], scalar[b]);
            return;
        }
        double[] o = buffer[n];
        col[n] = o;
        off[n] = 0;
        if (uniform[a]) {
            double x = scalar[a];
            double[] y = col[b];
            int yo = off[b];
            for (int i = 0; i < m; i++) {
                o[i] = op.apply(x, y[yo + i]);
            }
        } else if (uniform[b]) {
            double[] x = col[a];
            int xo = off[a];
            double y = scalar[b];
            // The most frequent shapes get loops with a constant operator, which the JIT compiles without a
            // per-element switch; the numbers are still those of BinaryOp.apply.
            if (op == BinaryOp.ADD) {
                for (int i = 0; i < m; i++) {
                    o[i] = BinaryOp.ADD.apply(x[xo + i], y);
                }
            } else if (op == BinaryOp.MUL) {
                for (int i = 0; i < m; i++) {
                    o[i] = BinaryOp.MUL.apply(x[xo + i], y);
                }
            } else {
                for (int i = 0; i < m; i++) {
                    o[i] = op.apply(x[xo + i], y);
                }
            }
        } else {
            double[] x = col[a];
            int xo = off[a];
            double[] y = col[b];
            int yo = off[b];
            if (op == BinaryOp.ADD) {
                for (int i = 0; i < m; i++) {
                    o[i] = BinaryOp.ADD.apply(x[xo + i], y[yo + i]);
                }
            } else if (op == BinaryOp.MUL) {
                for (int i = 0; i < m; i++) {
                    o[i] = BinaryOp.MUL.apply(x[xo + i], y[yo + i]);
                }
            } else {
                for (int i = 0; i < m; i++) {
                    o[i] = op.apply(x[xo + i], y[yo + i]);
                }
            }
        }
    }

    /**
     * Reverse sweep over the block of {@code m} rows evaluated last. In a tree every slot has one parent, so each
     * adjoint column is written exactly once, by its parent, which has a larger index. A zero adjoint stays zero
     * even where a local derivative is infinite, so a branch that cannot influence the value (for example
     * multiplied by 0) does not spread NaN.
     */
    private void backward(int m) {
        int root = size - 1;
        Arrays.fill(adj[root], 0, m, 1.0);
        for (int n = size - 1; n >= 0; n--) {
            if (!hasParam[n]) {
                continue;
            }
            double[] g = adj[n];
            if (kind[n] == Kind.UNARY) {
                int a = left[n];
                UnaryFunction op = uop[n];
                double[] ga = adj[a];
                if (uniform[a]) {
                    double d = op.derivative(scalar[a]);
                    for (int i = 0; i < m; i++) {
                        ga[i] = chain(g[i], d);
                    }
                } else {
                    double[] x = col[a];
                    int xo = off[a];
                    for (int i = 0; i < m; i++) {
                        ga[i] = g[i] == 0.0 ? 0.0 : g[i] * op.derivative(x[xo + i]);
                    }
                }
            } else if (kind[n] == Kind.BINARY) {
                int a = left[n];
                int b = right[n];
                BinaryFunction op = bop[n];
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
                        int yo = off[b];
                        for (int i = 0; i < m; i++) {
                            ga[i] = g[i] == 0.0 ? 0.0 : g[i] * op.dLeft(x, y[yo + i]);
                        }
                    } else if (uniform[b]) {
                        double[] x = col[a];
                        int xo = off[a];
                        double y = scalar[b];
                        for (int i = 0; i < m; i++) {
                            ga[i] = g[i] == 0.0 ? 0.0 : g[i] * op.dLeft(x[xo + i], y);
                        }
                    } else {
                        double[] x = col[a];
                        int xo = off[a];
                        double[] y = col[b];
                        int yo = off[b];
                        for (int i = 0; i < m; i++) {
                            ga[i] = g[i] == 0.0 ? 0.0 : g[i] * op.dLeft(x[xo + i], y[yo + i]);
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
                        int yo = off[b];
                        for (int i = 0; i < m; i++) {
                            gb[i] = g[i] == 0.0 ? 0.0 : g[i] * op.dRight(x, y[yo + i]);
                        }
                    } else if (uniform[b]) {
                        double[] x = col[a];
                        int xo = off[a];
                        double y = scalar[b];
                        for (int i = 0; i < m; i++) {
                            gb[i] = g[i] == 0.0 ? 0.0 : g[i] * op.dRight(x[xo + i], y);
                        }
                    } else {
                        double[] x = col[a];
                        int xo = off[a];
                        double[] y = col[b];
                        int yo = off[b];
                        for (int i = 0; i < m; i++) {
                            gb[i] = g[i] == 0.0 ? 0.0 : g[i] * op.dRight(x[xo + i], y[yo + i]);
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
