package dysymnet.gp;

/**
 * The genetic-programming stage of the search ({@link GeneticProgramming}): a population of formulas over the search
 * space's own operators, seeded with the networks' formulas after every controller step, and grown from random small
 * formulas once before the first step. Its budget is counted in generations, never in time, so a step-budgeted
 * search stays reproducible.
 *
 * @param enabled          whether the search runs the stage at all (off: the networks alone, as in the paper)
 * @param population       formulas per run
 * @param generations      generations of the run after each controller step (seeded with the step's formulas)
 * @param quickGenerations generations of the run before the first controller step (from random formulas); 0 skips
 *                         it
 * @param maxSize          nodes of a formula at most (every offspring above it is rejected)
 * @param fitsPerGeneration best formulas per generation whose constants are fitted (Levenberg-Marquardt)
 *                         and which become candidates of the search
 * @param onGroups         with units, whether a second GP of these settings runs on the inputs' dimensionless groups
 *                         (Buckingham's Pi theorem: {@code dysymnet.units.PiGroups}), its formulas written back in
 *                         the inputs; nothing without units
 */
public record GpSettings(boolean enabled, int population, int generations, int quickGenerations, int maxSize,
                         int fitsPerGeneration, boolean onGroups) {

    /** The textbook size: diverse enough for the random first run to cover small laws; 30-70 ms a generation. */
    public static final int DEFAULT_POPULATION = 1000;
    /**
     * After each step, going on from the last population: about a second, a fifth of a step of 10 networks on the
     * Nguyen problems (measured), so the networks stay the main cost.
     */
    public static final int DEFAULT_GENERATIONS = 20;
    /**
     * Enough for the GP alone to find easy laws from random formulas (x^3 + x^2 + x in 4 of 5 runs, measured) in
     * about a second, short enough to cost little where it finds nothing.
     */
    public static final int DEFAULT_QUICK_GENERATIONS = 30;
    /** Small formulas only: the laws we look for have 5 to 30 nodes, and larger trees only slow the GP down. */
    public static final int DEFAULT_MAX_SIZE = 30;
    /** Constant fitting is the GP's costliest part (about 10 ms a fit); two a generation keep it a fraction. */
    public static final int DEFAULT_FITS_PER_GENERATION = 2;

    public GpSettings {
        if (population < 1) {
            throw new IllegalArgumentException("GP population must be at least 1, got " + population);
        }
        if (generations < 0) {
            throw new IllegalArgumentException("GP generations must not be negative, got " + generations);
        }
        if (quickGenerations < 0) {
            throw new IllegalArgumentException("GP quick-start generations must not be negative, got "
                    + quickGenerations);
        }
        if (maxSize < 3) {
            throw new IllegalArgumentException("GP max size must be at least 3, got " + maxSize);
        }
        if (fitsPerGeneration < 0) {
            throw new IllegalArgumentException("GP fits per generation must not be negative, got "
                    + fitsPerGeneration);
        }
    }

    public static GpSettings defaults() {
        return builder().build();
    }

    /** The stage switched off (every other field at its default). */
    public static GpSettings off() {
        return builder().enabled(false).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().enabled(enabled).population(population).generations(generations)
                .quickGenerations(quickGenerations).maxSize(maxSize)
                .fitsPerGeneration(fitsPerGeneration).onGroups(onGroups);
    }

    /** Builder of {@link GpSettings}, starting from the defaults. */
    public static final class Builder {
        private boolean enabled = true;
        private int population = DEFAULT_POPULATION;
        private int generations = DEFAULT_GENERATIONS;
        private int quickGenerations = DEFAULT_QUICK_GENERATIONS;
        private int maxSize = DEFAULT_MAX_SIZE;
        private int fitsPerGeneration = DEFAULT_FITS_PER_GENERATION;
        private boolean onGroups = true;

        private Builder() {
        }

        public Builder enabled(boolean v) {
            enabled = v;
            return this;
        }

        public Builder population(int v) {
            population = v;
            return this;
        }

        public Builder generations(int v) {
            generations = v;
            return this;
        }

        public Builder quickGenerations(int v) {
            quickGenerations = v;
            return this;
        }

        public Builder maxSize(int v) {
            maxSize = v;
            return this;
        }

        public Builder fitsPerGeneration(int v) {
            fitsPerGeneration = v;
            return this;
        }

        public Builder onGroups(boolean v) {
            onGroups = v;
            return this;
        }

        public GpSettings build() {
            return new GpSettings(enabled, population, generations, quickGenerations, maxSize,
                    fitsPerGeneration, onGroups);
        }
    }
}
