package dysymnet.search;

import java.time.Duration;

/**
 * How much a search may spend, and when it may stop early.
 *
 * @param maxSteps  controller steps at most
 * @param batchSize architectures sampled per controller step
 * @param timeLimit wall-time budget, or null for none (a time-limited search is reproducible only up to where it
 *                  stopped; a step budget alone gives the same result on any number of threads)
 * @param solveR2   the search stops once a candidate reaches this training R^2. Default 1: R^2 equal to 1 in double
 *                  precision, a relative MSE below about 1e-16, which exact formulas with refined constants reach
 *                  (about 1e-30) and approximations do not (measurements in docs/benchmarks). A value above 1
 *                  never stops.
 */
public record Budget(int maxSteps, int batchSize, Duration timeLimit, double solveR2) {

    public static final int DEFAULT_MAX_STEPS = 100;
    public static final int DEFAULT_BATCH_SIZE = 10;
    public static final double DEFAULT_SOLVE_R2 = 1.0;

    public Budget {
        if (maxSteps < 1) {
            throw new IllegalArgumentException("max steps must be at least 1, got " + maxSteps);
        }
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be at least 1, got " + batchSize);
        }
        if (timeLimit != null && (timeLimit.isNegative() || timeLimit.isZero())) {
            throw new IllegalArgumentException("time limit must be positive, got " + timeLimit);
        }
        if (Double.isNaN(solveR2)) {
            throw new IllegalArgumentException("solve threshold R^2 must be a number, got NaN");
        }
    }

    public static Budget defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().maxSteps(maxSteps).batchSize(batchSize).timeLimit(timeLimit).solveR2(solveR2);
    }

    /** Builder of a {@link Budget}, starting from the defaults: 100 steps of 10 networks, no time limit. */
    public static final class Builder {
        private int maxSteps = DEFAULT_MAX_STEPS;
        private int batchSize = DEFAULT_BATCH_SIZE;
        private Duration timeLimit;
        private double solveR2 = DEFAULT_SOLVE_R2;

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

        public Budget build() {
            return new Budget(maxSteps, batchSize, timeLimit, solveR2);
        }
    }
}
