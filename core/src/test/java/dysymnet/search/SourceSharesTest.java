package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The earned allocation of the steps ({@link SourceShares}) and what it earns by ({@link FrontGain}). */
class SourceSharesTest {
    private static final List<Source> THREE = List.of(Source.NETWORK, Source.GP, Source.TERMS);

    @Test
    void aSimplerFormulaGainsMoreAndNoBetterFormulaGainsNothing() {
        FrontGain g = new FrontGain(100, 4.0, Double.NaN);
        double simple = g.add(5, 1.0);          // normalised error 0.25 from size 5 on
        assertTrue(simple > 0);
        FrontGain h = new FrontGain(100, 4.0, Double.NaN);
        double complex = h.add(50, 1.0);         // the same error, only from size 50 on
        assertTrue(complex > 0 && complex < simple, simple + " vs " + complex);
        assertEquals(0.0, g.add(7, 1.0));      // no better than what size 5 has
        assertEquals(0.0, g.add(101, 0.01));   // above the cap: cannot be reported
        assertEquals(0.0, g.add(3, 8.0));      // worse than the mean
        double better = g.add(9, 0.5);
        assertEquals(Math.log(2) * 92 / 100, better, 1e-12);  // halves the error of levels 9..100
        assertEquals(simple + better, g.total(), 1e-15);
    }

    @Test
    void sharesFollowTheGainPerWorkWithAFloor() {
        SourceShares s = new SourceShares(THREE, true);
        assertArrayEquals(new double[]{1 / 3.0, 1 / 3.0, 1 / 3.0}, s.shares(), 1e-12);
        s.record(0, 10, 10, 0.0, true);   // the networks: 10 s, nothing
        s.record(1, 1, 1, 0.5, true);     // the GP: 1 s, much
        s.record(2, 1, 1, 0.1, true);     // the terms: 1 s, some
        double[] sh = s.shares();
        assertEquals(1.0, sh[0] + sh[1] + sh[2], 1e-12);
        assertEquals(SourceShares.FLOOR, sh[0], 1e-12);
        assertTrue(sh[1] > sh[2] && sh[2] > sh[0]);
        assertEquals(5.0, (sh[1] - SourceShares.FLOOR) / (sh[2] - SourceShares.FLOOR), 1e-9);
    }

    @Test
    void theRunsBeforeTheFirstStepEarnNothing() {
        SourceShares s = new SourceShares(List.of(Source.NETWORK, Source.GP), true);
        s.record(1, 1, 1, 6.7, false);  // the quick GP: from the mean to a good fit
        s.record(0, 1, 1, 0.05, true);  // the networks' first turn adds to that front
        s.record(1, 1, 1, 0.0, true);   // the GP's first turn adds nothing
        double[] sh = s.shares();
        assertTrue(sh[0] > 0.85, () -> "networks " + sh[0]);
        assertEquals(6.7, s.accounts().get(1).gain(), 0);  // reported all the same
    }

    @Test
    void recentRunsCountMost() {
        SourceShares s = new SourceShares(List.of(Source.NETWORK, Source.GP), true);
        s.record(0, 1, 1, 1.0, true);
        s.record(1, 1, 1, 1.0, true);
        for (int k = 0; k < 10; k++) {
            s.record(0, 1, 1, 0.0, true);  // the networks stop adding
            s.record(1, 1, 1, 1.0, true);
        }
        double[] sh = s.shares();
        assertTrue(sh[0] < 0.12, () -> "networks keep " + sh[0]);
    }

    @Test
    void aStepRunsTheSourcesBehindTheirShareAndAlwaysOneThatWorks() {
        SourceShares s = new SourceShares(THREE, false);
        s.record(0, 10, 99, 0.0, true);
        s.record(1, 1, 99, 0.5, true);
        s.record(2, 0, 99, 0.0, true);    // the terms had nothing new: no work counted
        boolean[] t = s.turns();
        assertFalse(t[0], "the networks are far ahead of their share");
        assertTrue(t[1], "the GP is behind");
        assertTrue(t[2], "a source that costs nothing is always behind");
        // counted work, not the clock, decides without a time limit: the seconds above (99 each) change nothing
        SourceShares idle = new SourceShares(THREE, false);
        idle.record(0, 0, 1, 0, true);
        idle.record(1, 0, 1, 0, true);
        idle.record(2, 0, 1, 0, true);
        assertArrayEquals(new boolean[]{true, true, true}, idle.turns());
    }

