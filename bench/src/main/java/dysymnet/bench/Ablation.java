package dysymnet.bench;

import dysymnet.api.SymbolicRegressor;
import dysymnet.controller.ControllerConfig;
import dysymnet.search.Budget;
import dysymnet.net.TrainConfig;
import dysymnet.search.Refiner;
import dysymnet.search.Settings;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The paper's ablations (Table 3, Figure 3) and ours: which part of DySymNet a run switches off. A run may switch
 * off several ({@link Ablations}); each ablation names the parts it switches off ({@link #removes()}) and the parts
 * it acts on ({@link #needs()}), so that a list can be checked for contradictions before any run.
 */
public enum Ablation {
    /** The full method. */
    NONE("none", Set.of(), Set.of()),
    /**
     * Neither the genetic-programming stage nor the term regression: the networks alone, the paper's method (ours;
     * what measures the networks' own throughput, since the two stages solve most standard problems before any
     * network trains).
     */
    NETWORKS_ONLY("networks-only", Set.of(Part.GP, Part.TERMS), Set.of(Part.NETWORKS)),
    /**
     * No network trained: the straight lines, the quick GP, the GP after each step and the term regression alone,
     * under the same step budget and time limit (ours; {@link dysymnet.search.Budget#trainsNetworks()}: 0 networks
     * per step, each step one run of the GP and one of the term regression). A step then costs a fraction of a step
     * with networks: compare at an equal time limit that ends the runs.
     */
    NO_NETWORKS("no-networks", Set.of(Part.NETWORKS), Set.of()),
    /**
     * No constant refinement: the constants read off the network are kept ({@link Refiner#NONE}); the reported
     * formula is not refined at the end either.
     */
    NO_REFINE("no-refine", Set.of(Part.REFINEMENT), Set.of()),
    /** No policy gradient: architectures sampled uniformly, the controller never trained. */
    NO_PG("no-pg", Set.of(Part.POLICY_GRADIENT), Set.of(Part.NETWORKS)),
    /**
     * No adaptive gradient clipping, and no fixed clipping either (threshold +Infinity): the paper's ablation "AGC".
     */
    NO_CLIP("no-clip", Set.of(Part.CLIPPING), Set.of(Part.NETWORKS)),
    /** No backward elimination with refitting (ours, not the paper's; {@link dysymnet.fit.Eliminator}). */
    NO_ELIM("no-elim", Set.of(Part.ELIMINATION), Set.of(Part.NETWORKS)),
    /** Stage 1 on all the data from its first step, no growing window (ours; {@link dysymnet.net.GrowingWindow}). */
    NO_WINDOW("no-window", Set.of(Part.WINDOW), Set.of(Part.NETWORKS)),
    /** The final choice ignores the noise level estimated from the data (ours; {@code dysymnet.choice.NoiseFloor} and the rules after it). */
    NO_NOISE("no-noise", Set.of(Part.NOISE), Set.of()),
    /** The final choice does not pass over formulas that blow up just outside the data (ours). */
    NO_GUARD("no-guard", Set.of(Part.GUARD), Set.of()),
    /**
     * No validation on held-out rows in the final choice: neither forward validation (one feature) nor
     * cross-validation (several) (ours).
     */
    NO_VALIDATION("no-validation", Set.of(Part.VALIDATION), Set.of()),
    /** None of the three guards of the final choice: the Pareto front's rule alone (ours). */
    NO_GUARDS("no-guards", Set.of(Part.NOISE, Part.GUARD, Part.VALIDATION), Set.of()),
    /** No genetic-programming stage: the networks' formulas alone (ours; {@link dysymnet.gp.GeneticProgramming}). */
    NO_GP("no-gp", Set.of(Part.GP), Set.of()),
    /**
     * Every network trained in full: none given up at its checkpoint (ours; {@link TrainConfig#keepFraction()}).
     */
    NO_HALVING("no-halving", Set.of(Part.HALVING), Set.of(Part.NETWORKS)),
    /** No sparse term regression (ours; {@link dysymnet.terms.TermRegression}). */
    NO_TERMS("no-terms", Set.of(Part.TERMS), Set.of()),
    /** Term regression without its basis of products (ours; {@link dysymnet.terms.TermSettings#interactions()}). */
    NO_INTERACTIONS("no-interactions", Set.of(Part.INTERACTIONS), Set.of(Part.TERMS)),
    /** Term regression without transformed targets (ours; {@link dysymnet.terms.TermSettings#transforms()}). */
    NO_TRANSFORMS("no-transforms", Set.of(Part.TRANSFORMS), Set.of(Part.TERMS)),
    /**
     * With units, no genetic programming on the inputs' dimensionless groups (ours, issue 42;
     * {@link dysymnet.gp.GpSettings#onGroups()}).
     */
    NO_PI_GP("no-pi-gp", Set.of(Part.PI_GP), Set.of(Part.GP)),
    /**
     * With units, no term regression on the inputs' dimensionless groups (ours, issue 42;
     * {@link dysymnet.terms.TermSettings#dimensionless()}).
     */
    NO_PI_TERMS("no-pi-terms", Set.of(Part.PI_TERMS), Set.of(Part.TERMS)),
    /**
     * With units, no curves of one dimensionless group (ours, issue 42; {@link dysymnet.terms.TermSettings#curves()}).
     */
    NO_PI_CURVES("no-pi-curves", Set.of(Part.PI_CURVES), Set.of(Part.TERMS)),
    /** With units, no source on the dimensionless groups: the three above (ours, issue 42). */
    NO_PI("no-pi", Set.of(Part.PI_GP, Part.PI_TERMS, Part.PI_CURVES), Set.of()),
    /**
     * The earned shares of the steps ({@link dysymnet.search.Budget.Allocation#EARNED}) instead of every source in
     * every step (not an ablation: an addition, measured the same way).
     */
    EARNED("earned", Set.of(Part.ALLOCATION), Set.of()),
    /**
     * The controller that learns within a run (up to 5 KL-bounded Adam steps of 0.006 per batch on normalised
     * advantages, {@link dysymnet.controller.ControllerConfig#learning()}) instead of the paper's (not an ablation:
     * an addition, measured the same way).
     */
    LEARNING_PG("learning-pg", Set.of(Part.LEARNING), Set.of(Part.NETWORKS, Part.POLICY_GRADIENT));

    /** A part of the method that an ablation switches off or acts on. */
    public enum Part {
        NETWORKS("the networks"),
        GP("the genetic programming"),
        TERMS("the term regression"),
        REFINEMENT("constant refinement"),
        POLICY_GRADIENT("the policy gradient"),
        CLIPPING("gradient clipping"),
        ELIMINATION("backward elimination"),
        WINDOW("the growing window"),
        HALVING("halving"),
        NOISE("the noise-aware choice"),
        GUARD("the extrapolation guard"),
        VALIDATION("validation on held-out rows"),
        INTERACTIONS("the term regression's products"),
        TRANSFORMS("the term regression's transformed targets"),
        PI_GP("the genetic programming on the dimensionless groups"),
        PI_TERMS("the term regression on the dimensionless groups"),
        PI_CURVES("the curves of one dimensionless group"),
        ALLOCATION("the allocation of the steps (every source in every step)"),
        LEARNING("the controller's settings (the paper's)");

        private final String words;

        Part(String words) {
            this.words = words;
        }

        /** The part in words, for messages. */
        public String words() {
            return words;
        }
    }

    private final String label;
    private final Set<Part> removes;
    private final Set<Part> needs;

    Ablation(String label, Set<Part> removes, Set<Part> needs) {
        this.label = label;
        this.removes = removes.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(removes));
        this.needs = needs.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(needs));
    }

    /** The name used on the command line and in results.csv. */
    public String label() {
        return label;
    }

    /** The parts this ablation switches off. */
    public Set<Part> removes() {
        return removes;
    }

    /** The parts this ablation acts on, which must be there: another ablation of the same run may not remove them. */
    public Set<Part> needs() {
        return needs;
    }

    /** Every label, in the order of the declarations, comma-separated (for messages). */
    public static String labels() {
        return Arrays.stream(values()).map(Ablation::label).collect(Collectors.joining(", "));
    }

    /**
     * The ablation of a label.
     *
     * @throws IllegalArgumentException naming the label and the valid ones when there is none
     */
    public static Ablation of(String label) {
        for (Ablation a : values()) {
            if (a.label.equals(label)) {
                return a;
            }
        }
        throw new IllegalArgumentException("--ablation: unknown '" + label + "'; valid: " + labels());
    }

    /**
     * Applies the ablation to a regressor builder, on top of its settings as they are (those of other ablations
     * applied before included).
     */
    public void apply(SymbolicRegressor.Builder b) {
        Settings s = b.settings();
        TrainConfig training = s.training();
        switch (this) {
            case NONE:
                break;
            case NETWORKS_ONLY:
                b.geneticProgramming(false).termRegression(false);
                break;
            case NO_NETWORKS:
                b.batchSize(0);
                break;
            case NO_REFINE:
                b.refiner(Refiner.NONE);
                break;
            case NO_PG:
                b.policyGradient(false);
                break;
            case NO_CLIP:
                b.training(training.toBuilder().adaptiveClipping(false)
                        .warmupClipNorm(Double.POSITIVE_INFINITY).build());
                break;
            case NO_ELIM:
                b.elimination(false);
                break;
            case NO_WINDOW:
                b.training(training.toBuilder().windowPhases(0).build());
                break;
            case NO_NOISE:
                b.noiseAwareSelection(false);
                break;
            case NO_GUARD:
                b.extrapolationGuard(false);
                break;
            case NO_VALIDATION:
                b.validation(false);
                break;
            case NO_GUARDS:
                b.noiseAwareSelection(false).extrapolationGuard(false).validation(false);
                break;
            case NO_GP:
                b.geneticProgramming(false);
                break;
            case NO_HALVING:
                b.training(training.toBuilder().keepFraction(1.0).build());
                break;
            case NO_TERMS:
                b.termRegression(false);
                break;
            case NO_INTERACTIONS:
                b.terms(s.terms().toBuilder().interactions(false).build());
                break;
            case NO_TRANSFORMS:
                b.terms(s.terms().toBuilder().transforms(false).build());
                break;
            case NO_PI_GP:
                b.gp(s.gp().toBuilder().onGroups(false).build());
                break;
            case NO_PI_TERMS:
                b.terms(s.terms().toBuilder().dimensionless(false).build());
                break;
            case NO_PI_CURVES:
                b.terms(s.terms().toBuilder().curves(false).build());
                break;
            case NO_PI:
                NO_PI_GP.apply(b);
                NO_PI_TERMS.apply(b);
                NO_PI_CURVES.apply(b);
                break;
            case EARNED:
                b.allocation(Budget.Allocation.EARNED);
                break;
            case LEARNING_PG:
                b.controller(ControllerConfig.learning().toBuilder().policyGradient(s.controller().policyGradient())
                        .build());
                break;
            default:
                throw new AssertionError(this);
        }
    }
}
