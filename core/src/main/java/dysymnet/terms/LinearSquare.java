package dysymnet.terms;

import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.Var;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A quadratic polynomial that is the square of a linear one up to its sign: {@code u^2 - 2*u*v + v^2} is
 * {@code (u - v)^2}, {@code 2*v - v^2 - 1} is {@code -(v - 1)^2}. The square root of a fitted square
 * ({@link TargetTransform#SQUARE}) then takes the linear factor out of the root, as the law writes it:
 * {@code sqrt((t - v)^2/(1 - v^2))} reads {@code (t - v)*sqrt(1/(1 - v^2))} where {@code t - v} keeps one sign on the
 * rows, not a root of a polynomial whose square the reader has to find.
 *
 * <p>Read as the symmetric matrix {@code M} of the quadratic form in {@code (1, x_1, ..., x_k)}: the polynomial is
 * {@code s*L^2} exactly when {@code M = s*l*l^T}, rank one; checked to a relative tolerance of the largest entry, since
 * the coefficients are fitted.
 *
 * @param linear the linear polynomial {@code L}, with its constant term
 * @param sign   {@code s}: +1 or -1
 */
record LinearSquare(Expr linear, double sign) {
    /** Relative tolerance of the rank-one check on fitted coefficients. */
    static final double TOLERANCE = 1e-7;

    /**
     * {@code e} as {@code sign * linear^2} with a linear polynomial of at least one variable, or null when it is not
     * such a square (not a polynomial of degree 2, or a form of rank above one).
     */
    static LinearSquare of(Expr e) {
        Map<List<String>, Double> p = polynomial(e);
        if (p == null || p.keySet().stream().noneMatch(m -> m.size() == 2)) {
            return null;
        }
        TreeSet<String> names = new TreeSet<>();
        p.keySet().forEach(names::addAll);
        List<String> vars = new ArrayList<>(names);
        int k = vars.size() + 1;
        double[][] m = new double[k][k];
        for (Map.Entry<List<String>, Double> t : p.entrySet()) {
            List<String> mono = t.getKey();
            int i = mono.isEmpty() ? 0 : vars.indexOf(mono.get(0)) + 1;
            int j = mono.size() < 2 ? 0 : vars.indexOf(mono.get(1)) + 1;
            if (i == j) {
                m[i][i] += t.getValue();
            } else {
                m[i][j] += t.getValue() / 2;
                m[j][i] += t.getValue() / 2;
            }
        }
        int pivot = 0;
        double largest = 0;
        for (int i = 0; i < k; i++) {
            if (Math.abs(m[i][i]) > Math.abs(m[pivot][pivot])) {
                pivot = i;
            }
            for (int j = 0; j < k; j++) {
                largest = Math.max(largest, Math.abs(m[i][j]));
            }
        }
        double d = m[pivot][pivot];
        if (!(d != 0) || !Double.isFinite(largest)) {
            return null;
        }
        double sign = Math.signum(d);
        double[] l = new double[k];
        for (int i = 0; i < k; i++) {
            l[i] = m[pivot][i] / Math.sqrt(Math.abs(d));
        }
        for (int i = 0; i < k; i++) {
            for (int j = 0; j < k; j++) {
                if (Math.abs(m[i][j] - sign * l[i] * l[j]) > TOLERANCE * largest) {
                    return null;
                }
            }
        }
        Expr linear = l[0] == 0 ? null : new Const(l[0]);
        for (int i = 1; i < k; i++) {
            if (l[i] != 0) {
                Expr t = Expr.mul(new Const(l[i]), new Var(vars.get(i - 1)));
                linear = linear == null ? t : Expr.add(linear, t);
            }
        }
        return new LinearSquare(Simplifier.simplify(linear), sign);
    }

    /**
     * {@code e} as a polynomial of degree at most 2 (each monomial its variables, sorted, repeated for a square, to
     * its coefficient); null when it is not one (a function, a quotient by a variable, a degree above 2).
     */
    static Map<List<String>, Double> polynomial(Expr e) {
        if (e instanceof Const c) {
            return Double.isFinite(c.value()) ? single(List.of(), c.value()) : null;
        }
        if (e instanceof Var v) {
            return single(List.of(v.name()), 1);
        }
        if (e instanceof Unary u && u.op() == UnaryOp.NEG) {
            Map<List<String>, Double> a = polynomial(u.arg());
            return a == null ? null : scaled(a, -1);
        }
        if (!(e instanceof Binary b) || !(b.op() instanceof BinaryOp op)) {
            return null;
        }
        Map<List<String>, Double> a = polynomial(b.left());
        if (a == null) {
            return null;
        }
        switch (op) {
            case ADD, SUB -> {
                Map<List<String>, Double> r = polynomial(b.right());
                if (r == null) {
                    return null;
                }
                double s = op == BinaryOp.ADD ? 1 : -1;
                r.forEach((mono, c) -> a.merge(mono, s * c, Double::sum));
                return a;
            }
            case MUL -> {
                Map<List<String>, Double> r = polynomial(b.right());
                return r == null ? null : product(a, r);
            }
            case DIV -> {
                return b.right() instanceof Const c && c.value() != 0 && Double.isFinite(c.value())
                        ? scaled(a, 1 / c.value()) : null;
            }
            case POW -> {
                return b.right() instanceof Const c && c.value() == 2 ? product(a, a) : null;
            }
            default -> {
                return null;
            }
        }
    }

    private static Map<List<String>, Double> single(List<String> monomial, double c) {
        Map<List<String>, Double> out = new TreeMap<>(LinearSquare::compare);
        out.put(monomial, c);
        return out;
    }

    private static Map<List<String>, Double> scaled(Map<List<String>, Double> a, double s) {
        a.replaceAll((mono, c) -> s * c);
        return a;
    }

    /** The product of two polynomials; null above degree 2. */
    private static Map<List<String>, Double> product(Map<List<String>, Double> a, Map<List<String>, Double> b) {
        Map<List<String>, Double> out = new TreeMap<>(LinearSquare::compare);
        for (Map.Entry<List<String>, Double> x : a.entrySet()) {
            for (Map.Entry<List<String>, Double> y : b.entrySet()) {
                if (x.getKey().size() + y.getKey().size() > 2) {
                    return null;
                }
                List<String> mono = new ArrayList<>(x.getKey());
                mono.addAll(y.getKey());
                mono.sort(null);
                out.merge(List.copyOf(mono), x.getValue() * y.getValue(), Double::sum);
            }
        }
        return out;
    }

    private static int compare(List<String> a, List<String> b) {
        if (a.size() != b.size()) {
            return Integer.compare(a.size(), b.size());
        }
        for (int i = 0; i < a.size(); i++) {
            int c = a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }
}