    @Test
    void aTimeLimitWithoutAStepCountRunsUntilTheTime() {
        Budget timed = Budget.builder().timeLimit(java.time.Duration.ofSeconds(30)).build();
        assertEquals(Integer.MAX_VALUE, timed.stepCap());
        Budget stepped = Budget.builder().build();
        assertEquals(Budget.DEFAULT_MAX_STEPS, stepped.stepCap());
        Budget both = Budget.builder().timeLimit(java.time.Duration.ofSeconds(30)).maxSteps(7).build();
        assertEquals(7, both.stepCap());
        assertEquals(Budget.Allocation.EVERY_STEP, timed.allocation());
        assertEquals(Budget.Allocation.EVERY_STEP, Budget.Allocation.of("every-step"));
        assertTrue(org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Budget.Allocation.of("fair")).getMessage().contains("earned, every-step"));
    }

    /**
     * A time-limited search with no step count goes on past the default step count until its time is up: the GP
     * alone (a small population, one generation a step) on a law it cannot state exactly (no division in the
     * library) runs hundreds of short steps in a second.
     */
    @Test
    void aTimeLimitedSearchUsesItsTime() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        int n = 30;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = r.nextDouble(0.5, 3);
            y[i] = 1 / (1 + x[i] * x[i]) + 0.01 * r.nextGaussian();
        }
        dysymnet.data.Dataset d = new dysymnet.data.Dataset(List.of("x"), new double[][]{x}, y);
        Settings s = Settings.builder().seed(1).threads(1)
                .space(dysymnet.net.SearchSpace.builder().operators(dysymnet.net.Operator.IDENTITY,
                        dysymnet.net.Operator.ADD, dysymnet.net.Operator.MUL, dysymnet.net.Operator.SIN).build())
                .gp(dysymnet.gp.GpSettings.defaults().toBuilder().population(20).generations(1).build())
                .terms(dysymnet.terms.TermSettings.defaults().toBuilder().enabled(false).build())
                .budget(Budget.builder().batchSize(0).timeLimit(java.time.Duration.ofSeconds(3)).build()).build();
        SearchResult res = new Search(s, null).run(d);
        assertEquals(StopReason.TIME_LIMIT, res.stopReason());
        assertTrue(res.steps() > Budget.DEFAULT_MAX_STEPS, () -> "steps " + res.steps());
    }

    /** Gains below the data's noise are no gains: fitting the training rows past their noise learns the noise. */
    @Test
    void noGainBelowTheNoise() {
        FrontGain g = new FrontGain(100, 1.0, 0.01);
        assertTrue(g.add(5, 0.02) > 0);
        // from 0.02 down to the noise, 0.01, not to 0.005
        assertEquals(Math.log(2) * 96 / 100, g.add(5, 0.005), 1e-12);
        assertEquals(0.0, g.add(5, 0.001));
        assertEquals(0.0, g.add(30, 0.0001));
    }

    @Test
    void theAccountReportsWhatEachGotAndGave() {
        SourceShares s = new SourceShares(THREE, false);
        s.record(0, 4, 3, 0.25, true);
        s.record(0, 2, 1, 0.0, true);
        List<SourceAccount> a = s.accounts();
        assertEquals("network", a.get(0).source());
        assertEquals(2, a.get(0).runs());
        assertEquals(4.0, a.get(0).seconds(), 0);
        assertEquals(6.0, a.get(0).work(), 0);
        assertEquals(0.25, a.get(0).gain(), 0);
        assertEquals(0, a.get(1).runs());
        assertTrue(SourceAccount.table(a).contains("network"));
    }
}
