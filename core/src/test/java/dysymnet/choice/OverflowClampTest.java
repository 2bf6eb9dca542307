package dysymnet.choice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.fit.LevenbergMarquardtFitter;
import dysymnet.search.Candidate;
import dysymnet.search.Selection;
import dysymnet.search.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The overflow-clamp probe: a formula whose exp, sinh or cosh passes the clamp of the protected arithmetic on the
 * data computes the clamp's values, not what it says, and is passed over.
 */
class OverflowClampTest {
    /** A table of two features, {@code ed} in [85, 125] (a column of large values) and {@code w} in [300, 700]. */
    private static Dataset table(long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] ed = new double[n];
        double[] w = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            ed[i] = r.nextDouble(85, 125);
            w[i] = r.nextDouble(300, 700);
            // a step at ed = 100 and noise: what a clamped exp can fit as a hinge, and no law of the two
            y[i] = 350 - 0.3 * w[i] - (ed[i] > 100 ? 25 : 0) + 5 * r.nextGaussian();
        }
        return new Dataset(List.of("ed", "w"), new double[][] {ed, w}, y);
    }

    @Test
    void theProbeSeesAClampedArgumentOnTheData() {
        Extrapolation points = Extrapolation.of(table(1, 60));
        for (String clamped : List.of("1e-44*exp(ed)", "w + 3*exp(ed - 10)", "sinh(-ed)*1e-50", "w*cosh(ed)",
                "sqrt(exp(ed + w))")) {
            assertNotNull(points.clamped(Parser.parse(clamped)), clamped);
        }
        for (String fine : List.of("exp(ed/10)", "w + exp(0.5*ed)", "sinh(ed - 100)", "cosh(w/100)", "exp(-ed)",
                "log(ed)*w")) {
            assertNull(points.clamped(Parser.parse(fine)), fine);
        }
        assertTrue(points.clamped(Parser.parse("1e-44*exp(ed)")).startsWith("exp of an argument up to 12"));
        // one feature: the grid over the data's range
        Dataset one = new Dataset(List.of("x"), new double[][] {{1, 2, 3, 4}}, new double[] {1, 2, 3, 4});
        assertNotNull(Extrapolation.of(one).clamped(Parser.parse("exp(40*x)")));
        assertNull(Extrapolation.of(one).clamped(Parser.parse("exp(20*x)")));
    }

    /** {@code shape}, its constants fitted to the data when {@code fit}, as a candidate. */
    private static Candidate candidate(String shape, Dataset d, Source source, boolean fit) {
        Expr e = fit ? new LevenbergMarquardtFitter(200, 400).fit(Parser.parse(shape), d).expression()
                : Parser.parse(shape);
        double[] p = Evaluator.evaluate(e, d);
        return new Candidate(e, e.complexity(), Metrics.mse(p, d.y()), Metrics.r2(p, d.y()), 0, source, null, 0);
    }

    /**
     * The hinge of a clamped exp fits the step in the rows better than the line, and is not reported: the line is;
     * with the probe switched off, the hinge is.
     */
    @Test
    void aFormulaThatLeansOnTheClampIsPassedOver() {
        int hingePassedOver = 0;
        int hingeChosenWithoutProbe = 0;
        for (long seed = 1; seed <= 5; seed++) {
            Dataset d = table(seed, 400);
            Candidate line = candidate("1 + 1*ed + 1*w", d, Source.LINEAR, true);
            // exp(ed) is clamped at exp(100) = 2.69e43 for ed > 100: 9.3e-43 times it is the step of 25
            Candidate hinge = candidate("350 - 0.3*w - 9.3e-43*exp(ed)", d, Source.GP, false);
            assertTrue(hinge.mse() < 0.7 * line.mse(), "the hinge fits the step: " + hinge.mse() + " against the line's " + line.mse() + " " + hinge.expression());
            List<Candidate> both = new ArrayList<>(List.of(line, hinge));
            if (FinalChoice.choose(both, d, Selection.defaults()) == line) {
                hingePassedOver++;
            }
            Selection off = Selection.builder().rulesOff(List.of("overflow-clamp")).build();
            if (FinalChoice.choose(new ArrayList<>(both), d, off) == hinge) {
                hingeChosenWithoutProbe++;
            }
        }
        assertEquals(5, hingePassedOver, "the hinge passed over");
        assertEquals(5, hingeChosenWithoutProbe, "without the probe the hinge is chosen");
    }
}
