package dysymnet.net;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Const;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/**
 * Trains one symbolic network the paper's way: stage 1 on the MSE, stage 2 on MSE + lambda * sum L05*(w), both
 * with (adaptive) gradient clipping; then prunes small weights, optionally fine-tunes the survivors, and reads
 * the network off as an expression. With sample weights ({@link Dataset#weights()}) the MSE is the weighted one,
 * {@code sum w r^2 / sum w}, everywhere (the growing window's phases included), and lambda is scaled by the weighted
 * variance of the target. Non-finite numbers trigger a bounded number of restarts; training never throws
 * for numerical reasons.
 */
public final class Trainer {
    private Trainer() {
    }

    /** What one stage did. */
    public record StageResult(int steps, double loss, boolean finite) {
    }

    /**
     * Trains a fresh network of architecture {@code arch} on {@code data}.
     *
     * @param rng source of the initial weights (and of the fresh weights of restarts)
     */
    public static TrainedNetwork train(Architecture arch, Dataset data, TrainConfig cfg, RandomGenerator rng) {
        return train(arch, data, cfg, rng, () -> false);
    }

    /**
     * As {@link #train(Architecture, Dataset, TrainConfig, RandomGenerator)}, but every stage ends early once
     * {@code stop} says so, and the stages after it (stage 2, fine-tuning) do not start: a search past its time limit
     * or cancelled gets the network as trained so far (pruned) instead of waiting for the whole schedule. The stop is
     * asked every 64 steps when steps are cheap, and more often, down to every step, when a step costs more (many
     * rows, a wide network; see {@link #checkInterval}), so that about {@value #CHECK_WORK} row-parameter products
     * pass between two questions (some milliseconds).
     */
    public static TrainedNetwork train(Architecture arch, Dataset data, TrainConfig cfg, RandomGenerator rng,
                                       BooleanSupplier stop) {
        return train(arch, data, cfg, rng, stop, keepAll());
    }

    /**
     * The number of checkpoints of successive halving: the end of the growing-window phases (checkpoint 0) and the
     * end of stage 1 (checkpoint 1); without window phases only the end of stage 1, as checkpoint 0.
     */
    public static final int CHECKPOINTS = 2;

    /** Bounds that give up no network: every checkpoint's +Infinity. */
    public static double[] keepAll() {
        double[] b = new double[CHECKPOINTS];
        Arrays.fill(b, Double.POSITIVE_INFINITY);
        return b;
    }

