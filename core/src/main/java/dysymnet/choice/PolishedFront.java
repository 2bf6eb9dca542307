package dysymnet.choice;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.fit.Polisher;
import dysymnet.search.Candidate;
import dysymnet.search.ParetoFront;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The front as it would be reported: before any other rule, each member of the candidates' Pareto front has its
 * constants polished (and the members that then join the front, for up to {@value #ROUNDS} rounds) within the noise
 * allowance ({@link Polisher#withNoiseAllowance()}, what {@link Finishing} does
 * to the reported formula) and is compared in that form, its size and error those of the polished formula. Without
 * it the choice weighs sizes the report never shows: on noisy data a law's fitted constants carry the noise
 * ({@code c*m_0*sqrt(1.00043/(c^2 - 1.003*v^2))}, 16 nodes) and an approximation of fewer nodes within the factor
 * ({@code m_0*(-0.244*log(cos(2.01*v/c)) + 1.001)}, 13) was chosen over it although, polished, the law is 11.
 *
 * <p>A member whose polish changes nothing, or would make a dimensionally consistent formula inconsistent (a
 * constant that carried a unit snapped away), stays as it is. Runs only where the finishing polishes
 * ({@link ChoiceState#polishes()}: the search's refinement polishes and its data were not scaled).
 */
final class PolishedFront implements Rule {
    static final String NAME = "polished-front";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean apply(ChoiceState s) {
        if (!s.polishes()) {
            return false;
        }
        Dataset data = s.data();
        Polisher polisher = Polisher.withNoiseAllowance();
        Set<Candidate> tried = new HashSet<>();
        for (int round = 0; round < ROUNDS; round++) {
            // a member polished may fit worse than one it dominated, which then joins the front: polish it too
            Map<Candidate, Candidate> polished = new LinkedHashMap<>();
            for (Candidate c : ParetoFront.of(s.all()).candidates()) {
                if (!tried.add(c)) {
                    continue;
                }
                Candidate p = polished(c, polisher, data, s);
                if (p != null) {
                    polished.put(c, p);
                    tried.add(p);
                }
            }
            if (polished.isEmpty()) {
                break;
            }
            s.polish(polished);
        }
        return true;
    }

    /** Rounds of polishing the front at most (each polishes the members that joined it). */
    static final int ROUNDS = 4;

    /** {@code c} polished and scored on {@code data}; null when the polish changes nothing or is not taken. */
    private static Candidate polished(Candidate c, Polisher polisher, Dataset data, ChoiceState s) {
        Expr p = polisher.polish(c.expression(), data, () -> false);
        if (p.equals(c.expression()) || !Finishing.keepsUnits(s.units(), c.expression(), p)) {
            return null;
        }
        double[] pred = Evaluator.evaluate(p, data);
        double mse = Metrics.mse(pred, data);
        return Double.isFinite(mse) ? c.withScores(p, s.selection().complexity(p), mse, Metrics.r2(pred, data),
                c.reward()) : null;
    }
}
