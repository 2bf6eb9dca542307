package dysymnet.choice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.search.Candidate;
import dysymnet.search.Source;
import dysymnet.search.Selection;
import dysymnet.search.Reward;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.data.NoiseLevel;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The trend band of one noisy variable, and the final choice with it: a smooth law stays in the band of the data's
 * cubic beyond the data, a formula that fits the same rows as well and turns away just after them leaves it.
 */
class TrendBandTest {
    private static final int DRAWS = 20;
    /** The law: a fall with drag, over t in [0, 2] (30 rows), noise sd 0.04. */
    private static final String LAW = "48 - 20*log(cosh(0.5*t))";
    /** The law plus a term that is nearly zero on the data (1.3 cm at t = 2) and 0.7 m off half a second later. */
    private static final String TURNS = LAW + " + 40*exp(8*(t - 3))";

    static Dataset fall(long seed, int n, double sd) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] t = new double[n];
        double[] y = new double[n];
        Expr law = Parser.parse(LAW);
        for (int i = 0; i < n; i++) {
            t[i] = 2.0 * i / (n - 1);
        }
        double[] f = Evaluator.evaluate(law, List.of("t"), new double[][] {t});
        for (int i = 0; i < n; i++) {
            y[i] = f[i] + sd * r.nextGaussian();
        }
        return new Dataset(List.of("t"), new double[][] {t}, y);
    }

    private static Candidate candidate(String formula, Dataset d) {
        Expr e = Parser.parse(formula);
        double[] p = Evaluator.evaluate(e, d);
        double mse = Metrics.mse(p, d.y());
        return new Candidate(e, e.complexity(), mse, Metrics.r2(p, d.y()), Reward.of(mse, Metrics.variance(d)),
                Source.GP, null, 0);
    }

    @Test
    void aSmoothLawStaysInTheBandAndATurnLeavesIt() {
        int inside = 0;
        int left = 0;
        for (long s = 0; s < DRAWS; s++) {
            Dataset d = fall(s, 30, 0.04);
            TrendBand band = TrendBand.of(d);
            inside += band.leaves(Parser.parse(LAW)) ? 0 : 1;
            left += band.leaves(Parser.parse(TURNS)) ? 1 : 0;
        }
        // a 95% simultaneous band around an unbiased trend: the law stays in nearly always
        assertTrue(inside >= DRAWS - 2, inside + " of " + DRAWS);
        assertEquals(DRAWS, left);
    }

    @Test
    void theBandWidensWithTheNoise() {
        Expr off = Parser.parse(LAW + " + 0.5");
        assertTrue(TrendBand.of(fall(1, 30, 0.01)).leaves(off));
        assertFalse(TrendBand.of(fall(1, 30, 1.0)).leaves(off));
    }

    @Test
    void noBandWithSeveralFeaturesOrTooFewRows() {
        assertNull(TrendBand.of(fall(1, TrendBand.DEGREE + TrendBand.MIN_DOF, 0.04)));
        assertTrue(TrendBand.of(fall(1, TrendBand.DEGREE + 1 + TrendBand.MIN_DOF, 0.04)) != null);
        Dataset two = new Dataset(List.of("a", "b"), new double[][] {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10},
            {2, 1, 4, 3, 6, 5, 8, 7, 10, 9}}, new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10});
        assertNull(TrendBand.of(two));
    }

    /**
     * The final choice passes over a formula that fits the rows better but leaves the band (its error is set below
     * the law's: a formula that also fits some of the noise), for the law; without the extrapolation guards it
     * takes the better fit. The noise floor and forward validation are off in both, to see this guard alone.
     */
    @Test
    void theChoiceKeepsToTheTrend() {
        int law = 0;
        int blind = 0;
        int estimated = 0;
        Selection guard = Selection.builder().noiseAware(false).validation(false).build();
        Selection noGuard = Selection.builder().noiseAware(false).validation(false).extrapolationGuard(false)
                .build();
        Expr turnsExpr = Parser.parse(TURNS);
        for (long s = 0; s < DRAWS; s++) {
            Dataset d = fall(s, 30, 0.04);
            Candidate lawCandidate = candidate(LAW, d);
            Candidate turns = candidate(TURNS, d).withScores(turnsExpr, turnsExpr.complexity(),
                    lawCandidate.mse() * 0.3, 1, 1);
            List<Candidate> all = List.of(lawCandidate, turns);
            // the guard acts where the noise level is estimated (NoiseLevel gives up on some draws)
            if (NoiseLevel.variance(d) > 0) {
                estimated++;
                law += FinalChoice.choose(all, d, guard).expression().equals(Parser.parse(LAW)) ? 1 : 0;
            }
            blind += FinalChoice.choose(all, d, noGuard).expression().equals(turnsExpr) ? 1 : 0;
        }
        assertTrue(estimated >= DRAWS * 3 / 4, "noise estimated in " + estimated + " of " + DRAWS);
        assertEquals(estimated, law);
        assertEquals(DRAWS, blind);
    }

    /** When every formula leaves the band, the choice says so (and still chooses); a law in it gets no note. */
    @Test
    void everyFormulaOffTheTrendIsNoted() {
        int estimated = 0;
        for (long s = 0; s < DRAWS; s++) {
            Dataset d = fall(s, 30, 0.04);
            if (!(NoiseLevel.variance(d) > 0)) {
                continue;
            }
            estimated++;
            Outcome c = FinalChoice.choice(List.of(candidate(TURNS, d)), d, Selection.defaults());
            assertEquals(Parser.parse(TURNS), c.chosen().expression());
            assertTrue(c.notes().contains(TrendBandGuard.OFF_TREND), c.notes().toString());
            Outcome ok = FinalChoice.choice(List.of(candidate(LAW, d)), d, Selection.defaults());
            assertTrue(ok.notes().isEmpty(), "draw " + s + ": " + ok.notes());
        }
        assertTrue(estimated >= DRAWS * 3 / 4, "noise estimated in " + estimated + " of " + DRAWS);
    }

    /**
     * When every formula fits below the estimated noise (its training error far under the noise variance), the
     * choice says so; a formula within the noise gets no such note.
     */
    @Test
    void everyFormulaBelowTheNoiseIsNoted() {
        int estimated = 0;
        Expr law = Parser.parse(LAW);
        for (long s = 0; s < DRAWS; s++) {
            Dataset d = fall(s, 30, 0.04);
            double s2 = NoiseLevel.variance(d);
            if (!(s2 > 0)) {
                continue;
            }
            estimated++;
            Candidate below = candidate(LAW, d).withScores(law, law.complexity(), 0.1 * s2, 1, 1);
            Outcome c = FinalChoice.choice(List.of(below), d, Selection.defaults());
            assertTrue(c.notes().contains(NoiseFloor.BELOW_NOISE), "draw " + s + ": " + c.notes());
            Candidate within = candidate(LAW, d).withScores(law, law.complexity(), s2, 1, 1);
            assertFalse(FinalChoice.choice(List.of(within), d, Selection.defaults()).notes()
                    .contains(NoiseFloor.BELOW_NOISE), "draw " + s);
        }
        assertTrue(estimated >= DRAWS * 3 / 4, "noise estimated in " + estimated + " of " + DRAWS);
    }

    /**
     * Forward validation's refit is never worse on the early rows than the fit from the formula's own constants,
     * and is a function of the formula and the rows (the same twice); on a sinusoid whose frequency the start has
     * wrong, the perturbed starts find the frequency in most draws where the warm start stays off it.
     */
    @Test
    void theForwardRefitsTryOtherStarts() {
        dysymnet.fit.ConstantFitter lm = new dysymnet.fit.LevenbergMarquardtFitter(ForwardValidation.FIT_ITERATIONS,
                ForwardValidation.FIT_EVALUATIONS);
        Expr start = Parser.parse("2*sin(1.2*t)");
        int better = 0;
        for (long s = 0; s < DRAWS; s++) {
            SplittableRandom r = new SplittableRandom(s);
            int n = 40;
            double[] t = new double[n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                t[i] = 6.0 * i / (n - 1);
                y[i] = 2 * Math.sin(2.5 * t[i]) + 0.05 * r.nextGaussian();
            }
            Dataset d = new Dataset(List.of("t"), new double[][] {t}, y);
            double warm = lm.fit(start, d).mse();
            Expr refit = ForwardValidation.refit(lm, start, d);
            double fresh = Metrics.mse(Evaluator.evaluate(refit, d), d);
            assertTrue(fresh <= warm * (1 + 1e-12), "draw " + s + ": " + fresh + " > " + warm);
            assertEquals(refit, ForwardValidation.refit(lm, start, d));
            better += fresh < 0.5 * warm ? 1 : 0;
        }
        assertTrue(better >= DRAWS / 2, better + " of " + DRAWS);
    }
}
