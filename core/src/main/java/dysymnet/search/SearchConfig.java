package dysymnet.search;

import dysymnet.controller.ControllerConfig;
import dysymnet.net.TrainConfig;
import java.time.Duration;
import java.util.Objects;

/**
 * All settings of one search, immutable. Defaults follow the paper except where noted.
 *
 * @param controller      the controller's settings (architecture sets, operator library, learning)
 * @param training        the settings for training each sampled network
 * @param batchSize       architectures sampled per controller step
 * @param maxSteps        controller steps at most
 * @param timeLimit       wall-time budget, or null for none (a time-limited search is reproducible only up to
 *                        where it stopped)
 * @param solveR2         the search stops once a candidate reaches this training R^2. Default 1 - 1e-10, i.e. a
 *                        relative RMSE of 1e-5: what an exact formula reaches after constant refinement. We
 *                        measured that 0.99999 is reached by approximations such as
 *                        {@code 57.7*sin(0.26*x)^3 + ...} for x^3+x^2+x, so it does not mean "solved" (the
 *                        reference stopped at 0.99, much earlier still). A value above 1 never stops.
 * @param threads         worker threads for training networks (the result does not depend on it)
 * @param seed            the seed of every random choice of the search
 * @param refiner         constant refinement method
 * @param policyGradient  false samples architectures uniformly and never updates the controller (the ablation)
 * @param selectionFactor factor of {@link ParetoFront#choose(double, double, double, int)}
 * @param maxComplexity   the chosen model has at most this many nodes when any candidate does (default 100)
 * @param polish          snap refined constants to the simplest values the data allow ({@link
 *                        dysymnet.fit.Polisher}); default on
 */
public record SearchConfig(ControllerConfig controller, TrainConfig training, int batchSize, int maxSteps,
                           Duration timeLimit, double solveR2, int threads, long seed, Refiner refiner,
                           boolean policyGradient, double selectionFactor, int maxComplexity, boolean polish) {

    /** Default solve threshold on the training R^2; see the class comment. */
    public static final double DEFAULT_SOLVE_R2 = 1.0 - 1e-10;

    public SearchConfig {
        Objects.requireNonNull(controller, "controller");
        Objects.requireNonNull(training, "training");
        Objects.requireNonNull(refiner, "refiner");
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be at least 1, got " + batchSize);
        }
        if (maxSteps < 1) {
            throw new IllegalArgumentException("max steps must be at least 1, got " + maxSteps);
        }
        if (timeLimit != null && (timeLimit.isNegative() || timeLimit.isZero())) {
            throw new IllegalArgumentException("time limit must be positive, got " + timeLimit);
        }
        if (Double.isNaN(solveR2)) {
            throw new IllegalArgumentException("solve threshold R^2 must be a number, got NaN");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        if (!(selectionFactor >= 1.0)) {
            throw new IllegalArgumentException("selection factor must be at least 1, got " + selectionFactor);
        }
        if (maxComplexity < 1) {
            throw new IllegalArgumentException("max complexity must be at least 1, got " + maxComplexity);
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.controller = controller;
        b.training = training;
        b.batchSize = batchSize;
        b.maxSteps = maxSteps;
        b.timeLimit = timeLimit;
        b.solveR2 = solveR2;
        b.threads = threads;
        b.seed = seed;
        b.refiner = refiner;
        b.policyGradient = policyGradient;
        b.selectionFactor = selectionFactor;
        b.maxComplexity = maxComplexity;
        b.polish = polish;
        return b;
    }

    /** Builder with the defaults. */
    public static final class Builder {
        private ControllerConfig controller = ControllerConfig.builder().build();
        private TrainConfig training = TrainConfig.builder().build();
        private int batchSize = 10;
        private int maxSteps = 100;
        private Duration timeLimit = null;
        private double solveR2 = DEFAULT_SOLVE_R2;
        private int threads = Runtime.getRuntime().availableProcessors();
        private long seed = 0L;
        private Refiner refiner = Refiner.LM;
        private boolean policyGradient = true;
        private double selectionFactor = ParetoFront.DEFAULT_FACTOR;
        private int maxComplexity = 100;
        private boolean polish = true;

        public Builder controller(ControllerConfig v) {
            controller = v;
            return this;
        }

        public Builder training(TrainConfig v) {
            training = v;
            return this;
        }

        public Builder batchSize(int v) {
            batchSize = v;
            return this;
        }

        public Builder maxSteps(int v) {
            maxSteps = v;
            return this;
        }

        public Builder timeLimit(Duration v) {
            timeLimit = v;
            return this;
        }

        public Builder solveR2(double v) {
            solveR2 = v;
            return this;
        }

        public Builder threads(int v) {
            threads = v;
            return this;
        }

        public Builder seed(long v) {
            seed = v;
            return this;
        }

        public Builder refiner(Refiner v) {
            refiner = v;
            return this;
        }

        public Builder policyGradient(boolean v) {
            policyGradient = v;
            return this;
        }

        public Builder selectionFactor(double v) {
            selectionFactor = v;
            return this;
        }

        public Builder maxComplexity(int v) {
            maxComplexity = v;
            return this;
        }

        public Builder polish(boolean v) {
            polish = v;
            return this;
        }

        public SearchConfig build() {
            return new SearchConfig(controller, training, batchSize, maxSteps, timeLimit, solveR2, threads, seed,
                    refiner, policyGradient, selectionFactor, maxComplexity, polish);
        }
    }
}
