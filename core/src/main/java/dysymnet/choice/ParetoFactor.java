package dysymnet.choice;

import dysymnet.search.Candidate;
import dysymnet.search.ParetoFront;

/**
 * The Pareto front's rule ({@link ParetoFront#choose}, its factor and floor are its constants): the simplest front
 * member whose training MSE is within the selection's factor of the lowest (or within the noise level, or within
 * round-off of it) is chosen, when no rule before chose.
 */
final class ParetoFactor implements Rule {
    static final String NAME = "pareto-factor";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean apply(ChoiceState s) {
        if (s.chosen() != null) {
            return false;
        }
        ParetoFront front = s.front();
        Candidate chosen = front.choose(s.facts().variance(), s.selection(), s.level());
        if (chosen == null) {
            return true;
        }
        double limit = Math.max(s.selection().factor() * lowest(s, front), s.level());
        String bound = "the limit " + Explanation.number(limit) + " (" + Explanation.number(s.selection().factor())
                + " x the lowest MSE" + (limit > s.selection().factor() * lowest(s, front) ? ", or the noise level"
                : "") + ")";
        boolean before = true;
        for (Candidate c : front.candidates()) {
            if (c.equals(chosen)) {
                before = false;
            } else if (before) {
                s.passOver(c, NAME, "training MSE " + Explanation.number(c.mse()) + " above " + bound);
            } else {
                s.passOver(c, NAME, "a simpler formula is within " + bound);
            }
        }
        s.choose(chosen, NAME, "the simplest within " + bound);
        return true;
    }

    /** The lowest training MSE of the front members within the cap (of all, when none is). */
    private static double lowest(ChoiceState s, ParetoFront front) {
        double m = Double.POSITIVE_INFINITY;
        double all = Double.POSITIVE_INFINITY;
        for (Candidate c : front.candidates()) {
            all = Math.min(all, c.mse());
            if (c.complexity() <= s.selection().maxComplexity()) {
                m = Math.min(m, c.mse());
            }
        }
        return Double.isFinite(m) ? m : all;
    }
}
