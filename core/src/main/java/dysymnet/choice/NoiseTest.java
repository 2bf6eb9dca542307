package dysymnet.choice;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.data.LocalDifferences;
import dysymnet.data.NoiseLevel;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.search.Candidate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The noise a fit's residual shows, with several features: the lowest-error candidate's residual is tested
 * ({@link NoiseLevel#ofResidual}, a lack-of-fit test over local linear fits); when it looks like noise, every other
 * formula's residual can be asked the same ({@link #noiseLike}, cached). On noise-free data the residual of a fit
 * that is not exact is smooth and fails the test.
 */
final class NoiseTest {
    private final Dataset data;
    private final LocalDifferences local;
    private final double variance;
    private final Map<Expr, Boolean> cache = new HashMap<>();

    private NoiseTest(Dataset data, LocalDifferences local, double variance) {
        this.data = data;
        this.local = local;
        this.variance = variance;
    }

    static NoiseTest of(List<Candidate> candidates, DataFacts facts) {
        Dataset data = facts.data();
        Candidate best = null;
        for (Candidate c : candidates) {
            if (Double.isFinite(c.mse()) && (best == null || c.mse() < best.mse())) {
                best = c;
            }
        }
        if (best == null || facts.exact(best.mse())) {
            return new NoiseTest(data, null, 0);
        }
        LocalDifferences local = facts.localDifferences();
        double v = NoiseLevel.ofResidual(local, Evaluator.residual(best.expression(), data), data);
        return new NoiseTest(data, local, v);
    }

    /** Whether the best fit's residual shows noise. */
    boolean shown() {
        return variance > 0;
    }

    /** The noise variance the best fit's residual shows (0 when none). */
    double variance() {
        return variance;
    }

    /** Whether noise is shown and {@code c}'s residual looks like it. */
    boolean noiseLike(Candidate c) {
        if (!shown()) {
            return false;
        }
        return cache.computeIfAbsent(c.expression(),
                e -> NoiseLevel.ofResidual(local, Evaluator.residual(e, data), data) > 0);
    }
}
