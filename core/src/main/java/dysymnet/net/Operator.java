package dysymnet.net;

import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import java.util.Arrays;
import java.util.Locale;

/**
 * An operator a unit of the symbolic network can carry. Unary operators take one input column of the layer's
 * linear map, binary operators two.
 *
 * <p>Each operator is tied to the formula world in its declaration: a unary unit is a formula function
 * ({@link UnaryOp}) or a power of its input ({@code x^1} is the identity, {@code x^2} the square), a binary unit a
 * {@link BinaryOp}. Its values and derivatives are those of that formula operator, the single definition shared with
 * the expression evaluator, and the network's read-off builds the matching expression node, so a formula read off a
 * network computes the same numbers as the network.
 *
 * <p>The declaration order is the canonical order of units within a layer ({@link Architecture#canonical()}).
 */
public enum Operator {
    IDENTITY("id", 1),
    NEG("neg", UnaryOp.NEG),
    SIN("sin", UnaryOp.SIN),
    COS("cos", UnaryOp.COS),
    TAN("tan", UnaryOp.TAN),
    EXP("exp", UnaryOp.EXP),
    LOG("log", UnaryOp.LOG),
    SQRT("sqrt", UnaryOp.SQRT),
    SINH("sinh", UnaryOp.SINH),
    COSH("cosh", UnaryOp.COSH),
    TANH("tanh", UnaryOp.TANH),
    ABS("abs", UnaryOp.ABS),
    SQUARE("square", 2),
    CUBE("cube", 3),
    ADD("+", BinaryOp.ADD),
    SUB("-", BinaryOp.SUB),
    MUL("*", BinaryOp.MUL),
    DIV("/", BinaryOp.DIV);

    private final String label;
    /** The formula function of a unary unit, or null. */
    private final UnaryOp function;
    /** The exponent of a power unit (1 for the identity), or 0. */
    private final int power;
    /** The formula operator of a binary unit, or null. */
    private final BinaryOp binary;

    /** A unit computing a formula function of its input. */
    Operator(String label, UnaryOp function) {
        this(label, function, 0, null);
    }

    /** A unit computing a power of its input, {@code x^power}. */
    Operator(String label, int power) {
        this(label, null, power, null);
    }

    /** A unit computing a binary formula operator of its two inputs. */
    Operator(String label, BinaryOp binary) {
        this(label, null, 0, binary);
    }

    Operator(String label, UnaryOp function, int power, BinaryOp binary) {
        this.label = label;
        this.function = function;
        this.power = power;
        this.binary = binary;
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
        String t = s.trim();
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

    /** The formula function a unary unit computes, or null for a power unit (and a binary one). */
    public UnaryOp function() {
        return function;
    }

    /** The exponent of a power unit ({@code x^power}; 1 for the identity), or 0 for any other unit. */
    public int power() {
        return power;
    }

    /** The expression-level binary operator of a binary unit. */
    public BinaryOp binaryOp() {
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
     * and {@link #derivative(double)} do ({@code x^1} is a copy of x, the slopes of x and -x are constants). Every
     * other unit takes the generic loops.
     */
    void apply(double[] z, double[] h, double[] d, int n) {
        switch (this) {
            case IDENTITY -> {
                System.arraycopy(z, 0, h, 0, n);
                if (d != null) {
                    Arrays.fill(d, 0, n, 1.0);
                }
            }
            case NEG -> {
                for (int i = 0; i < n; i++) {
                    h[i] = UnaryOp.NEG.apply(z[i]);
                }
                if (d != null) {
                    Arrays.fill(d, 0, n, -1.0);
                }
            }
            case SIN -> functionLoop(UnaryOp.SIN, z, h, d, n);
            case COS -> functionLoop(UnaryOp.COS, z, h, d, n);
            case SQUARE -> {
                for (int i = 0; i < n; i++) {
                    h[i] = BinaryOp.pow(z[i], 2.0);
                }
                if (d != null) {
                    for (int i = 0; i < n; i++) {
                        d[i] = BinaryOp.POW.dLeft(z[i], 2.0);
                    }
                }
            }
            default -> {
                if (binary != null) {
                    throw new IllegalStateException(this + " is binary");
                }
                if (function != null) {
                    functionLoop(function, z, h, d, n);
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
     * {@code da} is null, the partial derivatives {@code da[i]} and {@code db[i]}; +, - and * have loops of their
     * own, as the frequent unary units do, with their constant partial derivatives written as such (and those of
     * {@code a*b} being the other operand).
     */
    void apply(double[] a, double[] b, double[] h, double[] da, double[] db, int n) {
        BinaryOp f = binaryOp();
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
        return switch (binaryOp()) {
            case ADD -> a == null ? b : b == null ? a : new Binary(BinaryOp.ADD, a, b);
            case SUB -> b == null ? a : a == null ? new Unary(UnaryOp.NEG, b) : new Binary(BinaryOp.SUB, a, b);
            case MUL -> a == null || b == null ? null : new Binary(BinaryOp.MUL, a, b);
            case DIV -> a == null ? null : new Binary(BinaryOp.DIV, a, b == null ? new Const(0.0) : b);
            case POW -> throw new IllegalStateException("no unit computes a power of two inputs");
        };
    }
}
