package dysymnet.net;

/**
 * Settings for training one symbolic network ({@link Trainer}); immutable. {@link #defaults()} gives the paper's
 * numbers where the paper fixes them and measured choices elsewhere (see each field).
 *
 * @param stage1Steps        n1: steps on the MSE alone (paper 10000); 0 skips the stage
 * @param stage2Steps        n2: steps on MSE + lambda * sum L05*(w) (paper 10000); 0 skips the stage
 * @param lambda             regularisation weight (paper 0.005), relative to var(y): the trainer uses
 *                           {@code lambda * var(y)}, which is the paper's lambda for a standardised target
 * @param smoothing          a, the transition point of L05* (paper 0.01)
 * @param optimizer          the optimizer (default ADAM: lowest MSE within the step budget in our measurements,
 *                           ahead of RMSprop and plain SGD)
 * @param learningRate       step size at the start of each stage (default 0.01 for Adam)
 * @param learningRateDecay  the step size decays geometrically within each stage to
 *                           {@code learningRate * learningRateDecay} at its last step (1 = constant)
 * @param adaptiveClipping   adaptive gradient clipping (paper: on); off means a fixed threshold
 *                           {@code warmupClipNorm} (the ablation "without AGC": set that to +Infinity)
 * @param clipWindow         w, the number of recent gradient norms averaged (paper 50)
 * @param clipFactor         c, the multiplier of the average norm (paper 0.1)
 * @param warmupClipNorm     the threshold during the first w steps, and always when clipping is not adaptive
 *                           (reference 1.0)
 * @param pruneThreshold     beta: weights with |w| below it are set to 0 before the read-off (paper 0.01)
 * @param bias               whether the hidden layers' linear maps have biases (paper: false)
 * @param outputBias         whether the read-out has a bias, i.e. the formula an additive constant. Default on,
 *                           unlike the paper (no bias anywhere): a single additive constant lets formulas with an
 *                           offset be expressed without spending a unit on cos(0), and hidden layers stay without
 *                           bias so formulas stay simple; the search's polishing removes it when it is not needed
 * @param earlyStop          stop a stage once its loss has converged (see the two fields below); default on:
 *                           it keeps the fit and the read-off while saving steps (docs/benchmarks)
 * @param earlyStopWindow    K: every K steps the best loss of the stage is compared with the best K steps before
 * @param earlyStopTolerance the stage stops when the best loss improved by less than this fraction over K steps,
 *                           or when the MSE falls below {@code 1e-12 * var(y)}
 * @param fineTuneSteps      MSE-only steps after pruning with the pruned weights held at 0, to undo the
 *                           shrinkage of the regulariser; kept only if they lower the MSE (0 disables;
 *                           default 1000)
 * @param maxRestarts        restarts with fresh weights after a non-finite loss or gradient (default 2)
 * @param windowPhases       stage 1 starts with this many phases on a growing window of the data: the points
 *                           nearest the data's centre first, then ever more, the last phase on all of them (see
 *                           {@link GrowingWindow}); 0 disables. The phases' steps count as stage-1 steps, early
 *                           stopping waits until they are done
 * @param windowSteps        optimizer steps per window phase
 * @param windowStart        the fraction of the points in the first window, in (0, 1]
 * @param keepFraction       successive halving across a search: a network whose training loss at a checkpoint
 *                           ({@link Trainer#CHECKPOINTS}: the end of the growing-window phases and the end of stage
 *                           1, or the end of stage 1 alone without window phases) is above this quantile of the
 *                           losses there of the earlier controller steps' networks that got to it is given up there,
 *                           and rewarded for the loss it reached, without the rest of its training, read-off or
 *                           refinement: with 0.5 about half the networks stop at the first checkpoint and a quarter
 *                           at the second. In (0, 1]; 1 trains every network in full. The controller's risk-seeking
 *                           update learns only from the best rewards of a batch, which a network that far behind at
 *                           a checkpoint seldom reaches (docs/benchmarks, sessions 9 and 10)
 */
