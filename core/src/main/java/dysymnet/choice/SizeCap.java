package dysymnet.choice;

import dysymnet.data.DataFacts;
import dysymnet.data.Metrics;
import dysymnet.expr.Const;
import dysymnet.search.Candidate;
import dysymnet.search.ParetoFront;
import dysymnet.search.Reward;
import dysymnet.search.Source;
import java.util.ArrayList;
import java.util.List;

/**
 * The size cap: a formula above the selection's complexity cap is never offered (a hard cap); when no formula is
 * that small, the target's mean is the candidate of last resort.
 */
final class SizeCap implements Rule {
    static final String NAME = "size-cap";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean apply(ChoiceState s) {
        int cap = s.selection().maxComplexity();
        List<Candidate> capped = new ArrayList<>();
        for (Candidate c : s.all()) {
            if (c.complexity() <= cap) {
                capped.add(c);
            }
        }
        for (Candidate c : ParetoFront.of(s.all()).candidates()) {
            if (c.complexity() > cap) {
                s.passOver(c, NAME, "complexity " + c.complexity() + " above the cap " + cap);
            }
        }
        if (capped.isEmpty() && !s.all().isEmpty()) {
            capped.add(mean(s.facts()));
        }
        s.cap(capped);
        return true;
    }

    /** The constant formula of the target's mean, the candidate of last resort under a size cap. */
    static Candidate mean(DataFacts facts) {
        double m = Metrics.mean(facts.data());
        double var = facts.variance();
        return new Candidate(new Const(m), 1, var, 0.0, Reward.of(var, var), Source.MEAN, null, 0);
    }
}
