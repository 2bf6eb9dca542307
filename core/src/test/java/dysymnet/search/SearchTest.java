package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.gp.GpSettings;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import dysymnet.terms.TermSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class SearchTest {

    static Dataset sample(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = r.nextDouble(-1, 1);
            y[i] = x[i] * x[i] * x[i] + x[i] * x[i] + x[i];
        }
        return new Dataset(List.of("x"), new double[][] {x}, y);
    }

    static final SearchSpace SMALL_SPACE = SearchSpace.builder().layers(1, 2).widths(1, 2, 3)
            .operators(Operator.IDENTITY, Operator.SIN, Operator.SQUARE, Operator.MUL).build();

    /** A small search: 3 steps of 4 networks over {@link #SMALL_SPACE}, never solved early. */
    static Settings.Builder small() {
        return Settings.builder().space(SMALL_SPACE).budget(smallBudget().build());
    }

    static Budget.Builder smallBudget() {
        return Budget.builder().batchSize(4).maxSteps(3).solveR2(1.1);
    }

    @Test
    void sameSeedGivesTheSameResultOnOneAndOnTwoThreads() {
        Dataset d = sample(64, 1);
        SearchResult one = new Search(small().seed(7).threads(1).build(), null).run(d);
        SearchResult two = new Search(small().seed(7).threads(2).build(), null).run(d);
        assertEquals(3, one.steps());
        assertEquals(one.candidates(), two.candidates());
        assertEquals(one.chosen(), two.chosen());
        assertArrayEquals(one.meanRewards(), two.meanRewards());
        assertArrayEquals(one.bestRewards(), two.bestRewards());
        assertEquals(one.networksTrained(), two.networksTrained());
    }

    /**
     * Three noisy features: the GP, the term regression's first run (its families and transformed targets in
     * parallel), the steps' runs and the final choice's cross-validation (several features, no exact fit) all run; a
     * search with the same seed and step budget gives the same candidates, in the same order, and the same choice on
     * one thread and on three. The stage-time account names every stage.
     */
    @Test
    void everyStageGivesTheSameResultOnOneAndOnThreeThreads() {
        SplittableRandom r = new SplittableRandom(11);
        int n = 120;
        double[][] x = new double[3][n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < 3; j++) {
                x[j][i] = r.nextDouble(0.5, 2);
            }
            y[i] = 2 + x[0][i] * Math.sin(x[1][i]) + 0.5 * x[2][i] * x[2][i] + 0.05 * r.nextGaussian();
        }
        Dataset d = new Dataset(List.of("a", "b", "c"), new double[][] {x[0], x[1], x[2]}, y);
        SearchSpace space = SearchSpace.builder().layers(1, 2).widths(1, 2)
                .operators(Operator.IDENTITY, Operator.ADD, Operator.MUL, Operator.DIV, Operator.SIN, Operator.EXP,
                        Operator.LOG, Operator.SQUARE).build();
        Settings.Builder s = Settings.builder().space(space).seed(5)
                .budget(Budget.builder().batchSize(3).maxSteps(2).solveR2(1.1)
                        .allocation(Budget.Allocation.EARNED).build());
        SearchResult one = new Search(s.threads(1).build(), null).run(d);
        SearchResult three = new Search(s.threads(3).build(), null).run(d);
        assertEquals(2, one.steps());
        assertTrue(one.candidates().stream().anyMatch(c -> c.source().equals(Source.TERMS)));
        assertTrue(one.candidates().stream().anyMatch(c -> c.source().equals(Source.GP)));
        assertEquals(one.candidates(), three.candidates());
        assertEquals(one.chosen(), three.chosen());
        assertEquals(one.front().candidates(), three.front().candidates());
        List<String> stages = new ArrayList<>();
        for (Timings.Stage st : three.timings().stages()) {
            stages.add(st.name() + "@" + st.step());
        }
        // the first step runs every source; the second those whose turn it is (SourceShares), at least one
        assertTrue(stages.containsAll(List.of("gp@-1", "terms@-1", "network@0", "gp@0", "terms@0",
                Timings.CHOICE + "@-1")), stages.toString());
        assertTrue(stages.stream().anyMatch(st -> st.endsWith("@1")), stages.toString());
        assertEquals(3, three.timings().threads());
        assertTrue(three.timings().serialSeconds() <= three.timings().seconds());
    }

    @Test
    void duplicateArchitecturesAreTrainedOnce() {
        // one possible architecture: every sample after the first is a duplicate
        Settings c = small().space(SearchSpace.builder().layers(1).widths(1).operators(Operator.SQUARE).build())
                .budget(smallBudget().maxSteps(3).batchSize(5).build()).build();
        SearchResult r = new Search(c, null).run(sample(32, 2));
        assertEquals(1, r.networksTrained());
        assertEquals(3, r.steps());
        // every sample still has a reward
        for (double m : r.meanRewards()) {
            assertTrue(m > 0);
        }
    }

    @Test
    void cancellationReturnsTheBestSoFar() {
        AtomicReference<Search> ref = new AtomicReference<>();
        List<StepEvent> events = new ArrayList<>();
        Settings c = small().budget(smallBudget().maxSteps(1000).build()).seed(3).threads(2).build();
        Search s = new Search(c, e -> {
            events.add(e);
            if (e.step() == 1) {
                ref.get().cancel();
            }
        });
        ref.set(s);
        SearchResult r = s.run(sample(64, 3));
        assertEquals(StopReason.CANCELLED, r.stopReason());
        assertEquals(2, r.steps());
        assertEquals(2, events.size());
        assertTrue(events.get(1).elapsed().toNanos() > 0);
        // the result is built from what the two steps found: the chosen model is on their front, and the best
        // candidate reported after the last step is the front's most accurate one
        assertNotNull(r.chosen());
        assertTrue(r.front().candidates().contains(r.chosen()), () -> r.chosen() + " not on " + r.front());
        assertTrue(r.candidates().contains(r.chosen()));
        assertNotNull(events.get(1).best());
        assertEquals(events.get(1).best().mse(), r.front().mostAccurate().mse());
    }

    /**
     * The networks alone (no GP and no term regression: with them on, seed 11 is solved by the GP's formula after
     * the first step, before the networks' steps are tested) must find the law exactly (solve R^2 1: normalised MSE
     * at most {@link Budget#EXACT_NMSE}); near misses such as exp, square and cube units (MSE about 1e-8) do not stop
     * it. Only a layer of identity, square and cube among the 125 draws of three of the five operators is the law,
     * so whether and when a seed solves is random: measured, seeds 11-20 solved after 1 to 19 steps. At least 8 of
     * the 10 must solve within 30 steps, and at least 3 must need more than one step, so that the step-to-step checks
     * are exercised; the event checks hold for every seed, solved or not.
     */
    @Test
    void stopsWhenSolvedAndReportsListenerEvents() {
        double solveR2 = 1;
        int maxSteps = 30;
        Dataset data = sample(128, 5);
        int solved = 0;
        int severalSteps = 0;
        List<String> outcomes = new ArrayList<>();
        for (long seed = 11; seed < 21; seed++) {
            Settings c = small().budget(smallBudget().solveR2(solveR2).maxSteps(maxSteps).build()).seed(seed)
                    .space(SearchSpace.builder().layers(1).widths(3)
                            .operators(Operator.IDENTITY, Operator.SQUARE, Operator.CUBE, Operator.SIN, Operator.EXP)
                            .build())
                    .gp(GpSettings.off()).terms(TermSettings.off()).build();
            List<StepEvent> events = new ArrayList<>();
            SearchResult r = new Search(c, events::add).run(data);
            String where = "seed " + seed + ": ";
            severalSteps += r.steps() > 1 ? 1 : 0;
            outcomes.add(where + r.stopReason() + " after " + r.steps());
            // one event per completed step, in order, each matching the result's record of that step
            assertEquals(r.steps(), events.size(), where + "one event per completed step");
            assertEquals(r.steps(), r.meanRewards().length);
            assertEquals(r.steps(), r.bestRewards().length);
            assertTrue(r.steps() >= 1, where + "no step ran");
            for (int k = 0; k < events.size(); k++) {
                StepEvent e = events.get(k);
                String at = where + "event " + k + ": ";
                assertEquals(k, e.step(), at + "step index");
                assertEquals(maxSteps, e.maxSteps(), at + "step budget");
                assertEquals(r.meanRewards()[k], e.meanReward(), at + "mean reward");
                assertEquals(r.bestRewards()[k], e.bestReward(), at + "best reward");
                assertTrue(e.meanReward() >= 0 && e.meanReward() <= e.bestReward() && e.bestReward() <= 1,
                        at + "rewards " + e.meanReward() + ", " + e.bestReward());
                assertNotNull(e.best(), at + "no best candidate after a completed step");
                Candidate b = e.best();
                assertTrue(r.candidates().stream().anyMatch(x -> x.expression().equals(b.expression())),
                        at + "best " + b + " not among the candidates");
                assertTrue(e.networksTrained() >= 1 && e.networksTrained() <= (long) (k + 1) * 4,
                        at + "trained " + e.networksTrained());
                if (k > 0) {
                    StepEvent p = events.get(k - 1);
                    assertTrue(e.networksTrained() >= p.networksTrained(),
                            at + "trained " + p.networksTrained() + " -> " + e.networksTrained());
                    assertTrue(e.best().mse() <= p.best().mse(),
                            at + "best got worse: " + p.best() + " -> " + e.best());
                    assertTrue(e.elapsed().compareTo(p.elapsed()) >= 0,
                            at + "elapsed " + p.elapsed() + " -> " + e.elapsed());
                }
                // the search stops at the first step whose best solves, not before and not after
                boolean solves = c.budget().solvedBy(e.best().mse(), e.best().r2(), Metrics.variance(data));
                assertEquals(k == events.size() - 1 && r.stopReason() == StopReason.SOLVED, solves,
                        at + "best " + e.best() + " with stop " + r.stopReason());
            }
            StepEvent last = events.get(events.size() - 1);
            assertEquals(r.networksTrained(), last.networksTrained(), where + "networks trained");
            assertTrue(last.elapsed().compareTo(r.elapsed()) <= 0, where + last.elapsed() + " > " + r.elapsed());
            assertEquals(r.front().mostAccurate().mse(), last.best().mse(), where + "best after the last step");
            if (r.stopReason() == StopReason.SOLVED) {
                solved++;
                assertTrue(c.budget().solvedBy(r.chosen().mse(), r.chosen().r2(), Metrics.variance(data)),
                        () -> where + "chosen " + r.chosen());
            } else {
                assertEquals(StopReason.MAX_STEPS, r.stopReason(), where + "stop");
                assertEquals(maxSteps, r.steps(), where + "steps");
            }
        }
        System.out.println("SearchTest: x^3 + x^2 + x by the networks alone: " + outcomes);
        assertTrue(solved >= 8, solved + " of 10 seeds solved: " + outcomes);
        assertTrue(severalSteps >= 3, severalSteps + " of 10 seeds ran more than one step: " + outcomes);
    }

    /**
     * 0 networks per step (the ablation "no networks"): no network is trained and the controller learns nothing, but
     * each step still runs the GP after a step (its new formulas are candidates of that step) and the term regression,
     * and the result does not depend on the threads.
     */
    @Test
    void noNetworksStillStepsTheGpAndTheTermRegression() {
        Dataset d = sample(64, 1);
        Settings none = small().budget(smallBudget().batchSize(0).build()).seed(7).threads(1).build();
        List<StepEvent> events = new ArrayList<>();
        SearchResult r = new Search(none, events::add).run(d);
        assertEquals(0, r.networksTrained());
        assertEquals(3, r.steps());
        assertEquals(3, events.size());
        assertEquals(0, r.meanRewards().length);
        assertTrue(events.stream().allMatch(e -> e.networksTrained() == 0));
        assertTrue(r.candidates().stream().noneMatch(c -> c.source() == Source.NETWORK), r.candidates().toString());
        // a run after a step adds the formulas it finds that are new (the run after step 0 always some)
        assertTrue(r.candidates().stream().anyMatch(c -> c.source() == Source.GP && c.step() >= 1),
                "no GP formula from the runs after the steps");
        SearchResult two = new Search(none.toBuilder().threads(2).build(), null).run(d);
        assertEquals(r.candidates(), two.candidates());
        assertEquals(r.chosen(), two.chosen());
        // nothing would search: refused with a reason
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> none.toBuilder().gp(GpSettings.off()).terms(TermSettings.off()).build());
        assertTrue(e.getMessage().contains("0 networks per step"), e.getMessage());
        assertEquals(0, none.toBuilder().gp(GpSettings.off()).build().budget().batchSize());
    }

    @Test
    void timeLimitStopsTheSearch() {
        Settings c = small().budget(smallBudget().maxSteps(100000).timeLimit(java.time.Duration.ofMillis(300))
                .build()).build();
        long t0 = System.nanoTime();
        SearchResult r = new Search(c, null).run(sample(64, 4));
        assertEquals(StopReason.TIME_LIMIT, r.stopReason());
        assertTrue(r.steps() < 100000);
        // generous bound: one network's training may overrun the budget
        assertTrue(System.nanoTime() - t0 < 30_000_000_000L);
    }
}
