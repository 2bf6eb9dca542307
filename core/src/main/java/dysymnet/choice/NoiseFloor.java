package dysymnet.choice;

import dysymnet.search.Candidate;
import java.util.ArrayList;
import java.util.List;

/**
 * The noise floor: with {@code s2} the noise variance estimated from the data ({@link dysymnet.data.NoiseLevel})
 * and {@code n} rows, a formula whose training MSE is below {@code s2 * (1 - 2 * sqrt(2 / n))} (two standard
 * deviations of the MSE of pure noise below its variance, {@link ChoiceState#noiseBound}) has fitted the noise
 * itself, and is not chosen while a formula within the noise ({@link ChoiceState#level}) is left: never an over-fit
 * traded for a poor fit. When every formula is below the floor, a note says so.
 */
final class NoiseFloor implements Rule {
    static final String NAME = "noise-floor";
    /** The note when every formula fits the data's noise itself. */
    static final String BELOW_NOISE = "every formula fits below the estimated noise of the data: the law is uncertain "
            + "beyond the data";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean apply(ChoiceState s) {
        double level = s.level();
        if (!(level > 0)) {
            return false;
        }
        double floor = ChoiceState.noiseBound(s.noiseVariance(), s.data().effectiveRows(), -1);
        List<Candidate> honest = new ArrayList<>();
        boolean fits = false;
        for (Candidate c : s.pool()) {
            if (c.mse() >= floor) {
                honest.add(c);
                fits |= c.mse() <= level;
            }
        }
        if (fits) {
            for (Candidate c : s.front().candidates()) {
                if (!(c.mse() >= floor)) {
                    s.passOver(c, NAME, "training MSE " + Explanation.number(c.mse()) + " below the noise floor "
                            + Explanation.number(floor) + " (noise variance " + Explanation.number(s.noiseVariance())
                            + "): the noise itself fitted");
                }
            }
            s.narrow(honest);
        } else if (honest.isEmpty() && !s.pool().isEmpty()) {
            s.note(BELOW_NOISE);
        }
        return true;
    }
}
