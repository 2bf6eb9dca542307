package dysymnet.expr;

import java.util.Map;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * Algebraic simplification into a canonical, natural-looking tree that computes the same function.
 *
 * <p>What it does, bottom-up:
 * <ul>
 *   <li>folds every operator applied to constants, with the protected semantics of {@link UnaryOp} and
 *       {@link BinaryOp} (so folding never changes a value);</li>
 *   <li>flattens sums and products; {@code a - b} is {@code a + (-1)*b}, {@code -a} is {@code (-1)*a} and
 *       {@code a / c} for a constant c is {@code (1/c)*a} internally;</li>
 *   <li>merges like terms ({@code 2*x + 3*x -> 5*x}, {@code x - x -> 0}) and like factors with integer exponents
 *       ({@code x*x -> x^2}, {@code x^2*x -> x^3}, {@code x/x -> 1}); integer powers of products are distributed
 *       ({@code (2*x)^2 -> 4*x^2}); a non-integer power is never merged, because under the protected power
 *       {@code x^0.5*x^0.5} is {@code |x|}, not {@code x};</li>
 *   <li>applies the identities {@code x*1, 1*x, x+0 -> x}, {@code x*0 -> 0}, {@code x^1 -> x}, {@code x^0 -> 1},
 *       {@code --x -> x}, {@code abs(abs(x)) -> abs(x)}, and takes a negative coefficient out of the argument of an
 *       even function ({@code cos(-2*x) -> cos(2*x)}) and a minus sign out of an odd one
 *       ({@code sin(-x^2) -> -sin(x^2)}, but {@code sin(-2*x)} stays, as its negation is one node more); writes
 *       {@code exp(c*log(u))} as the power {@code u^c} for constants {@code 0 < c <= 4}, and takes a numeric factor
 *       out of a non-integer power when that is not larger ({@code (4*x)^0.5 -> 2*x^0.5});</li>
 *   <li>distributes a numeric factor over a sum ({@code 0.5*(1.2*x + 3) -> 0.6*x + 1.5}) when that does not make
 *       the tree larger, which is what makes the sums of products read off a network collapse;</li>
 *   <li>expands polynomial sub-expressions into sums of monomials when that does not make the tree larger:
 *       products and integer powers (up to {@value PolynomialExpansion#MAX_EXPANDED_POWER}) of sums are
 *       multiplied out, any other sub-expression ({@code sin(x)}, {@code x^0.5}, a denominator) being an atom, and
 *       like monomials merge, so {@code (x + 1)^2 - x^2 - 1 -> 2*x} and {@code (x + y)*(x - y) -> x^2 - y^2},
 *       while {@code (x + 1)^2} and {@code (x + y + z)^6} stay as they are. Within a sum, the terms whose expansion
 *       does not pay are kept factored ({@code (x + y + z)^6 + (x + y)^2 - x^2 - y^2 -> (x + y + z)^6 + 2*x*y}).
 *       Expansions above {@value PolynomialExpansion#MAX_EXPANDED_TERMS} monomials and sub-trees above
 *       {@value PolynomialExpansion#MAX_EXPANDED_NODES} nodes are not tried, which bounds the work;</li>
 *   <li>orders terms (higher degree first, then by {@link ExprOrder}) and factors (constant first, then by
 *       {@link ExprOrder}) canonically, so that equal functions written differently tend to the same tree, and
 *       prints back naturally: {@code x - 2*y} rather than {@code x + -2*y}, {@code x/y} rather than
 *       {@code x*y^-1}, {@code y - x} rather than {@code -x + y}. Where equivalent forms differ in size the smaller
 *       one is built ({@code (x/y)^2}, {@code x^-2}), so the complexity does not grow on any tree we have tested
 *       (random trees with every operator), although that is not proven.</li>
 * </ul>
 *
 * <p>The result equals the input up to floating-point rounding at every point where the input is finite, with one
 * accepted exception: cancelling a factor against the same factor in a denominator ({@code x/x -> 1},
 * {@code x*y/x -> y}) and rewriting divisions ({@code (a/b)/c -> a/(b*c)}) change the value where a denominator is
 * exactly zero (protected division gives {@code 0/0 = 0}, and {@code a/0} a huge number), as in any computer
 * algebra system. Likewise {@code exp(c*log(u)) -> u^c} differs where exp's clamp (e^100) or log's floor (|u| below
 * 1e-300) acts. Constants are used exactly, never rounded; folded and expanded coefficients are computed in
 * double precision, so an expansion with cancelling terms ({@code (x - 1.0001)^3} near {@code x = 1}) differs from
 * the factored form by the round-off of its largest terms, not of its value. The result is idempotent:
 * {@code simplify(simplify(e)).equals(simplify(e))}.
 *
 * <p>This class walks the tree, folds constants and applies the rules about functions and powers; the product
 * view ({@link ProductForm}), the sum view ({@link SumForm}) and the polynomial expansion
 * ({@link PolynomialExpansion}) are classes of their own, used only from here.
 */
public final class Simplifier {
    /** Bound on the passes towards a fixed point (two suffice in practice). */
    private static final int MAX_PASSES = 8;

    private Simplifier() {
    }

    /** The simplified form of {@code e}. */
    public static Expr simplify(Expr e) {
        Objects.requireNonNull(e, "e");
        return fixedPoint(e, Watch.NONE);
    }

    /**
     * The simplified form of {@code e}, or null when {@code stop} said so before it was done (it is asked every
     * {@value #CHECK_INTERVAL} nodes): simplification costs about the size of the tree, several seconds for the
     * largest formulas a network is read off as, so a search past its time limit must be able to give it up.
     */
    public static Expr simplify(Expr e, BooleanSupplier stop) {
        Objects.requireNonNull(e, "e");
        Objects.requireNonNull(stop, "stop");
        try {
            return fixedPoint(e, new Watch(stop));
        } catch (Stopped s) {
            return null;
        }
    }

    private static Expr fixedPoint(Expr e, Watch w) {
        // One pass is canonical in almost all cases; a rebuilt tree can still expose a sub-product that a second
        // pass treats on its own (e.g. c*(a + b) inside a quotient), so iterate to a fixed point for idempotence.
        Expr current = simp(e, Expansion.WHEN_NOT_LARGER, w);
        for (int pass = 0; pass < MAX_PASSES; pass++) {
            Expr next = simp(current, Expansion.WHEN_NOT_LARGER, w);
            if (next.equals(current)) {
                return current;
            }
            current = next;
        }
        return current;
    }

    /** Nodes simplified between two questions to the stop supplier. */
    static final int CHECK_INTERVAL = 256;

    /** Asks a stop supplier every {@link #CHECK_INTERVAL} nodes; {@link #NONE} never does. */
    private static final class Watch {
        static final Watch NONE = new Watch(null);
        private final BooleanSupplier stop;
        private int left = CHECK_INTERVAL;

        Watch(BooleanSupplier stop) {
            this.stop = stop;
        }

        void tick() {
            if (stop != null && --left <= 0) {
                left = CHECK_INTERVAL;
                if (stop.getAsBoolean()) {
                    throw new Stopped();
                }
            }
        }
    }

    /** Unwinds the recursion once the stop supplier said so; carries no stack trace. */
    private static final class Stopped extends RuntimeException {
        Stopped() {
            super(null, null, false, false);
        }
    }

    /** How a node decides about expanding its polynomial terms, depending on its parent. */
    private enum Expansion {
        /** Expand when not larger (the root, a function's argument). */
        WHEN_NOT_LARGER,
        /**
         * Expand only when smaller: the parent is a product or a power, which considers expanding the whole
         * product itself, so {@code y*(x + 1)} inside {@code y^2*(x + 1)} keeps its readable factored form.
         */
        WHEN_SMALLER,
        /**
         * Do not decide: the parent is a sum or a negation small enough to be expanded itself; it sees all the
         * terms of this node and decides about them together, so deciding here as well would only repeat the
         * work (quadratically along a chain of sums).
         */
        DEFERRED
    }

    private static Expr simp(Expr e, Expansion mode, Watch w) {
        w.tick();
        Expr r = simpNode(e, w);
        if (mode != Expansion.DEFERRED
                && (e instanceof Binary || e instanceof Unary && ((Unary) e).op() == UnaryOp.NEG)) {
            r = PolynomialExpansion.expand(r, mode == Expansion.WHEN_NOT_LARGER);
        }
        return r;
    }

    /** The expansion mode of the children of {@code e}. */
    private static Expansion childMode(Expr e) {
        boolean sumLike = SumForm.isSum(e) || e instanceof Unary && ((Unary) e).op() == UnaryOp.NEG;
        if (sumLike && TreeSize.atMost(e, PolynomialExpansion.MAX_EXPANDED_NODES)) {
            return Expansion.DEFERRED;
        }
        if (e instanceof Binary && !SumForm.isSum(e)) {
            return Expansion.WHEN_SMALLER;
        }
        return Expansion.WHEN_NOT_LARGER;
    }

    private static Expr simpNode(Expr e, Watch w) {
        if (e instanceof Const || e instanceof Var) {
            return e;
        }
        if (e instanceof Unary) {
            Unary u = (Unary) e;
            Expr a = simp(u.arg(), childMode(u), w);
            if (a instanceof Const) {
                return new Const(u.op().apply(((Const) a).value()));
            }
            if (u.op() == UnaryOp.NEG) {
                return ProductForm.of(a).scale(-1.0).build();
            }
            if (u.op() == UnaryOp.ABS && a instanceof Unary && ((Unary) a).op() == UnaryOp.ABS) {
                return a;
            }
            Expr power = u.op() == UnaryOp.EXP ? expOfLog(a) : null;
            if (power != null) {
                return simpNode(power, w);
            }
            boolean even = u.op().parity() == UnaryOp.Parity.EVEN;
            double sign = ProductForm.of(a).coefficient;
            if (even && sign < 0 || u.op().parity() == UnaryOp.Parity.ODD && sign == -1.0) {
                // f(-k*u) -> f(k*u) for even f; f(-u) -> -f(u) for odd f, only for the coefficient -1, where the
                // minus moves out without making the tree larger (exact under the protected semantics)
                Unary positive = new Unary(u.op(), ProductForm.of(a).scale(-1.0).build());
                return even ? positive : ProductForm.of(positive).scale(-1.0).build();
            }
            return new Unary(u.op(), a);
        }
        Binary b = (Binary) e;
        Expansion mode = childMode(b);
        Expr l = simp(b.left(), mode, w);
        Expr r = simp(b.right(), mode, w);
        if (l instanceof Const && r instanceof Const) {
            return new Const(b.op().apply(((Const) l).value(), ((Const) r).value()));
        }
        if (!(b.op() instanceof BinaryOp op)) {
            return new Binary(b.op(), l, r); // a user-defined function: its operands simplified
        }
        return switch (op) {
            case ADD, SUB -> {
                SumForm s = new SumForm();
                s.add(l, 1.0);
                s.add(r, b.op() == BinaryOp.ADD ? 1.0 : -1.0);
                yield s.build();
            }
            case MUL -> ProductForm.of(l).times(ProductForm.of(r)).build();
            case DIV -> ProductForm.of(l).times(ProductForm.of(r).inverse()).build();
            case POW -> {
                Integer n = ProductForm.integerExponent(r);
                if (n == null) {
                    yield constantOutOfPower(l, r);
                }
                if (n == 0) {
                    // pow(a, 0) is 1 for every a, including NaN and infinities.
                    yield new Const(1.0);
                }
                if (n == 1) {
                    yield l;
                }
                yield ProductForm.power(l, n).build();
            }
        };
    }

    /**
     * {@code exp(c*log(u))} with a constant {@code 0 < c <= 4} as a power: {@code u^c}, or {@code abs(u)^c} for an
     * odd integer c (log acts on |u|). Null for any other argument. Exact up to rounding except where |u|^c would
     * pass the exp clamp (e^100) or |u| is below log's floor (1e-300), i.e. beyond any measured quantity.
     */
    private static Expr expOfLog(Expr a) {
        ProductForm p = ProductForm.of(a);
        double c = p.coefficient;
        if (p.factors.size() != 1 || !(c > 0.0 && c <= 4.0)) {
            return null;
        }
        Map.Entry<Expr, Integer> f = p.factors.entrySet().iterator().next();
        if (f.getValue() != 1 || !(f.getKey() instanceof Unary) || ((Unary) f.getKey()).op() != UnaryOp.LOG) {
            return null;
        }
        Expr base = ((Unary) f.getKey()).arg();
        boolean oddInteger = c == Math.rint(c) && ((long) c) % 2 == 1;
        return new Binary(BinaryOp.POW, oddInteger ? new Unary(UnaryOp.ABS, base) : base, new Const(c));
    }

    /**
     * {@code (k*u)^c} for a non-integer constant c and a numeric factor k: {@code |k|^c * u^c}, exact under the
     * protected power ({@code a^c = |a|^c} for negative a). The constant then merges with the others, so a fitted
     * {@code 1.68*(0.3542*x)^0.5} becomes {@code 0.99997*x^0.5} and polishes to {@code x^0.5}.
     */
    private static Expr constantOutOfPower(Expr l, Expr r) {
        Expr kept = new Binary(BinaryOp.POW, l, r);
        if (r instanceof Const) {
            double c = ((Const) r).value();
            ProductForm p = ProductForm.of(l);
            double k = p.coefficient;
            if (Double.isFinite(c) && k != 1.0 && k != 0.0 && Double.isFinite(k) && !p.factors.isEmpty()) {
                double scale = Math.pow(Math.abs(k), c);
                if (Double.isFinite(scale) && scale != 0.0) {
                    p.coefficient = 1.0;
                    Expr inner = new Binary(BinaryOp.POW, p.build(), r);
                    Expr out = ProductForm.of(inner).scale(scale).build();
                    if (out.complexity() <= kept.complexity()) {
                        return out;
                    }
                }
            }
        }
        return kept;
    }
}
