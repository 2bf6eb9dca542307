package dysymnet.search;

import dysymnet.data.DataFacts;
import java.time.Duration;

/**
 * How much a search may spend, and when it may stop early.
 *
 * @param maxSteps  steps at most, or 0 (the default) for as many as the budget allows: {@value #DEFAULT_MAX_STEPS}
 *                  without a time limit; with one, steps until the time limit or a solving formula, so that a
 *                  time-limited run uses its time. A step runs the sources whose turn it is ({@link #allocation});
 *                  the first step runs every one
 * @param batchSize architectures the controller samples per batch (it learns once a batch is trained: in one step
 *                  without a time limit, over the networks' turns with one, {@link NetworkSource}); 0 trains no
 *                  network at all: each step is then one run
 *                  of the symbolic sources after the networks (the genetic programming's run after a step and the
 *                  term regression's, {@link Search}), which is what the ablation "no networks" measures, and needs
 *                  one of them on ({@link Settings})
 * @param timeLimit wall-time budget, or null for none (a time-limited search is reproducible only up to where it
 *                  stopped; a step budget alone gives the same result on any number of threads)
 * @param solveR2   the search stops once a candidate reaches this training R^2. Default 1: exact up to round-off,
 *                  a normalised MSE (MSE / var(y)) of at most {@value DataFacts#EXACT_NMSE}, which exact formulas with refined
 *                  constants reach (about 1e-30) and approximations do not; R^2 equal to 1 in double precision
 *                  (a normalised MSE below about 1e-16) is not enough: a ten-term least-squares sum can reach it on
 *                  a smooth curve of 20 points. A value above 1 never stops.
 * @param searchRows the search works on a fixed random sample of at most this many rows of larger data (0: all
 *                  rows); the chosen formula's constants are then refined on a larger sample and it is scored on
 *                  all rows ({@code api.SymbolicRegressor})
 * @param trainRows each network trains on a random sample of at most this many of the rows the search works on,
 *                  drawn from the network's own random stream, so different for each network and the same on any
 *                  number of threads (0: all rows); its formulas are refined, pruned and polished on the same
 *                  sample and scored on all the search's rows ({@link ArchitecturePipeline}). Data of at most this
 *                  many rows train every network on all of them
 * @param allocation how the steps divide the search's work among the networks, the GP and the term regression
 */
