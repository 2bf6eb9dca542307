package dysymnet.testing;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.LongStream;
import org.junit.jupiter.api.function.Executable;
import org.opentest4j.AssertionFailedError;

/**
 * Seeded cases for property tests in plain JUnit 5.
 *
 * <p>A property is a {@code @ParameterizedTest} taking {@code long seed} from a {@code @MethodSource} that returns
 * {@link #seeds(int)}; it draws its whole input from {@link #rng(long)} and runs its assertions inside
 * {@link #check(long, Object, Executable)}, so that a failure names the seed and the generated input. The seeds are a
 * fixed list: every run checks the same cases. To rerun only the failing case, pass its seed from the message:
 * {@code mvn -B -o -pl MODULE test -Dtest=SomeTest -Dgen.seed=SEED}.
 */
public final class Gen {
    /** Start of the fixed seed sequence. */
    private static final long BASE = 0x5EED_2026_1126L;

    private Gen() {
    }

    /** {@code count} well-mixed, distinct seeds, always the same ones; only the seed {@code -Dgen.seed} when set. */
    public static LongStream seeds(int count) {
        String only = System.getProperty("gen.seed", "").trim();
        if (!only.isEmpty()) {
            return LongStream.of(Long.parseLong(only));
        }
        return LongStream.range(0, count).map(i -> mix(BASE + i));
    }

    /** The random source of the case with this seed. */
    public static SplittableRandom rng(long seed) {
        return new SplittableRandom(seed);
    }

    /** Runs the checks of one case; any failure is re-thrown with the seed and the input in front of its message. */
    public static void check(long seed, Object input, Executable checks) {
        try {
            checks.execute();
        } catch (Throwable t) {
            String what = t instanceof AssertionError ? t.getMessage() : t.toString();
            throw new AssertionFailedError("seed " + seed + ", input " + input + ": " + what, t);
        }
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * Counts the cases of a property that may discard inputs it cannot judge (a loss that overflowed, a point next
     * to a pole): checked from {@code @AfterAll}, so that a generator drifting into discarding nearly everything
     * fails instead of passing vacuously.
     */
    public static final class Tally {
        private final AtomicInteger checked = new AtomicInteger();
        private final AtomicInteger discarded = new AtomicInteger();

        public void checked() {
            checked.incrementAndGet();
        }

        public void discarded() {
            discarded.incrementAndGet();
        }

        /** Fails when fewer than {@code minShare} of the cases were checked, once at least {@code minCases} ran. */
        public void assertCheckedShare(String property, double minShare, int minCases) {
            int c = checked.get();
            int total = c + discarded.get();
            if (total >= minCases && c < minShare * total) {
                throw new AssertionFailedError(property + ": only " + c + " of " + total
                        + " generated cases could be checked (at least " + minShare * 100 + "% expected)");
            }
        }
    }
}
