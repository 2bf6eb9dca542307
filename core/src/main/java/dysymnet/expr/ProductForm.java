package dysymnet.expr;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The product view of simplified expressions, part of {@link Simplifier}: {@code coefficient * product of
 * base^exponent} with distinct bases and integer exponents, and the natural tree built back from it (positive powers
 * over negative ones, the smallest of equivalent groupings).
 */
final class ProductForm {
    /** Largest integer exponent handled algebraically; larger ones are left as they are. */
    static final int MAX_POWER = 1024;

    /** A factor {@code base^exponent} of a product; the base is neither a constant nor a product. */
    record Factor(Expr base, int exponent) {
    }

    /** Factors by their bases in {@link ExprOrder}. */
    static final Comparator<Factor> FACTOR_ORDER = (f, g) -> ExprOrder.INSTANCE.compare(f.base(), g.base());

    double coefficient;
    final Map<Expr, Integer> factors = new LinkedHashMap<>();

    ProductForm(double coefficient) {
        this.coefficient = coefficient;
    }

    /** The product of the single factor {@code base}. */
    static ProductForm ofFactor(Expr base) {
        ProductForm p = new ProductForm(1.0);
        p.factors.put(base, 1);
        return p;
    }

    ProductForm copy() {
        ProductForm p = new ProductForm(coefficient);
        p.factors.putAll(factors);
        return p;
    }

    ProductForm scale(double c) {
        coefficient = BinaryOp.MUL.apply(coefficient, c);
        return this;
    }

    ProductForm times(ProductForm o) {
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

    ProductForm inverse() {
        coefficient = BinaryOp.DIV.apply(1.0, coefficient);
        factors.replaceAll((k, v) -> -v);
        return this;
    }

    ProductForm pow(int n) {
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

    /** The value of an integer constant exponent within {@link #MAX_POWER}, else null. */
    static Integer integerExponent(Expr r) {
        if (!(r instanceof Const)) {
            return null;
        }
        double v = ((Const) r).value();
        if (!Constants.isIntegerExponent(v) || Math.abs(v) > MAX_POWER) {
            return null;
        }
        return (int) v;
    }

    /** The product view of a simplified expression. */
    static ProductForm of(Expr s) {
        if (s instanceof Const) {
            return new ProductForm(((Const) s).value());
        }
        if (s instanceof Unary && ((Unary) s).op() == UnaryOp.NEG) {
            return of(((Unary) s).arg()).scale(-1.0);
        }
        if (s instanceof Binary b && b.op() instanceof BinaryOp op) {
            return switch (op) {
                case MUL -> of(b.left()).times(of(b.right()));
                case DIV -> of(b.left()).times(of(b.right()).inverse());
                case POW -> {
                    Integer n = integerExponent(b.right());
                    yield n != null ? power(b.left(), n) : ofFactor(s);
                }
                case ADD, SUB -> ofFactor(s); // a sum is one factor
            };
        }
        return ofFactor(s);
    }

    /**
     * The product view of {@code base^n} for a simplified base and an integer n: distributed over the factors of
     * the base ({@code (2*x*y)^2 = 4*x^2*y^2}) unless that would make the tree larger (nested powers of
     * quotients), in which case the power stays one opaque factor. The choice depends only on (base, n), so a
     * second pass makes the same one.
     */
    static ProductForm power(Expr base, int n) {
        Expr whole = new Binary(BinaryOp.POW, base, new Const(n));
        ProductForm p = of(base);
        if ((long) p.maxAbsExponent() * Math.abs(n) > MAX_POWER) {
            return ofFactor(whole);
        }
        p.pow(n);
        if (p.copy().build().complexity() > whole.complexity()) {
            return ofFactor(whole);
        }
        return p;
    }

    /** The simplified tree of this product. */
    Expr build() {
        double c = coefficient;
        if (c == 0.0) {
            return new Const(0.0);
        }
        if (factors.isEmpty()) {
            return new Const(c);
        }
        List<Factor> fs = sortedFactors();
        if (c != 1.0 && isGroup(fs)) {
            // c * (a sum): the sum builder decides whether distributing c makes the tree smaller.
            SumForm s = new SumForm();
            s.addTerm(c, fs);
            return s.build();
        }
        return tree(c, fs);
    }

    /** Whether the factors are one sum to the first power: {@code c * (a + b)}, which a sum may distribute. */
    static boolean isGroup(List<Factor> fs) {
        return fs.size() == 1 && fs.get(0).exponent() == 1 && SumForm.isSum(fs.get(0).base());
    }

    /** The natural tree of {@code c * product of factors}: positive powers over negative ones. */
    static Expr tree(double c, List<Factor> fs) {
        List<Factor> merged = groupMixedPowers(fs);
        if (merged != fs) {
            return tree(c, merged);
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
            out.add(new Factor(new Binary(BinaryOp.POW, tree(1.0, reduced), new Const(n)), 1));
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
}
