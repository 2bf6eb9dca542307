package dysymnet.expr;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A C99 {@code double} expression over {@code <math.h>}: {@code sin}, {@code fabs} and the other functions, the
 * protected rules written out with conditional expressions where they can change a value
 * ({@code log(fabs(x) < 1e-300 ? 1e-300 : fabs(x))}, {@code exp(x > 100.0 ? 100.0 : x)},
 * {@code x / (y == 0.0 ? 1e-300 : y)}, {@code pow(fabs(x), 0.5)}; see {@link ProtectedPrinter}: the conditionals
 * keep NaN a NaN, where {@code fmin} and {@code fmax} would not), squares and cubes as products, a fraction on every
 * literal (an int literal would make {@code 1/2} integer division), {@code NAN} and {@code INFINITY}. A variable whose
 * name is a C keyword or a name of {@code <math.h>} (or not an identifier) is renamed as
 * {@link ProtectedPrinter#identifiers} says.
 */
final class CPrinter extends ProtectedPrinter {

    private static final Set<String> RESERVED;

    static {
        Set<String> s = new HashSet<>(List.of(
                "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
                "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
                "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
                "volatile", "while", "_Bool", "_Complex", "_Imaginary", "_Alignas", "_Alignof", "_Atomic",
                "_Generic", "_Noreturn", "_Static_assert", "_Thread_local", "bool", "true", "false",
                // functions the printed text calls, and the object-like macros of <math.h>
                "sin", "cos", "tan", "exp", "log", "sqrt", "sinh", "cosh", "tanh", "fabs", "asin", "acos", "pow",
                "rint",
                "NAN", "INFINITY", "HUGE_VAL", "HUGE_VALF", "HUGE_VALL", "MATH_ERRNO", "MATH_ERREXCEPT",
                "math_errhandling", "FP_NAN", "FP_INFINITE", "FP_ZERO", "FP_SUBNORMAL", "FP_NORMAL", "FP_ILOGB0",
                "FP_ILOGBNAN", "FP_FAST_FMA", "FP_FAST_FMAF", "FP_FAST_FMAL", "M_E", "M_LOG2E", "M_LOG10E", "M_LN2",
                "M_LN10", "M_PI", "M_PI_2", "M_PI_4", "M_1_PI", "M_2_PI", "M_2_SQRTPI", "M_SQRT2", "M_SQRT1_2",
                "errno", "main"));
        RESERVED = Set.copyOf(s);
    }

    @Override
    String userForm(UserFunction f) {
        return f.cForm();
    }

    @Override
    String formName() {
        return "c";
    }

    @Override
    Set<String> reservedWords() {
        return RESERVED;
    }

    @Override
    String bind(String name, String text) {
        return "const double " + name + " = " + text + ";";
    }

    @Override
    Frag constant(double v) {
        if (Double.isNaN(v)) {
            return plain("NAN");
        }
        if (Double.isInfinite(v)) {
            return plain(v > 0 ? "INFINITY" : "-INFINITY");
        }
        return plain(JavaPrinter.withFraction(number(v, digits)));
    }

    @Override
    String functionName(UnaryOp op) {
        return switch (op) {
            case ABS -> "fabs";
            case NEG -> throw new IllegalArgumentException("negation is not a function");
            case SIN, COS, TAN, EXP, LOG, SQRT, SINH, COSH, TANH, ASIN, ACOS -> op.symbol();
        };
    }

    @Override
    Frag atLeast(Frag a, double bound) {
        Frag s = share(a);
        String b = constant(bound).text();
        return new Frag(operand(s) + " < " + b + " ? " + b + " : " + operand(s), CONDITIONAL);
    }

    @Override
    Frag atMost(Frag a, double bound) {
        Frag s = share(a);
        String b = constant(bound).text();
        return new Frag(operand(s) + " > " + b + " ? " + b + " : " + operand(s), CONDITIONAL);
    }

    @Override
    Frag clamp(Frag a, double lo, double hi) {
        Frag s = share(a);
        String l = constant(lo).text();
        String h = constant(hi).text();
        return new Frag(operand(s) + " < " + l + " ? " + l + " : " + operand(s) + " > " + h + " ? " + h + " : "
                + operand(s), CONDITIONAL);
    }

    @Override
    Frag product(Frag l, Frag r) {
        return product(l, " * ", r);
    }

    @Override
    Frag pow(Frag a, Frag p) {
        return call("pow", a.text() + ", " + p.text());
    }

    @Override
    Frag protectedPower(Expr base, Frag a, Frag b, boolean baseMayBeNegative) {
        if (!baseMayBeNegative) {
            return pow(a, b);
        }
        Frag x = share(a);
        Frag y = share(b);
        return pow(new Frag(operand(y) + " == rint(" + y.text() + ") ? " + operand(x) + " : "
                + operand(abs(base, x)), CONDITIONAL), y);
    }
}
