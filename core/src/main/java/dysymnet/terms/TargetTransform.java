package dysymnet.terms;

import dysymnet.data.Dataset;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.Var;
import dysymnet.gp.Primitives;
import java.util.Map;
import java.util.TreeMap;

/**
 * An invertible transform {@code z = h(y)} of the target under which a law that is no sum of simple terms becomes
 * one: {@code log y} of a product of powers and exponentials ({@code exp(-x^2/2)/sqrt(2*pi)}, {@code x^y}),
 * {@code 1/y} of a reciprocal sum ({@code 1/(exp(x) - 1)}, parallel resistors), {@code y^2} of a square root
 * ({@code sqrt(x^2 + y^2)}), {@code exp(y)} of a log of a product ({@code log(x + 1) + log(x^2 + 1)}),
 * {@code sin y} of an arcsine. The term regression fits {@code z} and reads {@code y = h^-1(fit)}, which the
 * library must be able to write: each transform needs one operator of the search's library.
 *
 * <p>A transform applies only where it is defined and one-to-one on the target's values (one sign for the log and
 * the square, no zero for the reciprocal, a range the exponential keeps within double precision, the arcsine's
 * principal range), so its inverse gives back every row's target.
 */
enum TargetTransform {
    /** {@code z = log|y|}, {@code y = s*exp(z)}. */
    LOG {
        @Override
        boolean available(Primitives p) {
            return p.functions().contains(UnaryOp.EXP);
        }

        @Override
        boolean applies(double[] y) {
            return oneSign(y, false);
        }

        @Override
        double apply(double y) {
            return Math.log(Math.abs(y));
        }

        @Override
        Expr inverse(Expr z, double sign, Dataset data) {
            return signed(new Unary(UnaryOp.EXP, z), sign);
        }
    },
    /** {@code z = 1/y}, {@code y = 1/z}. */
    RECIPROCAL {
        @Override
        boolean available(Primitives p) {
            return p.binaries().contains(BinaryOp.DIV);
        }

        @Override
        boolean applies(double[] y) {
            double min = Double.POSITIVE_INFINITY;
            double max = 0;
            for (double v : y) {
                min = Math.min(min, Math.abs(v));
                max = Math.max(max, Math.abs(v));
            }
            // no zero, and no value so small beside the others that its reciprocal alone would set the fit
            return min > 0 && min >= MAX_RECIPROCAL_SPREAD * max;
        }

        @Override
        double apply(double y) {
            return 1 / y;
        }

        @Override
        Expr inverse(Expr z, double sign, Dataset data) {
            return Expr.div(new Const(1), z);
        }
    },
    /** {@code z = y^2}, {@code y = s*sqrt(z)}. */
    SQUARE {
        @Override
        boolean available(Primitives p) {
            return p.functions().contains(UnaryOp.SQRT);
        }

        @Override
        boolean applies(double[] y) {
            return oneSign(y, true);
        }

        @Override
        double apply(double y) {
            return y * y;
        }

        @Override
        Expr inverse(Expr z, double sign, Dataset data) {
            return squareRoot(z, sign, data);
        }
    },
    /** {@code z = exp(y)}, {@code y = log(z)}. */
    EXP {
        @Override
        boolean available(Primitives p) {
            return p.functions().contains(UnaryOp.LOG);
        }

        @Override
        boolean applies(double[] y) {
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (double v : y) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
            return max - min <= MAX_EXP_RANGE && Math.abs(max) <= MAX_EXP_ARGUMENT
                    && Math.abs(min) <= MAX_EXP_ARGUMENT;
        }

        @Override
        double apply(double y) {
            return Math.exp(y);
        }

        @Override
        Expr inverse(Expr z, double sign, Dataset data) {
            return new Unary(UnaryOp.LOG, positive(z, data));
        }
    },
    /** {@code z = sin(y)}, {@code y = asin(z)}, for targets within the arcsine's range. */
    SINE {
        @Override
        boolean available(Primitives p) {
            return p.functions().contains(UnaryOp.ASIN);
        }

        @Override
        boolean applies(double[] y) {
            for (double v : y) {
                if (!(Math.abs(v) <= Math.PI / 2)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        double apply(double y) {
            return Math.sin(y);
        }

        @Override
        Expr inverse(Expr z, double sign, Dataset data) {
            return new Unary(UnaryOp.ASIN, z);
        }
    };

    /** The reciprocal applies when the smallest |y| is at least this share of the largest. */
    static final double MAX_RECIPROCAL_SPREAD = 1e-6;
    /** The exponential applies to targets spanning at most this range: beyond, the small values' rows vanish. */
    static final double MAX_EXP_RANGE = 20;
    /** ... and staying within this magnitude. */
    static final double MAX_EXP_ARGUMENT = 300;

    /** Whether the library has the operator the inverse is written with. */
    abstract boolean available(Primitives p);

    /** Whether the transform is defined and one-to-one on these target values. */
    abstract boolean applies(double[] y);

    abstract double apply(double y);

    /**
     * The target as a formula of the transformed target's formula {@code z}, written as the law would read on the
     * data's rows; {@code sign} is the targets' sign.
     */
    abstract Expr inverse(Expr z, double sign, Dataset data);

    /** The transformed target of every row. */
    double[] apply(double[] y) {
        double[] z = new double[y.length];
        for (int i = 0; i < z.length; i++) {
            z[i] = apply(y[i]);
        }
        return z;
    }

    /** Whether every value is finite, of one sign, and (unless {@code zeroAllowed}) non-zero. */
    static boolean oneSign(double[] y, boolean zeroAllowed) {
        boolean pos = false;
        boolean neg = false;
        for (double v : y) {
            if (!Double.isFinite(v) || v == 0 && !zeroAllowed) {
                return false;
            }
            pos |= v > 0;
            neg |= v < 0;
        }
        return !(pos && neg);
    }

    /** The sign of the target's values (+1 when all are 0 or positive). */
    static double sign(double[] y) {
        for (double v : y) {
            if (v != 0) {
                return Math.signum(v);
            }
        }
        return 1;
    }

    /**
     * {@code sign * sqrt(z)} with the square factors of {@code z}'s monomial content taken out of the root:
     * {@code sqrt(w^2*(c + v)/(c - v))} reads {@code w*sqrt((c + v)/(c - v))} when {@code w > 0} on the rows (the
     * law then keeps its sign where {@code w} changes it), and a {@code z} negative on every row (fitted with the
     * denominator's signs turned) is negated inside the root. A numerator or denominator without such content that
     * is the square of a linear polynomial ({@link LinearSquare}) gives that one instead:
     * {@code sqrt((u^2 - 2*u*v + v^2)/(1 - v^2))} reads {@code (u - v)*sqrt(1/(1 - v^2))} when {@code u > v} on the
     * rows.
     */
    static Expr squareRoot(Expr z, double sign, Dataset data) {
        Expr num = z;
        Expr den = null;
        if (z instanceof Binary b && b.op() == BinaryOp.DIV) {
            num = b.left();
            den = b.right();
        }
        Expr[] ns = outOfRoot(num, data);
        Expr[] ds = den == null ? null : outOfRoot(den, data);
        Expr inner = z;
        Expr factor = null;
        if (ns != null || ds != null) {
            Expr n = ns == null ? num : ns[1];
            Expr d = den == null ? null : ds == null ? den : ds[1];
            inner = Simplifier.simplify(d == null ? n : Expr.div(n, d));
            factor = Simplifier.simplify(ns == null ? Expr.div(new Const(1), ds[0])
                    : ds == null ? ns[0] : Expr.div(ns[0], ds[0]));
        }
        Expr root = new Unary(UnaryOp.SQRT, positive(inner, data));
        if (factor == null) {
            return signed(root, sign);
        }
        double fs = TargetTransform.sign(Evaluator.evaluate(factor, data));
        if (!oneSign(Evaluator.evaluate(factor, data), false)) {
            return signed(new Unary(UnaryOp.SQRT, positive(z, data)), sign);
        }
        return Simplifier.simplify(signed(Expr.mul(factor, root), sign * fs));
    }

    /**
     * What comes out of the square root of {@code part} (a numerator or denominator) and what is left inside: the half
     * of its monomial content ({@link #halfContent}), then the linear polynomial of which the rest is the square up to
     * its sign ({@link LinearSquare}), leaving that sign; null when nothing comes out.
     */
    private static Expr[] outOfRoot(Expr part, Dataset data) {
        Expr out = halfContent(part, data);
        Expr left = out == null ? part : Simplifier.simplify(Expr.div(part, Expr.pow(out, new Const(2))));
        LinearSquare sq = LinearSquare.of(left);
        if (sq != null) {
            out = out == null ? sq.linear() : Expr.mul(out, sq.linear());
            left = new Const(sq.sign());
        }
        return out == null ? null : new Expr[] {out, left};
    }

    /**
     * The product of {@code x^(k/2)} (rounded towards 0) over the inputs {@code x} that divide every additive term
     * of {@code e} to the power {@code k >= 2} (or {@code <= -2}), each kept only when it has one sign on the rows or
     * an even half; null when there is none.
     */
    static Expr halfContent(Expr e, Dataset data) {
        Map<String, Integer> content = content(e);
        Expr out = null;
        for (Map.Entry<String, Integer> c : content.entrySet()) {
            int h = c.getValue() / 2;
            if (h == 0) {
                continue;
            }
            int j = data.names().indexOf(c.getKey());
            if (h % 2 != 0 && (j < 0 || !oneSign(data.column(j), false))) {
                continue;
            }
            Expr f = h == 1 ? new Var(c.getKey()) : Expr.pow(new Var(c.getKey()), new Const(h));
            out = out == null ? f : Expr.mul(out, f);
        }
        return out;
    }

    /** The exponent of each variable common to all additive terms of {@code e} (a monomial content). */
    static Map<String, Integer> content(Expr e) {
        Map<String, Integer> out = new TreeMap<>();
        if (e instanceof Var v) {
            out.put(v.name(), 1);
        } else if (e instanceof Unary u && u.op() == UnaryOp.NEG) {
            return content(u.arg());
        } else if (e instanceof Binary b && b.op() instanceof BinaryOp op) {
            Map<String, Integer> l = content(b.left());
            switch (op) {
                case MUL, DIV -> {
                    out.putAll(l);
                    int s = b.op() == BinaryOp.MUL ? 1 : -1;
                    content(b.right()).forEach((k, v) -> out.merge(k, s * v, Integer::sum));
                    out.values().removeIf(v -> v == 0);
                }
                case ADD, SUB -> {
                    Map<String, Integer> r = content(b.right());
                    for (String k : l.keySet()) {
                        if (r.containsKey(k)) {
                            int a = l.get(k);
                            int c = r.get(k);
                            // common to both: the smaller power of one sign
                            if (a > 0 && c > 0 || a < 0 && c < 0) {
                                out.put(k, a > 0 ? Math.min(a, c) : Math.max(a, c));
                            }
                        }
                    }
                }
                case POW -> {
                    if (b.right() instanceof Const k && k.value() == Math.rint(k.value())
                            && Math.abs(k.value()) <= 64) {
                        l.forEach((name, v) -> out.put(name, v * (int) k.value()));
                    }
                }
                default -> {
                }
            }
        }
        return out;
    }

    /**
     * {@code z}, negated when it is negative on every row (at most 0 on all, below on one); a ratio by turning the
     * sign of its denominator (or numerator) where that one is negative on every row, so that it reads
     * {@code 1/(c^2 - v^2)}, not {@code -1/(v^2 - c^2)}; a positive ratio of two negatives with both turned.
     */
    static Expr positive(Expr z, Dataset data) {
        if (!negative(z, data)) {
            if (z instanceof Binary b && b.op() == BinaryOp.DIV && negative(b.left(), data)
                    && negative(b.right(), data)) {
                // a ratio of two negatives: both turned, so that neither the reader nor a simplification that drops
                // the signs under the root (the root is protected: sqrt(|z|)) leaves a negative inside it
                return Simplifier.simplify(Expr.div(negated(b.left()), negated(b.right())));
            }
            return z;
        }
        if (z instanceof Binary b && b.op() == BinaryOp.DIV) {
            if (negative(b.right(), data)) {
                return Simplifier.simplify(Expr.div(b.left(), negated(b.right())));
            }
            if (negative(b.left(), data)) {
                return Simplifier.simplify(Expr.div(negated(b.left()), b.right()));
            }
        }
        return negated(z);
    }

    private static Expr negated(Expr e) {
        return Simplifier.simplify(new Unary(UnaryOp.NEG, e));
    }

    /** Whether {@code e} is at most 0 on every row and below 0 on one. */
    private static boolean negative(Expr e, Dataset data) {
        boolean below = false;
        for (double x : Evaluator.evaluate(e, data)) {
            if (!(x <= 0)) {
                return false;
            }
            below |= x < 0;
        }
        return below;
    }

    private static Expr signed(Expr e, double sign) {
        return sign < 0 ? new Unary(UnaryOp.NEG, e) : e;
    }
}
