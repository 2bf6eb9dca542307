package dysymnet.net;

import dysymnet.expr.BinaryOp;
import dysymnet.expr.UnaryOp;

/**
 * An operator a unit of the symbolic network can carry. Unary operators take one input column of the layer's
 * linear map, binary operators two. Their numbers come from {@link UnaryOp} and {@link BinaryOp}, the single
 * definition shared with the expression evaluator.
 */
public enum Operator {
    IDENTITY("id", 1),
    NEG("neg", 1),
    SIN("sin", 1),
    COS("cos", 1),
    TAN("tan", 1),
    EXP("exp", 1),
    LOG("log", 1),
    SQRT("sqrt", 1),
    SINH("sinh", 1),
    COSH("cosh", 1),
    TANH("tanh", 1),
    SQUARE("square", 1),
    CUBE("cube", 1),
    ADD("+", 2),
    SUB("-", 2),
    MUL("*", 2),
    DIV("/", 2);

    private final String label;
    private final int arity;

    Operator(String label, int arity) {
        this.label = label;
        this.arity = arity;
    }

    /** Short name used in configuration and on the command line (id, sin, square, *, ...). */
    public String label() {
        return label;
    }

    public int arity() {
        return arity;
    }

    public boolean isBinary() {
        return arity == 2;
    }

    /** Parses a label (also accepts enum names, case-insensitive, and add/sub/mul/div/identity). */
    public static Operator parse(String s) {
        String t = s.trim();
        for (Operator op : values()) {
            if (op.label.equalsIgnoreCase(t) || op.name().equalsIgnoreCase(t)) {
                return op;
            }
        }
        switch (t.toLowerCase(java.util.Locale.ROOT)) {
            case "identity":
                return IDENTITY;
            case "x^2":
            case "pow2":
                return SQUARE;
            case "x^3":
            case "pow3":
                return CUBE;
            default:
                StringBuilder known = new StringBuilder();
                for (Operator op : values()) {
                    known.append(known.length() == 0 ? "" : ", ").append(op.label);
                }
                throw new IllegalArgumentException("unknown operator '" + s + "'; known: " + known);
        }
    }

    /** Value of a unary operator. */
    public double apply(double z) {
        switch (this) {
            case IDENTITY:
                return z;
            case NEG:
                return -z;
            case SQUARE:
                return z * z;
            case CUBE:
                return z * z * z;
            case SIN:
                return UnaryOp.SIN.apply(z);
            case COS:
                return UnaryOp.COS.apply(z);
            case TAN:
                return UnaryOp.TAN.apply(z);
            case EXP:
                return UnaryOp.EXP.apply(z);
            case LOG:
                return UnaryOp.LOG.apply(z);
            case SQRT:
                return UnaryOp.SQRT.apply(z);
            case SINH:
                return UnaryOp.SINH.apply(z);
            case COSH:
                return UnaryOp.COSH.apply(z);
            case TANH:
                return UnaryOp.TANH.apply(z);
            default:
                throw new IllegalStateException(this + " is binary");
        }
    }

    /** Derivative of a unary operator. */
    public double derivative(double z) {
        switch (this) {
            case IDENTITY:
                return 1.0;
            case NEG:
                return -1.0;
            case SQUARE:
                return 2.0 * z;
            case CUBE:
                return 3.0 * z * z;
            case SIN:
                return UnaryOp.SIN.derivative(z);
            case COS:
                return UnaryOp.COS.derivative(z);
            case TAN:
                return UnaryOp.TAN.derivative(z);
            case EXP:
                return UnaryOp.EXP.derivative(z);
            case LOG:
                return UnaryOp.LOG.derivative(z);
            case SQRT:
                return UnaryOp.SQRT.derivative(z);
            case SINH:
                return UnaryOp.SINH.derivative(z);
            case COSH:
                return UnaryOp.COSH.derivative(z);
            case TANH:
                return UnaryOp.TANH.derivative(z);
            default:
                throw new IllegalStateException(this + " is binary");
        }
    }

    /** The expression-level binary operator of a binary unit. */
    public BinaryOp binaryOp() {
        switch (this) {
            case ADD:
                return BinaryOp.ADD;
            case SUB:
                return BinaryOp.SUB;
            case MUL:
                return BinaryOp.MUL;
            case DIV:
                return BinaryOp.DIV;
            default:
                throw new IllegalStateException(this + " is unary");
        }
    }
}
