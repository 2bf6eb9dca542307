package dysymnet.gp;

import dysymnet.expr.Binary;
import dysymnet.expr.BinaryFunction;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.Var;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * The GP's random formulas and variation operators over {@link Primitives}: ramped grow/full trees, subtree crossover,
 * subtree, point, hoist and shrink mutation. Every result is within the size and depth caps (an operator whose
 * attempts all exceed them returns its parent unchanged), and is built only from the primitives and the parents'
 * own nodes.
 */
public final class Variation {
    /** Attempts of crossover and subtree mutation to stay within the caps before giving the parent back. */
    private static final int ATTEMPTS = 4;
    /** Share of constants among the leaves of random trees. */
    private static final double CONSTANT_LEAF = 0.25;
    /** Small integers a random constant often is (laws have 2*x and x + 1 more often than 1.73*x). */
    private static final double[] SMALL = {-1, 1, 2, 3, 0.5};

    private final Primitives prim;
    private final int maxSize;
    private final int maxDepth;
    private final Predicate<Expr> allowed;

    /**
     * @param maxSize  nodes at most
     * @param maxDepth levels at most (as {@link Trees#depth} counts them)
     */
    public Variation(Primitives prim, int maxSize, int maxDepth) {
        this(prim, maxSize, maxDepth, null);
    }

    /**
     * A variation whose every result also passes {@code allowed} (null: no further test), as it keeps the caps: an
     * operator whose attempts all fail returns its parent, a random tree a leaf.
     */
    public Variation(Primitives prim, int maxSize, int maxDepth, Predicate<Expr> allowed) {
        this.prim = Objects.requireNonNull(prim, "prim");
        this.maxSize = maxSize;
        this.maxDepth = maxDepth;
        this.allowed = allowed;
    }

    public int maxSize() {
        return maxSize;
    }

    public int maxDepth() {
        return maxDepth;
    }

    /** Whether {@code e} is within the caps, keeps the nesting constraints and passes the further test if any. */
    public boolean fits(Expr e) {
        return e.complexity() <= maxSize && Trees.depth(e) <= maxDepth && prim.nesting().allows(e)
                && (allowed == null || allowed.test(e));
    }

    /** A random leaf: a variable, or a constant (mostly a small integer). */
    Expr leaf(RandomGenerator rng) {
        if (rng.nextDouble() < CONSTANT_LEAF) {
            return constant(rng);
        }
        return prim.variable(rng.nextInt(prim.variables().size()));
    }

    private static Expr constant(RandomGenerator rng) {
        if (rng.nextBoolean()) {
            return new Const(SMALL[rng.nextInt(SMALL.length)]);
        }
        return new Const(Math.rint(rng.nextDouble(-3, 3) * 100) / 100);
    }

    /**
     * A random tree of at most {@code depth} levels: with {@code full}, every branch to that depth (Koza's full
     * method), else branches end at random (grow).
     */
    public Expr random(RandomGenerator rng, int depth, boolean full) {
        int u = prim.unaryCount();
        int b = prim.binaries().size();
        if (depth <= 1 || u + b == 0 || (!full && rng.nextDouble() < 0.3)) {
            return leaf(rng);
        }
        // binary and one-argument primitives equally likely as groups: a library of many functions and a few
        // arithmetic operators would otherwise grow mostly chains of functions
        if (b == 0 || (u > 0 && rng.nextBoolean())) {
            return prim.unary(rng.nextInt(u), random(rng, depth - 1, full));
        }
        return new Binary(prim.binaries().get(rng.nextInt(b)), random(rng, depth - 1, full),
                random(rng, depth - 1, full));
    }

    /** A random tree of 2 to {@code maxDepth} levels, full or grown, within the caps. */
    public Expr ramped(RandomGenerator rng, int maxInitialDepth) {
        for (int i = 0; i < ATTEMPTS; i++) {
            int depth = 2 + rng.nextInt(Math.max(1, maxInitialDepth - 1));
            Expr e = random(rng, depth, rng.nextBoolean());
            if (fits(e)) {
                return e;
            }
        }
        return leaf(rng);
    }

    /** {@code a} with a random node replaced by a random subtree of {@code b}. */
    public Expr crossover(Expr a, Expr b, RandomGenerator rng) {
        return crossover(a, Trees.positions(a), Trees.positions(b), rng);
    }

