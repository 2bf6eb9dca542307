package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
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

    @Test
    void stopsWhenSolvedAndReportsListenerEvents() {
        Settings c = small().budget(smallBudget().solveR2(0.99999).maxSteps(30).build()).seed(11)
                .space(SearchSpace.builder().layers(1).widths(3)
                        .operators(Operator.IDENTITY, Operator.SQUARE, Operator.CUBE).build()).build();
        SearchResult r = new Search(c, null).run(sample(128, 5));
        assertEquals(StopReason.SOLVED, r.stopReason());
        assertTrue(r.chosen().r2() >= 0.99999, () -> "chosen " + r.chosen());
        assertEquals(r.steps(), r.meanRewards().length);
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
