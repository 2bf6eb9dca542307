package dysymnet.expr;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.List;

/**
 * What the printers of all targets share: the walk over the tree, the binding strengths that decide parentheses,
 * sums (the same in every target), the folding of a negated constant, and the text of numbers. A subclass says how
 * its target writes constants, variables, functions, products, quotients and powers.
 *
 * <p>A printer is made for one call of {@link Printer}: it holds the number of significant digits and whatever
 * {@link #prepare} works out about the formula being printed.
 */
abstract class ExprPrinter {

    // Binding strength of a printed fragment: an operand is parenthesised when it binds looser than its slot needs.
    /** A conditional expression ({@code c ? a : b}), which binds looser than everything else. */
    static final int CONDITIONAL = 0;
    static final int SUM = 1;
    static final int PRODUCT = 2;
    static final int SIGN = 3;
    static final int POWER = 4;
    static final int ATOM = 5;

    /** The {@code digits} that print constants exactly (the shortest text that reads back as the same double). */
    static final int EXACT = 0;

    /** A printed fragment and how tightly it binds. */
    record Frag(String text, int prec) {
        boolean startsWithMinus() {
            return text.startsWith("-");
        }
    }

    /** Significant digits of constants, or {@link #EXACT}. */
    final int digits;

    ExprPrinter(int digits) {
        this.digits = digits;
    }

    /** The text of {@code e}. */
    final String print(Expr e) {
        prepare(e);
        return render(e).text();
    }

    /** Called with the whole formula before it is rendered. */
    void prepare(Expr e) {
    }

    final Frag render(Expr e) {
        if (e instanceof Const c) {
            return constant(c.value());
        }
        if (e instanceof Var v) {
            return variable(v.name());
        }
        if (e instanceof Unary u) {
            if (u.op() == UnaryOp.NEG && u.arg() instanceof Const c) {
                // The parser folds a sign into a constant, so print the folded constant: same value, stable text.
                return constant(-c.value());
            }
            Frag a = render(u.arg());
            if (u.op() == UnaryOp.NEG) {
                return negation(a);
            }
            if (u.op() instanceof UserFunction f) {
                return userFunction(f, List.of(a));
            }
            return function(u, a);
        }
        Binary b = (Binary) e;
        if (b.op() instanceof UserFunction f) {
            return userFunction(f, List.of(render(b.left()), render(b.right())));
        }
        return switch ((BinaryOp) b.op()) {
            case ADD, SUB -> sum(b);
            case MUL -> product(render(b.left()), render(b.right()));
            case DIV -> quotient(b, render(b.left()), render(b.right()));
            case POW -> power(b, render(b.left()), render(b.right()));
        };
    }

    /**
     * {@code a + b} or {@code a - b}, written alike in every target; {@code a + (-b)} is written {@code a - b} and
     * {@code a - (-b)} as {@code a + b}, which IEEE arithmetic defines to be equal.
     */
    private Frag sum(Binary b) {
        BinaryOp op = (BinaryOp) b.op();
        Expr right = b.right();
        Expr magnitude = negatedOperand(right);
        if (magnitude != null) {
            op = op == BinaryOp.ADD ? BinaryOp.SUB : BinaryOp.ADD;
            right = magnitude;
        }
        Frag l = render(b.left());
        Frag r = render(right);
        return new Frag(parenIf(l, l.prec() < SUM) + (op == BinaryOp.ADD ? " + " : " - ")
                + parenIf(r, r.prec() <= SUM || r.startsWithMinus()), SUM);
    }

    /**
     * If {@code e} is a negation (a negative-signed constant or a NEG node), the negated magnitude, else null.
     * Used to print {@code a + (-b)} as {@code a - b}: IEEE subtraction is addition of the negation, so the value
     * is unchanged.
     */
    private static Expr negatedOperand(Expr e) {
        if (e instanceof Const c) {
            double v = c.value();
            return !Double.isNaN(v) && Double.doubleToRawLongBits(v) < 0 ? new Const(-v) : null;
        }
        if (e instanceof Unary u && u.op() == UnaryOp.NEG) {
            return u.arg();
        }
        return null;
    }

    /** The constant {@code v}. */
    abstract Frag constant(double v);

    /** The variable {@code name}. */
    abstract Frag variable(String name);

    /** {@code -a}, for an operand that is not a constant. */
    abstract Frag negation(Frag a);

    /** The function node {@code u} (not NEG, not a user function), its argument printed as {@code a}. */
    abstract Frag function(Unary u, Frag a);

    /** The user-defined function {@code f} applied to its arguments, printed as {@code args}. */
    abstract Frag userFunction(UserFunction f, List<Frag> args);

    /**
     * {@code f}'s template for this target filled with {@code args} ({@link UserFunction#fill}): an argument that is
     * not an atom is parenthesised where the template does not delimit it. The result binds as an atom when the
     * template is one call ({@code f(...)}), else it is parenthesised.
     */
    final Frag filled(String template, List<Frag> args) {
        String text = fill(template, args);
        return isCall(text) ? new Frag(text, ATOM) : new Frag(parenIf(new Frag(text, SUM), true), ATOM);
    }

    /** The text of {@code template} filled with {@code args} as {@link #filled} places them. */
    final String fill(String template, List<Frag> args) {
        List<String> plain = args.stream().map(Frag::text).toList();
        List<String> wrapped = args.stream().map(a -> a.prec() == ATOM ? a.text() : parenIf(a, true)).toList();
        return UserFunction.fill(template, plain, wrapped);
    }

