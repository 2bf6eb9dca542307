package dysymnet.search;

import java.time.Duration;

/**
 * Progress of the search after one controller step.
 *
 * @param step            0-based index of the step just finished
 * @param maxSteps        the step budget
 * @param networksTrained networks trained so far (re-used duplicates not counted)
 * @param best            the best candidate so far by training MSE (null if none is finite yet)
 * @param leading         the candidate the selection's front rule would choose now (without the final choice's
 *                        forward validation, which costs too much to run every step); null if none yet
 * @param meanReward      mean reward of the step's batch
 * @param bestReward      best reward of the step's batch
 * @param elapsed         time since the search started
 */
public record StepEvent(int step, int maxSteps, long networksTrained, Candidate best, Candidate leading,
                        double meanReward,
                        double bestReward, Duration elapsed) {
}
