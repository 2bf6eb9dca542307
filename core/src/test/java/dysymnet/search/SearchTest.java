package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.controller.ControllerConfig;
import dysymnet.data.Dataset;
import dysymnet.net.Operator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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
    void derivedSeedsAreSplitMix64() {
        // streams 0-3 of seed 0 are the first four outputs of SplitMix64 started at 0 (published reference values)
        assertEquals(0xE220A8397B1DCDAFL, Search.deriveSeed(0, 0));
        assertEquals(0x6E789E6AA1B965F4L, Search.deriveSeed(0, 1));
        assertEquals(0x06C45D188009454FL, Search.deriveSeed(0, 2));
        assertEquals(0xF88BB8A8724C81ECL, Search.deriveSeed(0, 3));
    }

    @Test
    void derivedSeedsAreDistinctAcrossSeedsAndStreams() {
        // small neighbouring seeds and the streams a search uses (-2 controller sampling, -1 controller init,
        // 0.. one per trained network): 64 x 258 values, no two alike
        Set<Long> seen = new HashSet<>();
        for (long seed = 0; seed < 64; seed++) {
            for (long index = -2; index < 256; index++) {
                long v = Search.deriveSeed(seed, index);
                assertTrue(seen.add(v), "seed " + seed + " stream " + index + " repeats " + v);
            }
        }
    }

    @Test
    void derivedSeedsAreWellMixed() {
        // neighbouring inputs give unrelated outputs: a one-bit change of the seed or a step of the index flips
        // about half of the 64 bits, and every bit is set in about half of the outputs
        int n = 4096;
        long seedFlips = 0;
        long indexFlips = 0;
        int[] ones = new int[64];
        for (int i = 0; i < n; i++) {
            long seed = i * 7919L;
            long v = Search.deriveSeed(seed, i % 32);
            seedFlips += Long.bitCount(v ^ Search.deriveSeed(seed ^ (1L << (i % 64)), i % 32));
            indexFlips += Long.bitCount(v ^ Search.deriveSeed(seed, i % 32 + 1));
            for (int b = 0; b < 64; b++) {
                ones[b] += (int) ((v >>> b) & 1L);
            }
        }
        // the mean of n binomial(64, 1/2) counts: 32 with a standard error of 4 / sqrt(n) = 0.0625
        assertEquals(32.0, seedFlips / (double) n, 0.5, "bits flipped by a one-bit change of the seed");
        assertEquals(32.0, indexFlips / (double) n, 0.5, "bits flipped by the next index");
        for (int b = 0; b < 64; b++) {
            // standard error 0.5 / sqrt(n) = 0.0078
            assertEquals(0.5, ones[b] / (double) n, 0.05, "share of outputs with bit " + b + " set");
        }
        // and, by the way, a pure function: the same inputs always give the same seed
        assertEquals(Search.deriveSeed(5, 9), Search.deriveSeed(5, 9));
    }
}
