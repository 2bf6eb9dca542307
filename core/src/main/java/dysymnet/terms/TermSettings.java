package dysymnet.terms;

/**
 * The sparse term-regression stage of the search ({@link TermRegression}): linear least squares over a basis of
 * candidate terms (monomials of the inputs, the library's functions of each input, a power law, the terms of the
 * search's best formulas, and ratios of polynomials when the library divides), each sparse subset a candidate.
 * Its cost is bounded by the basis size, never by time, so a step-budgeted search stays reproducible.
 *
 * @param enabled  whether the search runs the stage at all
 * @param maxBasis terms of the basis at most (simplest first: monomials, functions of inputs, then the formulas'
 *                 terms)
 * @param maxTerms terms of one candidate at most (the constant term counts as one)
 * @param interactions whether the first run also fits a basis of products: each input times each function of an
 *                     input, functions of two inputs multiplied
 * @param transforms   whether the first run also fits transformed targets ({@code log y}, {@code 1/y},
 *                     {@code y^2}, {@code exp y}, {@code sin y}) whose inverse the library can write
 * @param dimensionless with units, whether the first run also fits the target over a product of inputs with its unit
 *                      as a function of the inputs' dimensionless groups (Buckingham's Pi theorem,
 *                      {@link DerivedTargets#dimensionless}); nothing without units
 * @param curves        with units, whether the search also fits the target over that product as a curve of each
 *                      dimensionless group alone ({@link Curves}: {@code 1/(exp(c*pi) - 1)}, {@code exp(-c/pi)},
 *                      ...), once before the first step; nothing without units
 */
public record TermSettings(boolean enabled, int maxBasis, int maxTerms, boolean interactions, boolean transforms,
                           boolean dimensionless, boolean curves) {

    /**
     * Room for a degree-8 polynomial in one input, degree 4 in three, the library's functions of each input and some
     * tens of terms of the search's formulas; a path over 60 columns costs a few milliseconds.
     */
    public static final int DEFAULT_MAX_BASIS = 60;
    /** Laws with more than ten additive terms are rare; larger sums are curve fits. */
    public static final int DEFAULT_MAX_TERMS = 10;

    public TermSettings {
        if (maxBasis < 1) {
            throw new IllegalArgumentException("term basis size must be at least 1, got " + maxBasis);
        }
        if (maxTerms < 1) {
            throw new IllegalArgumentException("terms per formula must be at least 1, got " + maxTerms);
        }
    }

    public static TermSettings defaults() {
        return builder().build();
    }

    /** The stage switched off (every other field at its default). */
    public static TermSettings off() {
        return builder().enabled(false).build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().enabled(enabled).maxBasis(maxBasis).maxTerms(maxTerms).interactions(interactions)
                .transforms(transforms).dimensionless(dimensionless).curves(curves);
    }

    /** Builder of {@link TermSettings}, starting from the defaults. */
    public static final class Builder {
        private boolean enabled = true;
        private int maxBasis = DEFAULT_MAX_BASIS;
        private int maxTerms = DEFAULT_MAX_TERMS;
        private boolean interactions = true;
        private boolean transforms = true;
        private boolean dimensionless = true;
        private boolean curves = true;

        private Builder() {
        }

        public Builder enabled(boolean v) {
            enabled = v;
            return this;
        }

        public Builder maxBasis(int v) {
            maxBasis = v;
            return this;
        }

        public Builder maxTerms(int v) {
            maxTerms = v;
            return this;
        }

        public Builder interactions(boolean v) {
            interactions = v;
            return this;
        }

        public Builder transforms(boolean v) {
            transforms = v;
            return this;
        }

        public Builder dimensionless(boolean v) {
            dimensionless = v;
            return this;
        }

        public Builder curves(boolean v) {
            curves = v;
            return this;
        }

        public TermSettings build() {
            return new TermSettings(enabled, maxBasis, maxTerms, interactions, transforms, dimensionless, curves);
        }
    }
}
