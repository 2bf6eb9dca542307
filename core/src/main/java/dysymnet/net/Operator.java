package dysymnet.net;

import dysymnet.expr.Binary;
import dysymnet.expr.BinaryFunction;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryFunction;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.UserFunction;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * An operator a unit of the symbolic network can carry. Unary operators take one input column of the layer's
 * linear map, binary operators two.
 *
 * <p>Each operator is tied to the formula world in its declaration: a unary unit is a formula function
 * ({@link UnaryOp}) or a power of its input ({@code x^1} is the identity, {@code x^2} the square), a binary unit a
 * {@link BinaryOp}. Its values and derivatives are those of that formula operator, the single definition shared with
 * the expression evaluator, and the network's read-off builds the matching expression node, so a formula read off a
 * network computes the same numbers as the network. A user-defined function ({@link UserFunction}) becomes a unit
 * the same way ({@link #of}): a unary unit for one argument, a binary unit for two.
 *
 * <p>The built-in operators are the constants below, one instance each; the order of {@link #values()} is the
 * canonical order of units within a layer ({@link Architecture#canonical()}), with the user-defined units after them
 * by name.
 */
public final class Operator implements Comparable<Operator> {
    public static final Operator IDENTITY = new Operator("IDENTITY", "id", null, 1, null);
    public static final Operator NEG = new Operator("NEG", "neg", UnaryOp.NEG, 0, null);
    public static final Operator SIN = new Operator("SIN", "sin", UnaryOp.SIN, 0, null);
    public static final Operator COS = new Operator("COS", "cos", UnaryOp.COS, 0, null);
    public static final Operator TAN = new Operator("TAN", "tan", UnaryOp.TAN, 0, null);
    public static final Operator EXP = new Operator("EXP", "exp", UnaryOp.EXP, 0, null);
    public static final Operator LOG = new Operator("LOG", "log", UnaryOp.LOG, 0, null);
    public static final Operator SQRT = new Operator("SQRT", "sqrt", UnaryOp.SQRT, 0, null);
    public static final Operator SINH = new Operator("SINH", "sinh", UnaryOp.SINH, 0, null);
    public static final Operator COSH = new Operator("COSH", "cosh", UnaryOp.COSH, 0, null);
    public static final Operator TANH = new Operator("TANH", "tanh", UnaryOp.TANH, 0, null);
    public static final Operator ABS = new Operator("ABS", "abs", UnaryOp.ABS, 0, null);
    public static final Operator SQUARE = new Operator("SQUARE", "square", null, 2, null);
    public static final Operator CUBE = new Operator("CUBE", "cube", null, 3, null);
    public static final Operator ADD = new Operator("ADD", "+", null, 0, BinaryOp.ADD);
    public static final Operator SUB = new Operator("SUB", "-", null, 0, BinaryOp.SUB);
    public static final Operator MUL = new Operator("MUL", "*", null, 0, BinaryOp.MUL);
    public static final Operator DIV = new Operator("DIV", "/", null, 0, BinaryOp.DIV);
    /** The protected power {@code a ^ b} of two inputs ({@code |a| ^ b} for a negative a and a non-integer b). */
    public static final Operator POW = new Operator("POW", "pow", null, 0, BinaryOp.POW);

    /** The built-in operators in their canonical order (the order of units within a layer). */
    private static final List<Operator> BUILT_IN = List.of(IDENTITY, NEG, SIN, COS, TAN, EXP, LOG, SQRT, SINH, COSH,
            TANH, ABS, SQUARE, CUBE, ADD, SUB, MUL, DIV, POW);

    private final String name;
    private final String label;
    /** The formula function of a unary unit, or null. */
    private final UnaryFunction function;
    /** The exponent of a power unit (1 for the identity), or 0. */
    private final int power;
    /** The formula operator of a binary unit, or null. */
    private final BinaryFunction binary;

    private Operator(String name, String label, UnaryFunction function, int power, BinaryFunction binary) {
        this.name = name;
        this.label = label;
        this.function = function;
        this.power = power;
        this.binary = binary;
    }

    /**
     * The unit of a user-defined function: a unary unit for a function of one argument, a binary unit (two input
     * columns) for one of two. Its label is the function's name.
     */
    public static Operator of(UserFunction f) {
        Objects.requireNonNull(f, "f");
        return f.arity() == 1 ? new Operator(f.name(), f.name(), f, 0, null)
                : new Operator(f.name(), f.name(), null, 0, f);
    }

    /** The built-in operators, in their canonical order. */
    public static Operator[] values() {
        return BUILT_IN.toArray(new Operator[0]);
    }

    /** The constant's name of a built-in operator ({@code SQUARE}), the function's name of a user-defined one. */
    public String name() {
        return name;
    }

    /** The user-defined function of the unit, or null for a built-in operator. */
    public UserFunction userFunction() {
        return function instanceof UserFunction f ? f : binary instanceof UserFunction g ? g : null;
    }

    /**
     * The canonical order of units: the built-in operators in the order of {@link #values()}, then the user-defined
     * ones by name.
     */
    @Override
    public int compareTo(Operator o) {
        int a = BUILT_IN.indexOf(this);
        int b = BUILT_IN.indexOf(o);
        if (a >= 0 && b >= 0) {
            return Integer.compare(a, b);
        }
        if (a >= 0 || b >= 0) {
            return a >= 0 ? -1 : 1;
        }
        int c = name.compareTo(o.name);
        return c != 0 ? c : Integer.compare(arity(), o.arity());
    }

    /** Built-in operators are single instances; two units of user functions are equal when their functions are. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        return o instanceof Operator op && userFunction() != null && userFunction().equals(op.userFunction());
    }

    @Override
    public int hashCode() {
        UserFunction f = userFunction();
        return f != null ? f.hashCode() : System.identityHashCode(this);
    }

    @Override
    public String toString() {
        return name;
    }

    /** Short name used in configuration and on the command line (id, sin, square, *, ...). */
    public String label() {
        return label;
    }

    public int arity() {
        return binary == null ? 1 : 2;
    }

    public boolean isBinary() {
        return binary != null;
    }

    /** Parses a label (also accepts enum names, case-insensitive, and identity, x^2, pow2, x^3, pow3). */
    public static Operator parse(String s) {
        return parse(s, List.of());
    }

    /**
     * Parses a label as {@link #parse(String)} does, or the name of one of the user-defined {@code functions}
     * (exactly as spelled), which gives that function's unit ({@link #of}).
     */
    public static Operator parse(String s, Collection<UserFunction> functions) {
        String t = s.trim();
        for (UserFunction f : functions) {
            if (f.name().equals(t)) {
                return of(f);
            }
        }
        for (Operator op : values()) {
            if (op.label.equalsIgnoreCase(t) || op.name().equalsIgnoreCase(t)) {
                return op;
            }
        }
        return switch (t.toLowerCase(Locale.ROOT)) {
            case "identity" -> IDENTITY;
            case "x^2", "pow2" -> SQUARE;
            case "x^3", "pow3" -> CUBE;
            default -> {
                StringBuilder known = new StringBuilder();
                for (Operator op : values()) {
                    known.append(known.length() == 0 ? "" : ", ").append(op.label);
                }
                throw new IllegalArgumentException("unknown operator '" + s + "'; known: " + known);
            }
        };
    }

    /**
     * The formula function a unary unit computes (a {@link UnaryOp} or a one-argument {@link UserFunction}), or null
     * for a power unit (and a binary one).
     */
    public UnaryFunction function() {
        return function;
    }

    /** The exponent of a power unit ({@code x^power}; 1 for the identity), or 0 for any other unit. */
    public int power() {
        return power;
    }

    /** The expression-level binary operator of a binary unit (a {@link BinaryOp} or a two-argument user function). */
    public BinaryFunction binaryOp() {
        if (binary == null) {
            throw new IllegalStateException(this + " is unary");
        }
        return binary;
    }

    /** Value of a unary operator. */
    public double apply(double z) {
        if (binary != null) {
            throw new IllegalStateException(this + " is binary");
        }
        return function != null ? function.apply(z) : BinaryOp.pow(z, power);
    }

    /** Derivative of a unary operator. */
    public double derivative(double z) {
        if (binary != null) {
            throw new IllegalStateException(this + " is binary");
        }
        return function != null ? function.derivative(z) : BinaryOp.POW.dLeft(z, power);
    }

    /**
     * A unary unit over the rows {@code i < n} of a column: values {@code h[i] = apply(z[i])} and, unless {@code d}
     * is null, derivatives {@code d[i] = derivative(z[i])}.
     *
     * <p>The most frequent units have loops of their own, with their formula operator as a constant, which the JIT
     * compiles without a per-row dispatch (one loop shared by all units made the network's loss and gradient up to
     * about 15% slower on architectures mixing many operators); they compute exactly what {@link #apply(double)}
     * and {@link #derivative(double)} do ({@code x^1} is a copy of x, the slopes of x and -x are constants, exp and
     * tanh compute their function once for the value and the derivative), except cosh and sinh, which are computed
     * from one exp and agree up to rounding ({@link #hyperbolicLoop}). Every other unit takes the generic loops.
     */
    void apply(double[] z, double[] h, double[] d, int n) {
        if (this == IDENTITY) {
            System.arraycopy(z, 0, h, 0, n);
            if (d != null) {
                Arrays.fill(d, 0, n, 1.0);
            }
        } else if (this == NEG) {
            for (int i = 0; i < n; i++) {
                h[i] = UnaryOp.NEG.apply(z[i]);
            }
            if (d != null) {
                Arrays.fill(d, 0, n, -1.0);
            }
        } else if (this == SIN) {
            functionLoop(UnaryOp.SIN, z, h, d, n);
        } else if (this == COS) {
            functionLoop(UnaryOp.COS, z, h, d, n);
        } else if (this == EXP) {
            for (int i = 0; i < n; i++) {
                double v = z[i];
                double e = Math.exp(Math.min(v, UnaryOp.EXP_MAX));
                h[i] = e;
                if (d != null) {
                    d[i] = v > UnaryOp.EXP_MAX ? 0.0 : e; // exp's own derivative, computed once
                }
            }
        } else if (this == COSH || this == SINH) {
            hyperbolicLoop(this == COSH, z, h, d, n);
        } else if (this == TANH) {
            for (int i = 0; i < n; i++) {
                double t = Math.tanh(z[i]);
                h[i] = t;
                if (d != null) {
                    d[i] = 1.0 - t * t;
                }
            }
        } else if (this == SQUARE) {
            for (int i = 0; i < n; i++) {
                h[i] = BinaryOp.pow(z[i], 2.0);
            }
            if (d != null) {
                for (int i = 0; i < n; i++) {
                    d[i] = BinaryOp.POW.dLeft(z[i], 2.0);
                }
            }
        } else {
            if (binary != null) {
                throw new IllegalStateException(this + " is binary");
            }
            if (function instanceof UnaryOp f) {
                functionLoop(f, z, h, d, n);
            } else if (function != null) {
                for (int i = 0; i < n; i++) {
                    h[i] = function.apply(z[i]);
                }
                if (d != null) {
                    for (int i = 0; i < n; i++) {
                        d[i] = function.derivative(z[i]);
                    }
                }
            } else {
                double p = power;
                for (int i = 0; i < n; i++) {
                    h[i] = BinaryOp.pow(z[i], p);
                }
                if (d != null) {
                    for (int i = 0; i < n; i++) {
                        d[i] = BinaryOp.POW.dLeft(z[i], p);
                    }
                }
            }
        }
    }

    /**
     * cosh and sinh units with their derivatives from one {@code Math.exp} per row: {@code Math.cosh} and
     * {@code Math.sinh} are {@code StrictMath}'s, not JIT intrinsics, and one unit called both on every row of every
     * training step (a fifth of a search's time in a profile of Nguyen runs). With {@code e = exp(v)}, v the argument
     * clamped to [-EXP_MAX, EXP_MAX] as the formula functions clamp it: {@code cosh v = (e + 1/e)/2}, {@code sinh v =
     * (e - 1/e)/2}, and a derivative of 0 beyond the clamp. These differ from the formula functions' values by
     * rounding only (a few ulps of cosh; for sinh near 0 an absolute 1e-16, not a relative one), which is of no
     * consequence to training: the formulas read off are evaluated, refined and scored by the formula functions.
     * (A NaN argument gives NaN; sinh's sign follows the sign bit of x.)
     */
    private static void hyperbolicLoop(boolean cosh, double[] z, double[] h, double[] d, int n) {
        for (int i = 0; i < n; i++) {
            double x = z[i];
            // from |x|, so that cosh is even and sinh odd to the last bit, as the functions are
            double e = Math.exp(Math.min(Math.abs(x), UnaryOp.EXP_MAX));
            double r = 1.0 / e;
            double c = 0.5 * (e + r);
            double s = Math.copySign(0.5 * (e - r), x);
            h[i] = cosh ? c : s;
            if (d != null) {
                d[i] = Math.abs(x) > UnaryOp.EXP_MAX ? 0.0 : cosh ? s : c;
            }
        }
    }

    private static void functionLoop(UnaryOp f, double[] z, double[] h, double[] d, int n) {
        for (int i = 0; i < n; i++) {
            h[i] = f.apply(z[i]);
        }
        if (d != null) {
            for (int i = 0; i < n; i++) {
                d[i] = f.derivative(z[i]);
            }
        }
    }

    /**
     * A binary unit over the rows {@code i < n} of two columns: values {@code h[i] = a[i] op b[i]} and, unless
     * {@code da} is null, the partial derivatives {@code da[i]} and {@code db[i]}; +, -, * and / have loops of their
     * own, as the frequent unary units do, with their constant partial derivatives written as such (and those of
     * {@code a*b} being the other operand), each computing exactly what the formula operator does.
     */
    void apply(double[] a, double[] b, double[] h, double[] da, double[] db, int n) {
        BinaryFunction g = binaryOp();
        if (!(g instanceof BinaryOp f)) {
            for (int i = 0; i < n; i++) {
                h[i] = g.apply(a[i], b[i]);
            }
            if (da != null) {
                for (int i = 0; i < n; i++) {
                    da[i] = g.dLeft(a[i], b[i]);
                    db[i] = g.dRight(a[i], b[i]);
                }
            }
            return;
        }
        switch (f) {
            case ADD -> {
                for (int i = 0; i < n; i++) {
                    h[i] = BinaryOp.ADD.apply(a[i], b[i]);
                }
                if (da != null) {
                    Arrays.fill(da, 0, n, 1.0);
                    Arrays.fill(db, 0, n, 1.0);
                }
            }
            case SUB -> {
                for (int i = 0; i < n; i++) {
                    h[i] = BinaryOp.SUB.apply(a[i], b[i]);
                }
                if (da != null) {
                    Arrays.fill(da, 0, n, 1.0);
                    Arrays.fill(db, 0, n, -1.0);
                }
            }
            case MUL -> {
                for (int i = 0; i < n; i++) {
                    h[i] = BinaryOp.MUL.apply(a[i], b[i]);
                }
                if (da != null) {
                    System.arraycopy(b, 0, da, 0, n);
                    System.arraycopy(a, 0, db, 0, n);
                }
            }
            case DIV -> {
                // the protected quotient's value and partials with three divisions a row instead of four:
                // -a/d/d (dRight) is -(a/d)/d, the value's negative divided once more, to the last bit
                for (int i = 0; i < n; i++) {
                    double d = BinaryOp.protectDenominator(b[i]);
                    double q = a[i] / d;
                    h[i] = q;
                    if (da != null) {
                        da[i] = 1.0 / d;
                        db[i] = -q / d;
                    }
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    h[i] = f.apply(a[i], b[i]);
                }
                if (da != null) {
                    for (int i = 0; i < n; i++) {
                        da[i] = f.dLeft(a[i], b[i]);
                        db[i] = f.dRight(a[i], b[i]);
                    }
                }
            }
        }
    }

    /**
     * The formula of a unary unit applied to the formula {@code a} of its input, where null stands for an
     * identically zero input (and a null result for an identically zero unit): {@code f(0)} is then a constant.
     */
    public Expr toExpr(Expr a) {
        if (binary != null) {
            throw new IllegalStateException(this + " is binary");
        }
        if (a == null) {
            double f0 = apply(0.0);
            return f0 == 0.0 ? null : new Const(f0);
        }
        if (function != null) {
            return new Unary(function, a);
        }
        return power == 1 ? a : new Binary(BinaryOp.POW, a, new Const(power));
    }

    /**
     * The formula of a binary unit applied to the formulas of its inputs, null standing for an identically zero
     * input as in {@link #toExpr(Expr)}: {@code 0*b} and {@code 0/b} are 0 for finite b, as in the network, and
     * {@code a/0} is the protected {@code a/TINY}, which the evaluator reproduces from a literal 0.
     */
    public Expr toExpr(Expr a, Expr b) {
        BinaryFunction g = binaryOp();
        if (!(g instanceof BinaryOp op)) {
            // a user-defined function: f(0, b) and f(a, 0) keep the zero as a literal
            if (a == null && b == null) {
                double f00 = g.apply(0.0, 0.0);
                return f00 == 0.0 ? null : new Const(f00);
            }
            return new Binary(g, a == null ? new Const(0.0) : a, b == null ? new Const(0.0) : b);
        }
        return switch (op) {
            case ADD -> a == null ? b : b == null ? a : new Binary(BinaryOp.ADD, a, b);
            case SUB -> b == null ? a : a == null ? new Unary(UnaryOp.NEG, b) : new Binary(BinaryOp.SUB, a, b);
            case MUL -> a == null || b == null ? null : new Binary(BinaryOp.MUL, a, b);
            case DIV -> a == null ? null : new Binary(BinaryOp.DIV, a, b == null ? new Const(0.0) : b);
            // a^0 is 1 for every a (NaN included), 0^b is a power of the literal 0
            case POW -> b == null ? new Const(1.0)
                    : new Binary(BinaryOp.POW, a == null ? new Const(0.0) : a, b);
        };
    }
}
