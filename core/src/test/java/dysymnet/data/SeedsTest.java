package dysymnet.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class SeedsTest {

    @Test
    void aStreamIsFixedByItsSeedAndIndex() {
        RandomGenerator a = Seeds.stream(7, 3);
        RandomGenerator b = Seeds.stream(7, 3);
        RandomGenerator c = Seeds.stream(7, 4);
        long x = a.nextLong();
        assertEquals(x, b.nextLong());
        assertNotEquals(x, c.nextLong());
    }

    @Test
    void namedStreamsDifferByNameSaltAndSeed() {
        long base = Seeds.named(1, "Nguyen-1", 4).nextLong();
        assertEquals(base, Seeds.named(1, "Nguyen-1", 4).nextLong());
        assertNotEquals(base, Seeds.named(1, "Nguyen-2", 4).nextLong());
        assertNotEquals(base, Seeds.named(1, "Nguyen-1", 5).nextLong());
        assertNotEquals(base, Seeds.named(2, "Nguyen-1", 4).nextLong());
    }

    @Test
    void derivedSeedsAreSplitMix64() {
        // streams 0-3 of seed 0 are the first four outputs of SplitMix64 started at 0 (published reference values)
        assertEquals(0xE220A8397B1DCDAFL, Seeds.derive(0, 0));
        assertEquals(0x6E789E6AA1B965F4L, Seeds.derive(0, 1));
        assertEquals(0x06C45D188009454FL, Seeds.derive(0, 2));
        assertEquals(0xF88BB8A8724C81ECL, Seeds.derive(0, 3));
    }

    @Test
    void derivedSeedsAreDistinctAcrossSeedsAndStreams() {
        // small neighbouring seeds and the streams a search uses (-2 controller sampling, -1 controller init,
        // 0.. one per trained network): 64 x 258 values, no two alike
        Set<Long> seen = new HashSet<>();
        for (long seed = 0; seed < 64; seed++) {
            for (long index = -2; index < 256; index++) {
                long v = Seeds.derive(seed, index);
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
            long v = Seeds.derive(seed, i % 32);
            seedFlips += Long.bitCount(v ^ Seeds.derive(seed ^ (1L << (i % 64)), i % 32));
            indexFlips += Long.bitCount(v ^ Seeds.derive(seed, i % 32 + 1));
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
        assertEquals(Seeds.derive(5, 9), Seeds.derive(5, 9));
    }
}
