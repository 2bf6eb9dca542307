package dysymnet.expr;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The number of nodes an expression has as a tree (its {@link Expr#complexity()}), counted in time proportional to
 * the number of distinct node objects, not to the tree's size.
 *
 * <p>Expressions are immutable, so one object may stand for several sub-trees: a network's read-off refers to each
 * unit's expression from every unit of the next layer that uses it. Such a formula is small in memory but, as a
 * tree, grows with the product of the widths of the layers, and every walk over it (complexity, hashing, printing,
 * simplification, evaluation) costs the tree's size. This count lets a caller decide before any such walk.
 */
public final class TreeSize {
    private TreeSize() {
    }

    /**
     * The tree size of {@code e}, or {@code cap} if it is {@code cap} or more.
     *
     * @param cap a positive bound; the count stops growing there, so the result never overflows
     */
    public static long of(Expr e, long cap) {
        if (cap < 1) {
            throw new IllegalArgumentException("cap must be positive, got " + cap);
        }
        return count(e, cap, new IdentityHashMap<>());
    }

    /** Whether {@code e} has more than {@code limit} nodes as a tree. */
    public static boolean exceeds(Expr e, long limit) {
        return of(e, limit + 1) > limit;
    }

    /**
     * Whether {@code e} has at most {@code limit} nodes as a tree, in time O(limit) whatever its size: the walk stops
     * as soon as it has seen more.
     */
    public static boolean atMost(Expr e, int limit) {
        return countUpTo(e, limit + 1) <= limit;
    }

    private static int countUpTo(Expr e, int cap) {
        if (e instanceof Unary u) {
            return Math.min(cap, 1 + countUpTo(u.arg(), cap - 1));
        }
        if (e instanceof Binary b) {
            int l = countUpTo(b.left(), cap - 1);
            return l + 1 >= cap ? cap : Math.min(cap, 1 + l + countUpTo(b.right(), cap - 1 - l));
        }
        return 1;
    }

    private static long count(Expr e, long cap, Map<Expr, Long> seen) {
        if (e instanceof Const || e instanceof Var) {
            return 1;
        }
        Long known = seen.get(e);
        if (known != null) {
            return known;
        }
        long n;
        if (e instanceof Unary u) {
            long a = count(u.arg(), cap, seen);
            n = a >= cap - 1 ? cap : 1 + a;
        } else {
            Binary b = (Binary) e;
            long l = count(b.left(), cap, seen);
            if (l >= cap - 1) {
                n = cap;
            } else {
                long r = count(b.right(), cap, seen);
                n = r >= cap - 1 - l ? cap : 1 + l + r;
            }
        }
        seen.put(e, n);
        return n;
    }
}
