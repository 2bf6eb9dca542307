package dysymnet.choice;

import dysymnet.search.Candidate;
import java.util.ArrayList;
import java.util.List;

/**
 * Several features, when the best fit's residual shows noise ({@link NoiseTest}): of the front members within the
 * selection's factor of the lowest error (or within the noise level), the one of the lowest
 * {@code n ln(mse) + complexity * NODE_PENALTY * ln n} ({@code n} the effective number of rows) is chosen, rather
 * than the simplest. On noisy data a law and a simpler approximation may both fit within the noise (at noise 0.01,
 * {@code m0/(1 - 0.55*v^2/c^2)} reaches 1.023 times the MSE of {@code m0/sqrt(1 - v^2/c^2)} on 1,000 rows), and
 * yet the data tell them apart: a 2.3% higher residual sum of squares is 23 in {@code n ln(mse)}, many times the
 * spread of the difference between two fits of the same rows. A formula that fits the noise itself gains about
 * 1 per extra constant, below a node's cost.
 */
final class InformationCriterion implements Rule {
    static final String NAME = "information-criterion";
    /**
     * Nodes' cost in the criterion, in units of {@code ln n}: half of BIC's cost of a parameter (a node is a choice
     * of structure, not a free constant).
     */
    static final double NODE_PENALTY = 0.5;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean apply(ChoiceState s) {
        NoiseTest noise = s.noise();
        if (noise == null || !noise.shown() || s.chosen() != null) {
            return false;
        }
        List<Candidate> members = new ArrayList<>();
        double best = Double.POSITIVE_INFINITY;
        for (Candidate c : s.front().candidates()) {
            if (c.complexity() <= s.selection().maxComplexity() && Double.isFinite(c.mse())) {
                members.add(c);
                best = Math.min(best, c.mse());
            }
        }
        if (members.isEmpty() || !(best > 0)) {
            return true;
        }
        double n = s.data().effectiveRows();
        double limit = Math.max(s.selection().factor() * best, s.level());
        Candidate chosen = null;
        double score = Double.POSITIVE_INFINITY;
        double[] scores = new double[members.size()];
        for (int i = 0; i < members.size(); i++) {
            Candidate c = members.get(i);
            scores[i] = Double.NaN;
            if (c.mse() > limit) {
                continue;
            }
            scores[i] = n * Math.log(c.mse()) + c.complexity() * NODE_PENALTY * Math.log(n);
            if (scores[i] < score) {
                score = scores[i];
                chosen = c;
            }
        }
        for (int i = 0; i < members.size(); i++) {
            Candidate c = members.get(i);
            if (c.equals(chosen)) {
                continue;
            }
            s.passOver(c, NAME, Double.isNaN(scores[i])
                    ? "training MSE " + Explanation.number(c.mse()) + " above the limit " + Explanation.number(limit)
                    : "n ln(mse) + nodes ln(n)/2 = " + Explanation.number(scores[i]) + " above "
                    + Explanation.number(score));
        }
        if (chosen != null) {
            s.choose(chosen, NAME, "n ln(mse) + nodes ln(n)/2 = " + Explanation.number(score)
                    + ", the lowest within the limit " + Explanation.number(limit));
        }
        return true;
    }
}
