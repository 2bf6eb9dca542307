package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Seeds;
import dysymnet.net.Architecture;
import dysymnet.gp.GpSettings;
import dysymnet.terms.TermSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Successive halving across a search: networks far behind at a checkpoint are given up there. */
class HalvingTest {

    @Test
    void theBoundIsTheKeptQuantileOfTheEarlierCheckpoints() {
        double[] cps = {0.4, 0.1, 0.3, 0.2};
        assertEquals(0.2, Halving.bound(cps, 0.5, 4));
        assertEquals(0.1, Halving.bound(cps, 0.25, 4));
        assertEquals(0.3, Halving.bound(cps, 0.6, 4));
        assertEquals(0.1, Halving.bound(cps, 0.01, 4));
        // too few known, or every network kept
        assertEquals(Double.POSITIVE_INFINITY, Halving.bound(cps, 0.5, 5));
        assertEquals(Double.POSITIVE_INFINITY, Halving.bound(cps, 1.0, 4));
        assertEquals(Double.POSITIVE_INFINITY, Halving.bound(new double[0], 0.5, 0));
    }

    @Test
    void eachCheckpointsBoundComesFromTheNetworksThatGotToIt() {
        Halving h = new Halving(0.5, 2);
        assertArrayEquals(new double[] {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY}, h.bounds());
        // two networks given up at the first checkpoint, two that went on to the end of stage 1
        h.add(new double[] {0.8, Double.NaN});
        h.add(new double[] {0.6, Double.NaN});
        h.add(new double[] {0.2, 0.05});
        assertArrayEquals(new double[] {0.6, Double.POSITIVE_INFINITY}, h.bounds()); // one loss at the second: too few
        h.add(new double[] {0.4, 0.01});
        assertArrayEquals(new double[] {0.4, 0.01}, h.bounds());
        // a network that failed before any checkpoint adds nothing
        h.add(new double[] {Double.NaN, Double.NaN});
        assertArrayEquals(new double[] {0.4, 0.01}, h.bounds());
    }

    @Test
    void aNetworkBehindAtTheEndOfStage1IsGivenUpThereWithItsLossAsReward() {
        Settings s = networksOnly().seed(3).build();
        Dataset d = SearchTest.sample(64, 3);
        ArchitecturePipeline p = new ArchitecturePipeline(d, s);
        Architecture a = Architecture.parse("[id,sin,*]-[id,square]");
        ArchitecturePipeline.Result full = p.run(a, Seeds.stream(3, 0), 1, () -> false);
        double[] reached = full.checkpoints();
        assertFalse(full.gaveUp());
        assertTrue(Double.isFinite(reached[0]) && Double.isFinite(reached[1]), "both checkpoints reached");
        ArchitecturePipeline.Result given = p.run(a, Seeds.stream(3, 0), 1, () -> false,
                new double[] {reached[0], Math.nextDown(reached[1])});
        assertTrue(given.gaveUp());
        assertFalse(given.failed());
        assertArrayEquals(reached, given.checkpoints());
        assertEquals(Reward.of(reached[1], 1.0), given.representative().reward());
        assertEquals(List.of(given.representative()), given.candidates());
        assertEquals(Double.POSITIVE_INFINITY, given.representative().mse());
    }

    private static Settings.Builder networksOnly() {
        return SearchTest.small().gp(GpSettings.builder().enabled(false).build())
                .terms(TermSettings.builder().enabled(false).build());
    }

    @Test
    void halvingGivesUpNetworksFromTheSecondStepOnSameOnAnyThreads() {
        long givenUp = 0;
        for (long seed = 1; seed <= 4; seed++) {
            Dataset d = SearchTest.sample(64, seed);
            SearchResult one = new Search(networksOnly().seed(seed).threads(1).build(), null).run(d);
            SearchResult two = new Search(networksOnly().seed(seed).threads(2).build(), null).run(d);
            assertEquals(one.candidates(), two.candidates());
            assertArrayEquals(one.meanRewards(), two.meanRewards());
            assertEquals(one.gaveUp(), two.gaveUp());
            // the first step has no earlier networks to compare with: at most the later steps' are given up
            assertTrue(one.gaveUp() <= one.networksTrained() - 1, "seed " + seed);
            for (Candidate c : one.candidates()) {
                assertTrue(Double.isFinite(c.mse()), "a given-up network left no candidate");
            }
            givenUp += one.gaveUp();
        }
        assertTrue(givenUp > 0, "over 4 searches, some network was behind half of the earlier ones");
    }

    @Test
    void keepingEveryNetworkGivesNoneUp() {
        for (long seed = 1; seed <= 3; seed++) {
            Settings s = networksOnly().seed(seed).training(dysymnet.net.TrainConfig.builder().keepFraction(1.0)
                    .build()).build();
            SearchResult r = new Search(s, null).run(SearchTest.sample(64, seed));
            assertEquals(0, r.gaveUp());
        }
    }
}