    /**
     * {@link #crossover(Expr, Expr, RandomGenerator)} given the parents' positions ({@code pa} of {@code a}, {@code pb}
     * of the other parent): the GP computes them once per member, in parallel, rather than at every selection on the
     * breeding thread. The same draws and the same child.
     */
    Expr crossover(Expr a, Trees.Positions pa, Trees.Positions pb, RandomGenerator rng) {
        for (int i = 0; i < ATTEMPTS; i++) {
            Expr child = Trees.replace(a, pick(pa, rng), pb.nodes().get(pick(pb, rng)));
            if (fits(child)) {
                return child;
            }
        }
        return a;
    }

    /**
     * A node index, internal nodes preferred (90%, Koza's rule) when there are any, so that crossover moves
     * structure rather than single leaves.
     */
    private static int pick(Trees.Positions p, RandomGenerator rng) {
        int n = p.nodes().size();
        if (n > 1 && rng.nextDouble() < 0.9 && p.internal().length > 0) {
            return p.internal()[rng.nextInt(p.internal().length)];
        }
        return rng.nextInt(n);
    }

    /** {@code a} with a random node replaced by a random small tree. */
    public Expr subtreeMutation(Expr a, RandomGenerator rng) {
        return subtreeMutation(a, Trees.positions(a), rng);
    }

    /** {@link #subtreeMutation(Expr, RandomGenerator)} given {@code a}'s positions. */
    Expr subtreeMutation(Expr a, Trees.Positions pa, RandomGenerator rng) {
        List<Expr> na = pa.nodes();
        for (int i = 0; i < ATTEMPTS; i++) {
            Expr child = Trees.replace(a, rng.nextInt(na.size()), random(rng, 1 + rng.nextInt(3), false));
            if (fits(child)) {
                return child;
            }
        }
        return a;
    }

    /**
     * {@code a} with one node changed in place: a constant moved a little (or redrawn), a leaf swapped for another,
     * a one-argument primitive for another, a binary operator for another.
     */
    public Expr pointMutation(Expr a, RandomGenerator rng) {
        return pointMutation(a, Trees.positions(a), rng);
    }

    /** {@link #pointMutation(Expr, RandomGenerator)} given {@code a}'s positions. */
    Expr pointMutation(Expr a, Trees.Positions pa, RandomGenerator rng) {
        List<Expr> na = pa.nodes();
        int i = rng.nextInt(na.size());
        Expr n = na.get(i);
        Expr m;
        if (n instanceof Const c) {
            m = rng.nextBoolean() ? new Const(c.value() * (1 + 0.1 * rng.nextGaussian()) + 0.1 * rng.nextGaussian())
                    : constant(rng);
        } else if (n instanceof Var) {
            m = leaf(rng);
        } else if (n instanceof Unary || Primitives.isFixedPower(n)) {
            Expr arg = n instanceof Unary u ? u.arg() : ((Binary) n).left();
            m = prim.unaryCount() == 0 ? arg : prim.unary(rng.nextInt(prim.unaryCount()), arg);
        } else {
            Binary b = (Binary) n;
            List<BinaryFunction> ops = prim.binaries();
            m = ops.isEmpty() ? b.left() : new Binary(ops.get(rng.nextInt(ops.size())), b.left(), b.right());
        }
        Expr child = Trees.replace(a, i, m);
        return fits(child) ? child : a;
    }

    /** A random proper subtree of {@code a} (the root when it is a leaf). */
    public Expr hoist(Expr a, RandomGenerator rng) {
        return hoist(a, Trees.positions(a), rng);
    }

    /** {@link #hoist(Expr, RandomGenerator)} given {@code a}'s positions. */
    Expr hoist(Expr a, Trees.Positions pa, RandomGenerator rng) {
        List<Expr> na = pa.nodes();
        return na.size() == 1 ? a : na.get(1 + rng.nextInt(na.size() - 1));
    }

    /** {@code a} with a random operator node replaced by one of its arguments (or by a leaf). */
    public Expr shrink(Expr a, RandomGenerator rng) {
        return shrink(a, Trees.positions(a), rng);
    }

    /** {@link #shrink(Expr, RandomGenerator)} given {@code a}'s positions. */
    Expr shrink(Expr a, Trees.Positions pa, RandomGenerator rng) {
        List<Expr> na = pa.nodes();
        int i = rng.nextInt(na.size());
        Expr n = na.get(i);
        Expr m;
        if (n instanceof Unary u) {
            m = u.arg();
        } else if (n instanceof Binary b) {
            m = Primitives.isFixedPower(b) || rng.nextBoolean() ? b.left() : b.right();
        } else {
            m = leaf(rng);
        }
        Expr child = Trees.replace(a, i, m);
        return fits(child) ? child : a;
    }
}
