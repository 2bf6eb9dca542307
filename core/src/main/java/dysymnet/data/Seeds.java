package dysymnet.data;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Derives independent random streams from one user seed, so that every random choice of a run is fixed by its seed
 * and does not depend on the order in which threads ask for randomness.
 */
public final class Seeds {
    private Seeds() {
    }

    /** A well-mixed 64-bit seed for stream {@code index} of the run seeded with {@code seed} (SplitMix64). */
    public static long derive(long seed, long index) {
        long z = seed + 0x9E3779B97F4A7C15L * (index + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A generator for stream {@code index} of the run seeded with {@code seed}. */
    public static RandomGenerator stream(long seed, long index) {
        return new SplittableRandom(derive(seed, index));
    }

    /**
     * A generator for the purpose {@code salt} of the item called {@code name} (a benchmark problem, say) in the run
     * seeded with {@code seed}: streams of different names or salts are independent.
     */
    public static RandomGenerator named(long seed, String name, long salt) {
        long h = 1125899906842597L;
        for (int i = 0; i < name.length(); i++) {
            h = 31 * h + name.charAt(i);
        }
        long mixed = new SplittableRandom(seed).nextLong() ^ (h * 0x9E3779B97F4A7C15L) ^ (salt * 0xBF58476D1CE4E5B9L);
        return new SplittableRandom(mixed);
    }
}
