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
 * @param source       where it came from: a network, the GP, the term regression, the mean ({@link Source})
 * @param architecture the architecture of the network it was read off, in {@code Architecture.toString()} form, when
 *                     its source is {@link Source#NETWORK}; null otherwise
 * @param step         the controller step (0-based) that first produced it
 */
public record Candidate(Expr expression, int complexity, double mse, double r2, double reward, Source source,
                        String architecture, int step) {
    public Candidate {
        Objects.requireNonNull(expression, "expression");
        Objects.requireNonNull(source, "source");
        if (source.equals(Source.NETWORK) != (architecture != null)) {
            throw new IllegalArgumentException("a network's candidate has an architecture and no other has one: "
                    + source + ", " + architecture);
        }
    }

    /** This candidate with another formula and scores, from the same source and step. */
    public Candidate withScores(Expr expression, int complexity, double mse, double r2, double reward) {
        return new Candidate(expression, complexity, mse, r2, reward, source, architecture, step);
    }

    /** Where it came from in words: a network's architecture, else the source's name. */
    public String origin() {
        return architecture != null ? architecture : source.name();
    }
}
