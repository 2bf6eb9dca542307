package dysymnet.search;

import dysymnet.expr.Expr;
import java.util.Objects;

/**
 * One formula found by the search, scored on the training data.
 *
 * @param expression   the simplified formula with refined constants
 * @param complexity   its complexity: its node count, or the sum of its operators' weights
 *                     ({@link Selection#complexityWeights()})
 * @param mse          mean squared error on the training data (+Infinity when not finite)
 * @param r2           coefficient of determination on the training data
 * @param reward       {@link Reward#of}: 1 / (1 + NRMSE), the controller's reward
 * @param architecture the network architecture it was read off, in {@code Architecture.toString()} form
 * @param step         the controller step (0-based) that first produced it
 */
public record Candidate(Expr expression, int complexity, double mse, double r2, double reward, String architecture,
                        int step) {
    public Candidate {
        Objects.requireNonNull(expression, "expression");
        Objects.requireNonNull(architecture, "architecture");
    }
}
