package dysymnet.api;

import dysymnet.choice.Explanation;
import dysymnet.search.Candidate;
import dysymnet.search.SourceAccount;
import dysymnet.search.Timings;
import java.util.List;
import java.util.Objects;

/**
 * How the search that made a model went.
 *
 * @param pareto              the Pareto front (complexity against training MSE), by increasing complexity
 * @param meanRewards         mean reward of each controller step
 * @param bestRewards         best reward of each controller step
 * @param elapsedSeconds      wall time of the search
 * @param networksTrained     networks trained (re-used duplicates not counted)
 * @param failedArchitectures architectures among them that gave no finite formula
 * @param networksGivenUp     networks among them given up at their checkpoint, behind the earlier ones
 *                            ({@link dysymnet.net.TrainConfig#keepFraction()})
 * @param stopReason          why the search ended (a {@link dysymnet.search.StopReason} name, or "" when unknown)
 * @param notes               what the final choice says about how far the formula can be trusted
 *                            ({@link dysymnet.search.SearchResult#notes()}); empty when nothing needs saying
 * @param timings             the stage-time account of the fit ({@link Timings}: the search's stages, its choice
 *                            and the finishing refit); null when not recorded (a model file written before it was)
 * @param choice              why the final choice reported the formula: the members of the fronts it looked at, each
 *                            with the rule that passed it over and its numbers ({@link Explanation}); empty when not
 *                            recorded
 * @param sources             what each formula source that runs in steps got and gave ({@link SourceAccount}: runs,
 *                            seconds, counted work, gain, final share); empty when not recorded
 */
public record SearchHistory(List<Candidate> pareto, double[] meanRewards, double[] bestRewards, double elapsedSeconds,
                            long networksTrained, long failedArchitectures, long networksGivenUp,
                            String stopReason, List<String> notes, Timings timings, Explanation choice,
                            List<SourceAccount> sources) {

    public SearchHistory {
        pareto = List.copyOf(pareto);
        sources = sources == null ? List.of() : List.copyOf(sources);
        notes = notes == null ? List.of() : List.copyOf(notes);
        meanRewards = meanRewards.clone();
        bestRewards = bestRewards.clone();
        stopReason = stopReason == null ? "" : stopReason;
        choice = choice == null ? Explanation.NONE : choice;
    }

    /** A history without the sources' account. */
    public SearchHistory(List<Candidate> pareto, double[] meanRewards, double[] bestRewards, double elapsedSeconds,
                         long networksTrained, long failedArchitectures, long networksGivenUp, String stopReason,
                         List<String> notes, Timings timings, Explanation choice) {
        this(pareto, meanRewards, bestRewards, elapsedSeconds, networksTrained, failedArchitectures, networksGivenUp,
                stopReason, notes, timings, choice, List.of());
    }

    /** A history without an explanation of the choice and without the sources' account. */
    public SearchHistory(List<Candidate> pareto, double[] meanRewards, double[] bestRewards, double elapsedSeconds,
                         long networksTrained, long failedArchitectures, long networksGivenUp, String stopReason,
                         List<String> notes, Timings timings) {
        this(pareto, meanRewards, bestRewards, elapsedSeconds, networksTrained, failedArchitectures, networksGivenUp,
                stopReason, notes, timings, Explanation.NONE);
    }

    /** A history without a stage-time account. */
    public SearchHistory(List<Candidate> pareto, double[] meanRewards, double[] bestRewards, double elapsedSeconds,
                         long networksTrained, long failedArchitectures, long networksGivenUp, String stopReason,
                         List<String> notes) {
        this(pareto, meanRewards, bestRewards, elapsedSeconds, networksTrained, failedArchitectures, networksGivenUp,
                stopReason, notes, null);
    }

    /** A history without notes. */
    public SearchHistory(List<Candidate> pareto, double[] meanRewards, double[] bestRewards, double elapsedSeconds,
                         long networksTrained, long failedArchitectures, long networksGivenUp, String stopReason) {
        this(pareto, meanRewards, bestRewards, elapsedSeconds, networksTrained, failedArchitectures, networksGivenUp,
                stopReason, List.of());
    }

    /** Mean reward of each controller step (a copy). */
    @Override
    public double[] meanRewards() {
        return meanRewards.clone();
    }

    /** Best reward of each controller step (a copy). */
    @Override
    public double[] bestRewards() {
        return bestRewards.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SearchHistory h && pareto.equals(h.pareto)
                && java.util.Arrays.equals(meanRewards, h.meanRewards)
                && java.util.Arrays.equals(bestRewards, h.bestRewards)
                && Double.compare(elapsedSeconds, h.elapsedSeconds) == 0 && networksTrained == h.networksTrained
                && failedArchitectures == h.failedArchitectures && networksGivenUp == h.networksGivenUp
                && stopReason.equals(h.stopReason) && notes.equals(h.notes) && Objects.equals(timings, h.timings)
                && choice.equals(h.choice) && sources.equals(h.sources);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pareto, java.util.Arrays.hashCode(meanRewards), java.util.Arrays.hashCode(bestRewards),
                elapsedSeconds, networksTrained, failedArchitectures, networksGivenUp, stopReason, notes, timings, choice,
                sources);
    }
}
