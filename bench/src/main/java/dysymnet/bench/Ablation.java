package dysymnet.bench;

import dysymnet.api.SymbolicRegressor;
import dysymnet.net.TrainConfig;
import dysymnet.search.Refiner;
import dysymnet.terms.TermSettings;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The paper's ablations (Table 3): which part of DySymNet a run switches off. */
public enum Ablation {
    /** The full method. */
    NONE("none"),
    /** No constant refinement: the constants read off the network are kept ({@link Refiner#NONE}). */
    NO_REFINE("no-refine"),
    /** No policy gradient: architectures sampled uniformly, the controller never trained. */
    NO_PG("no-pg"),
    /** No adaptive gradient clipping, and no fixed clipping either (threshold +Infinity). */
    NO_CLIP("no-clip"),
    /** No backward elimination with refitting (ours, not the paper's; {@link dysymnet.fit.Eliminator}). */
    NO_ELIM("no-elim"),
    /** Stage 1 on all the data from its first step, no growing window (ours; {@link dysymnet.net.GrowingWindow}). */
    NO_WINDOW("no-window"),
    /** The final choice ignores the noise level estimated from the data (ours; {@link dysymnet.search.ModelChoice}). */
    NO_NOISE("no-noise"),
    /** The final choice does not pass over formulas that blow up just outside the data (ours). */
    NO_GUARD("no-guard"),
    /**
     * No validation on held-out rows in the final choice: neither forward validation (one feature) nor
     * cross-validation (several) (ours).
     */
    NO_VALIDATION("no-validation"),
    /** None of the three guards of the final choice: the Pareto front's rule alone (ours). */
    NO_GUARDS("no-guards"),
    /** No genetic-programming stage: the networks' formulas alone (ours; {@link dysymnet.gp.GeneticProgramming}). */
    NO_GP("no-gp"),
    /**
     * Every network trained in full: none given up at its checkpoint (ours; {@link TrainConfig#keepFraction()}).
     */
    NO_HALVING("no-halving"),
    /** No sparse term regression (ours; {@link dysymnet.terms.TermRegression}). */
    NO_TERMS("no-terms"),
    /** Term regression without its basis of products (ours; {@link dysymnet.terms.TermSettings#interactions()}). */
    NO_INTERACTIONS("no-interactions"),
    /** Term regression without transformed targets (ours; {@link dysymnet.terms.TermSettings#transforms()}). */
    NO_TRANSFORMS("no-transforms"),
    /**
     * Neither the genetic-programming stage nor the term regression: the networks alone, the paper's method (ours;
     * what measures the networks' own throughput, since the two stages solve most standard problems before any
     * network trains).
     */
    NETWORKS_ONLY("networks-only");

    private final String label;

    Ablation(String label) {
        this.label = label;
    }

    /** The name used on the command line and in results.csv. */
    public String label() {
        return label;
    }

    /** The ablation of a label. */
    public static Ablation of(String label) {
        for (Ablation a : values()) {
            if (a.label.equals(label)) {
                return a;
            }
        }
        throw new IllegalArgumentException("--ablation must be one of " + Arrays.stream(values())
                .map(Ablation::label).collect(Collectors.joining(", ")) + ", got '" + label + "'");
    }

    /**
     * Applies the ablation to a regressor builder.
     *
     * @param training the training settings the run would use otherwise
     */
    public void apply(SymbolicRegressor.Builder b, TrainConfig training) {
        switch (this) {
            case NONE:
                b.training(training);
                break;
            case NO_REFINE:
                b.training(training).refiner(Refiner.NONE);
                break;
            case NO_PG:
                b.training(training).policyGradient(false);
                break;
            case NO_CLIP:
                b.training(training.toBuilder().adaptiveClipping(false)
                        .warmupClipNorm(Double.POSITIVE_INFINITY).build());
                break;
            case NO_ELIM:
                b.training(training).elimination(false);
                break;
            case NO_WINDOW:
                b.training(training.toBuilder().windowPhases(0).build());
                break;
            case NO_NOISE:
                b.training(training).noiseAwareSelection(false);
                break;
            case NO_GUARD:
                b.training(training).extrapolationGuard(false);
                break;
            case NO_VALIDATION:
                b.training(training).validation(false);
                break;
            case NO_GUARDS:
                b.training(training).noiseAwareSelection(false).extrapolationGuard(false).validation(false);
                break;
            case NO_GP:
                b.training(training).geneticProgramming(false);
                break;
            case NO_HALVING:
                b.training(training.toBuilder().keepFraction(1.0).build());
                break;
            case NO_TERMS:
                b.training(training).termRegression(false);
                break;
            case NO_INTERACTIONS:
                b.training(training).terms(TermSettings.builder().interactions(false).build());
                break;
            case NO_TRANSFORMS:
                b.training(training).terms(TermSettings.builder().transforms(false).build());
                break;
            case NETWORKS_ONLY:
                b.training(training).geneticProgramming(false).termRegression(false);
                break;
            default:
                throw new AssertionError(this);
        }
    }
}