public record Budget(int maxSteps, int batchSize, Duration timeLimit, double solveR2, int searchRows,
                     int trainRows, Allocation allocation) {

    /**
     * How the steps divide the search's work among the sources that run in every step (the networks, the genetic
     * programming, the term regression).
     */
    public enum Allocation {
        /**
         * Each source earns its share ({@link SourceShares}): after a first step that runs all of them, a step runs
         * the sources that are behind their share of the work done so far, and a source's share grows with what it
         * has recently added to the Pareto front per unit of its work, with a floor for each.
         */
        EARNED("earned"),
        /**
         * Every source in every step, in a fixed order (the networks, then the GP, then the term regression): the
         * default, because at equal wall time the earned shares were within the spread of it on the black-box
         * tables and cost the demo's extrapolation on two seeds of ten (fewer networks: docs/benchmarks).
         */
        EVERY_STEP("every-step");

        private final String label;

        Allocation(String label) {
            this.label = label;
        }

        /** The option's name of this allocation. */
        public String label() {
            return label;
        }

        /** The allocation of an option's name; IllegalArgumentException naming the valid ones for another. */
        public static Allocation of(String label) {
            for (Allocation a : values()) {
                if (a.label.equals(label)) {
                    return a;
                }
            }
            throw new IllegalArgumentException("unknown allocation '" + label + "'; valid: earned, every-step");
        }
    }

    /** A budget with the default allocation ({@link Allocation#EVERY_STEP}). */
    public Budget(int maxSteps, int batchSize, Duration timeLimit, double solveR2, int searchRows, int trainRows) {
        this(maxSteps, batchSize, timeLimit, solveR2, searchRows, trainRows, Allocation.EVERY_STEP);
    }

    public static final int DEFAULT_MAX_STEPS = 100;
    public static final int DEFAULT_BATCH_SIZE = 10;
    public static final double DEFAULT_SOLVE_R2 = 1.0;
    /**
     * Default {@link #searchRows}: a network's training step costs time proportional to the rows (3.8 ms on 10,000
     * rows for a 5x6 network), so beyond this a search trains too few networks to find anything; 10,000 rows pin the
     * constants of a law of a few constants to several digits even with noise, and the larger refit restores more.
     */
    public static final int DEFAULT_SEARCH_ROWS = 10_000;
    /**
     * Default {@link #trainRows}: a training step costs time proportional to the rows, and a network's formula needs
     * its structure from the rows, not precise constants (those are refined on all the search's rows afterwards);
     * at least the 1,000 training rows of the benchmark suites (standard, Feynman, Strogatz), which are searched as
     * before.
     */
    public static final int DEFAULT_TRAIN_ROWS = 1_000;

    public Budget {
        if (maxSteps < 0) {
            throw new IllegalArgumentException("max steps must be at least 1, or 0 for as many as the budget allows, "
                    + "got " + maxSteps);
        }
        java.util.Objects.requireNonNull(allocation, "allocation");
        if (batchSize < 0) {
            throw new IllegalArgumentException("batch size must be at least 0 (no networks), got " + batchSize);
        }
        if (timeLimit != null && (timeLimit.isNegative() || timeLimit.isZero())) {
            throw new IllegalArgumentException("time limit must be positive, got " + timeLimit);
        }
        if (Double.isNaN(solveR2)) {
            throw new IllegalArgumentException("solve threshold R^2 must be a number, got NaN");
        }
        if (searchRows < 0 || searchRows == 1) {
            throw new IllegalArgumentException("search rows must be 0 (all) or at least 2, got " + searchRows);
        }
        if (trainRows < 0 || trainRows == 1) {
            throw new IllegalArgumentException("train rows must be 0 (all) or at least 2, got " + trainRows);
        }
    }

    /**
     * The steps at most: {@link #maxSteps}, or for 0 {@value #DEFAULT_MAX_STEPS} without a time limit, else none
     * (the time limit ends the search).
     */
    public int stepCap() {
        if (maxSteps > 0) {
            return maxSteps;
        }
        return timeLimit == null ? DEFAULT_MAX_STEPS : Integer.MAX_VALUE;
    }

    /** Whether the search trains networks: {@link #batchSize} is not 0. */
    public boolean trainsNetworks() {
        return batchSize > 0;
    }

    public static Budget defaults() {
        return builder().build();
    }

    /**
     * Whether a formula with this training MSE and R^2, on a target of variance {@code variance}, ends the search:
     * its R^2 reaches {@link #solveR2}, and when that is 1, its normalised MSE is at most {@value DataFacts#EXACT_NMSE}.
     */
    public boolean solvedBy(double mse, double r2, double variance) {
        if (!(r2 >= solveR2)) {
            return false;
        }
        return solveR2 < 1 || mse <= DataFacts.EXACT_NMSE * variance;
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().maxSteps(maxSteps).batchSize(batchSize).timeLimit(timeLimit).solveR2(solveR2)
                .searchRows(searchRows).trainRows(trainRows).allocation(allocation);
    }

    /**
     * Builder of a {@link Budget}, starting from the defaults: steps of 10 networks, as many as the budget allows
     * (100 without a time limit), no time limit, every source in every step.
     */
    public static final class Builder {
        private int maxSteps;
        private int batchSize = DEFAULT_BATCH_SIZE;
        private Duration timeLimit;
        private double solveR2 = DEFAULT_SOLVE_R2;
        private int searchRows = DEFAULT_SEARCH_ROWS;
        private int trainRows = DEFAULT_TRAIN_ROWS;
        private Allocation allocation = Allocation.EVERY_STEP;

        private Builder() {
        }

        public Builder maxSteps(int v) {
            maxSteps = v;
            return this;
        }

        public Builder batchSize(int v) {
            batchSize = v;
            return this;
        }

        /** Wall-time budget, or null for none. */
        public Builder timeLimit(Duration v) {
            timeLimit = v;
            return this;
        }

        public Builder solveR2(double v) {
            solveR2 = v;
            return this;
        }

        /** The search works on a sample of at most this many rows (0: all rows; default 10,000). */
        public Builder searchRows(int v) {
            searchRows = v;
            return this;
        }

        /** Each network trains on a random sample of at most this many rows (0: all rows; default 1,000). */
        public Builder trainRows(int v) {
            trainRows = v;
            return this;
        }

        /** How the steps divide the work among the sources (default {@link Allocation#EVERY_STEP}). */
        public Builder allocation(Allocation v) {
            allocation = v;
            return this;
        }

        public Budget build() {
            return new Budget(maxSteps, batchSize, timeLimit, solveR2, searchRows, trainRows, allocation);
        }
    }
}
