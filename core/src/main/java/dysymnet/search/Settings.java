package dysymnet.search;

import dysymnet.controller.ControllerConfig;
import dysymnet.expr.ComplexityWeights;
import dysymnet.gp.GpSettings;
import dysymnet.net.SearchSpace;
import dysymnet.net.TrainConfig;
import dysymnet.terms.TermSettings;
import java.util.Objects;

/**
 * Every setting of one search, grouped by what the user decides. Immutable; defaults follow the paper except where
 * a group says otherwise. {@link SettingsJson} writes and reads it.
 *
 * @param space      which architectures may be sampled
 * @param controller how the sampling is guided (policy gradient or uniform, and the controller's learning)
 * @param training   how each sampled network is trained
 * @param refinement what happens to a read-off formula before it is scored
 * @param selection  how the reported formula is chosen
 * @param budget     how much the search may spend
 * @param gp         the genetic-programming stage seeded with the networks' formulas ({@link GpSettings})
 * @param terms      the sparse term-regression stage ({@link TermSettings})
 * @param seed       the seed of every random choice of the search
 * @param threads    worker threads for training networks (the result of a step-budgeted search does not depend on it)
 */
public record Settings(SearchSpace space, ControllerConfig controller, TrainConfig training, Refinement refinement,
                       Selection selection, Budget budget, GpSettings gp, TermSettings terms, long seed,
                       int threads) {

    public Settings {
        Objects.requireNonNull(space, "space");
        Objects.requireNonNull(controller, "controller");
        Objects.requireNonNull(training, "training");
        Objects.requireNonNull(refinement, "refinement");
        Objects.requireNonNull(selection, "selection");
        Objects.requireNonNull(budget, "budget");
        Objects.requireNonNull(gp, "gp");
        Objects.requireNonNull(terms, "terms");
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        if (!budget.trainsNetworks() && !gp.enabled() && !terms.enabled()) {
            throw new IllegalArgumentException("0 networks per step needs the genetic programming or the term "
                    + "regression on: the search would have no source of formulas");
        }
        for (String name : selection.complexityWeights().weights().keySet()) {
            if (!ComplexityWeights.isBuiltIn(name) && space.operators().stream()
                    .noneMatch(op -> op.userFunction() != null && op.userFunction().name().equals(name))) {
                throw new IllegalArgumentException("complexity of '" + name + "': no such operator (+, -, *, /, ^, "
                        + "neg, a built-in function such as exp, or a user function of the operator library)");
            }
        }
    }

    /** The defaults, on all cores of this machine. */
    public static Settings defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().space(space).controller(controller).training(training).refinement(refinement)
                .selection(selection).budget(budget).gp(gp).terms(terms).seed(seed).threads(threads);
    }

    /** Builder of {@link Settings}: each group whole, starting from the defaults (seed 0, all cores). */
    public static final class Builder {
        private SearchSpace space = SearchSpace.defaults();
        private ControllerConfig controller = ControllerConfig.defaults();
        private TrainConfig training = TrainConfig.defaults();
        private Refinement refinement = Refinement.defaults();
        private Selection selection = Selection.defaults();
        private Budget budget = Budget.defaults();
        private GpSettings gp = GpSettings.defaults();
        private TermSettings terms = TermSettings.defaults();
        private long seed;
        private int threads = Runtime.getRuntime().availableProcessors();

        private Builder() {
        }

        public Builder space(SearchSpace v) {
            space = v;
            return this;
        }

        public Builder controller(ControllerConfig v) {
            controller = v;
            return this;
        }

        public Builder training(TrainConfig v) {
            training = v;
            return this;
        }

        public Builder refinement(Refinement v) {
            refinement = v;
            return this;
        }

        public Builder selection(Selection v) {
            selection = v;
            return this;
        }

        public Builder budget(Budget v) {
            budget = v;
            return this;
        }

        public Builder gp(GpSettings v) {
            gp = v;
            return this;
        }

        public Builder terms(TermSettings v) {
            terms = v;
            return this;
        }

        public Builder seed(long v) {
            seed = v;
            return this;
        }

        public Builder threads(int v) {
            threads = v;
            return this;
        }

        /** Validates and builds; invalid settings throw IllegalArgumentException saying which and why. */
        public Settings build() {
            return new Settings(space, controller, training, refinement, selection, budget, gp, terms, seed, threads);
        }
    }
}
