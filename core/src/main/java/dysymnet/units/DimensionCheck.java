package dysymnet.units;

import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Constants;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.UserFunction;
import dysymnet.expr.Var;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The dimension of a formula, computed exactly from the units of its variables ({@link Units}), and whether the
 * formula is dimensionally consistent.
 *
 * <p>Rules: {@code a + b} and {@code a - b} need {@code a} and {@code b} in the same unit and have it; {@code a * b}
 * and {@code a / b} add and subtract the exponents; {@code a ^ c} with a constant exponent {@code c} multiplies them
 * by {@code c}, which must then be a fraction of denominator at most {@link #MAX_DENOMINATOR} (within
 * {@link #EXPONENT_TOLERANCE}) unless {@code a} is dimensionless; {@code a ^ b} with any other exponent needs both
 * dimensionless; {@code sqrt} halves the exponents, {@code -} and {@code abs} keep them; every other function (sin,
 * cos, tan, exp, log, sinh, cosh, tanh, asin, acos and the user's functions) needs a dimensionless argument and gives
 * a dimensionless value.
 *
 * <p>Constants, two modes ({@link Units#dimensionlessConstants()}):
 * <ul>
 *   <li><b>free</b> (the default): each constant of the formula may carry a unit of its own, and the formula is
 *       consistent when some choice of those units makes every rule above hold and the formula's unit the
 *       target's. So {@code c1*x + c2} is consistent for any units of {@code x} and the target ({@code c1} takes
 *       target/x, {@code c2} the target's unit), {@code sin(c*x)} is ({@code c} takes 1/x), but {@code sin(x + 1)}
 *       with {@code x} in metres is not ({@code 1} must be in metres to be added to {@code x}, and the sine's
 *       argument is then in metres), nor is {@code x + t} with {@code x} in metres and {@code t} in seconds. A
 *       constant exponent is a number, never a unit carrier.</li>
 *   <li><b>dimensionless</b>: every constant is a pure number; the physical constants of a law are columns of the
 *       data (as in the Feynman data), so {@code 9.8*t^2} is not a length but {@code g*t^2/2} is.</li>
 * </ul>
 * Computed bottom-up: a subtree is of a fixed unit, or <em>free</em> (its constants can give it any unit: a
 * constant, a product or quotient with a free factor, a sum of free terms, a power or root of a free base), or
 * inconsistent. Since each constant node is its own constant, free subtrees never constrain each other, so the rules
 * decide exactly whether a choice of units exists. The units of the constants themselves are found top-down from the
 * target's; a constant whose unit no rule pins down (both factors of a product free) is left undetermined.
 */
public final class DimensionCheck {
    /** The largest denominator of a constant exponent applied to a quantity with a unit. */
    public static final int MAX_DENOMINATOR = 12;
    /** How far (relative, at least absolute) a constant exponent may be from its fraction. */
    public static final double EXPONENT_TOLERANCE = 1e-9;

    private final Units units;
    private final Map<Expr, Info> memo = new IdentityHashMap<>();

    private DimensionCheck(Units units) {
        this.units = units;
    }

    /**
     * What the check says of one formula.
     *
     * @param consistent whether some units of the constants make the formula consistent with the target's unit (or,
     *                   without one, consistent in itself)
     * @param dimension  the formula's unit when it is fixed by its variables; null when its constants can give it
     *                   any unit, or when it is inconsistent
     * @param problem    why it is not consistent, in words; null when it is
     * @param constants  the unit of each refinable constant in the order of {@link Constants#values} (null entries:
     *                   not determined); empty when inconsistent
     */
    public record Result(boolean consistent, Dimension dimension, String problem, List<Dimension> constants) {
        public Result {
            constants = Collections.unmodifiableList(new ArrayList<>(constants));
        }

        /** One line: {@code consistent (m/s^2)}, or {@code not consistent: sin of a quantity in m}. */
        public String summary() {
            if (!consistent) {
                return "not consistent: " + problem;
            }
            return dimension == null ? "consistent" : "consistent (" + dimension + ")";
        }
    }

    /** Whether {@code e} is dimensionally consistent under {@code units} (the quick form of {@link #check}). */
    public static boolean consistent(Expr e, Units units) {
        DimensionCheck c = new DimensionCheck(units);
        Info root = c.infer(e);
        return c.problem(root) == null;
    }

    /** The full check of {@code e} under {@code units}, with the units of its constants. */
    public static Result check(Expr e, Units units) {
        Objects.requireNonNull(e, "e");
        Objects.requireNonNull(units, "units");
        DimensionCheck c = new DimensionCheck(units);
        Info root = c.infer(e);
        String problem = c.problem(root);
        if (problem != null) {
            return new Result(false, null, problem, List.of());
        }
        List<Dimension> constants = new ArrayList<>();
        Dimension want = root.kind == Kind.FIXED ? root.dim : units.target();
        c.assign(e, want, constants);
        return new Result(true, root.kind == Kind.FIXED ? root.dim : null, null, constants);
    }

    private String problem(Info root) {
        if (root.kind == Kind.BAD) {
            return root.problem;
        }
        Dimension t = units.target();
        if (root.kind == Kind.FIXED && t != null && !root.dim.equals(t)) {
            return "the formula is in " + root.dim + ", the target in " + t;
        }
        return null;
    }

    private enum Kind { FIXED, FREE, BAD }

    private record Info(Kind kind, Dimension dim, String problem) {
        static final Info FREE = new Info(Kind.FREE, null, null);
        static final Info PURE = new Info(Kind.FIXED, Dimension.ONE, null);

        static Info fixed(Dimension d) {
            return d.isDimensionless() ? PURE : new Info(Kind.FIXED, d, null);
        }

        static Info bad(String why) {
            return new Info(Kind.BAD, null, why);
        }

        /** Whether its constants can make it dimensionless. */
        boolean canBePure() {
            return kind == Kind.FREE || kind == Kind.FIXED && dim.isDimensionless();
        }
    }

    private Info infer(Expr e) {
        Info known = memo.get(e);
        if (known != null) {
            return known;
        }
        Info info = compute(e);
        memo.put(e, info);
        return info;
    }

    private Info compute(Expr e) {
        if (e instanceof Const) {
            return units.dimensionlessConstants() ? Info.PURE : Info.FREE;
        }
        if (e instanceof Var v) {
            Dimension d = units.of(v.name());
            return d == null ? Info.bad("no unit for " + v.name()) : Info.fixed(d);
        }
        if (e instanceof Unary u) {
            Info a = infer(u.arg());
            if (a.kind == Kind.BAD) {
                return a;
            }
            if (u.op() == UnaryOp.NEG || u.op() == UnaryOp.ABS) {
                return a;
            }
            if (u.op() == UnaryOp.SQRT) {
                return a.kind == Kind.FREE ? a : Info.fixed(a.dim.pow(Rational.HALF));
            }
            if (!a.canBePure()) {
                return Info.bad(name(u.op()) + " of a quantity in " + a.dim);
            }
            return Info.PURE;
        }
        Binary b = (Binary) e;
        Info l = infer(b.left());
        if (b.op() == BinaryOp.POW) {
            Double exponent = constantValue(b.right());
            if (exponent != null) {
                return power(l, exponent);
            }
        }
        Info r = infer(b.right());
        if (l.kind == Kind.BAD) {
            return l;
        }
        if (r.kind == Kind.BAD) {
            return r;
        }
        if (!(b.op() instanceof BinaryOp op)) {
            String f = ((UserFunction) b.op()).name();
            if (!l.canBePure() || !r.canBePure()) {
                return Info.bad(f + " of a quantity in " + (l.canBePure() ? r.dim : l.dim));
            }
            return Info.PURE;
        }
        return switch (op) {
            case ADD, SUB -> {
                if (l.kind == Kind.FREE) {
                    yield r;
                }
                if (r.kind == Kind.FREE || l.dim.equals(r.dim)) {
                    yield l;
                }
                yield Info.bad(op == BinaryOp.ADD ? "adds " + r.dim + " to " + l.dim
                        : "subtracts " + r.dim + " from " + l.dim);
            }
            case MUL -> l.kind == Kind.FREE || r.kind == Kind.FREE ? Info.FREE : Info.fixed(l.dim.times(r.dim));
            case DIV -> l.kind == Kind.FREE || r.kind == Kind.FREE ? Info.FREE : Info.fixed(l.dim.divide(r.dim));
            case POW -> {
                if (!r.canBePure()) {
                    yield Info.bad("an exponent in " + r.dim);
                }
                if (!l.canBePure()) {
                    yield Info.bad("a quantity in " + l.dim + " to a power that is not a constant");
                }
                yield Info.PURE;
            }
        };
    }

    private static Info power(Info base, double exponent) {
        if (base.kind == Kind.BAD) {
            return base;
        }
        if (exponent == 0) {
            return Info.PURE;
        }
        Rational p = exponent(exponent);
        if (base.kind == Kind.FREE) {
            // a constant's unit to a power no small fraction writes: only a dimensionless one is a unit
            return p == null ? Info.PURE : base;
        }
        if (base.dim.isDimensionless()) {
            return base;
        }
        if (p == null) {
            return Info.bad("a quantity in " + base.dim + " to the power " + exponent
                    + ", which no fraction of denominator up to " + MAX_DENOMINATOR + " writes");
        }
        return Info.fixed(base.dim.pow(p));
    }

    /** The value of {@code e} when it has no variable (a constant exponent such as {@code 1/3}), else null. */
    private static Double constantValue(Expr e) {
        if (e instanceof Const c) {
            return c.value();
        }
        if (e instanceof Unary u) {
            Double a = constantValue(u.arg());
            return a == null ? null : u.op().apply(a);
        }
        if (e instanceof Binary b) {
            Double l = constantValue(b.left());
            Double r = l == null ? null : constantValue(b.right());
            return r == null ? null : b.op().apply(l, r);
        }
        return null;
    }

    private static Rational exponent(double v) {
        return Rational.near(v, MAX_DENOMINATOR, EXPONENT_TOLERANCE * Math.max(1, Math.abs(v)));
    }

    private static String name(Object op) {
        return op instanceof UnaryOp u ? u.symbol() : ((UserFunction) op).name();
    }

    /**
     * Hands each constant of {@code e} (a consistent formula) the unit {@code want} asks of {@code e} where it pins it
     * down, appending them to {@code out} in the order of {@link Constants#values}.
     */
    private void assign(Expr e, Dimension want, List<Dimension> out) {
        Info info = infer(e);
        if (info.kind == Kind.FIXED) {
            want = info.dim;
        }
        if (e instanceof Const) {
            out.add(units.dimensionlessConstants() ? Dimension.ONE : want);
            return;
        }
        if (e instanceof Var) {
            return;
        }
        if (e instanceof Unary u) {
            if (u.op() == UnaryOp.NEG || u.op() == UnaryOp.ABS) {
                assign(u.arg(), want, out);
            } else if (u.op() == UnaryOp.SQRT) {
                assign(u.arg(), want == null ? null : want.pow(Rational.of(2)), out);
            } else {
                assign(u.arg(), Dimension.ONE, out);
            }
            return;
        }
        Binary b = (Binary) e;
        if (!(b.op() instanceof BinaryOp op)) {
            assign(b.left(), Dimension.ONE, out);
            assign(b.right(), Dimension.ONE, out);
            return;
        }
        Info l = infer(b.left());
        Info r = infer(b.right());
        switch (op) {
            case ADD, SUB -> {
                assign(b.left(), want, out);
                assign(b.right(), want, out);
            }
            case MUL, DIV -> {
                Dimension ld = l.kind == Kind.FIXED ? l.dim : null;
                Dimension rd = r.kind == Kind.FIXED ? r.dim : null;
                if (want != null) {
                    if (ld == null && rd != null) {
                        ld = op == BinaryOp.MUL ? want.divide(rd) : want.times(rd);
                    } else if (rd == null && ld != null) {
                        rd = op == BinaryOp.MUL ? want.divide(ld) : ld.divide(want);
                    }
                }
                assign(b.left(), ld, out);
                assign(b.right(), rd, out);
            }
            case POW -> {
                Double value = constantValue(b.right());
                if (value != null) {
                    Rational p = value == 0 ? null : exponent(value);
                    Dimension base = l.kind == Kind.FIXED ? l.dim
                            : p == null ? Dimension.ONE : want == null ? null : want.pow(Rational.ONE.divide(p));
                    assign(b.left(), base, out);
                    // the exponent's constants are numbers; a fixed integer exponent is none
                    int n = b.right() instanceof Const c ? (Constants.isIntegerExponent(c.value()) ? 0 : 1)
                            : Constants.count(b.right());
                    for (int k = 0; k < n; k++) {
                        out.add(Dimension.ONE);
                    }
                } else {
                    assign(b.left(), Dimension.ONE, out);
                    assign(b.right(), Dimension.ONE, out);
                }
            }
            default -> throw new AssertionError(op);
        }
    }
}