    /** Whether {@code t} is a name (dots allowed) followed by one parenthesised group that ends the text. */
    private static boolean isCall(String t) {
        int open = 0;
        while (open < t.length() && (Character.isLetterOrDigit(t.charAt(open)) || t.charAt(open) == '_'
                || t.charAt(open) == '.' || t.charAt(open) == '\\')) {
            open++;
        }
        if (open == 0 || open >= t.length() || t.charAt(open) != '(' || !Character.isLetter(t.charAt(0))) {
            return false;
        }
        int depth = 0;
        for (int i = open; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i == t.length() - 1;
            }
        }
        return false;
    }

    /**
     * Whether the protected function of {@code u} acts on the absolute value of an argument not proven
     * non-negative ({@code log(x)} is log|x|), which a target that shows only that protection (LaTeX, the infix
     * syntax does not need to) writes out.
     */
    static boolean showsAbs(Unary u) {
        return u.op().actsOnAbsoluteValue() && !Printer.isNonNegative(u.arg());
    }

    abstract Frag product(Frag l, Frag r);

    /** The quotient node {@code b}, its operands printed as {@code l} and {@code r}. */
    abstract Frag quotient(Binary b, Frag l, Frag r);

    /** {@code l ^ r}; {@code b} is the power node itself. */
    abstract Frag power(Binary b, Frag l, Frag r);

    /** The text of {@code f}, in parentheses when {@code condition}. */
    String parenIf(Frag f, boolean condition) {
        return condition ? "(" + f.text() + ")" : f.text();
    }

    /** A plain constant: its {@link #number} text, binding as a sign when negative. */
    static Frag plain(String s) {
        return new Frag(s, s.startsWith("-") ? SIGN : ATOM);
    }

    /** The largest whole number {@link #piForm} writes beside pi. */
    static final int PI_WHOLE = 12;

    /**
     * A constant that is exactly a simple form of pi: {@code sign * k * pi} ({@code over} false, {@code inverse}
     * false), {@code sign * pi / k} (over), {@code sign * k / pi} (inverse) or {@code sign / (k * pi)} (inverse,
     * over); k a whole number from 1 to {@value #PI_WHOLE}.
     */
    record PiForm(boolean negative, int k, boolean inverse, boolean over) {
        /** Whether the form is pi itself (or -pi), which binds as an atom. */
        boolean bare() {
            return k == 1 && !inverse && !over;
        }
    }

    /**
     * {@code v} as a {@link PiForm} when that form, computed in doubles as written ({@code k*pi}, {@code pi/k},
     * {@code k/pi}, {@code 1/(k*pi)}), is exactly {@code v}, else null: the polisher and the curves snap constants to
     * these values ({@code fit.Polisher#piMultiples}), which print as {@code 2*pi} rather than 6.283185307179586, and
     * the text reads back as the same double.
     */
    static PiForm piForm(double v) {
        double a = Math.abs(v);
        if (!(a > 0) || Double.isInfinite(a)) {
            return null;
        }
        boolean negative = v < 0;
        long k = Math.round(a / Math.PI);
        if (k >= 1 && k <= PI_WHOLE && k * Math.PI == a) {
            return new PiForm(negative, (int) k, false, false);
        }
        k = Math.round(Math.PI / a);
        if (k >= 2 && k <= PI_WHOLE && Math.PI / k == a) {
            return new PiForm(negative, (int) k, false, true);
        }
        k = Math.round(a * Math.PI);
        if (k >= 1 && k <= PI_WHOLE && k / Math.PI == a) {
            return new PiForm(negative, (int) k, true, false);
        }
        k = Math.round(1 / (a * Math.PI));
        if (k >= 2 && k <= PI_WHOLE && 1 / (k * Math.PI) == a) {
            return new PiForm(negative, (int) k, true, true);
        }
        return null;
    }

    /**
     * Canonical decimal text of v: {@code NaN}, {@code Infinity}, {@code -Infinity}, integers without fraction,
     * plain notation for magnitudes in [1e-4, 1e15), otherwise {@code d.ddde-N}. {@code digits == 0} means the
     * shortest text that reads back as v.
     */
    static String number(double v, int digits) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "Infinity" : "-Infinity";
        }
        boolean negative = Double.doubleToRawLongBits(v) < 0;
        double a = Math.abs(v);
        if (a == 0.0) {
            // a rounded print has no use for the sign of zero, and dropping it keeps the text stable
            return negative && digits == EXACT ? "-0" : "0";
        }
        BigDecimal bd = null;
        if (digits != EXACT) {
            bd = new BigDecimal(a).round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (Double.isInfinite(bd.doubleValue())) {
                bd = null; // rounding up MAX_VALUE would read back as infinity
            }
        }
        if (bd == null) {
            bd = new BigDecimal(Double.toString(a));
        }
        bd = bd.stripTrailingZeros();
        int exponent = bd.precision() - bd.scale() - 1;
        String body;
        if (exponent >= -4 && exponent < 15) {
            body = bd.toPlainString();
        } else {
            String d = bd.unscaledValue().toString();
            body = d.charAt(0) + (d.length() > 1 ? "." + d.substring(1) : "") + "e" + exponent;
        }
        return negative ? "-" + body : body;
    }
}
