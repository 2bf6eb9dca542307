package dysymnet.choice;

import dysymnet.search.Candidate;
import dysymnet.search.ParetoFront;
import dysymnet.units.DimensionCheck;
import dysymnet.units.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * The units: with the units of the data given ({@link Units}), a formula that is not dimensionally consistent
 * ({@link DimensionCheck}) is never reported while a consistent one is in the running; every later rule, and the
 * fall-backs of the guards, choose among the consistent ones. When no formula is consistent nothing is taken out,
 * and the choice says so in a note. Without units it does not run.
 */
final class UnitsRule implements Rule {
    static final String NAME = "units";
    /** The note when no formula within the size cap is consistent. */
    static final String NONE_CONSISTENT = "no formula found is dimensionally consistent with the units given; the "
            + "reported one is not";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean apply(ChoiceState s) {
        Units units = s.units();
        if (units == null) {
            return false;
        }
        List<Candidate> consistent = new ArrayList<>();
        for (Candidate c : s.candidates()) {
            if (DimensionCheck.consistent(c.expression(), units)) {
                consistent.add(c);
            }
        }
        if (consistent.isEmpty()) {
            s.note(NONE_CONSISTENT);
            return true;
        }
        if (consistent.size() < s.candidates().size()) {
            for (Candidate c : ParetoFront.of(s.candidates()).candidates()) {
                if (!consistent.contains(c)) {
                    s.passOver(c, NAME, DimensionCheck.check(c.expression(), units).problem());
                }
            }
            s.cap(consistent);
            s.excludeOthers();
        }
        return true;
    }
}
