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
 * <p>The rows are computed in blocks of at most {@link #BLOCK_ROWS}; the work buffers are sized for one block and
 * reused, so a network is not thread-safe: use one network per thread ({@link #copy()} makes an independent one).
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

    // Work buffers for blocks of `rows` rows (see BLOCK_ROWS); (re)allocated only when that size changes.
    private int rows = -1;
    /** A block of the inputs, when the data has more rows than a block. */
    private double[][] xBlock;
    /** The gradient's partial sums over the blocks so far: four per weight (a dot product), one per bias. */
    private double[][] acc;
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

    /**
     * Rows computed at a time (a multiple of 4): the work buffers hold one block of rows per column of every layer,
     * so a network's memory does not grow with the data beyond that (a wide network on 200,000 rows would otherwise
     * need gigabytes). Every per-row number is computed as on the whole column, and the sums over rows (the MSE, the
     * gradient's dot products with their four interleaved partial sums) carry their partial sums from block to
     * block in the same order, so the results do not depend on the block size.
     */
    public static final int BLOCK_ROWS = 4096;

    /** The block size in use: {@link #BLOCK_ROWS} unless a test set another. */
    private int blockRows = BLOCK_ROWS;

    /** Sets the block size, a positive multiple of 4 (for tests: results must not depend on it). */
    void setBlockRows(int b) {
        if (b < 4 || b % 4 != 0) {
            throw new IllegalArgumentException("the block size must be a positive multiple of 4, got " + b);
        }
        blockRows = b;
        rows = -1;
    }

    /** Allocates the work buffers for a block of {@code min(n, blockRows)} rows, unless they have that size. */
    private void ensureRows(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("need at least one row, got " + n);
        }
        int b = Math.min(n, blockRows);
        if (b == rows) {
            return;
        }
        z = new double[depth][][];
        dfdz = new double[depth][][];
        dz = new double[depth][][];
        h = new double[depth][][];
        dh = new double[depth][][];
        for (int l = 0; l < depth; l++) {
            z[l] = new double[nCol[l]][b];
            dfdz[l] = new double[nCol[l]][b];
            dz[l] = new double[nCol[l]][b];
            h[l] = new double[nUnit[l]][b];
            dh[l] = new double[nUnit[l]][b];
        }
        out = new double[b];
        xBlock = null;
        rows = b;
    }

    /**
     * The inputs of the block of {@code m} rows at {@code start}: the data's own columns when it is one block, else a
     * copy into a block buffer.
     */
    private double[][] inputBlock(double[][] x, int start, int m) {
        if (start == 0 && m == x[0].length) {
            return x;
        }
        if (xBlock == null) {
            xBlock = new double[inputs][rows];
        }
        for (int j = 0; j < inputs; j++) {
            System.arraycopy(x[j], start, xBlock[j], 0, m);
        }
        return xBlock;
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
     * Network output for column-major inputs {@code x[j][i]}: a new array. Allocates work buffers when the block
     * size differs from the previous call's.
     */
    public double[] predict(double[][] x) {
        checkData(x, null);
        int n = x[0].length;
        ensureRows(n);
        double[] result = new double[n];
        for (int start = 0; start < n; start += rows) {
            int m = Math.min(rows, n - start);
            forward(inputBlock(x, start, m), m, false);
            System.arraycopy(out, 0, result, start, m);
        }
        return result;
    }

    /** Mean squared error on the given data (no gradient). */
    public double mse(double[][] x, double[] y) {
        return mse(x, y, null);
    }

    /**
     * Weighted mean squared error {@code sum w r^2 / sum w} on the given data (no gradient); the plain MSE for null
     * weights.
     */
    public double mse(double[][] x, double[] y, double[] w) {
        checkData(x, y);
        if (w != null) {
            return weightedMse(x, y, w);
        }
        int n = y.length;
        ensureRows(n);
        double s = 0.0;
        for (int start = 0; start < n; start += rows) {
            int m = Math.min(rows, n - start);
            forward(inputBlock(x, start, m), m, false);
            for (int i = 0; i < m; i++) {
                double r = out[i] - y[start + i];
                s += r * r;
            }
        }
        return s / n;
    }

    private double weightedMse(double[][] x, double[] y, double[] w) {
        int n = y.length;
        if (w.length != n) {
            throw new IllegalArgumentException("w has " + w.length + " values, x has " + n + " rows");
        }
        ensureRows(n);
        double s = 0.0;
        double sw = 0.0;
        for (int start = 0; start < n; start += rows) {
            int m = Math.min(rows, n - start);
            forward(inputBlock(x, start, m), m, false);
            for (int i = 0; i < m; i++) {
                double r = out[i] - y[start + i];
                s += w[start + i] * (r * r);
                sw += w[start + i];
            }
        }
        return s / sw;
    }

    /**
     * The MSE on {@code (x, y)} and its exact gradient with respect to {@link #params()}, written into
     * {@code grad} (overwritten). Allocates nothing once the buffers exist for this block size.
     *
     * @return the MSE (possibly NaN or infinite; the caller decides what to do)
     */
    public double lossAndGradient(double[][] x, double[] y, double[] grad) {
        return lossAndGradient(x, y, null, grad);
    }

    /**
     * The weighted MSE {@code sum w r^2 / sum w} on {@code (x, y)} with weights {@code w} (null: the plain MSE, to the
     * bit) and its exact gradient, written into {@code grad}: each row's residual enters the reverse pass times its
     * weight, {@code dL/dout_i = 2 w_i r_i / sum w}.
     */
    public double lossAndGradient(double[][] x, double[] y, double[] w, double[] grad) {
        if (grad.length != params.length) {
            throw new IllegalArgumentException(
                    "grad has " + grad.length + " entries, the network has " + params.length + " parameters");
        }
        if (x.length != inputs || y.length != x[0].length) {
            checkData(x, y);
        }
        int n = y.length;
        ensureRows(n);
        if (acc == null) {
            acc = new double[4][params.length];
        } else {
            for (double[] a : acc) {
                java.util.Arrays.fill(a, 0.0);
            }
        }
        double s = 0.0;
        double sw = n;
        if (w != null) {
            if (w.length != n) {
                throw new IllegalArgumentException("w has " + w.length + " values, x has " + n + " rows");
            }
            sw = 0.0;
            for (double v : w) {
                sw += v;
            }
        }
        double scale = 2.0 / sw;
        for (int start = 0; start < n; start += rows) {
            int m = Math.min(rows, n - start);
            double[][] in = inputBlock(x, start, m);
            forward(in, m, true);
            double[] dOut = out; // reused in place: out is not needed after the residual is formed
            if (w == null) {
                for (int i = 0; i < m; i++) {
                    double r = out[i] - y[start + i];
                    s += r * r;
                    dOut[i] = scale * r;
                }
            } else {
                for (int i = 0; i < m; i++) {
                    double r = out[i] - y[start + i];
                    double wr = w[start + i] * r;
                    s += wr * r;
                    dOut[i] = scale * wr;
                }
            }
            backward(in, dOut, m);
        }
        double[] a0 = acc[0];
        double[] a1 = acc[1];
        double[] a2 = acc[2];
        double[] a3 = acc[3];
        for (int p = 0; p < grad.length; p++) {
            // a weight's gradient is a dot product over the rows (four partial sums), a bias's a plain sum (one)
            grad[p] = weightMask[p] ? (a0[p] + a1[p]) + (a2[p] + a3[p]) : a0[p];
        }
        return s / sw;
    }

    /** Forward pass over a block of {@code n} rows whose inputs are {@code x[j][0..n)}. */
    private void forward(double[][] x, int n, boolean derivs) {
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

    /**
     * Backward pass over the block of {@code n} rows of the last forward pass, adding each parameter's part of the
     * gradient to its partial sums in {@link #acc}.
     */
    private void backward(double[][] x, double[] dOut, int n) {
        int last = depth - 1;
        int units = nUnit[last];
        double[][] hLast = h[last];
        double[][] dhLast = dh[last];
        int k2 = 0;
        for (; k2 + 1 < units; k2 += 2) {
            dot2(hLast[k2], dOut, wOff[depth] + k2, hLast[k2 + 1], dOut, wOff[depth] + k2 + 1, n);
        }
        if (k2 < units) {
            dot(hLast[k2], dOut, n, wOff[depth] + k2);
        }
        for (int k = 0; k < units; k++) {
            double w = params[wOff[depth] + k];
            double[] d = dhLast[k];
            for (int i = 0; i < n; i++) {
                d[i] = w * dOut[i];
            }
        }
        if (outputBias) {
            sum(dOut, n, bOff[depth]);
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
                int c = 0;
                for (; c + 1 < cols; c += 2) {
                    dot2(hk, dzl[c], w0 + k * cols + c, hk, dzl[c + 1], w0 + k * cols + c + 1, n);
                }
                if (c < cols) {
                    dot(hk, dzl[c], n, w0 + k * cols + c);
                }
            }
            if (bias) {
                for (int c = 0; c < cols; c++) {
                    sum(dzl[c], n, bOff[l] + c);
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

    /**
     * Adds the dot product of a block to parameter p's four partial sums (independent chains let the CPU overlap
     * the adds). Rows go to the sums by their index modulo 4, blocks starting at multiples of 4, and a last odd
     * few to the first sum, exactly as one pass over all the rows would.
     */
    private void dot(double[] a, double[] b, int n, int p) {
        double s0 = acc[0][p];
        double s1 = acc[1][p];
        double s2 = acc[2][p];
        double s3 = acc[3][p];
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
        acc[0][p] = s0;
        acc[1][p] = s1;
        acc[2][p] = s2;
        acc[3][p] = s3;
    }

    /**
     * {@link #dot} for two parameters in one pass over the rows: p's sums get {@code a . b}, q's {@code c . d}, each
     * in exactly the order {@link #dot} adds them (so the result is the same to the last bit), with eight
     * independent chains of additions instead of four, which the CPU overlaps (the gradient's dot products were a
     * fifth of a search's time, bound by the latency of the additions).
     */
    private void dot2(double[] a, double[] b, int p, double[] c, double[] d, int q, int n) {
        double[] acc0 = acc[0];
        double[] acc1 = acc[1];
        double[] acc2 = acc[2];
        double[] acc3 = acc[3];
        double s0 = acc0[p];
        double s1 = acc1[p];
        double s2 = acc2[p];
        double s3 = acc3[p];
        double t0 = acc0[q];
        double t1 = acc1[q];
        double t2 = acc2[q];
        double t3 = acc3[q];
        int i = 0;
        for (; i + 3 < n; i += 4) {
            s0 += a[i] * b[i];
            t0 += c[i] * d[i];
            s1 += a[i + 1] * b[i + 1];
            t1 += c[i + 1] * d[i + 1];
            s2 += a[i + 2] * b[i + 2];
            t2 += c[i + 2] * d[i + 2];
            s3 += a[i + 3] * b[i + 3];
            t3 += c[i + 3] * d[i + 3];
        }
        for (; i < n; i++) {
            s0 += a[i] * b[i];
            t0 += c[i] * d[i];
        }
        acc0[p] = s0;
        acc1[p] = s1;
        acc2[p] = s2;
        acc3[p] = s3;
        acc0[q] = t0;
        acc1[q] = t1;
        acc2[q] = t2;
        acc3[q] = t3;
    }

    /** Adds the sum of a block to parameter p's (single) partial sum. */
    private void sum(double[] a, int n, int p) {
        double s = acc[0][p];
        for (int i = 0; i < n; i++) {
            s += a[i];
        }
        acc[0][p] = s;
    }

    /** The linear-map outputs z of hidden layer l from the last forward pass's last block (live buffers; for tests). */
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
