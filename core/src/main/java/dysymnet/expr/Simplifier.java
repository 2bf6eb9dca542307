package dysymnet.expr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

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
 *       products and integer powers (up to {@value #MAX_EXPANDED_POWER}) of sums are multiplied out, any other
 *       sub-expression ({@code sin(x)}, {@code x^0.5}, a denominator) being an atom, and like monomials merge, so
 *       {@code (x + 1)^2 - x^2 - 1 -> 2*x} and {@code (x + y)*(x - y) -> x^2 - y^2}, while {@code (x + 1)^2} and
 *       {@code (x + y + z)^6} stay as they are. Within a sum, the terms whose expansion does not pay are kept
 *       factored ({@code (x + y + z)^6 + (x + y)^2 - x^2 - y^2 -> (x + y + z)^6 + 2*x*y}). Expansions above
 *       {@value #MAX_EXPANDED_TERMS} monomials and sub-trees above {@value #MAX_EXPANDED_NODES} nodes are not
 *       tried, which bounds the work;</li>
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
 */
public final class Simplifier {
    /** Largest integer exponent handled algebraically; larger ones are left as they are. */
    private static final int MAX_POWER = 1024;
    /** Bound on the passes towards a fixed point (two suffice in practice). */
    private static final int MAX_PASSES = 8;

    private Simplifier() {
    }

    /** The simplified form of {@code e}. */
    public static Expr simplify(Expr e) {
        Objects.requireNonNull(e, "e");
        // One pass is canonical in almost all cases; a rebuilt tree can still expose a sub-product that a second
        // pass treats on its own (e.g. c*(a + b) inside a quotient), so iterate to a fixed point for idempotence.
        Expr current = simp(e, Expansion.WHEN_NOT_LARGER);
        for (int pass = 0; pass < MAX_PASSES; pass++) {
            Expr next = simp(current, Expansion.WHEN_NOT_LARGER);
            if (next.equals(current)) {
                return current;
            }
            current = next;
        }
        return current;
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

    private static Expr simp(Expr e, Expansion mode) {
        Expr r = simpNode(e);
        if (mode != Expansion.DEFERRED
                && (e instanceof Binary || e instanceof Unary && ((Unary) e).op() == UnaryOp.NEG)) {
            r = expandPolynomials(r, mode == Expansion.WHEN_NOT_LARGER);
        }
        return r;
    }

    /** The expansion mode of the children of {@code e}. */
    private static Expansion childMode(Expr e) {
        boolean sumLike = isSum(e) || e instanceof Unary && ((Unary) e).op() == UnaryOp.NEG;
        if (sumLike && atMost(e, MAX_EXPANDED_NODES)) {
            return Expansion.DEFERRED;
        }
        if (e instanceof Binary && !isSum(e)) {
            return Expansion.WHEN_SMALLER;
        }
        return Expansion.WHEN_NOT_LARGER;
    }

    /** Whether {@code e} has at most {@code limit} nodes, in time O(limit). */
    private static boolean atMost(Expr e, int limit) {
        return countUpTo(e, limit + 1) <= limit;
    }

    private static int countUpTo(Expr e, int cap) {
        if (e instanceof Unary) {
            return Math.min(cap, 1 + countUpTo(((Unary) e).arg(), cap - 1));
        }
        if (e instanceof Binary) {
            int l = countUpTo(((Binary) e).left(), cap - 1);
            return l + 1 >= cap ? cap : Math.min(cap, 1 + l + countUpTo(((Binary) e).right(), cap - 1 - l));
        }
        return 1;
    }

    private static Expr simpNode(Expr e) {
        if (e instanceof Const || e instanceof Var) {
            return e;
        }
        if (e instanceof Unary) {
            Unary u = (Unary) e;
            Expr a = simp(u.arg(), childMode(u));
            if (a instanceof Const) {
                return new Const(u.op().apply(((Const) a).value()));
            }
            if (u.op() == UnaryOp.NEG) {
                return buildProduct(asProduct(a).scale(-1.0));
            }
            if (u.op() == UnaryOp.ABS && a instanceof Unary && ((Unary) a).op() == UnaryOp.ABS) {
                return a;
            }
            Expr power = u.op() == UnaryOp.EXP ? expOfLog(a) : null;
            if (power != null) {
                return simpNode(power);
            }
            boolean even = u.op().parity() == UnaryOp.Parity.EVEN;
            double sign = asProduct(a).coefficient;
            if (even && sign < 0 || u.op().parity() == UnaryOp.Parity.ODD && sign == -1.0) {
                // f(-k*u) -> f(k*u) for even f; f(-u) -> -f(u) for odd f, only for the coefficient -1, where the
                // minus moves out without making the tree larger (exact under the protected semantics)
                Unary positive = new Unary(u.op(), buildProduct(asProduct(a).scale(-1.0)));
                return even ? positive : buildProduct(asProduct(positive).scale(-1.0));
            }
            return new Unary(u.op(), a);
        }
        Binary b = (Binary) e;
        Expansion mode = childMode(b);
        Expr l = simp(b.left(), mode);
        Expr r = simp(b.right(), mode);
        if (l instanceof Const && r instanceof Const) {
            return new Const(b.op().apply(((Const) l).value(), ((Const) r).value()));
        }
        return switch (b.op()) {
            case ADD, SUB -> {
                Sum s = new Sum();
                s.add(l, 1.0);
                s.add(r, b.op() == BinaryOp.ADD ? 1.0 : -1.0);
                yield s.build();
            }
            case MUL -> buildProduct(asProduct(l).times(asProduct(r)));
            case DIV -> buildProduct(asProduct(l).times(asProduct(r).inverse()));
            case POW -> {
                Integer n = integerExponent(r);
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
                yield buildProduct(power(l, n));
            }
        };
    }

    /**
     * {@code exp(c*log(u))} with a constant {@code 0 < c <= 4} as a power: {@code u^c}, or {@code abs(u)^c} for an
     * odd integer c (log acts on |u|). Null for any other argument. Exact up to rounding except where |u|^c would
     * pass the exp clamp (e^100) or |u| is below log's floor (1e-300), i.e. beyond any measured quantity.
     */
    private static Expr expOfLog(Expr a) {
        Product p = asProduct(a);
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
            Product p = asProduct(l);
            double k = p.coefficient;
            if (Double.isFinite(c) && k != 1.0 && k != 0.0 && Double.isFinite(k) && !p.factors.isEmpty()) {
                double scale = Math.pow(Math.abs(k), c);
                if (Double.isFinite(scale) && scale != 0.0) {
                    p.coefficient = 1.0;
                    Expr inner = new Binary(BinaryOp.POW, buildProduct(p), r);
                    Expr out = buildProduct(asProduct(inner).scale(scale));
                    if (out.complexity() <= kept.complexity()) {
                        return out;
                    }
                }
            }
        }
        return kept;
    }

    private static Integer integerExponent(Expr r) {
        if (!(r instanceof Const)) {
            return null;
        }
        double v = ((Const) r).value();
        if (!Constants.isIntegerExponent(v) || Math.abs(v) > MAX_POWER) {
            return null;
        }
        return (int) v;
    }

    private static boolean isSum(Expr e) {
        return e instanceof Binary
                && (((Binary) e).op() == BinaryOp.ADD || ((Binary) e).op() == BinaryOp.SUB);
    }

    // ---------------------------------------------------------------------------------------------- products

    /** A factor {@code base^exponent} of a product; the base is neither a constant nor a product. */
    private record Factor(Expr base, int exponent) {
    }

    private static final Comparator<Factor> FACTOR_ORDER = (f, g) -> ExprOrder.INSTANCE.compare(f.base(), g.base());

    /** {@code coefficient * product of base^exponent}, with distinct bases. */
    private static final class Product {
        double coefficient;
        final Map<Expr, Integer> factors = new LinkedHashMap<>();

        Product(double coefficient) {
            this.coefficient = coefficient;
        }

        static Product of(Expr base) {
            Product p = new Product(1.0);
            p.factors.put(base, 1);
            return p;
        }

        Product copy() {
            Product p = new Product(coefficient);
            p.factors.putAll(factors);
            return p;
        }

        Product scale(double c) {
            coefficient = BinaryOp.MUL.apply(coefficient, c);
            return this;
        }

        Product times(Product o) {
            coefficient = BinaryOp.MUL.apply(coefficient, o.coefficient);
            for (Map.Entry<Expr, Integer> f : o.factors.entrySet()) {
                int e = factors.getOrDefault(f.getKey(), 0) + f.getValue();
                if (e == 0) {
                    factors.remove(f.getKey());
                } else {
                    factors.put(f.getKey(), e);
                }
            }
            return this;
        }

        Product inverse() {
            coefficient = BinaryOp.DIV.apply(1.0, coefficient);
            factors.replaceAll((k, v) -> -v);
            return this;
        }

        Product pow(int n) {
            coefficient = BinaryOp.pow(coefficient, n);
            if (n == 0) {
                factors.clear();
            }
            factors.replaceAll((k, v) -> v * n);
            return this;
        }

        int maxAbsExponent() {
            int m = 1;
            for (int e : factors.values()) {
                m = Math.max(m, Math.abs(e));
            }
            return m;
        }

        List<Factor> sortedFactors() {
            List<Factor> list = new ArrayList<>();
            for (Map.Entry<Expr, Integer> f : factors.entrySet()) {
                list.add(new Factor(f.getKey(), f.getValue()));
            }
            list.sort(FACTOR_ORDER);
            return List.copyOf(list);
        }
    }

    /** The product view of a simplified expression. */
    private static Product asProduct(Expr s) {
        if (s instanceof Const) {
            return new Product(((Const) s).value());
        }
        if (s instanceof Unary && ((Unary) s).op() == UnaryOp.NEG) {
            return asProduct(((Unary) s).arg()).scale(-1.0);
        }
        if (s instanceof Binary b) {
            return switch (b.op()) {
                case MUL -> asProduct(b.left()).times(asProduct(b.right()));
                case DIV -> asProduct(b.left()).times(asProduct(b.right()).inverse());
                case POW -> {
                    Integer n = integerExponent(b.right());
                    yield n != null ? power(b.left(), n) : Product.of(s);
                }
                case ADD, SUB -> Product.of(s); // a sum is one factor
            };
        }
        return Product.of(s);
    }

    /**
     * The product view of {@code base^n} for a simplified base and an integer n: distributed over the factors of
     * the base ({@code (2*x*y)^2 = 4*x^2*y^2}) unless that would make the tree larger (nested powers of
     * quotients), in which case the power stays one opaque factor. The choice depends only on (base, n), so a
     * second pass makes the same one.
     */
    private static Product power(Expr base, int n) {
        Expr whole = new Binary(BinaryOp.POW, base, new Const(n));
        Product p = asProduct(base);
        if ((long) p.maxAbsExponent() * Math.abs(n) > MAX_POWER) {
            return Product.of(whole);
        }
        p.pow(n);
        if (buildProduct(p.copy()).complexity() > whole.complexity()) {
            return Product.of(whole);
        }
        return p;
    }

    private static Expr buildProduct(Product p) {
        double c = p.coefficient;
        if (c == 0.0) {
            return new Const(0.0);
        }
        if (p.factors.isEmpty()) {
            return new Const(c);
        }
        List<Factor> fs = p.sortedFactors();
        if (c != 1.0 && isGroup(fs)) {
            // c * (a sum): the sum builder decides whether distributing c makes the tree smaller.
            Sum s = new Sum();
            s.addTerm(c, fs);
            return s.build();
        }
        return rebuildProduct(c, fs);
    }

    private static boolean isGroup(List<Factor> fs) {
        return fs.size() == 1 && fs.get(0).exponent() == 1 && isSum(fs.get(0).base());
    }

    /** The natural tree of {@code c * product of factors}: positive powers over negative ones. */
    private static Expr rebuildProduct(double c, List<Factor> fs) {
        List<Factor> merged = groupMixedPowers(fs);
        if (merged != fs) {
            return rebuildProduct(c, merged);
        }
        int common = commonNegativePower(fs);
        if (common > 0) {
            // (a*b)^-n is smaller than 1/(a^n*b^n)
            List<Factor> bases = new ArrayList<>();
            for (Factor f : fs) {
                bases.add(new Factor(f.base(), 1));
            }
            Expr power = new Binary(BinaryOp.POW, chain(null, bases), new Const(-common));
            return c == 1.0 ? power : c == -1.0 ? new Unary(UnaryOp.NEG, power)
                    : new Binary(BinaryOp.MUL, new Const(c), power);
        }
        List<Factor> num = new ArrayList<>();
        List<Factor> den = new ArrayList<>();
        for (Factor f : fs) {
            if (f.exponent() > 0) {
                num.add(f);
            } else {
                den.add(new Factor(f.base(), -f.exponent()));
            }
        }
        if (den.isEmpty()) {
            if (num.isEmpty()) {
                return new Const(c);
            }
            return withCoefficient(c, num);
        }
        Expr denominator = chain(null, den);
        if (num.isEmpty()) {
            List<Factor> powers = new ArrayList<>();
            List<Factor> ones = new ArrayList<>();
            for (Factor f : den) {
                (f.exponent() >= 2 ? powers : ones).add(f);
            }
            if (!powers.isEmpty() && (c == 1.0 || c == -1.0)) {
                // 1/(a^2*b^3*d) is written a^-2*b^-3/d, which is smaller
                Expr p = chain(null, negated(powers));
                Expr q = ones.isEmpty() ? p : new Binary(BinaryOp.DIV, p, chain(null, ones));
                return c == 1.0 ? q : new Unary(UnaryOp.NEG, q);
            }
            return new Binary(BinaryOp.DIV, new Const(c), denominator);
        }
        if (c == -1.0) {
            return new Unary(UnaryOp.NEG, new Binary(BinaryOp.DIV, chain(null, num), denominator));
        }
        return new Binary(BinaryOp.DIV, withCoefficient(c, num), denominator);
    }

    /** n &gt;= 2 when there are several factors and every exponent is -n; otherwise 0. */
    private static int commonNegativePower(List<Factor> fs) {
        if (fs.size() < 2) {
            return 0;
        }
        int e = fs.get(0).exponent();
        for (Factor f : fs) {
            if (f.exponent() != e) {
                return 0;
            }
        }
        return e <= -2 ? -e : 0;
    }

    /**
     * Factors with exponents n and -n (n &gt;= 2) are written as one power of a quotient, {@code (a/b)^n}, which is
     * smaller than {@code a^n/b^n}. Returns {@code fs} itself when there is no such group, else a new sorted list
     * where each group is one factor with exponent 1.
     */
    private static List<Factor> groupMixedPowers(List<Factor> fs) {
        Map<Integer, List<Factor>> byPower = new LinkedHashMap<>();
        for (Factor f : fs) {
            byPower.computeIfAbsent(Math.abs(f.exponent()), k -> new ArrayList<>()).add(f);
        }
        List<Factor> out = null;
        for (Map.Entry<Integer, List<Factor>> g : byPower.entrySet()) {
            int n = g.getKey();
            List<Factor> group = g.getValue();
            boolean positive = false;
            boolean negative = false;
            for (Factor f : group) {
                positive |= f.exponent() > 0;
                negative |= f.exponent() < 0;
            }
            if (n < 2 || !positive || !negative) {
                continue;
            }
            if (out == null) {
                out = new ArrayList<>(fs);
            }
            out.removeAll(group);
            List<Factor> reduced = new ArrayList<>();
            for (Factor f : group) {
                reduced.add(new Factor(f.base(), f.exponent() / n));
            }
            out.add(new Factor(new Binary(BinaryOp.POW, rebuildProduct(1.0, reduced), new Const(n)), 1));
        }
        if (out == null) {
            return fs;
        }
        out.sort(FACTOR_ORDER);
        return out;
    }

    private static List<Factor> negated(List<Factor> fs) {
        List<Factor> out = new ArrayList<>();
        for (Factor f : fs) {
            out.add(new Factor(f.base(), -f.exponent()));
        }
        return out;
    }

    private static Expr withCoefficient(double c, List<Factor> num) {
        if (c == 1.0) {
            return chain(null, num);
        }
        if (c == -1.0) {
            return new Unary(UnaryOp.NEG, chain(null, num));
        }
        return chain(new Const(c), num);
    }

    /**
     * The left-associated product {@code start * f1 * f2 * ...}; factors that share an exponent n &gt;= 2 are
     * written together as {@code (b1 * b2)^n}, which is smaller than {@code b1^n * b2^n}.
     */
    private static Expr chain(Expr start, List<Factor> fs) {
        Map<Integer, Integer> count = new LinkedHashMap<>();
        for (Factor f : fs) {
            count.merge(f.exponent(), 1, Integer::sum);
        }
        Set<Integer> emitted = new HashSet<>();
        Expr acc = start;
        for (Factor f : fs) {
            int n = f.exponent();
            Expr term;
            if (n >= 2 && count.get(n) >= 2) {
                if (!emitted.add(n)) {
                    continue;
                }
                Expr bases = null;
                for (Factor g : fs) {
                    if (g.exponent() == n) {
                        bases = bases == null ? g.base() : new Binary(BinaryOp.MUL, bases, g.base());
                    }
                }
                term = new Binary(BinaryOp.POW, bases, new Const(n));
            } else {
                term = n == 1 ? f.base() : new Binary(BinaryOp.POW, f.base(), new Const(n));
            }
            acc = acc == null ? term : new Binary(BinaryOp.MUL, acc, term);
        }
        return acc;
    }

    // -------------------------------------------------------------------------------------------------- sums

    /** {@code constant + sum of coefficient * monomial}, monomials keyed by their sorted factors. */
    private static final class Sum {
        double constant;
        final Map<List<Factor>, Double> terms = new LinkedHashMap<>();

        void addAll(Sum o) {
            constant = BinaryOp.ADD.apply(constant, o.constant);
            for (Map.Entry<List<Factor>, Double> t : o.terms.entrySet()) {
                addTerm(t.getValue(), t.getKey());
            }
        }

        Sum copy() {
            Sum s = new Sum();
            s.constant = constant;
            s.terms.putAll(terms);
            return s;
        }

        /** Adds {@code scale * s} for a simplified {@code s}, flattening nested sums. */
        void add(Expr s, double scale) {
            if (s instanceof Const) {
                constant = BinaryOp.ADD.apply(constant, BinaryOp.MUL.apply(scale, ((Const) s).value()));
                return;
            }
            if (isSum(s)) {
                Binary b = (Binary) s;
                add(b.left(), scale);
                add(b.right(), b.op() == BinaryOp.ADD ? scale : -scale);
                return;
            }
            Product p = asProduct(s).scale(scale);
            if (p.factors.isEmpty()) {
                constant = BinaryOp.ADD.apply(constant, p.coefficient);
            } else {
                addTerm(p.coefficient, p.sortedFactors());
            }
        }

        void addTerm(double c, List<Factor> key) {
            Double old = terms.get(key);
            double v = old == null ? c : BinaryOp.ADD.apply(old, c);
            if (v == 0.0) {
                terms.remove(key);
            } else {
                terms.put(key, v);
            }
        }

        /**
         * The simplified tree. A term {@code c * (sum)} is distributed when that does not make the whole sum larger
         * (it usually makes it smaller, by merging like terms); groups are decided one at a time in canonical order.
         */
        Expr build() {
            Sum current = this;
            Expr best = current.rebuild();
            Set<List<Factor>> decided = new HashSet<>();
            boolean changed = true;
            while (changed) {
                changed = false;
                for (List<Factor> key : current.sortedKeys()) {
                    if (!isGroup(key) || !decided.add(key)) {
                        continue;
                    }
                    Sum candidate = current.copy();
                    double c = candidate.terms.remove(key);
                    candidate.add(key.get(0).base(), c);
                    Expr built = candidate.rebuild();
                    if (built.complexity() <= best.complexity()) {
                        current = candidate;
                        best = built;
                        changed = true;
                        break;
                    }
                }
            }
            return best;
        }

        /** The monomials in {@link #TERM_ORDER}; each monomial's tree is built once, not once per comparison. */
        List<List<Factor>> sortedKeys() {
            List<SortKey> decorated = new ArrayList<>(terms.size());
            for (List<Factor> key : terms.keySet()) {
                decorated.add(new SortKey(key, degree(key), rebuildProduct(1.0, key)));
            }
            decorated.sort(TERM_ORDER);
            List<List<Factor>> keys = new ArrayList<>(decorated.size());
            for (SortKey k : decorated) {
                keys.add(k.key());
            }
            return keys;
        }

        /**
         * Leads with the first term that is positive or carries its sign for free, so {@code y - x} stays
         * {@code y - x} while a polynomial keeps its degree order, {@code -0.5*x^2 + x}.
         */
        Expr rebuild() {
            List<List<Factor>> keys = sortedKeys();
            if (keys.isEmpty()) {
                return new Const(constant == 0.0 ? 0.0 : constant);
            }
            int lead = -1;
            for (int k = 0; k < keys.size() && lead < 0; k++) {
                double c = terms.get(keys.get(k));
                if (c > 0.0 || rebuildProduct(c, keys.get(k)).complexity()
                        <= rebuildProduct(-c, keys.get(k)).complexity()) {
                    lead = k;
                }
            }
            // Without a positive term a non-zero constant leads ("-1.5 - x" is smaller than "-x - 1.5"), else a
            // term that carries its sign for free ("-2*x - y" rather than "-y - 2*x", "-1/y - x").
            boolean constantLeads = lead < 0 && constant != 0.0;
            for (int k = 0; k < keys.size() && lead < 0 && !constantLeads; k++) {
                double c = terms.get(keys.get(k));
                if (rebuildProduct(c, keys.get(k)).complexity() <= rebuildProduct(-c, keys.get(k)).complexity()) {
                    lead = k;
                }
            }
            if (lead < 0 && !constantLeads) {
                lead = 0;
            }
            Expr acc = constantLeads ? new Const(constant) : rebuildProduct(terms.get(keys.get(lead)), keys.get(lead));
            for (int k = 0; k < keys.size(); k++) {
                if (k != lead) {
                    acc = plus(acc, terms.get(keys.get(k)), keys.get(k));
                }
            }
            if (!constantLeads && constant != 0.0) {
                acc = constant < 0.0
                        ? new Binary(BinaryOp.SUB, acc, new Const(-constant))
                        : new Binary(BinaryOp.ADD, acc, new Const(constant));
            }
            return acc;
        }

        private static Expr plus(Expr acc, double c, List<Factor> key) {
            if (c < 0.0) {
                return new Binary(BinaryOp.SUB, acc, rebuildProduct(-c, key));
            }
            return new Binary(BinaryOp.ADD, acc, rebuildProduct(c, key));
        }
    }

    /** Higher total degree first (x^3 before x^2 before x), then by the order of the monomial trees. */
    private static final Comparator<SortKey> TERM_ORDER = (a, b) -> {
        int c = Integer.compare(b.degree(), a.degree());
        return c != 0 ? c : ExprOrder.INSTANCE.compare(a.tree(), b.tree());
    };

    /** A monomial with its total degree and its tree {@code rebuildProduct(1, key)}. */
    private record SortKey(List<Factor> key, int degree, Expr tree) {
    }

    private static int degree(List<Factor> key) {
        int d = 0;
        for (Factor f : key) {
            d += f.exponent();
        }
        return d;
    }

    // ------------------------------------------------------------------------------------ polynomial expansion

    /** Largest exponent of a sum that is expanded ({@code (a + b)^9} and above stay factored). */
    private static final int MAX_EXPANDED_POWER = 8;
    /** Largest number of monomials of an expansion (and of its intermediate products); beyond it, no expansion. */
    private static final int MAX_EXPANDED_TERMS = 60;
    /** Larger sub-trees are not expanded, which keeps simplification near-linear on huge trees. */
    private static final int MAX_EXPANDED_NODES = 300;

    /**
     * The simplified tree {@code r} with (some of) its polynomial terms expanded into sums of monomials, when that
     * does not make it larger.
     *
     * <p>{@code r} is viewed as a sum of terms {@code c * product of base^n}. A term is expandable when one of its
     * bases is a sum raised to {@code 1..MAX_EXPANDED_POWER}; its expansion multiplies out those sums recursively,
     * every other base (a variable, {@code sin(x)}, a negative power, a quotient's denominator...) being an atom
     * keyed by structural equality. Starting from every expandable term expanded (so that monomials of different
     * terms can merge or cancel), each term in canonical order is put back in factored form if that makes the
     * tree strictly smaller; the result replaces {@code r} if it is not larger than {@code r}. Ties go to the
     * expansion when {@code tiesExpand} (so {@code (x + y)*(x - y)} becomes {@code x^2 - y^2}, while
     * {@code (x + 1)^2} stays), and to the factored form otherwise (inside a product, which decides about its
     * own expansion).
     */
    private static Expr expandPolynomials(Expr r, boolean tiesExpand) {
        if (r instanceof Const || r instanceof Var) {
            return r;
        }
        Sum s = new Sum();
        s.add(r, 1.0);
        boolean any = false;
        for (List<Factor> key : s.terms.keySet()) {
            any |= isExpandable(key);
        }
        if (!any || r.complexity() > MAX_EXPANDED_NODES) {
            return r;
        }
        Sum rest = new Sum();
        rest.constant = s.constant;
        List<List<Factor>> keys = new ArrayList<>();
        List<Sum> expansions = new ArrayList<>();
        for (List<Factor> key : s.sortedKeys()) {
            double c = s.terms.get(key);
            Sum x = isExpandable(key) ? expandTerm(c, key) : null;
            if (x == null) {
                rest.addTerm(c, key);
            } else {
                keys.add(key);
                expansions.add(x);
            }
        }
        if (keys.isEmpty()) {
            return r;
        }
        boolean[] expanded = new boolean[keys.size()];
        Arrays.fill(expanded, true);
        Expr best = assemble(rest, s, keys, expansions, expanded).build();
        for (int k = 0; k < keys.size(); k++) {
            expanded[k] = false;
            Expr candidate = assemble(rest, s, keys, expansions, expanded).build();
            if (candidate.complexity() < best.complexity()) {
                best = candidate;
            } else {
                expanded[k] = true;
            }
        }
        // Inside a product the coefficient and sign of a factored r merge into the product's coefficient, so they
        // do not count against it: -x*(y - 1) stays, to become -x^4*(y - 1) in x^3*(-x*(y - 1)), not x^3*(x - x*y).
        int factored = tiesExpand || isSum(r) ? r.complexity()
                : rebuildProduct(1.0, asProduct(r).sortedFactors()).complexity();
        int gain = factored - best.complexity();
        return gain > 0 || gain == 0 && tiesExpand ? best : r;
    }

    private static Sum assemble(Sum rest, Sum original, List<List<Factor>> keys, List<Sum> expansions,
            boolean[] expanded) {
        Sum out = rest.copy();
        for (int k = 0; k < keys.size(); k++) {
            if (expanded[k]) {
                out.addAll(expansions.get(k));
            } else {
                out.addTerm(original.terms.get(keys.get(k)), keys.get(k));
            }
        }
        return out;
    }

    private static boolean isExpandable(List<Factor> key) {
        for (Factor f : key) {
            if (isExpandable(f)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isExpandable(Factor f) {
        return isSum(f.base()) && f.exponent() >= 1 && f.exponent() <= MAX_EXPANDED_POWER;
    }

    /** The expansion of {@code c * product of key's factors}, or null if it is too large or not finite. */
    private static Sum expandTerm(double c, List<Factor> key) {
        Sum acc = new Sum();
        acc.constant = c;
        for (Factor f : key) {
            if (isExpandable(f)) {
                Sum base = expandSum(f.base());
                for (int k = 0; k < f.exponent() && acc != null; k++) {
                    acc = base == null ? null : multiply(acc, base);
                }
            } else {
                Sum atom = new Sum();
                atom.terms.put(List.of(f), 1.0);
                acc = multiply(acc, atom);
            }
            if (acc == null) {
                return null;
            }
        }
        return acc;
    }

    /** The expansion of a simplified sum, or null if it is too large or not finite. */
    private static Sum expandSum(Expr sum) {
        Sum s = new Sum();
        s.add(sum, 1.0);
        Sum out = new Sum();
        out.constant = s.constant;
        for (Map.Entry<List<Factor>, Double> t : s.terms.entrySet()) {
            if (isExpandable(t.getKey())) {
                Sum x = expandTerm(t.getValue(), t.getKey());
                if (x == null) {
                    return null;
                }
                out.addAll(x);
            } else {
                out.addTerm(t.getValue(), t.getKey());
            }
            if (out.terms.size() > MAX_EXPANDED_TERMS) {
                return null;
            }
        }
        return out;
    }

    /** The product of two expanded sums, or null if it has too many terms or a coefficient that is not finite. */
    private static Sum multiply(Sum a, Sum b) {
        Sum out = new Sum();
        out.constant = BinaryOp.MUL.apply(a.constant, b.constant);
        if (a.constant != 0.0) {
            for (Map.Entry<List<Factor>, Double> t : b.terms.entrySet()) {
                out.addTerm(BinaryOp.MUL.apply(a.constant, t.getValue()), t.getKey());
            }
        }
        for (Map.Entry<List<Factor>, Double> t : a.terms.entrySet()) {
            if (b.constant != 0.0) {
                out.addTerm(BinaryOp.MUL.apply(t.getValue(), b.constant), t.getKey());
            }
            for (Map.Entry<List<Factor>, Double> u : b.terms.entrySet()) {
                double c = BinaryOp.MUL.apply(t.getValue(), u.getValue());
                List<Factor> key = mergeKeys(t.getKey(), u.getKey());
                if (key == null) {
                    return null;
                }
                if (key.isEmpty()) {
                    out.constant = BinaryOp.ADD.apply(out.constant, c);
                } else {
                    out.addTerm(c, key);
                }
            }
            if (out.terms.size() > MAX_EXPANDED_TERMS) {
                return null;
            }
        }
        if (out.terms.size() > MAX_EXPANDED_TERMS || !Double.isFinite(out.constant)) {
            return null;
        }
        for (double c : out.terms.values()) {
            if (!Double.isFinite(c)) {
                return null;
            }
        }
        return out;
    }

    /**
     * The sorted factors of the product of two monomials (exponents that cancel drop the factor), or null when an
     * exponent exceeds what the simplifier handles.
     */
    private static List<Factor> mergeKeys(List<Factor> a, List<Factor> b) {
        Map<Expr, Integer> m = new LinkedHashMap<>();
        for (Factor f : a) {
            m.merge(f.base(), f.exponent(), Integer::sum);
        }
        for (Factor f : b) {
            m.merge(f.base(), f.exponent(), Integer::sum);
        }
        List<Factor> out = new ArrayList<>();
        for (Map.Entry<Expr, Integer> f : m.entrySet()) {
            if (Math.abs(f.getValue()) > MAX_POWER) {
                return null;
            }
            if (f.getValue() != 0) {
                out.add(new Factor(f.getKey(), f.getValue()));
            }
        }
        out.sort(FACTOR_ORDER);
        return List.copyOf(out);
    }
}
