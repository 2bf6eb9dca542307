package dysymnet.choice;

import dysymnet.search.Candidate;
import dysymnet.search.ParetoFront;
import java.util.List;

/**
 * What the final choice decided.
 *
 * @param chosen      the reported formula, null when no candidate is finite
 * @param front       the Pareto front of the formulas the guards left, which the pickers chose from
 * @param joined      formulas that join the reported front though not on it (the straight line the held-out rows
 *                    chose over the front's formula); empty mostly
 * @param notes       what the choice says about the reported formula's trust, one sentence each
 * @param explanation why each member of the fronts looked at was passed over, and why the reported one was chosen
 * @param polished    whether the chosen formula's constants were polished by the choice ({@link PolishedFront}), so
 *                    that finishing need not polish them again
 */
public record Outcome(Candidate chosen, ParetoFront front, List<Candidate> joined, List<String> notes,
                      Explanation explanation, boolean polished) {
    public Outcome {
        joined = List.copyOf(joined);
        notes = List.copyOf(notes);
    }
}
