package dysymnet.search;

import java.util.Objects;

/**
 * What happens to a formula read off a trained network before it is scored.
 *
 * @param refiner     constant refinement method
 * @param polish      snap refined constants to the simplest values the data allow ({@link dysymnet.fit.Polisher})
 * @param elimination also run backward elimination with refitting ({@link dysymnet.fit.Eliminator}) from each
 *                    refined formula and from each small network's dense stage-1 state, every formula of those paths
 *                    becoming a candidate; needs a refiner
 */
public record Refinement(Refiner refiner, boolean polish, boolean elimination) {

    public Refinement {
        Objects.requireNonNull(refiner, "refiner");
    }

    /** Levenberg-Marquardt, polishing and elimination. */
    public static Refinement defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder().refiner(refiner).polish(polish).elimination(elimination);
    }

    /** Builder of a {@link Refinement}, starting from the defaults. */
    public static final class Builder {
        private Refiner refiner = Refiner.LM;
        private boolean polish = true;
        private boolean elimination = true;

        private Builder() {
        }

        public Builder refiner(Refiner v) {
            refiner = v;
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

        public Refinement build() {
            return new Refinement(refiner, polish, elimination);
        }
    }
}
