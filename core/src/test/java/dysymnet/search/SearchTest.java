package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.controller.ControllerConfig;
import dysymnet.data.Dataset;
import dysymnet.net.Operator;
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

    static SearchConfig.Builder small() {
        return SearchConfig.builder()
                .controller(ControllerConfig.builder().layerCounts(new int[] {1, 2}).widths(new int[] {1, 2, 3})
                        .operators(List.of(Operator.IDENTITY, Operator.SIN, Operator.SQUARE, Operator.MUL)).build())
                .batchSize(4).maxSteps(3).solveR2(1.1);
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
        SearchConfig c = small().controller(ControllerConfig.builder().layerCounts(new int[] {1})
                .widths(new int[] {1}).operators(List.of(Operator.SQUARE)).build()).maxSteps(3).batchSize(5).build();
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
        SearchConfig c = small().maxSteps(1000).seed(3).threads(2).build();
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
        assertNotNull(r.chosen());
        assertEquals(2, events.size());
        assertTrue(events.get(1).elapsed().toNanos() > 0);
        assertNotNull(events.get(1).best());
    }

    @Test
    void stopsWhenSolvedAndReportsListenerEvents() {
        SearchConfig c = small().solveR2(0.99999).maxSteps(30).seed(11).controller(ControllerConfig.builder()
                .layerCounts(new int[] {1}).widths(new int[] {3})
                .operators(List.of(Operator.IDENTITY, Operator.SQUARE, Operator.CUBE)).build()).build();
        SearchResult r = new Search(c, null).run(sample(128, 5));
        assertEquals(StopReason.SOLVED, r.stopReason());
        assertTrue(r.chosen().r2() >= 0.99999, () -> "chosen " + r.chosen());
        assertEquals(r.steps(), r.meanRewards().length);
    }

    @Test
    void timeLimitStopsTheSearch() {
        SearchConfig c = small().maxSteps(100000).timeLimit(java.time.Duration.ofMillis(300)).build();
        long t0 = System.nanoTime();
        SearchResult r = new Search(c, null).run(sample(64, 4));
        assertEquals(StopReason.TIME_LIMIT, r.stopReason());
        assertTrue(r.steps() < 100000);
        // generous bound: one network's training may overrun the budget
        assertTrue(System.nanoTime() - t0 < 30_000_000_000L);
    }

    @Test
    void seedsAreMixedPerIndex() {
        assertTrue(Search.deriveSeed(1, 0) != Search.deriveSeed(1, 1));
        assertTrue(Search.deriveSeed(1, 0) != Search.deriveSeed(2, 0));
        assertEquals(Search.deriveSeed(5, 9), Search.deriveSeed(5, 9));
    }
}
