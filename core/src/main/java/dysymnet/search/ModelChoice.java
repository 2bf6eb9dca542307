package dysymnet.search;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.data.NoiseLevel;
import dysymnet.expr.Expr;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The search's final choice among all its candidates, by the {@link Selection} settings: the Pareto front's rule
 * ({@link ParetoFront#choose}), with two guards against formulas that fit the noise.
 *
 * <ul>
 *   <li><b>Noise level</b> ({@link Selection#noiseAware()}): with {@code s2} the noise variance estimated from the
 *       data ({@link NoiseLevel}) and {@code n} rows, any candidate whose training MSE is at most
 *       {@code s2 * (1 + 2 * sqrt(2 / n))} (two standard deviations of the MSE of pure noise) fits as well as the
 *       data can tell, and the simplest such is chosen.</li>
 *   <li><b>Extrapolation</b> ({@link Selection#extrapolationGuard()}): front members that blow up just outside the
 *       data ({@link Extrapolation}) are taken out and the front recomputed, until its members do not (or none is
 *       left: then the guard is dropped).</li>
 * </ul>
 *
 * <p>Neither changes the search itself: only which of its formulas is reported.
 */
public final class ModelChoice {
    private ModelChoice() {
    }

    /** The error the data's estimated noise explains ({@code 0} when no noise is seen). */
    public static double noiseErrorLevel(Dataset data) {
        double s2 = NoiseLevel.variance(data);
        return s2 > 0 ? s2 * (1 + 2 * Math.sqrt(2.0 / data.rows())) : 0;
    }

    /** The chosen candidate, or null when none is finite. */
    public static Candidate choose(List<Candidate> candidates, Dataset data, Selection selection) {
        List<Candidate> pool = new ArrayList<>(candidates);
        if (selection.extrapolationGuard()) {
            Extrapolation probe = Extrapolation.of(data);
            Map<Expr, Boolean> blowsUp = new HashMap<>();
            while (true) {
                ParetoFront front = ParetoFront.of(pool);
                if (front.isEmpty()) {
                    // every formula blows up: report the best of them rather than none
                    pool = new ArrayList<>(candidates);
                    break;
                }
                List<Candidate> bad = new ArrayList<>();
                for (Candidate c : front.candidates()) {
                    if (blowsUp.computeIfAbsent(c.expression(), probe::blowsUp)) {
                        bad.add(c);
                    }
                }
                if (bad.isEmpty()) {
                    break;
                }
                pool.removeAll(bad);
            }
        }
        double level = selection.noiseAware() ? noiseErrorLevel(data) : 0;
        return ParetoFront.of(pool).choose(Metrics.variance(data.y()), selection, level);
    }
}
