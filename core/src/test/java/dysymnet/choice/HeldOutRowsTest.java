package dysymnet.choice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.search.Candidate;
import dysymnet.search.Source;
import dysymnet.search.Selection;
import dysymnet.search.Settings;
import dysymnet.search.SearchResult;
import dysymnet.search.StopReason;
import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.data.Scaling;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.fit.LevenbergMarquardtFitter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Small tables of several features hold a fifth of their rows out of the search ({@link Finishing#rows}), and the
 * chosen formula is reported only when it predicts those rows better than the search's straight line.
 */
class HeldOutRowsTest {
    private static final List<String> NAMES = List.of("a", "b");

    private static Dataset table(String law, int n, double sd, long seed) {
        return NoisyTables.of(law, NAMES, n, sd, seed);
    }

    private static Settings seeded(long seed) {
        return Settings.builder().seed(seed).threads(1).build();
    }

    @Test
    void aSmallTableOfSeveralFeaturesHoldsAFifthOfItsRowsOut() {
        Dataset d = table("a + b", 100, 0.1, 1);
        Finishing.Rows rows = Finishing.rows(d, seeded(7));
        assertEquals(80, rows.searched().rows());
        assertEquals(20, rows.held().rows());
        // every row in exactly one part (the targets are distinct)
        double[] all = d.y().clone();
        double[] parts = new double[100];
        System.arraycopy(rows.searched().y(), 0, parts, 0, 80);
        System.arraycopy(rows.held().y(), 0, parts, 80, 20);
        Arrays.sort(all);
        Arrays.sort(parts);
        assertTrue(Arrays.equals(all, parts));
        // drawn from the seed: the same seed the same rows, another seed others
        assertTrue(Arrays.equals(rows.held().y(), Finishing.rows(d, seeded(7)).held().y()));
        assertFalse(Arrays.equals(rows.held().y(), Finishing.rows(d, seeded(8)).held().y()));
    }

    @Test
    void oneFeatureLargeOrTinyTablesAndNoValidationHoldNothingOut() {
        Settings s = seeded(7);
        double[] x = new double[100];
        Arrays.setAll(x, i -> i);
        Dataset one = new Dataset(List.of("t"), new double[][]{x}, x.clone());
        assertSame(one, Finishing.rows(one, s).searched());
        assertNull(Finishing.rows(one, s).held());
        Dataset large = table("a + b", Finishing.HOLDOUT_MAX_ROWS, 0.1, 2);
        assertNull(Finishing.rows(large, s).held());
        Dataset tiny = table("a + b", Finishing.HOLDOUT_MIN_ROWS - 1, 0.1, 3);
        assertNull(Finishing.rows(tiny, s).held());
        Dataset small = table("a + b", 100, 0.1, 4);
        Settings noValidation = s.toBuilder().selection(Selection.builder().validation(false).build()).build();
        assertNull(Finishing.rows(small, noValidation).held());
        assertSame(small, Finishing.rows(small, noValidation).searched());
    }

    /** A candidate of {@code formula} scored on the searched rows. */
    private static Candidate candidate(String formula, Source source, Dataset searched) {
        Expr e = Parser.parse(formula);
        double[] p = Evaluator.evaluate(e, searched);
        double mse = Metrics.mse(p, searched.y());
        return new Candidate(e, e.complexity(), mse, Metrics.r2(p, searched.y()), 0, source, null, 0);
    }

    /** The held-out line rule on {@code chosen} (as the rules before it chose) and {@code line}, then the finishing. */
    private static Finishing.Finished finish(Candidate chosen, Candidate line, Dataset d, Settings s) {
        Finishing.Rows rows = Finishing.rows(d, s);
        List<Candidate> all = new ArrayList<>(List.of(chosen, line));
        ChoiceState state = new ChoiceState(all, DataFacts.of(rows.searched()), s.selection(), null,
                new HeldOut(rows.held(), Scaling.of(d)));
        state.choose(chosen, "given", "the rules before");
        new HeldOutLine().apply(state);
        Outcome o = state.outcome();
        SearchResult r = new SearchResult(o.chosen(), o.front(), all, new double[0], new double[0], 0, 0, 0,
                List.of(), 1, StopReason.MAX_STEPS, Duration.ZERO, o.notes(), null, o, 1000, List.of());
        return Finishing.finish(r, d, rows, Scaling.of(d), s);
    }

    /**
     * A formula that wiggles through the noise of the searched rows (a fast sine added to the law) loses to the line
     * on rows it never saw: the line is reported, refitted on all rows, with the note saying why.
     */
    @Test
    void theLineIsReportedWhenItPredictsTheHeldOutRowsBetter() {
        String law = "1 + 2*a - b";
        Settings s = seeded(3);
        Dataset d = table(law, 60, 0.3, 5);
        Dataset searched = Finishing.rows(d, s).searched();
        Candidate wiggly = candidate("1 + 2*a - b + 0.8*sin(37*a + 11*b)", Source.GP, searched);
        Candidate line = candidate("0.5 + 2.4*a - 0.7*b", Source.LINEAR, searched);
        Finishing.Finished f = finish(wiggly, line, d, s);
        assertEquals(Source.LINEAR, f.chosen().source());
        assertTrue(f.notes().contains(HeldOutLine.LINE_HOLDS));
        // refitted on all rows: least squares there, below the hand-set constants' error
        double handSet = Metrics.mse(Evaluator.evaluate(line.expression(), d), d.y());
        assertTrue(f.mse() < handSet, f.mse() + " < " + handSet);
        // and reported as least squares gives it: the final snap's noise allowance does not round a line
        Expr ls = new LevenbergMarquardtFitter().fit(line.expression(), d).expression();
        double leastSquares = Metrics.mse(Evaluator.evaluate(ls, d), d.y());
        assertTrue(f.mse() <= leastSquares * (1 + 1e-5), f.mse() + " vs least squares " + leastSquares);
    }

    /** A formula that predicts the held-out rows better than the line stays chosen, with no note. */
    @Test
    void aFormulaThatPredictsTheHeldOutRowsBetterStays() {
        String law = "1 + a*b";
        Settings s = seeded(3);
        Dataset d = table(law, 60, 0.1, 6);
        Dataset searched = Finishing.rows(d, s).searched();
        Candidate product = candidate("1 + a*b", Source.GP, searched);
        Candidate line = candidate("0 + 1*a + 1*b", Source.LINEAR, searched);
        Finishing.Finished f = finish(product, line, d, s);
        assertNotEquals(Source.LINEAR, f.chosen().source());
        assertFalse(f.notes().contains(HeldOutLine.LINE_HOLDS));
    }

    /**
     * On a few held-out rows, a formula better on average by two lucky rows is not shown better than the line (the
     * mean of the paired differences is within its standard error): the line holds. One that is better on every row
     * is reported, unless it is not finite on one of them.
     */
    @Test
    void theFormulaMustBeatTheLineOnTheHeldOutRowsByMoreThanChance() {
        double[] line = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        double[] lucky = {1.1, 1.1, 1.1, 1.1, 1.1, 1.1, 1.1, 1.1, 0.2, 0.3};
        assertTrue(Arrays.stream(lucky).sum() < Arrays.stream(line).sum());
        assertTrue(HeldOutLine.lineHolds(lucky, line));
        double[] steady = {0.8, 0.85, 0.8, 0.9, 0.8, 0.85, 0.8, 0.9, 0.8, 0.85};
        assertFalse(HeldOutLine.lineHolds(steady, line));
        double[] blowsUp = steady.clone();
        blowsUp[3] = Double.POSITIVE_INFINITY;
        assertTrue(HeldOutLine.lineHolds(blowsUp, line));
    }
}