    /**
     * As {@link #train(Architecture, Dataset, TrainConfig, RandomGenerator, BooleanSupplier)}, but training ends at
     * checkpoint {@code k} ({@link #CHECKPOINTS}) when the MSE there over var(y) is above {@code giveUpAbove[k]}: the
     * result is then {@link TrainedNetwork#gaveUp() given up}, with no read-off (unless {@code stop} already says
     * so: then, as without bounds, the network as trained so far is read off). With every bound +Infinity
     * ({@link #keepAll}) it is that method.
     */
    public static TrainedNetwork train(Architecture arch, Dataset data, TrainConfig cfg, RandomGenerator rng,
                                       BooleanSupplier stop, double[] giveUpAbove) {
        Objects.requireNonNull(stop, "stop");
        Objects.requireNonNull(arch, "arch");
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(cfg, "cfg");
        Objects.requireNonNull(rng, "rng");
        if (giveUpAbove.length != CHECKPOINTS) {
            throw new IllegalArgumentException("one bound per checkpoint expected, got " + giveUpAbove.length);
        }
        double[][] x = data.columns();
        double[] y = data.y();
        // sample weights (null: none): every loss below is the weighted MSE, sum w r^2 / sum w
        double[] w = data.weights();
        double variance = Metrics.variance(y, w);
        double tinyLoss = 1e-12 * variance;
        // The penalty weighs against the MSE, whose size is that of y squared: scaled by var(y), lambda means the
        // same for every target (as if y were standardised), not a strong penalty for small targets and none for
        // large ones.
        double lambda = cfg.lambda() * (variance > 0 ? variance : 1.0);
        SymbolicNetwork net = new SymbolicNetwork(arch, data.features(), cfg.bias(), cfg.outputBias());
        int n = net.parameterCount();
        double[] grad = new double[n];
        Optimizer opt = cfg.optimizer().create(n);
        GradientClipper clipper = new GradientClipper(cfg.adaptiveClipping(), cfg.clipWindow(), cfg.clipFactor(),
                cfg.warmupClipNorm());
        GrowingWindow window = cfg.windowPhases() > 0 && cfg.windowSteps() > 0 ? new GrowingWindow(x, y, w) : null;
        StageResult s1 = null;
        StageResult s2 = null;
        int restarts = 0;
        double[] checkpoints = new double[CHECKPOINTS];
        for (int attempt = 0; attempt <= cfg.maxRestarts(); attempt++) {
            if (attempt > 0 && stop.getAsBoolean()) {
                break;
            }
            restarts = attempt;
            Arrays.fill(checkpoints, Double.NaN);
            net.initialize(rng);
            opt.reset();
            clipper.reset();
            StageResult phases = window == null ? new StageResult(0, Double.NaN, true)
                    : windowPhases(net, window, cfg, opt, clipper, grad, stop);
            if (!phases.finite()) {
                s1 = phases;
                continue;
            }
            if (phases.steps() > 0) {
                double mse = net.mse(x, y, w);
                checkpoints[0] = relative(mse, variance);
                if (!Double.isFinite(checkpoints[0])) {
                    s1 = new StageResult(phases.steps(), checkpoints[0], false);
                    continue;
                }
                // a search that is stopping gets the network as trained so far, as without halving
                if (checkpoints[0] > giveUpAbove[0] && !stop.getAsBoolean()) {
                    return gaveUp(net, mse, phases.steps(), attempt, checkpoints);
                }
            }
            StageResult rest = runStage(net, x, y, w, cfg.stage1Steps() - phases.steps(), 0.0, cfg, opt, clipper,
                    null, grad, tinyLoss, cfg.earlyStop(), stop);
            double loss1 = rest.steps() > 0 ? rest.loss() : net.mse(x, y, w);
            s1 = new StageResult(phases.steps() + rest.steps(), loss1, rest.finite() && Double.isFinite(loss1));
            if (!s1.finite()) {
                continue;
            }
            // the end of stage 1: checkpoint 1 after window phases, else the only one
            int k = phases.steps() > 0 ? 1 : 0;
            double mse1 = net.mse(x, y, w);
            checkpoints[k] = relative(mse1, variance);
            if (checkpoints[k] > giveUpAbove[k] && !stop.getAsBoolean()) {
                return gaveUp(net, mse1, s1.steps(), attempt, checkpoints);
            }
            double[] dense = net.params().clone();
            s2 = stop.getAsBoolean() ? new StageResult(0, Double.NaN, true)
                    : runStage(net, x, y, w, cfg.stage2Steps(), lambda, cfg, opt, clipper, null, grad, 0.0,
                    cfg.earlyStop(), stop);
            if (!s2.finite()) {
                continue;
            }
            double finalLoss = s2.steps() > 0 ? s2.loss() : s1.loss();
            net.prune(cfg.pruneThreshold());
            double mse = net.mse(x, y, w);
            if (!Double.isFinite(mse)) {
                continue;
            }
            int tuned = 0;
            if (cfg.fineTuneSteps() > 0 && !stop.getAsBoolean()) {
                double[] kept = net.params().clone();
                boolean[] frozen = new boolean[n];
                boolean[] mask = net.weightMask();
                for (int p = 0; p < n; p++) {
                    frozen[p] = mask[p] && kept[p] == 0.0;
                }
                Optimizer fineOpt = cfg.optimizer().create(n);
                clipper.reset();
                StageResult ft = runStage(net, x, y, w, cfg.fineTuneSteps(), 0.0, cfg, fineOpt, clipper, frozen, grad,
                        tinyLoss, cfg.earlyStop(), stop);
                double tunedMse = ft.finite() ? net.mse(x, y, w) : Double.NaN;
                if (Double.isFinite(tunedMse) && tunedMse < mse) {
                    mse = tunedMse;
                    tuned = ft.steps();
                } else {
                    net.setParams(kept);
                }
            }
            return new TrainedNetwork(net, finalLoss, mse, s1.steps(), s2.steps(), tuned, attempt, true,
                    net.toExpr(data.names()), dense, checkpoints, false);
        }
        return new TrainedNetwork(net, Double.NaN, Double.NaN, s1 == null ? 0 : s1.steps(),
                s2 == null ? 0 : s2.steps(), 0, restarts, false, new Const(Double.NaN), null, checkpoints, false);
    }

    /** A network given up at a checkpoint: as trained so far, its MSE there ({@code mse}), no read-off. */
    private static TrainedNetwork gaveUp(SymbolicNetwork net, double mse, int steps, int attempt,
                                         double[] checkpoints) {
        return new TrainedNetwork(net, mse, mse, steps, 0, 0, attempt, true, new Const(Double.NaN), null,
                checkpoints, true);
    }

    /** {@code mse / variance}, or {@code mse} itself for a constant target. */
    private static double relative(double mse, double variance) {
        return variance > 0 ? mse / variance : mse;
    }

    /** Row-parameter products between two questions to the stop supplier, at most (about 10 ms of steps). */
    static final long CHECK_WORK = 1L << 22;

    /**
     * Steps between two questions to the stop supplier: 64 when a step is cheap, fewer when
     * {@code rows * parameters} is large, down to 1; a power of two. Asking never changes what is computed.
     */
    static int checkInterval(int rows, int parameters) {
        long work = Math.max(1L, (long) rows * Math.max(1, parameters));
        long interval = Math.max(1L, Math.min(64L, CHECK_WORK / work));
        return (int) Long.highestOneBit(interval);
    }

