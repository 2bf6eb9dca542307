package dysymnet.search;

import dysymnet.choice.Explanation;
import dysymnet.choice.Outcome;
import java.time.Duration;
import java.util.List;

/**
 * What a search returns, however it stopped.
 *
 * @param chosen          the chosen model (see {@link ParetoFront}); null only when no candidate was finite
 * @param front           the Pareto front of all candidates
 * @param candidates      every distinct formula scored, in order of discovery
 * @param meanRewards     mean reward of each controller step's batch
 * @param bestRewards     best reward of each controller step's batch
 * @param networksTrained networks actually trained (duplicates re-used are not counted)
 * @param failedArchitectures architectures among them that gave no finite formula (training diverged on every
 *                        restart, the formula was too large to read off, or the pipeline failed)
 * @param gaveUp          networks among them given up at their checkpoint ({@link
 *                        dysymnet.net.TrainConfig#keepFraction()}): trained in part, rewarded, no formula
 * @param errors          the first few errors of architectures whose pipeline threw (a bug: numerical trouble is
 *                        handled inside); empty when none did
 * @param steps           controller steps completed
 * @param stopReason      why the search ended
 * @param elapsed         wall time of the search
 * @param notes           what the final choice says about the chosen formula's trust (for instance that every
 *                        formula fits below the data's noise), one sentence each; empty when nothing needs saying
 * @param timings         the stage-time account of the search ({@link Timings}): each stage's wall time and how much
 *                        of the run could not use the threads given; it describes the run and changes nothing in it
 * @param choice          the final choice's whole outcome: the formulas that join the reported front, and why each
 *                        front member was passed over ({@link Outcome#explanation})
 * @param fittedRows      the rows a formula's constants may have been fitted on during the search: a network's on
 *                        its training sample, the GP's on its evenly spaced rows; on data of more rows the chosen
 *                        formula is refitted on more ({@code choice.Finishing})
 * @param sources         what each source that runs in steps got and gave ({@link SourceAccount}), in the search's
 *                        order; empty for a result made by hand
 */
public record SearchResult(Candidate chosen, ParetoFront front, List<Candidate> candidates, double[] meanRewards,
                           double[] bestRewards, long networksTrained, long failedArchitectures, long gaveUp,
                           List<String> errors, int steps, StopReason stopReason,
                           Duration elapsed, List<String> notes, Timings timings, Outcome choice,
                           int fittedRows, List<SourceAccount> sources) {
    public SearchResult {
        notes = List.copyOf(notes);
        sources = sources == null ? List.of() : List.copyOf(sources);
    }

    /** A result without a stage-time account (one made by hand). */
    public SearchResult(Candidate chosen, ParetoFront front, List<Candidate> candidates, double[] meanRewards,
                        double[] bestRewards, long networksTrained, long failedArchitectures, long gaveUp,
                        List<String> errors, int steps, StopReason stopReason, Duration elapsed, List<String> notes) {
        this(chosen, front, candidates, meanRewards, bestRewards, networksTrained, failedArchitectures, gaveUp, errors,
                steps, stopReason, elapsed, notes, null,
                new Outcome(chosen, front, List.of(), notes, Explanation.NONE, false), Integer.MAX_VALUE, List.of());
    }
}
