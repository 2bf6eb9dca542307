package dysymnet.search;

import dysymnet.data.DataFacts;
import java.time.Duration;

/**
 * How much a search may spend, and when it may stop early.
 *
 * @param maxSteps  controller steps at most
 * @param batchSize architectures sampled per controller step; 0 trains no network at all: each step is then one run
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
 */
public record Budget(int maxSteps, int batchSize, Duration timeLimit, double solveR2, int searchRows,
                     int trainRows) {

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
        if (maxSteps < 1) {
            throw new IllegalArgumentException("max steps must be at least 1, got " + maxSteps);
        }
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
                .searchRows(searchRows).trainRows(trainRows);
    }

    /** Builder of a {@link Budget}, starting from the defaults: 100 steps of 10 networks, no time limit. */
    public static final class Builder {
        private int maxSteps = DEFAULT_MAX_STEPS;
        private int batchSize = DEFAULT_BATCH_SIZE;
        private Duration timeLimit;
        private double solveR2 = DEFAULT_SOLVE_R2;
        private int searchRows = DEFAULT_SEARCH_ROWS;
        private int trainRows = DEFAULT_TRAIN_ROWS;

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

        public Budget build() {
            return new Budget(maxSteps, batchSize, timeLimit, solveR2, searchRows, trainRows);
        }
    }
}