    /**
     * The start of stage 1: the growing-window phases, within the stage's step budget (the rest of the stage runs on
     * all the data).
     */
    private static StageResult windowPhases(SymbolicNetwork net, GrowingWindow window, TrainConfig cfg, Optimizer opt,
                                            GradientClipper clipper, double[] grad, BooleanSupplier stop) {
        int budget = cfg.stage1Steps();
        int used = 0;
        double loss = Double.NaN;
        for (int phase = 0; phase < cfg.windowPhases() && used < budget && !stop.getAsBoolean(); phase++) {
            int m = window.size(phase, cfg.windowPhases(), cfg.windowStart());
            int steps = Math.min(cfg.windowSteps(), budget - used);
            StageResult r = runStage(net, window.x(m), window.y(m), window.w(m), steps, 0.0, cfg, opt, clipper,
                    null, grad, 0.0, false, stop);
            used += r.steps();
            loss = r.loss();
            if (!r.finite()) {
                return new StageResult(used, r.loss(), false);
            }
        }
        return new StageResult(used, loss, true);
    }

    /**
     * Runs up to {@code steps} optimizer steps on MSE (+ {@code lambda} * sum L05* if lambda &gt; 0).
     *
     * @param frozen   parameters held at their current value (null: none)
     * @param grad     work array of the network's parameter count
     * @param tinyLoss with early stopping on, the stage also ends once the objective is at or below this
     * @return steps run, the objective at the last step, and whether everything stayed finite
     */
    public static StageResult runStage(SymbolicNetwork net, double[][] x, double[] y, int steps, double lambda,
                                       TrainConfig cfg, Optimizer opt, GradientClipper clipper, boolean[] frozen,
                                       double[] grad, double tinyLoss) {
        return runStage(net, x, y, steps, lambda, cfg, opt, clipper, frozen, grad, tinyLoss, () -> false);
    }

    /** As the overload above; the stage also ends (as converged) once {@code stop} says so. */
    public static StageResult runStage(SymbolicNetwork net, double[][] x, double[] y, int steps, double lambda,
                                       TrainConfig cfg, Optimizer opt, GradientClipper clipper, boolean[] frozen,
                                       double[] grad, double tinyLoss, BooleanSupplier stop) {
        return runStage(net, x, y, null, steps, lambda, cfg, opt, clipper, frozen, grad, tinyLoss, cfg.earlyStop(),
                stop);
    }

    /** As the overloads above, on the weighted MSE with row weights {@code w} (null: unweighted). */
    private static StageResult runStage(SymbolicNetwork net, double[][] x, double[] y, double[] w, int steps,
                                        double lambda,
                                        TrainConfig cfg, Optimizer opt, GradientClipper clipper, boolean[] frozen,
                                        double[] grad, double tinyLoss, boolean early, BooleanSupplier stop) {
        double[] params = net.params();
        boolean[] mask = net.weightMask();
        double lr = cfg.learningRate();
        double lrFactor = steps > 1 ? Math.pow(cfg.learningRateDecay(), 1.0 / (steps - 1)) : 1.0;
        double a = cfg.smoothing();
        int window = cfg.earlyStopWindow();
        double tol = cfg.earlyStopTolerance();
        double best = Double.POSITIVE_INFINITY;
        double bestAtCheck = Double.POSITIVE_INFINITY;
        double loss = Double.NaN;
        int checkMask = checkInterval(x[0].length, params.length) - 1;
        for (int step = 0; step < steps; step++) {
            if ((step & checkMask) == checkMask && stop.getAsBoolean()) {
                // nothing ran yet: nothing went wrong either (the caller computes the loss it needs)
                return new StageResult(step, loss, step == 0 || Double.isFinite(loss));
            }
            loss = net.lossAndGradient(x, y, w, grad);
            if (lambda > 0.0) {
                loss += L05.addPenalty(params, mask, lambda, a, grad);
            }
            if (!Double.isFinite(loss)) {
                return new StageResult(step + 1, loss, false);
            }
            if (frozen != null) {
                for (int p = 0; p < grad.length; p++) {
                    if (frozen[p]) {
                        grad[p] = 0.0;
                    }
                }
            }
            double norm = clipper.clip(grad);
            if (!Double.isFinite(norm)) {
                return new StageResult(step + 1, loss, false);
            }
            if (early) {
                if (loss < best) {
                    best = loss;
                }
                if (best <= tinyLoss) {
                    return new StageResult(step + 1, loss, true);
                }
                if ((step + 1) % window == 0) {
                    if (bestAtCheck < Double.POSITIVE_INFINITY && bestAtCheck - best <= tol * bestAtCheck) {
                        return new StageResult(step + 1, loss, true);
                    }
                    bestAtCheck = best;
                }
            }
            opt.step(params, grad, lr);
            lr *= lrFactor;
        }
        return new StageResult(steps, loss, true);
    }
}
