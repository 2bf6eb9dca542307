package dysymnet.choice;

import dysymnet.search.Candidate;

/**
 * An exact fit (up to round-off, {@link dysymnet.data.DataFacts#exact}) is the law on these data, whatever it does
 * far away: a law may have a pole outside the data (1/(x - 1) on x in [2, 5]); the probes are against fitted noise.
 */
final class ExactFit implements Exemption {
    @Override
    public String name() {
        return "exact-fit";
    }

    @Override
    public boolean exempts(ChoiceState state, Candidate c) {
        return state.facts().exact(c.mse());
    }
}
