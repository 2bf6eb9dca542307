package dysymnet.net;

import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A symbolic network (the paper's DySymNet): hidden layers of operator units over linear maps, and a linear
 * read-out, with all weights in one flat parameter array and a hand-written column-wise forward/backward pass.
 *
 * <p>Layout of {@link #params()}: for each hidden layer l in order, its weight matrix W_l row-major
 * ({@code W_l[k][c]} at {@code weightIndex(l, k, c)}), then its bias vector if biases are enabled; then the
 * read-out weights ({@code weightIndex(depth(), k, 0)}) and the read-out bias if enabled.
 *
 * <p>Work buffers are sized for one row count and reused, so a network is not thread-safe: use one network per
 * thread ({@link #copy()} makes an independent one).
 */
public final class SymbolicNetwork {
    private final Architecture architecture;
    private final int inputs;
    private final boolean bias;
    private final boolean outputBias;
    private final int depth;

    /** Per hidden layer: inputs, linear-map columns, units, unary units, unit operators. */
    private final int[] nIn;
    private final int[] nCol;
    private final int[] nUnit;
    private final int[] nUnary;
    private final Operator[][] ops;
    /** Start of W_l in params; start of b_l (or -1). Index {@code depth} is the read-out. */
    private final int[] wOff;
    private final int[] bOff;
    private final double[] params;
    private final boolean[] weightMask;

    // Work buffers for `rows` rows; (re)allocated only when the row count changes.
    private int rows = -1;
    private double[][][] z;
    private double[][][] dfdz;
    private double[][][] h;
    private double[][][] dh;
    private double[][][] dz;
    private double[] out;

    /**
     * @param architecture the hidden layers
     * @param inputs       the number of input variables d (at least 1)
     * @param bias         whether every linear map (hidden and read-out) has a bias vector
     */
    public SymbolicNetwork(Architecture architecture, int inputs, boolean bias) {
        this(architecture, inputs, bias, bias);
    }

    /**
     * @param architecture the hidden layers
     * @param inputs       the number of input variables d (at least 1)
     * @param bias         whether the hidden layers' linear maps have bias vectors
     * @param outputBias   whether the read-out has a bias (an additive constant of the formula)
     */
    public SymbolicNetwork(Architecture architecture, int inputs, boolean bias, boolean outputBias) {
        this.architecture = Objects.requireNonNull(architecture, "architecture");
        if (inputs < 1) {
            throw new IllegalArgumentException("inputs must be at least 1, got " + inputs);
        }
        this.inputs = inputs;
        this.bias = bias;
        this.outputBias = outputBias;
        this.depth = architecture.depth();
        nIn = new int[depth];
        nCol = new int[depth];
        nUnit = new int[depth];
        nUnary = new int[depth];
        ops = new Operator[depth][];
        wOff = new int[depth + 1];
        bOff = new int[depth + 1];
        int p = 0;
        int prev = inputs;
        for (int l = 0; l < depth; l++) {
            Architecture.Layer layer = architecture.layers().get(l);
            nIn[l] = prev;
            nCol[l] = layer.inputWidth();
            nUnit[l] = layer.outputWidth();
            nUnary[l] = layer.unaryCount();
            ops[l] = layer.units().toArray(new Operator[0]);
            wOff[l] = p;
            p += nIn[l] * nCol[l];
            bOff[l] = bias ? p : -1;
            p += bias ? nCol[l] : 0;
            prev = nUnit[l];
        }
        wOff[depth] = p;
        p += prev;
        bOff[depth] = outputBias ? p : -1;
        p += outputBias ? 1 : 0;
        params = new double[p];
        weightMask = new boolean[p];
        for (int l = 0; l <= depth; l++) {
            int end = l < depth ? wOff[l] + nIn[l] * nCol[l] : wOff[depth] + prev;
            for (int i = wOff[l]; i < end; i++) {
                weightMask[i] = true;
            }
        }
    }

    /** An independent network with the same architecture and a copy of the parameters. */
    public SymbolicNetwork copy() {
        SymbolicNetwork c = new SymbolicNetwork(architecture, inputs, bias, outputBias);
        System.arraycopy(params, 0, c.params, 0, params.length);
        return c;
    }

    public Architecture architecture() {
        return architecture;
    }

    /** Number of input variables d. */
    public int inputs() {
        return inputs;
    }

    /** Number of hidden layers. */
    public int depth() {
        return depth;
    }

    public int parameterCount() {
        return params.length;
    }

    /** The live parameter array (weights and biases, see the class comment for the layout). */
    public double[] params() {
        return params;
    }

    /** Copies {@code values} into the parameters. */
    public void setParams(double[] values) {
        if (values.length != params.length) {
            throw new IllegalArgumentException(
                    "values has " + values.length + " entries, the network has " + params.length + " parameters");
        }
        System.arraycopy(values, 0, params, 0, params.length);
    }

    /** {@code mask[p]} is true when parameter p is a weight (regularised and pruned), false for a bias. Shared. */
    public boolean[] weightMask() {
        return weightMask;
    }

    /**
     * Index in {@link #params()} of weight {@code W_layer[in][col]}; {@code layer == depth()} is the read-out,
     * whose only column is 0.
     */
    public int weightIndex(int layer, int in, int col) {
        if (layer < 0 || layer > depth) {
            throw new IllegalArgumentException("layer must be in [0, " + depth + "], got " + layer);
        }
        int ins = layer < depth ? nIn[layer] : nUnit[depth - 1];
        int cols = layer < depth ? nCol[layer] : 1;
        if (in < 0 || in >= ins || col < 0 || col >= cols) {
            throw new IllegalArgumentException("(in, col) = (" + in + ", " + col + ") outside " + ins + " x " + cols);
        }
        return wOff[layer] + in * cols + col;
    }

    /** Index of bias {@code b_layer[col]}, or -1 when the network has no biases. */
    public int biasIndex(int layer, int col) {
        if (layer < 0 || layer > depth) {
            throw new IllegalArgumentException("layer must be in [0, " + depth + "], got " + layer);
        }
        return (layer < depth ? bias : outputBias) ? bOff[layer] + col : -1;
    }

    /**
     * The reference initialisation: hidden weights normal with sd 0.1 (first layer), 0.5 (middle layers),
     * 1.0 (last hidden layer; a single hidden layer counts as first), truncated to [-2, 2] by redrawing;
     * read-out weights uniform in [0, 1); biases 0.
     */
    public void initialize(RandomGenerator rng) {
        Objects.requireNonNull(rng, "rng");
        java.util.Arrays.fill(params, 0.0);
        for (int l = 0; l < depth; l++) {
            double sd = l == 0 ? 0.1 : (l == depth - 1 ? 1.0 : 0.5);
            int end = wOff[l] + nIn[l] * nCol[l];
            for (int p = wOff[l]; p < end; p++) {
                double v;
                do {
                    v = sd * rng.nextGaussian();
                } while (Math.abs(v) > 2.0);
                params[p] = v;
            }
        }
        for (int k = 0; k < nUnit[depth - 1]; k++) {
            params[wOff[depth] + k] = rng.nextDouble();
        }
    }

    /** Sets every weight (not bias) with {@code |w| < beta} to 0; returns how many were nonzero and got zeroed. */
    public int prune(double beta) {
        if (!(beta >= 0.0)) {
            throw new IllegalArgumentException("beta must be a non-negative number, got " + beta);
        }
        int n = 0;
        for (int p = 0; p < params.length; p++) {
            if (weightMask[p] && params[p] != 0.0 && Math.abs(params[p]) < beta) {
                params[p] = 0.0;
                n++;
            }
        }
        return n;
    }

    // ------------------------------------------------------------------------------------------------------
    // Numerics

    private void ensureRows(int n) {
        if (n == rows) {
            return;
        }
        if (n < 1) {
            throw new IllegalArgumentException("need at least one row, got " + n);
        }
        z = new double[depth][][];
        dfdz = new double[depth][][];
        dz = new double[depth][][];
        h = new double[depth][][];
        dh = new double[depth][][];
        for (int l = 0; l < depth; l++) {
            z[l] = new double[nCol[l]][n];
            dfdz[l] = new double[nCol[l]][n];
            dz[l] = new double[nCol[l]][n];
            h[l] = new double[nUnit[l]][n];
            dh[l] = new double[nUnit[l]][n];
        }
        out = new double[n];
        rows = n;
    }

    private void checkData(double[][] x, double[] y) {
        if (x.length != inputs) {
            throw new IllegalArgumentException("x has " + x.length + " columns, the network has " + inputs + " inputs");
        }
        int n = x[0].length;
        for (double[] col : x) {
            if (col.length != n) {
                throw new IllegalArgumentException("x columns differ in length");
            }
        }
        if (y != null && y.length != n) {
            throw new IllegalArgumentException("y has " + y.length + " values, x has " + n + " rows");
        }
    }

    /**
     * Network output for column-major inputs {@code x[j][i]}: a new array. Allocates work buffers when the row
     * count differs from the previous call.
     */
    public double[] predict(double[][] x) {
        checkData(x, null);
        ensureRows(x[0].length);
        forward(x, false);
        return out.clone();
    }

    /** Mean squared error on the given data (no gradient). */
    public double mse(double[][] x, double[] y) {
        checkData(x, y);
        int n = y.length;
        ensureRows(n);
        forward(x, false);
        double s = 0.0;
        for (int i = 0; i < n; i++) {
            double r = out[i] - y[i];
            s += r * r;
        }
        return s / n;
    }

    /**
     * The MSE on {@code (x, y)} and its exact gradient with respect to {@link #params()}, written into
     * {@code grad} (overwritten). Allocates nothing once the buffers exist for this row count.
     *
     * @return the MSE (possibly NaN or infinite; the caller decides what to do)
     */
    public double lossAndGradient(double[][] x, double[] y, double[] grad) {
        if (grad.length != params.length) {
            throw new IllegalArgumentException(
                    "grad has " + grad.length + " entries, the network has " + params.length + " parameters");
        }
        if (x.length != inputs || y.length != x[0].length) {
            checkData(x, y);
        }
        int n = y.length;
        ensureRows(n);
        forward(x, true);
        double[] dOut = out; // reused in place: out is not needed after the residual is formed
        double s = 0.0;
        double scale = 2.0 / n;
        for (int i = 0; i < n; i++) {
            double r = out[i] - y[i];
            s += r * r;
            dOut[i] = scale * r;
        }
        backward(x, dOut, grad);
        return s / n;
    }

    private void forward(double[][] x, boolean derivs) {
        int n = rows;
        double[][] in = x;
        for (int l = 0; l < depth; l++) {
            double[][] zl = z[l];
            int cols = nCol[l];
            int ins = nIn[l];
            int w0 = wOff[l];
            for (int c = 0; c < cols; c++) {
                double[] zc = zl[c];
                double b0 = bias ? params[bOff[l] + c] : 0.0;
                // The first live term initialises the column, so no separate fill pass is needed.
                boolean started = false;
                for (int k = 0; k < ins; k++) {
                    double w = params[w0 + k * cols + c];
                    if (w == 0.0) {
                        continue;
                    }
                    double[] hk = in[k];
                    if (!started) {
                        if (b0 == 0.0) {
                            for (int i = 0; i < n; i++) {
                                zc[i] = w * hk[i];
                            }
                        } else {
                            for (int i = 0; i < n; i++) {
                                zc[i] = b0 + w * hk[i];
                            }
                        }
                        started = true;
                    } else {
                        for (int i = 0; i < n; i++) {
                            zc[i] += w * hk[i];
                        }
                    }
                }
                if (!started) {
                    java.util.Arrays.fill(zc, 0, n, b0);
                }
            }
            double[][] hl = h[l];
            double[][] gl = dfdz[l];
            int u = nUnary[l];
            Operator[] lops = ops[l];
            for (int j = 0; j < u; j++) {
                lops[j].apply(zl[j], hl[j], derivs ? gl[j] : null, n);
            }
            for (int j = u; j < lops.length; j++) {
                int a = u + 2 * (j - u);
                lops[j].apply(zl[a], zl[a + 1], hl[j], derivs ? gl[a] : null, derivs ? gl[a + 1] : null, n);
            }
            in = hl;
        }
        int units = nUnit[depth - 1];
        double b0 = outputBias ? params[bOff[depth]] : 0.0;
        java.util.Arrays.fill(out, 0, n, b0);
        for (int k = 0; k < units; k++) {
            double w = params[wOff[depth] + k];
            if (w == 0.0) {
                continue;
            }
            double[] hk = in[k];
            for (int i = 0; i < n; i++) {
                out[i] += w * hk[i];
            }
        }
    }

    private void backward(double[][] x, double[] dOut, double[] grad) {
        int n = rows;
        int last = depth - 1;
        int units = nUnit[last];
        double[][] hLast = h[last];
        double[][] dhLast = dh[last];
        for (int k = 0; k < units; k++) {
            grad[wOff[depth] + k] = dot(hLast[k], dOut, n);
            double w = params[wOff[depth] + k];
            double[] d = dhLast[k];
            for (int i = 0; i < n; i++) {
                d[i] = w * dOut[i];
            }
        }
        if (outputBias) {
            grad[bOff[depth]] = sum(dOut, n);
        }
        for (int l = last; l >= 0; l--) {
            double[][] dzl = dz[l];
            double[][] gl = dfdz[l];
            double[][] dhl = dh[l];
            int u = nUnary[l];
            int cols = nCol[l];
            for (int c = 0; c < cols; c++) {
                int unit = c < u ? c : u + (c - u) / 2;
                double[] dzc = dzl[c];
                double[] g = gl[c];
                double[] dhu = dhl[unit];
                for (int i = 0; i < n; i++) {
                    dzc[i] = dhu[i] * g[i];
                }
            }
            double[][] in = l == 0 ? x : h[l - 1];
            int ins = nIn[l];
            int w0 = wOff[l];
            for (int k = 0; k < ins; k++) {
                double[] hk = in[k];
                for (int c = 0; c < cols; c++) {
                    grad[w0 + k * cols + c] = dot(hk, dzl[c], n);
                }
            }
            if (bias) {
                for (int c = 0; c < cols; c++) {
                    grad[bOff[l] + c] = sum(dzl[c], n);
                }
            }
            if (l > 0) {
                double[][] dprev = dh[l - 1];
                for (int k = 0; k < ins; k++) {
                    double[] d = dprev[k];
                    boolean started = false;
                    for (int c = 0; c < cols; c++) {
                        double w = params[w0 + k * cols + c];
                        if (w == 0.0) {
                            continue;
                        }
                        double[] dzc = dzl[c];
                        if (!started) {
                            for (int i = 0; i < n; i++) {
                                d[i] = w * dzc[i];
                            }
                            started = true;
                        } else {
                            for (int i = 0; i < n; i++) {
                                d[i] += w * dzc[i];
                            }
                        }
                    }
                    if (!started) {
                        java.util.Arrays.fill(d, 0, n, 0.0);
                    }
                }
            }
        }
    }

    /** Dot product with four accumulators (independent chains let the CPU overlap the adds). */
    private static double dot(double[] a, double[] b, int n) {
        double s0 = 0.0;
        double s1 = 0.0;
        double s2 = 0.0;
        double s3 = 0.0;
        int i = 0;
        for (; i + 3 < n; i += 4) {
            s0 += a[i] * b[i];
            s1 += a[i + 1] * b[i + 1];
            s2 += a[i + 2] * b[i + 2];
            s3 += a[i + 3] * b[i + 3];
        }
        for (; i < n; i++) {
            s0 += a[i] * b[i];
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static double sum(double[] a, int n) {
        double s = 0.0;
        for (int i = 0; i < n; i++) {
            s += a[i];
        }
        return s;
    }

    /** The linear-map outputs z of hidden layer l from the last forward pass (live buffers; for tests). */
    double[][] preActivations(int l) {
        return z[l];
    }

    // ------------------------------------------------------------------------------------------------------
    // Read-off

    /**
     * The network as an expression over the named inputs, exactly as it computes: zero weights drop their terms,
     * a unit whose input is identically zero becomes the constant {@code f(0)} (or vanishes when that is 0),
     * every other weight appears as a {@code w*h} term. Nothing else is simplified.
     *
     * @param inputNames one name per input, in column order
     */
    public Expr toExpr(List<String> inputNames) {
        if (inputNames.size() != inputs) {
            throw new IllegalArgumentException(
                    "got " + inputNames.size() + " input names for a network with " + inputs + " inputs");
        }
        // null stands for "identically zero"
        Expr[] prev = new Expr[inputs];
        for (int j = 0; j < inputs; j++) {
            prev[j] = Expr.var(inputNames.get(j));
        }
        for (int l = 0; l < depth; l++) {
            int cols = nCol[l];
            Expr[] zc = new Expr[cols];
            for (int c = 0; c < cols; c++) {
                List<Expr> terms = new ArrayList<>();
                if (bias && params[bOff[l] + c] != 0.0) {
                    terms.add(new Const(params[bOff[l] + c]));
                }
                for (int k = 0; k < nIn[l]; k++) {
                    double w = params[wOff[l] + k * cols + c];
                    if (w != 0.0 && prev[k] != null) {
                        terms.add(Expr.mul(new Const(w), prev[k]));
                    }
                }
                zc[c] = sumOf(terms);
            }
            int u = nUnary[l];
            Expr[] hl = new Expr[nUnit[l]];
            for (int j = 0; j < u; j++) {
                hl[j] = ops[l][j].toExpr(zc[j]);
            }
            for (int j = u; j < nUnit[l]; j++) {
                int a = u + 2 * (j - u);
                hl[j] = ops[l][j].toExpr(zc[a], zc[a + 1]);
            }
            prev = hl;
        }
        List<Expr> terms = new ArrayList<>();
        if (outputBias && params[bOff[depth]] != 0.0) {
            terms.add(new Const(params[bOff[depth]]));
        }
        for (int k = 0; k < nUnit[depth - 1]; k++) {
            double w = params[wOff[depth] + k];
            if (w != 0.0 && prev[k] != null) {
                terms.add(Expr.mul(new Const(w), prev[k]));
            }
        }
        Expr e = sumOf(terms);
        return e == null ? new Const(0.0) : e;
    }

    private static Expr sumOf(List<Expr> terms) {
        Expr s = null;
        for (Expr t : terms) {
            s = s == null ? t : Expr.add(s, t);
        }
        return s;
    }
}
