package dysymnet.search;

import com.fasterxml.jackson.annotation.JsonInclude;
import dysymnet.expr.ComplexityWeights;
import dysymnet.expr.Expr;
import java.util.List;
import java.util.TreeSet;

/**
 * How the reported formula is chosen from the candidates ({@link ParetoFront#choose}).
 *
 * @param factor        the simplest candidate whose training error is within this factor of the best is chosen
 * @param maxComplexity the chosen formula has at most this complexity (nodes, unless weighted), a hard cap (the target's mean when no formula
 *                      is that small); the search refines no read-off above {@value
 *                      ArchitecturePipeline#CAP_REFINED_FACTOR} times it
 * @param noiseAware    a formula whose training error is within what the data's estimated noise explains is as good
 *                      as the best ({@link dysymnet.data.NoiseLevel}): the simplest such is chosen
 * @param extrapolationGuard formulas that blow up just outside the data are not chosen while another is left
 *                      ({@code dysymnet.choice.BlowUpGuard})
 * @param validation    the formula is chosen by how well it predicts rows it was not fitted to ({@code dysymnet.choice}):
 *                      with one feature, the later rows in the feature's order from constants refitted on the
 *                      earlier ones (forward validation); with several, each of five folds of the rows from
 *                      constants refitted on the others ({@code dysymnet.choice.CrossValidation}), unless a formula fits exactly
 * @param complexityWeights how a formula's complexity is counted: the node count by default
 *                      ({@link ComplexityWeights#NONE}), else the sum of its operators' weights; every candidate's
 *                      complexity, the Pareto front, the choice and {@code maxComplexity} use it
 * @param rulesOff      the rules of the final choice switched off by name, for measuring a rule's worth
 *                      ({@code dysymnet.choice.Policy#names}; an unknown name switches nothing off), sorted;
 *                      empty by default
 */
public record Selection(double factor, int maxComplexity, boolean noiseAware, boolean extrapolationGuard,
                        boolean validation, ComplexityWeights complexityWeights,
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> rulesOff) {

    public static final int DEFAULT_MAX_COMPLEXITY = 100;

    public Selection {
        if (!(factor >= 1.0)) {
            throw new IllegalArgumentException("selection factor must be at least 1, got " + factor);
        }
        if (maxComplexity < 1) {
            throw new IllegalArgumentException("max complexity must be at least 1, got " + maxComplexity);
        }
        complexityWeights = complexityWeights == null ? ComplexityWeights.NONE : complexityWeights;
        rulesOff = rulesOff == null ? List.of() : List.copyOf(new TreeSet<>(rulesOff));
    }

    /** A selection with every rule of the final choice on. */
    public Selection(double factor, int maxComplexity, boolean noiseAware, boolean extrapolationGuard,
                     boolean validation, ComplexityWeights complexityWeights) {
        this(factor, maxComplexity, noiseAware, extrapolationGuard, validation, complexityWeights, List.of());
    }

    /** A selection that counts nodes. */
    public Selection(double factor, int maxComplexity, boolean noiseAware, boolean extrapolationGuard,
                     boolean validation) {
        this(factor, maxComplexity, noiseAware, extrapolationGuard, validation, ComplexityWeights.NONE);
    }

    /** The complexity of {@code e} as this selection counts it ({@link #complexityWeights}). */
    public int complexity(Expr e) {
        return complexityWeights.complexity(e);
    }

    public static Selection defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().factor(factor).maxComplexity(maxComplexity).noiseAware(noiseAware)
                .extrapolationGuard(extrapolationGuard).validation(validation)
                .complexityWeights(complexityWeights).rulesOff(rulesOff);
    }

    /** Builder of a {@link Selection}, starting from the defaults. */
    public static final class Builder {
        private double factor = ParetoFront.DEFAULT_FACTOR;
        private int maxComplexity = DEFAULT_MAX_COMPLEXITY;
        private boolean noiseAware = true;
        private boolean extrapolationGuard = true;
        private boolean validation = true;
        private ComplexityWeights complexityWeights = ComplexityWeights.NONE;
        private List<String> rulesOff = List.of();

        private Builder() {
        }

        public Builder factor(double v) {
            factor = v;
            return this;
        }

        public Builder maxComplexity(int v) {
            maxComplexity = v;
            return this;
        }

        /** Whether the estimated noise sets how much error counts as a fit (default true). */
        public Builder noiseAware(boolean v) {
            noiseAware = v;
            return this;
        }

        /** Whether formulas that blow up just outside the data are passed over (default true). */
        public Builder extrapolationGuard(boolean v) {
            extrapolationGuard = v;
            return this;
        }

        /**
         * Whether the formula is chosen by validation on held-out rows: forward validation with one feature,
         * cross-validation with several (default true).
         */
        public Builder validation(boolean v) {
            validation = v;
            return this;
        }

        /** How a formula's complexity is counted (default: its nodes). */
        public Builder complexityWeights(ComplexityWeights v) {
            complexityWeights = v;
            return this;
        }

        /** Sets one operator's weight in the weights set so far. */
        public Builder complexityOf(String operator, int weight) {
            complexityWeights = (complexityWeights == null ? ComplexityWeights.NONE : complexityWeights)
                    .with(operator, weight);
            return this;
        }

        /** The rules of the final choice switched off by name (default none). */
        public Builder rulesOff(List<String> v) {
            rulesOff = v;
            return this;
        }

        public Selection build() {
            return new Selection(factor, maxComplexity, noiseAware, extrapolationGuard, validation,
                    complexityWeights, rulesOff);
        }
    }
}
