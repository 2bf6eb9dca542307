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
 * @param solveR2         the search stops once a candidate reaches this training R^2. Default 1: R^2 equal to 1 in
 *                        double precision, i.e. a relative MSE below about 1e-16. An exact formula with refined
 *                        constants reaches about 1e-30; approximations do not: we measured 0.99999 reached by
 *                        {@code 57.7*sin(0.26*x)^3 + ...} for x^3+x^2+x, refitted dense networks reaching
 *                        1 - 1e-12, and, with elimination, {@code x^2 + 216.7*sin(-0.264*x) + 444.5*tan(0.131*x)}
 *                        reaching 1 - 3.8e-14 (an earlier default of 1 - 1e-13 stopped 3 of 60 Nguyen runs on
 *                        such approximations). The reference stopped at 0.99. A value above 1 never stops.
 * @param threads         worker threads for training networks (the result does not depend on it)
 * @param seed            the seed of every random choice of the search
 * @param refiner         constant refinement method
 * @param policyGradient  false samples architectures uniformly and never updates the controller (the ablation)
 * @param selectionFactor factor of {@link ParetoFront#choose(double, double, double, int)}
 * @param maxComplexity   the chosen model has at most this many nodes when any candidate does (default 100)
 * @param polish          snap refined constants to the simplest values the data allow ({@link
 *                        dysymnet.fit.Polisher}); default on
 * @param elimination     also run backward elimination with refitting ({@link dysymnet.fit.Eliminator}) from each
 *                        refined formula and from each small network's dense stage-1 state, adding every formula
 *                        of those paths to the candidates; needs a refiner; default on
 */
public record SearchConfig(ControllerConfig controller, TrainConfig training, int batchSize, int maxSteps,
                           Duration timeLimit, double solveR2, int threads, long seed, Refiner refiner,
                           boolean policyGradient, double selectionFactor, int maxComplexity, boolean polish,
                           boolean elimination) {

    /** Default solve threshold on the training R^2; see the class comment. */
    public static final double DEFAULT_SOLVE_R2 = 1.0;

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
        b.elimination = elimination;
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
        private boolean elimination = true;

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

        public Builder elimination(boolean v) {
            elimination = v;
            return this;
        }

        public SearchConfig build() {
            return new SearchConfig(controller, training, batchSize, maxSteps, timeLimit, solveR2, threads, seed,
                    refiner, policyGradient, selectionFactor, maxComplexity, polish, elimination);
        }
    }
}
