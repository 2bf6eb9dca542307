package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.gp.GpSettings;
import dysymnet.terms.TermSettings;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Successive halving across a search: networks far behind at their checkpoint are given up there. */
class HalvingTest {

    @Test
    void theBoundIsTheKeptQuantileOfTheEarlierCheckpoints() {
        List<Double> cps = List.of(0.4, 0.1, 0.3, 0.2);
        assertEquals(0.2, Search.giveUpBound(cps, 0.5, 4));
        assertEquals(0.1, Search.giveUpBound(cps, 0.25, 4));
        assertEquals(0.3, Search.giveUpBound(cps, 0.6, 4));
        assertEquals(0.1, Search.giveUpBound(cps, 0.01, 4));
        // too few known, or every network kept
        assertEquals(Double.POSITIVE_INFINITY, Search.giveUpBound(cps, 0.5, 5));
        assertEquals(Double.POSITIVE_INFINITY, Search.giveUpBound(cps, 1.0, 4));
        assertEquals(Double.POSITIVE_INFINITY, Search.giveUpBound(List.of(), 0.5, 0));
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
