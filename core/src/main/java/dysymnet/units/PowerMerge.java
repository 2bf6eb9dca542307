package dysymnet.units;

import dysymnet.data.Dataset;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.Var;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Products of powers of inputs that are positive on every row merged into one power product, as a reader writes
 * them: {@code I1*sqrt(I2/I1)} is {@code sqrt(I1*I2)}, {@code x*(y/x)^2} is {@code y^2/x}. A dimensionless group
 * written out and multiplied by its factor ({@link PiGroups#written}) leaves such products; they equal
 * the merged form wherever the inputs are positive (every row of the data), and the merged form is the law's own
 * beyond them. Only the variables positive on every row are merged, so nothing changes on the data.
 */
public final class PowerMerge {
    /** Exponents read as fractions of denominator at most this. */
    private static final int MAX_DENOMINATOR = 6;

    private PowerMerge() {
    }

    /** The inputs of {@code rows} whose every value is positive. */
    public static Set<String> positive(Dataset rows) {
        Set<String> out = new HashSet<>();
        for (int j = 0; j < rows.features(); j++) {
            boolean all = true;
            for (double v : rows.column(j)) {
                if (!(v > 0)) {
                    all = false;
                    break;
                }
            }
            if (all) {
                out.add(rows.names().get(j));
            }
        }
        return out;
    }

    /** {@code e} with each product of powers of {@code positive} variables merged (children first). */
    static Expr merged(Expr e, Set<String> positive) {
        if (e instanceof Unary u) {
            return new Unary(u.op(), merged(u.arg(), positive));
        }
        if (!(e instanceof Binary b)) {
            return e;
        }
        if (b.op() != BinaryOp.MUL && b.op() != BinaryOp.DIV) {
            return new Binary(b.op(), merged(b.left(), positive), merged(b.right(), positive));
        }
        List<Expr> up = new ArrayList<>();
        List<Expr> down = new ArrayList<>();
        flatten(e, true, up, down, positive);
        Map<String, Rational> exponents = new TreeMap<>();
        int powers = 0;
        double coefficient = 1;
        List<Expr> otherUp = new ArrayList<>();
        List<Expr> otherDown = new ArrayList<>();
        for (int side = 0; side < 2; side++) {
            for (Expr f : side == 0 ? up : down) {
                Map<String, Rational> m = power(f, positive);
                if (m != null) {
                    powers++;
                    for (Map.Entry<String, Rational> x : m.entrySet()) {
                        Rational add = side == 0 ? x.getValue() : x.getValue().negate();
                        exponents.merge(x.getKey(), add, Rational::plus);
                    }
                } else if (f instanceof Const c) {
                    coefficient = side == 0 ? coefficient * c.value() : coefficient / c.value();
                } else {
                    (side == 0 ? otherUp : otherDown).add(f);
                }
            }
        }
        if (powers < 2) {
            return new Binary(b.op(), merged(b.left(), positive), merged(b.right(), positive));
        }
        Expr out = coefficient == 1 ? null : new Const(coefficient);
        Expr product = written(exponents);
        if (product != null) {
            out = out == null ? product : Expr.mul(out, product);
        }
        for (Expr f : otherUp) {
            out = out == null ? f : Expr.mul(out, f);
        }
        if (out == null) {
            out = new Const(1);
        }
        for (Expr f : otherDown) {
            out = Expr.div(out, f);
        }
        return out;
    }

    /** The factors of a product or quotient, each merged itself, in the numerator ({@code up}) or denominator. */
    private static void flatten(Expr e, boolean numerator, List<Expr> up, List<Expr> down, Set<String> positive) {
        if (e instanceof Binary b && (b.op() == BinaryOp.MUL || b.op() == BinaryOp.DIV)) {
            flatten(b.left(), numerator, up, down, positive);
            flatten(b.right(), b.op() == BinaryOp.MUL == numerator, up, down, positive);
            return;
        }
        (numerator ? up : down).add(merged(e, positive));
    }

    /**
     * The exponents of {@code f} when it is a power product of {@code positive} variables ({@code x}, {@code x^c},
     * {@code sqrt(..)}, products and quotients of them, without constants); null otherwise.
     */
    static Map<String, Rational> power(Expr f, Set<String> positive) {
        if (f instanceof Var v) {
            return positive.contains(v.name()) ? new TreeMap<>(Map.of(v.name(), Rational.ONE)) : null;
        }
        if (f instanceof Unary u && u.op() == UnaryOp.SQRT) {
            return scaled(power(u.arg(), positive), Rational.HALF);
        }
        if (f instanceof Binary b && b.op() == BinaryOp.POW && b.right() instanceof Const c) {
            Rational p = Rational.near(c.value(), MAX_DENOMINATOR, 1e-12);
            return p == null ? null : scaled(power(b.left(), positive), p);
        }
        if (f instanceof Binary b && (b.op() == BinaryOp.MUL || b.op() == BinaryOp.DIV)) {
            Map<String, Rational> l = power(b.left(), positive);
            Map<String, Rational> r = power(b.right(), positive);
            if (l == null || r == null) {
                return null;
            }
            for (Map.Entry<String, Rational> x : r.entrySet()) {
                Rational add = b.op() == BinaryOp.MUL ? x.getValue() : x.getValue().negate();
                l.merge(x.getKey(), add, Rational::plus);
            }
            return l;
        }
        return null;
    }

    private static Map<String, Rational> scaled(Map<String, Rational> m, Rational by) {
        if (m == null) {
            return null;
        }
        Map<String, Rational> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, v.times(by)));
        return out;
    }

    /**
     * {@code prod x^e}: integer exponents as powers over a denominator; where every exponent is a whole number or a
     * half, the whole parts (towards zero) outside one square root of the rest ({@code m*sqrt(c*v)},
     * {@code sqrt(I1*I2)}, {@code x*sqrt(x)}), so that an input to an odd power keeps its sign beyond the rows; other
     * fractions as powers; null when every exponent is zero.
     */
    private static Expr written(Map<String, Rational> exponents) {
        boolean halves = true;
        for (Rational r : exponents.values()) {
            halves &= r.den() <= 2;
        }
        if (halves && exponents.values().stream().anyMatch(r -> r.den() == 2)) {
            Map<String, Rational> whole = new TreeMap<>();
            Map<String, Rational> doubledHalves = new TreeMap<>();
            exponents.forEach((k, v) -> {
                Rational w = Rational.of(v.num() / v.den()); // towards zero
                whole.put(k, w);
                doubledHalves.put(k, v.minus(w).times(Rational.of(2)));
            });
            Expr root = new Unary(UnaryOp.SQRT, PiGroups.product(doubledHalves));
            Expr outside = written(whole);
            return outside == null ? root : Expr.mul(outside, root);
        }
        if (exponents.values().stream().allMatch(Rational::isZero)) {
            return null;
        }
        return PiGroups.product(exponents);
    }
}
