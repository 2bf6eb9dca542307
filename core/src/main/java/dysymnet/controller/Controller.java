package dysymnet.controller;

import dysymnet.net.Architecture;
import dysymnet.net.Operator;
import dysymnet.net.Optimizer;
import dysymnet.net.SearchSpace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The RNN controller of DySymNet: a one-layer LSTM that samples architectures autoregressively (paper, Algorithm 2)
 * and learns by risk-seeking policy gradient with an entropy bonus (Algorithm 1), trained with Adam.
 *
 * <p><b>Sampling.</b> Step 1 emits probabilities over the layer counts and samples L; then for each layer one step
 * emits probabilities over the widths (sample n_i) and one step emits probabilities over the operator library (the
 * layer's n_i operators are drawn i.i.d. from it). So a sample takes {@code T = 1 + 2L} LSTM steps. The input of
 * step t &gt; 1 is the probability vector of step t-1, zero-padded to the common input size
 * {@code D = max(|layer counts|, |widths|, |operators|)} and fed through the one shared input matrix; the first
 * input is D values uniform in [0, 1) drawn from the sampling generator and kept in the {@link Sample}. The state
 * starts at zero. Three linear heads (layer count, width, operator) read the hidden state and are followed by a
 * softmax. Gradients flow through the probability vectors fed back as inputs as well (full backprop through time).
 * With nesting constraints in the search space, a layer's operator softmax runs only over the operators that the
 * functions of the earlier layers allow ({@link NestingMask}); the others have probability 0 and take no gradient, and
 * the replay of a sample applies the same mask. Without constraints the computation is exactly the unmasked one.
 *
 * <p><b>Update.</b> For rewards R_k (non-finite counted as 0), R_eps = {@link RiskSeeking#threshold} at eps, the
 * kept set K = {k : R_k &gt;= R_eps}, and the objective, ascended by one Adam step, is
 * <pre>  J = (1/|K|) sum_{k in K} (R_k - R_eps) log p(a_k)  +  lambda_H (1/|K|) sum_{k in K} H(a_k)</pre>
 * i.e. both means are over the kept samples (the paper's ReduceMean after selecting F). log p and H are recomputed
 * by replaying each sample's draw with the current parameters. When every kept reward equals R_eps the policy
 * gradient term is exactly zero and only the entropy term moves the parameters.
 *
 * <p><b>Initialization.</b> LSTM and head weights uniform in [-1/sqrt(H), 1/sqrt(H)] from the generator given to the
 * constructor; biases zero except the forget-gate bias, 1. Same generator seed, same samples and updates.
 *
 * <p>Not thread-safe: sampling and updating share preallocated work buffers.
 */
public final class Controller implements ArchitectureSampler {

    private static final int TYPE_LAYERS = 0;
    private static final int TYPE_WIDTH = 1;
    private static final int TYPE_OPERATOR = 2;

    private final SearchSpace space;
    private final ControllerConfig config;
    private final Operator[] operators;
    private final NestingMask nesting;
    private final int hidden;
    private final int inputSize;
    private final int[] vocab = new int[3];
    private final int maxSteps;

    // All parameters in one flat vector so Adam and gradient checks treat them uniformly.
    private final double[] theta;
    private final int offW;      // 4H x D input weights, gate blocks i, f, g, o
    private final int offU;      // 4H x H recurrent weights
    private final int offB;      // 4H gate biases
    private final int[] offHeadW = new int[3]; // vocab x H per head
    private final int[] offHeadB = new int[3]; // vocab per head

    private final double[] gradient;
    private final Optimizer adam;
    private long updates;

    // Forward caches of one sample, indexed by step; hs/cs[t] is the state before step t.
    private final int[] stepType;
    private final double[][] xs;
    private final double[][] gates;   // post-activation i, f, g, o
    private final double[][] hs;
    private final double[][] cs;
    private final double[][] tanhC;
    private final double[][] probs;
    private final double[][] logProbs;
    private final double[] stepEntropy;
    private final int[][] counts;     // token draws per vocabulary entry at each step
    private final int[] draws;        // number of draws at each step
    /** At each operator step under nesting constraints, the functions of the earlier layers (else -1). */
    private final long[] below;

    // Backward buffers.
    private final double[] dh;
    private final double[] dc;
    private final double[] da;
    private final double[] dz;
    private final double[] dx;

    /**
     * A controller with parameters initialized from {@code init} (used only during construction).
     */
    public Controller(SearchSpace space, ControllerConfig config, RandomGenerator init) {
        this.space = Objects.requireNonNull(space, "space");
        this.config = Objects.requireNonNull(config, "config");
        Objects.requireNonNull(init, "init");
        this.operators = space.operators().toArray(new Operator[0]);
        this.nesting = new NestingMask(space);
        this.hidden = config.hiddenSize();
        vocab[TYPE_LAYERS] = space.layers().size();
        vocab[TYPE_WIDTH] = space.widths().size();
        vocab[TYPE_OPERATOR] = operators.length;
        this.inputSize = Math.max(vocab[0], Math.max(vocab[1], vocab[2]));
        this.maxSteps = 1 + 2 * space.maxLayerCount();

        int g4 = 4 * hidden;
        int off = 0;
        offW = off;
        off += g4 * inputSize;
        offU = off;
        off += g4 * hidden;
        offB = off;
        off += g4;
        for (int k = 0; k < 3; k++) {
            offHeadW[k] = off;
            off += vocab[k] * hidden;
            offHeadB[k] = off;
            off += vocab[k];
        }
        theta = new double[off];
        gradient = new double[off];
        adam = Optimizer.Kind.ADAM.create(off);

        double scale = 1.0 / Math.sqrt(hidden);
        for (int i = offW; i < offB; i++) {
            theta[i] = (2 * init.nextDouble() - 1) * scale;
        }
        for (int j = 0; j < hidden; j++) {
            theta[offB + hidden + j] = 1.0;
        }
        for (int k = 0; k < 3; k++) {
            for (int i = offHeadW[k]; i < offHeadB[k]; i++) {
                theta[i] = (2 * init.nextDouble() - 1) * scale;
            }
        }

        int vmax = inputSize;
        stepType = new int[maxSteps];
        xs = new double[maxSteps][inputSize];
        gates = new double[maxSteps][g4];
        hs = new double[maxSteps + 1][hidden];
        cs = new double[maxSteps + 1][hidden];
        tanhC = new double[maxSteps][hidden];
        probs = new double[maxSteps][vmax];
        logProbs = new double[maxSteps][vmax];
        stepEntropy = new double[maxSteps];
        counts = new int[maxSteps][vmax];
        draws = new int[maxSteps];
        below = new long[maxSteps];
        Arrays.fill(below, -1L);
        dh = new double[hidden];
        dc = new double[hidden];
        da = new double[g4];
        dz = new double[vmax];
        dx = new double[inputSize];
    }

    @Override
    public SearchSpace space() {
        return space;
    }

    /** The controller's learning settings. */
    public ControllerConfig config() {
        return config;
    }

    /** Number of trainable parameters. */
    public int parameterCount() {
        return theta.length;
    }

    /** Number of updates (Adam steps) taken so far. */
    public long updateCount() {
        return updates;
    }

    // ---------------------------------------------------------------------------------------------- sampling

    @Override
    public Sample sample(RandomGenerator rng) {
        Objects.requireNonNull(rng, "rng");
        double[] first = new double[inputSize];
        for (int j = 0; j < inputSize; j++) {
            first[j] = rng.nextDouble();
        }
        System.arraycopy(first, 0, xs[0], 0, inputSize);
        Arrays.fill(hs[0], 0.0);
        Arrays.fill(cs[0], 0.0);

        double logProb = 0;
        double entropy = 0;
        int t = 0;
        forwardStep(t, TYPE_LAYERS);
        int layerIndex = categorical(probs[t], vocab[TYPE_LAYERS], rng);
        logProb += logProbs[t][layerIndex];
        entropy += stepEntropy[t];
        t++;

        int layersN = space.layerCount(layerIndex);
        int[] widthIdx = new int[layersN];
        int[][] opIdx = new int[layersN][];
        List<Architecture.Layer> layers = new ArrayList<>(layersN);
        long earlier = 0;
        for (int i = 0; i < layersN; i++) {
            feedBack(t);
            forwardStep(t, TYPE_WIDTH);
            widthIdx[i] = categorical(probs[t], vocab[TYPE_WIDTH], rng);
            logProb += logProbs[t][widthIdx[i]];
            entropy += stepEntropy[t];
            t++;

            feedBack(t);
            below[t] = nesting.active() ? earlier : -1;
            forwardStep(t, TYPE_OPERATOR);
            int n = space.width(widthIdx[i]);
            opIdx[i] = new int[n];
            List<Operator> units = new ArrayList<>(n);
            long here = earlier;
            for (int u = 0; u < n; u++) {
                int o = categorical(probs[t], vocab[TYPE_OPERATOR], rng);
                opIdx[i][u] = o;
                logProb += logProbs[t][o];
                units.add(operators[o]);
                here = nesting.with(here, o);
            }
            earlier = here;
            entropy += stepEntropy[t];
            t++;
            layers.add(new Architecture.Layer(units));
        }
        return new Sample(new Architecture(layers), first, layerIndex, widthIdx, opIdx, logProb, entropy);
    }

    /** log p of the sample's tokens under the current parameters, by replaying its draw. */
    public double logProbability(Sample s) {
        checkCompatible(s, "sample");
        replay(s);
        return replayedLogProb;
    }

    /** The summed step entropies of the sample's draw under the current parameters, by replaying it. */
    public double entropy(Sample s) {
        checkCompatible(s, "sample");
        replay(s);
        return replayedEntropy;
    }

    private static int categorical(double[] p, int v, RandomGenerator rng) {
        double u = rng.nextDouble();
        double acc = 0;
        int last = 0;
        for (int j = 0; j < v; j++) {
            if (p[j] > 0) {
                last = j;
                acc += p[j];
                if (u < acc) {
                    return j;
                }
            }
        }
        // Rounding can leave the cumulative sum just below u; fall back to the last reachable token.
        return last;
    }

    /** Input of step t: the probabilities of step t-1, zero-padded. */
    private void feedBack(int t) {
        int v = vocab[stepType[t - 1]];
        double[] x = xs[t];
        System.arraycopy(probs[t - 1], 0, x, 0, v);
        Arrays.fill(x, v, inputSize, 0.0);
    }

    /** One LSTM step from (xs[t], hs[t], cs[t]) to (hs[t+1], cs[t+1]) and the head's softmax at step t. */
    private void forwardStep(int t, int type) {
        stepType[t] = type;
        int hN = hidden;
        double[] x = xs[t];
        double[] hp = hs[t];
        double[] cp = cs[t];
        double[] gt = gates[t];
        double[] th = theta;
        for (int r = 0; r < 4 * hN; r++) {
            double a = th[offB + r] + dot(th, offW + r * inputSize, x, inputSize) + dot(th, offU + r * hN, hp, hN);
            gt[r] = (r >= 2 * hN && r < 3 * hN) ? tanh(a) : sigmoid(a);
        }
        double[] hn = hs[t + 1];
        double[] cn = cs[t + 1];
        double[] tc = tanhC[t];
        for (int j = 0; j < hN; j++) {
            double c = gt[hN + j] * cp[j] + gt[j] * gt[2 * hN + j];
            cn[j] = c;
            tc[j] = tanh(c);
            hn[j] = gt[3 * hN + j] * tc[j];
        }

        int v = vocab[type];
        double[] z = logProbs[t];
        int hw = offHeadW[type];
        int hb = offHeadB[type];
        if (type == TYPE_OPERATOR && below[t] >= 0) {
            maskedSoftmax(t, hn, below[t]);
            return;
        }
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < v; k++) {
            double a = th[hb + k] + dot(th, hw + k * hN, hn, hN);
            z[k] = a;
            max = Math.max(max, a);
        }
        double sum = 0;
        for (int k = 0; k < v; k++) {
            sum += Math.exp(z[k] - max);
        }
        double lse = max + Math.log(sum);
        double[] p = probs[t];
        double ent = 0;
        for (int k = 0; k < v; k++) {
            z[k] -= lse;
            p[k] = Math.exp(z[k]);
            ent -= p[k] * z[k];
        }
        stepEntropy[t] = ent;
    }

    /**
     * The operator head's softmax at step t over the operators the nesting constraints allow after the functions
     * {@code earlier}: the others get probability 0 (log-probability -Infinity) and no gradient.
     */
    private void maskedSoftmax(int t, double[] hn, long earlier) {
        int v = vocab[TYPE_OPERATOR];
        double[] z = logProbs[t];
        double[] p = probs[t];
        int hw = offHeadW[TYPE_OPERATOR];
        int hb = offHeadB[TYPE_OPERATOR];
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < v; k++) {
            if (nesting.allowed(k, earlier)) {
                double a = theta[hb + k] + dot(theta, hw + k * hidden, hn, hidden);
                z[k] = a;
                max = Math.max(max, a);
            }
        }
        double sum = 0;
        for (int k = 0; k < v; k++) {
            if (nesting.allowed(k, earlier)) {
                sum += Math.exp(z[k] - max);
            }
        }
        double lse = max + Math.log(sum);
        double ent = 0;
        for (int k = 0; k < v; k++) {
            if (nesting.allowed(k, earlier)) {
                z[k] -= lse;
                p[k] = Math.exp(z[k]);
                ent -= p[k] * z[k];
            } else {
                z[k] = Double.NEGATIVE_INFINITY;
                p[k] = 0.0;
            }
        }
        stepEntropy[t] = ent;
    }

    /** w[off..off+n) . x[0..n) with four partial sums, which lets the JIT overlap the multiply-adds. */
    private static double dot(double[] w, int off, double[] x, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int j = 0;
        for (; j + 3 < n; j += 4) {
            s0 += w[off + j] * x[j];
            s1 += w[off + j + 1] * x[j + 1];
            s2 += w[off + j + 2] * x[j + 2];
            s3 += w[off + j + 3] * x[j + 3];
        }
        for (; j < n; j++) {
            s0 += w[off + j] * x[j];
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static double sigmoid(double a) {
        return 1.0 / (1.0 + Math.exp(-a));
    }

    /** tanh through the intrinsic exp: several times faster than Math.tanh, absolute error about 1e-16. */
    private static double tanh(double a) {
        return 1.0 - 2.0 / (Math.exp(2.0 * a) + 1.0);
    }

    // ------------------------------------------------------------------------------------------------ replay

    private double replayedLogProb;
    private double replayedEntropy;
    private int replayedSteps;

    /** Re-runs the forward pass of a sample's draw with the current parameters, filling the step caches. */
    private void replay(Sample s) {
        double[] first = s.firstInput();
        System.arraycopy(first, 0, xs[0], 0, inputSize);
        Arrays.fill(hs[0], 0.0);
        Arrays.fill(cs[0], 0.0);
        int[] widthIdx = s.widthIndices();
        int[][] opIdx = s.operatorIndices();
        double logProb = 0;
        double entropy = 0;
        int t = 0;
        long earlier = 0;
        forwardStep(t, TYPE_LAYERS);
        setSingleDraw(t, s.layerIndex());
        logProb += logProbs[t][s.layerIndex()];
        entropy += stepEntropy[t];
        t++;
        for (int i = 0; i < widthIdx.length; i++) {
            feedBack(t);
            forwardStep(t, TYPE_WIDTH);
            setSingleDraw(t, widthIdx[i]);
            logProb += logProbs[t][widthIdx[i]];
            entropy += stepEntropy[t];
            t++;

            feedBack(t);
            below[t] = nesting.active() ? earlier : -1;
            forwardStep(t, TYPE_OPERATOR);
            Arrays.fill(counts[t], 0);
            long here = earlier;
            for (int o : opIdx[i]) {
                counts[t][o]++;
                logProb += logProbs[t][o];
                here = nesting.with(here, o);
            }
            earlier = here;
            draws[t] = opIdx[i].length;
            entropy += stepEntropy[t];
            t++;
        }
        replayedLogProb = logProb;
        replayedEntropy = entropy;
        replayedSteps = t;
    }

    private void setSingleDraw(int t, int token) {
        Arrays.fill(counts[t], 0);
        counts[t][token] = 1;
        draws[t] = 1;
    }

    // ------------------------------------------------------------------------------------------------ update

    /**
     * One risk-seeking policy-gradient step (see the class comment for the exact objective) on samples drawn by
     * this controller.
     *
     * @throws IllegalArgumentException if the batch is empty, the reward count differs from the batch size, or a
     *                                  sample does not fit this controller's configuration
     */
    @Override
    public UpdateStats update(List<Sample> batch, double[] rewards) {
        RiskSeeking.checkBatch(batch, rewards);
        for (int k = 0; k < batch.size(); k++) {
            checkCompatible(batch.get(k), "batch[" + k + "]");
        }
        double[] r = config.normalizeAdvantages() ? normalized(rewards) : rewards;
        int steps = config.updatesPerBatch();
        boolean bounded = steps > 1 && config.maxKl() > 0;
        double[] before = bounded ? logProbabilities(batch) : null;
        UpdateStats first = null;
        for (int u = 0; u < steps; u++) {
            UpdateStats stats = adamStep(batch, r);
            if (first == null) {
                first = stats;
            }
            if (bounded && u < steps - 1 && klFrom(batch, before) > config.maxKl()) {
                break;
            }
        }
        return first;
    }

    /** One Adam step on the objective J of the batch (see the class comment). */
    private UpdateStats adamStep(List<Sample> batch, double[] rewards) {
        double[] q = new double[2];
        double objective = objectiveAndGradient(batch, rewards, gradient, q);
        updates++;
        // gradient ascent on J is descent on -J; negation is exact, so Adam's moments are those of J negated
        for (int i = 0; i < gradient.length; i++) {
            gradient[i] = -gradient[i];
        }
        adam.step(theta, gradient, config.learningRate());
        return new UpdateStats(q[0], (int) q[1], batch.size(), objective);
    }

    /**
     * The rewards divided by their standard deviation over the batch (non-finite ones counted as 0), so that the
     * weights R_k - R_eps are in units of the batch's spread; unchanged when the spread is 0 (the policy-gradient
     * term is then 0 anyway).
     */
    static double[] normalized(double[] rewards) {
        double mean = 0;
        for (double x : rewards) {
            mean += RiskSeeking.sanitize(x);
        }
        mean /= rewards.length;
        double ss = 0;
        for (double x : rewards) {
            double d = RiskSeeking.sanitize(x) - mean;
            ss += d * d;
        }
        double sd = Math.sqrt(ss / rewards.length);
        if (!(sd > 1e-12)) {
            return rewards;
        }
        double[] out = new double[rewards.length];
        for (int k = 0; k < out.length; k++) {
            out[k] = RiskSeeking.sanitize(rewards[k]) / sd;
        }
        return out;
    }

    private double[] logProbabilities(List<Sample> batch) {
        double[] lp = new double[batch.size()];
        for (int k = 0; k < lp.length; k++) {
            lp[k] = logProbability(batch.get(k));
        }
        return lp;
    }

    /**
     * The KL divergence of the policy whose log-probabilities of the batch's samples were {@code before} from the
     * current one, estimated on those samples (drawn from the earlier policy) with the non-negative estimator
     * {@code mean(ratio - 1 - log ratio)}, ratio = p_now / p_before.
     */
    double klFrom(List<Sample> batch, double[] before) {
        double sum = 0;
        for (int k = 0; k < before.length; k++) {
            double logRatio = logProbability(batch.get(k)) - before[k];
            sum += Math.expm1(logRatio) - logRatio;
        }
        return sum / before.length;
    }

    /** The live parameter vector (tests perturb it for finite differences). */
    double[] parameters() {
        return theta;
    }

    /** Start offsets of the parameter groups, in order W, U, b, then weights and bias of each head. */
    int[] groupOffsets() {
        return new int[]{offW, offU, offB, offHeadW[0], offHeadB[0], offHeadW[1], offHeadB[1], offHeadW[2],
                offHeadB[2], theta.length};
    }

    /** The objective J at the current parameters, without gradient. */
    double objective(List<Sample> batch, double[] rewards) {
        return objectiveAndGradient(batch, rewards, null, new double[2]);
    }

    /**
     * Computes J and, if {@code grad} is not null, overwrites it with dJ/dtheta. {@code stats} receives R_eps and
     * the number kept.
     */
    double objectiveAndGradient(List<Sample> batch, double[] rewards, double[] grad, double[] stats) {
        RiskSeeking.checkBatch(batch, rewards);
        for (int k = 0; k < batch.size(); k++) {
            checkCompatible(batch.get(k), "batch[" + k + "]");
        }
        double threshold = RiskSeeking.threshold(rewards, config.riskFactor());
        boolean[] keep = RiskSeeking.kept(rewards, threshold);
        int kept = 0;
        for (boolean b : keep) {
            if (b) {
                kept++;
            }
        }
        stats[0] = threshold;
        stats[1] = kept;
        if (grad != null) {
            Arrays.fill(grad, 0.0);
        }
        double wEntropy = config.entropyWeight() / kept;
        double objective = 0;
        for (int k = 0; k < batch.size(); k++) {
            if (!keep[k]) {
                continue;
            }
            double wPg = (RiskSeeking.sanitize(rewards[k]) - threshold) / kept;
            Sample s = batch.get(k);
            replay(s);
            objective += wPg * replayedLogProb + wEntropy * replayedEntropy;
            if (grad != null) {
                backward(replayedSteps, wPg, wEntropy, grad);
            }
        }
        return objective;
    }

    /**
     * Accumulates into {@code grad} the gradient of {@code wPg * logProb + wEntropy * entropy} of the sample whose
     * forward pass is in the step caches (T steps).
     */
    private void backward(int steps, double wPg, double wEntropy, double[] grad) {
        int hN = hidden;
        double[] th = theta;
        Arrays.fill(dh, 0.0);
        Arrays.fill(dc, 0.0);
        Arrays.fill(dx, 0.0);
        for (int t = steps - 1; t >= 0; t--) {
            int type = stepType[t];
            int v = vocab[type];
            double[] p = probs[t];
            double[] lp = logProbs[t];
            double ent = stepEntropy[t];
            int[] cnt = counts[t];
            int n = draws[t];

            // dx holds dJ/d(x_{t+1}) from the step after; its first v entries are dJ/d(p_t) via the feedback.
            boolean fed = t < steps - 1;
            double pg = 0;
            if (fed) {
                for (int j = 0; j < v; j++) {
                    pg += p[j] * dx[j];
                }
            }
            boolean masked = type == TYPE_OPERATOR && below[t] >= 0;
            for (int j = 0; j < v; j++) {
                if (masked && !nesting.allowed(j, below[t])) {
                    dz[j] = 0.0; // not a choice at this step: its logit does not matter
                    continue;
                }
                double g = wPg * (cnt[j] - n * p[j]) - wEntropy * p[j] * (lp[j] + ent);
                if (fed) {
                    g += p[j] * (dx[j] - pg);
                }
                dz[j] = g;
            }

            // Head: logits = Wk h_{t+1} + bk.
            double[] hn = hs[t + 1];
            int hw = offHeadW[type];
            int hb = offHeadB[type];
            for (int j = 0; j < v; j++) {
                double g = dz[j];
                grad[hb + j] += g;
                int w = hw + j * hN;
                for (int i = 0; i < hN; i++) {
                    grad[w + i] += g * hn[i];
                    dh[i] += th[w + i] * g;
                }
            }

            // LSTM cell: dh and dc now hold dJ/dh_{t+1} and dJ/dc_{t+1}.
            double[] gt = gates[t];
            double[] tc = tanhC[t];
            double[] cp = cs[t];
            for (int i = 0; i < hN; i++) {
                double ig = gt[i];
                double fg = gt[hN + i];
                double gg = gt[2 * hN + i];
                double og = gt[3 * hN + i];
                double dct = dc[i] + dh[i] * og * (1 - tc[i] * tc[i]);
                da[i] = dct * gg * ig * (1 - ig);
                da[hN + i] = dct * cp[i] * fg * (1 - fg);
                da[2 * hN + i] = dct * ig * (1 - gg * gg);
                da[3 * hN + i] = dh[i] * tc[i] * og * (1 - og);
                dc[i] = dct * fg;
            }
            double[] x = xs[t];
            double[] hp = hs[t];
            Arrays.fill(dh, 0.0);
            Arrays.fill(dx, 0.0);
            for (int r = 0; r < 4 * hN; r++) {
                double g = da[r];
                if (g == 0.0) {
                    continue;
                }
                grad[offB + r] += g;
                int w = offW + r * inputSize;
                for (int j = 0; j < inputSize; j++) {
                    grad[w + j] += g * x[j];
                    dx[j] += th[w + j] * g;
                }
                int u = offU + r * hN;
                for (int j = 0; j < hN; j++) {
                    grad[u + j] += g * hp[j];
                    dh[j] += th[u + j] * g;
                }
            }
        }
    }

    private void checkCompatible(Sample s, String name) {
        Objects.requireNonNull(s, name);
        if (s.firstInput().length != inputSize) {
            throw new IllegalArgumentException(name + ": first input has length " + s.firstInput().length
                    + ", this controller expects " + inputSize + " (was it drawn by another sampler?)");
        }
        int li = s.layerIndex();
        if (li < 0 || li >= vocab[TYPE_LAYERS] || space.layerCount(li) != s.layerCount()) {
            throw new IllegalArgumentException(name + ": layer index " + li + " with " + s.layerCount()
                    + " layers does not fit layer counts " + space.layers());
        }
        int[] wi = s.widthIndices();
        int[][] oi = s.operatorIndices();
        for (int i = 0; i < wi.length; i++) {
            if (wi[i] < 0 || wi[i] >= vocab[TYPE_WIDTH] || space.width(wi[i]) != oi[i].length) {
                throw new IllegalArgumentException(name + ": layer " + i + " width index " + wi[i] + " with "
                        + oi[i].length + " operators does not fit widths " + space.widths());
            }
            for (int o : oi[i]) {
                if (o < 0 || o >= vocab[TYPE_OPERATOR]) {
                    throw new IllegalArgumentException(name + ": layer " + i + " operator index " + o
                            + " is outside the library of " + vocab[TYPE_OPERATOR] + " operators");
                }
            }
        }
    }
}
