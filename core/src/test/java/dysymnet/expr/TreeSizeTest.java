package dysymnet.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Counting a formula's nodes as a tree when its sub-trees are shared objects, as in a network's read-off. */
class TreeSizeTest {

    /** {@code x + 2*x} doubled {@code k} times by sharing: 6 * 2^k - 1 nodes as a tree, k + 2 objects. */
    static Expr doubled(int k) {
        Expr e = Expr.add(Expr.var("x"), Expr.mul(Expr.num(2), Expr.var("x")));
        for (int i = 0; i < k; i++) {
            e = Expr.add(e, e);
        }
        return e;
    }

    @Test
    void countsATreeOfSharedSubtreesWithoutWalkingIt() {
        Expr e = doubled(50);
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            assertEquals(6L * (1L << 50) - 1, TreeSize.of(e, Long.MAX_VALUE));
            assertEquals(1000, TreeSize.of(e, 1000));
            assertTrue(TreeSize.exceeds(e, 1 << 30));
            assertFalse(TreeSize.atMost(e, 300));
        });
    }

    @Test
    void aCapAboveTheSizeGivesTheSize() {
        Expr e = doubled(3);
        assertEquals(47, TreeSize.of(e, 48));
        assertEquals(47, TreeSize.of(e, 47));
        assertEquals(46, TreeSize.of(e, 46));
        assertFalse(TreeSize.exceeds(e, 47));
        assertTrue(TreeSize.exceeds(e, 46));
        assertTrue(TreeSize.atMost(e, 47));
        assertFalse(TreeSize.atMost(e, 46));
        assertThrows(IllegalArgumentException.class, () -> TreeSize.of(e, 0));
    }

    @Test
    void equalsTheComplexityOfRandomFormulas() {
        Gen.seeds(200).forEach(seed -> {
            SplittableRandom rng = Gen.rng(seed);
            Expr e = ExprTestSupport.random(rng, 6);
            int n = e.complexity();
            Gen.check(seed, ExprTestSupport.show(e), () -> {
                assertEquals(n, TreeSize.of(e, Long.MAX_VALUE));
                assertEquals(Math.min(n, 5), TreeSize.of(e, 5));
                assertTrue(TreeSize.atMost(e, n));
                assertTrue(n == 1 || !TreeSize.atMost(e, n - 1));
            });
        });
    }
}
