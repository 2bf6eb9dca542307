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
    void neighbouringSeedsAndStreamsGiveDistinctSeeds() {
        Set<Long> seen = new HashSet<>();
        for (long seed = 0; seed < 50; seed++) {
            for (long index = -3; index < 50; index++) {
                assertTrue(seen.add(Seeds.derive(seed, index)), "collision at seed " + seed + ", stream " + index);
            }
        }
    }

    @Test
    void derivedSeedsAreWellMixed() {
        // each output bit is set in about half of the seeds of consecutive streams (a poor mixer leaves low or high
        // bits nearly constant for consecutive inputs)
        int n = 4000;
        int[] ones = new int[64];
        for (int i = 0; i < n; i++) {
            long v = Seeds.derive(12345, i);
            for (int b = 0; b < 64; b++) {
                ones[b] += (int) ((v >>> b) & 1L);
            }
        }
        for (int b = 0; b < 64; b++) {
            assertTrue(Math.abs(ones[b] - n / 2) < 200, "bit " + b + " set in " + ones[b] + " of " + n);
        }
    }

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
}
