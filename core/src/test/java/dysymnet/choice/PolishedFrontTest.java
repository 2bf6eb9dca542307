package dysymnet.choice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.expr.Simplifier;
import dysymnet.fit.LevenbergMarquardtFitter;
import dysymnet.search.Candidate;
import dysymnet.search.Selection;
import dysymnet.search.Source;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The front compared as it would be reported ({@link PolishedFront}): on noisy data a law whose fitted constants
 * carry the noise (18 nodes) is longer than an approximation (11), and shorter once polished (10); with the rule
 * the choice compares it polished, without it as fitted.
 */
class PolishedFrontTest {
    private static final int DRAWS = 5;

    /** {@code m/sqrt(1 - v^2/c^2)} on m in [1, 5], v in [1, 2], c in [3, 10], 1% noise. */
    private static Dataset relativistic(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = 600;
        double[][] x = new double[3][n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[0][i] = r.nextDouble(1, 5);
            x[1][i] = r.nextDouble(1, 2);
            x[2][i] = r.nextDouble(3, 10);
            y[i] = x[0][i] / Math.sqrt(1 - x[1][i] * x[1][i] / (x[2][i] * x[2][i])) * (1 + 0.01 * r.nextGaussian());
        }
        return new Dataset(List.of("m", "v", "c"), x, y);
    }

    private static Candidate fitted(String start, Dataset d) {
        Expr e = new LevenbergMarquardtFitter().fit(Parser.parse(start), d).expression();
        double[] p = Evaluator.evaluate(e, d);
        return new Candidate(e, e.complexity(), Metrics.mse(p, d.y()), Metrics.r2(p, d.y()), 0, Source.GP, null, 0);
    }

    @Test
    void theFrontIsComparedAsItWouldBeReported() {
        Expr law = Simplifier.simplify(Parser.parse("m/sqrt(1 - v^2/c^2)"));
        int polishedLaw = 0;
        for (long s = 1; s <= DRAWS; s++) {
            Dataset d = relativistic(s);
            Candidate noisyLaw = fitted("1.1*m/sqrt(1.1 - 0.9*v^2/c^2) + 0.1", d);
            Candidate approx = fitted("m*(1 + 0.5*(v/c)^2)", d);
            List<Candidate> all = List.of(approx, noisyLaw);
            ChoiceState on = new ChoiceState(all, DataFacts.of(d), Selection.defaults(), null, null, null, true);
            assertTrue(new PolishedFront().apply(on));
            ChoiceState off = new ChoiceState(all, DataFacts.of(d), Selection.defaults(), null, null, null, false);
            assertFalse(new PolishedFront().apply(off), "runs only where finishing polishes");
            assertEquals(all, off.all());
            // with the rule the law is compared as it would be reported: polished, in place of its fitted form
            assertFalse(on.all().contains(noisyLaw), "draw " + s);
            if (on.all().stream().anyMatch(c -> c.expression().equals(law) && c.complexity() == law.complexity())) {
                polishedLaw++;
            }
            // what the choice polished, finishing does not polish again
            Outcome with = new FinalChoice(null, null, true).choose(all, DataFacts.of(d), Selection.defaults(), null);
            assertEquals(!all.contains(with.chosen()), with.polished(), "draw " + s);
            assertFalse(new FinalChoice(null, null, false).choose(all, DataFacts.of(d), Selection.defaults(), null)
                    .polished());
        }
        assertTrue(polishedLaw >= DRAWS - 1, "the law, polished, on the front in " + polishedLaw + " of " + DRAWS);
    }
}