public record TrainConfig(
        int stage1Steps,
        int stage2Steps,
        double lambda,
        double smoothing,
        Optimizer.Kind optimizer,
        double learningRate,
        double learningRateDecay,
        boolean adaptiveClipping,
        int clipWindow,
        double clipFactor,
        double warmupClipNorm,
        double pruneThreshold,
        boolean bias,
        boolean outputBias,
        boolean earlyStop,
        int earlyStopWindow,
        double earlyStopTolerance,
        int fineTuneSteps,
        int maxRestarts,
        int windowPhases,
        int windowSteps,
        double windowStart,
        double keepFraction) {

    public TrainConfig {
        nonNegative("stage1Steps", stage1Steps);
        nonNegative("stage2Steps", stage2Steps);
        nonNegative("fineTuneSteps", fineTuneSteps);
        nonNegative("maxRestarts", maxRestarts);
        nonNegative("windowPhases", windowPhases);
        nonNegative("windowSteps", windowSteps);
        if (!(windowStart > 0.0 && windowStart <= 1.0)) {
            throw new IllegalArgumentException("windowStart must be in (0, 1], got " + windowStart);
        }
        if (!(keepFraction > 0.0 && keepFraction <= 1.0)) {
            throw new IllegalArgumentException("keepFraction must be in (0, 1], got " + keepFraction);
        }
        if (!(lambda >= 0.0) || Double.isInfinite(lambda)) {
            throw new IllegalArgumentException("lambda must be a finite non-negative number, got " + lambda);
        }
        if (!(smoothing > 0.0)) {
            throw new IllegalArgumentException("smoothing must be positive, got " + smoothing);
        }
        if (optimizer == null) {
            throw new IllegalArgumentException("optimizer must not be null");
        }
        if (!(learningRate > 0.0) || Double.isInfinite(learningRate)) {
            throw new IllegalArgumentException("learningRate must be a positive finite number, got " + learningRate);
        }
        if (!(learningRateDecay > 0.0 && learningRateDecay <= 1.0)) {
            throw new IllegalArgumentException("learningRateDecay must be in (0, 1], got " + learningRateDecay);
        }
        if (clipWindow < 1) {
            throw new IllegalArgumentException("clipWindow must be at least 1, got " + clipWindow);
        }
        if (!(clipFactor > 0.0)) {
            throw new IllegalArgumentException("clipFactor must be positive, got " + clipFactor);
        }
        if (!(warmupClipNorm > 0.0)) {
            throw new IllegalArgumentException("warmupClipNorm must be positive, got " + warmupClipNorm);
        }
        if (!(pruneThreshold >= 0.0)) {
            throw new IllegalArgumentException("pruneThreshold must be non-negative, got " + pruneThreshold);
        }
        if (earlyStopWindow < 1) {
            throw new IllegalArgumentException("earlyStopWindow must be at least 1, got " + earlyStopWindow);
        }
        if (!(earlyStopTolerance >= 0.0)) {
            throw new IllegalArgumentException("earlyStopTolerance must be non-negative, got " + earlyStopTolerance);
        }
    }

    private static void nonNegative(String name, int v) {
        if (v < 0) {
            throw new IllegalArgumentException(name + " must be non-negative, got " + v);
        }
    }

    /** The default {@link #keepFraction()}. */
    public static final double DEFAULT_KEEP_FRACTION = 0.5;

    /** The default settings. */
    public static TrainConfig defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.stage1Steps = stage1Steps;
        b.stage2Steps = stage2Steps;
        b.lambda = lambda;
        b.smoothing = smoothing;
        b.optimizer = optimizer;
        b.learningRate = learningRate;
        b.learningRateDecay = learningRateDecay;
        b.adaptiveClipping = adaptiveClipping;
        b.clipWindow = clipWindow;
        b.clipFactor = clipFactor;
        b.warmupClipNorm = warmupClipNorm;
        b.pruneThreshold = pruneThreshold;
        b.bias = bias;
        b.outputBias = outputBias;
        b.earlyStop = earlyStop;
        b.earlyStopWindow = earlyStopWindow;
        b.earlyStopTolerance = earlyStopTolerance;
        b.fineTuneSteps = fineTuneSteps;
        b.maxRestarts = maxRestarts;
        b.windowPhases = windowPhases;
        b.windowSteps = windowSteps;
        b.windowStart = windowStart;
        b.keepFraction = keepFraction;
        return b;
    }

    /** Builder for {@link TrainConfig}, pre-set to the defaults. */
    public static final class Builder {
        private int stage1Steps = 10_000;
        private int stage2Steps = 10_000;
        private double lambda = 0.005;
        private double smoothing = 0.01;
        private Optimizer.Kind optimizer = Optimizer.Kind.ADAM;
        private double learningRate = 0.01;
        private double learningRateDecay = 1.0;
        private boolean adaptiveClipping = true;
        private int clipWindow = 50;
        private double clipFactor = 0.1;
        private double warmupClipNorm = 1.0;
        private double pruneThreshold = 0.01;
        private boolean bias = false;
        private boolean outputBias = true;
        private boolean earlyStop = true;
        private int earlyStopWindow = 500;
        private double earlyStopTolerance = 1e-4;
        private int fineTuneSteps = 1000;
        private int maxRestarts = 2;
        private int windowPhases = 16;
        private int windowSteps = 250;
        private double windowStart = 0.1;
        private double keepFraction = DEFAULT_KEEP_FRACTION;

        private Builder() {
        }

        public Builder stage1Steps(int v) {
            stage1Steps = v;
            return this;
        }

        public Builder stage2Steps(int v) {
            stage2Steps = v;
            return this;
        }

        public Builder lambda(double v) {
            lambda = v;
            return this;
        }

        public Builder smoothing(double v) {
            smoothing = v;
            return this;
        }

        public Builder optimizer(Optimizer.Kind v) {
            optimizer = v;
            return this;
        }

        public Builder learningRate(double v) {
            learningRate = v;
            return this;
        }

        public Builder learningRateDecay(double v) {
            learningRateDecay = v;
            return this;
        }

        public Builder adaptiveClipping(boolean v) {
            adaptiveClipping = v;
            return this;
        }

        public Builder clipWindow(int v) {
            clipWindow = v;
            return this;
        }

        public Builder clipFactor(double v) {
            clipFactor = v;
            return this;
        }

        public Builder warmupClipNorm(double v) {
            warmupClipNorm = v;
            return this;
        }

        public Builder pruneThreshold(double v) {
            pruneThreshold = v;
            return this;
        }

        public Builder outputBias(boolean v) {
            outputBias = v;
            return this;
        }

        public Builder bias(boolean v) {
            bias = v;
            return this;
        }

        public Builder earlyStop(boolean v) {
            earlyStop = v;
            return this;
        }

        public Builder earlyStopWindow(int v) {
            earlyStopWindow = v;
            return this;
        }

        public Builder earlyStopTolerance(double v) {
            earlyStopTolerance = v;
            return this;
        }

        public Builder fineTuneSteps(int v) {
            fineTuneSteps = v;
            return this;
        }

        public Builder maxRestarts(int v) {
            maxRestarts = v;
            return this;
        }

        public Builder windowPhases(int v) {
            windowPhases = v;
            return this;
        }

        public Builder windowSteps(int v) {
            windowSteps = v;
            return this;
        }

        public Builder windowStart(double v) {
            windowStart = v;
            return this;
        }

        public Builder keepFraction(double v) {
            keepFraction = v;
            return this;
        }

        public TrainConfig build() {
            return new TrainConfig(stage1Steps, stage2Steps, lambda, smoothing, optimizer, learningRate,
                    learningRateDecay,
                    adaptiveClipping, clipWindow, clipFactor, warmupClipNorm, pruneThreshold, bias, outputBias, earlyStop,
                    earlyStopWindow, earlyStopTolerance, fineTuneSteps, maxRestarts, windowPhases, windowSteps,
                    windowStart, keepFraction);
        }
    }
}
