package dysymnet.expr;

import java.util.Set;

/**
 * A NumPy expression ({@code import numpy as np} assumed) over numbers or arrays, vectorised: {@code np.sin} and the
 * other NumPy functions, the protected rules written out where they can change a value
 * ({@code np.log(np.maximum(np.abs(x), 1e-300))}, {@code np.exp(np.minimum(x, 100.0))},
 * {@code x / np.where(y == 0.0, 1e-300, y)}, {@code np.power(np.abs(x), 0.5)}; see {@link ProtectedPrinter}),
 * {@code np.square(a)} and {@code a * a * a} for squares and cubes, {@code np.power} for other powers (it gives
 * infinity where Python's {@code **} on floats would raise an exception), a fraction on every literal, and
 * {@code np.nan}, {@code np.inf}. A variable whose name is a Python keyword or {@code np} (or not an identifier) is
 * renamed as {@link ProtectedPrinter#identifiers} says.
 */
final class PythonPrinter extends ProtectedPrinter {

    private static final Set<String> RESERVED = Set.of(
            "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
            "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
            "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "np");

    @Override
    String userForm(UserFunction f) {
        return f.numpyForm();
    }

    @Override
    String formName() {
        return "numpy";
    }

    @Override
    Set<String> reservedWords() {
        return RESERVED;
    }

    @Override
    String bind(String name, String text) {
        return name + " = " + text;
    }

    @Override
    Frag constant(double v) {
        if (Double.isNaN(v)) {
            return plain("np.nan");
        }
        if (Double.isInfinite(v)) {
            return plain(v > 0 ? "np.inf" : "-np.inf");
        }
        return plain(JavaPrinter.withFraction(number(v, digits)));
    }

    @Override
    String functionName(UnaryOp op) {
        return switch (op) {
            case ASIN -> "np.arcsin";
            case ACOS -> "np.arccos";
            case ABS -> "np.abs";
            case NEG -> throw new IllegalArgumentException("negation is not a function");
            case SIN, COS, TAN, EXP, LOG, SQRT, SINH, COSH, TANH -> "np." + op.symbol();
        };
    }

    @Override
    Frag atLeast(Frag a, double bound) {
        return call("np.maximum", a.text() + ", " + constant(bound).text());
    }

    @Override
    Frag atMost(Frag a, double bound) {
        return call("np.minimum", a.text() + ", " + constant(bound).text());
    }

    @Override
    Frag clamp(Frag a, double lo, double hi) {
        return call("np.clip", a.text() + ", " + constant(lo).text() + ", " + constant(hi).text());
    }

    @Override
    Frag nonZero(Frag b) {
        Frag s = share(b);
        return call("np.where", s.text() + " == 0.0, " + constant(UnaryOp.TINY).text() + ", " + s.text());
    }

    @Override
    Frag product(Frag l, Frag r) {
        return product(l, " * ", r);
    }

    @Override
    Frag square(Frag a) {
        return call("np.square", a.text());
    }

    @Override
    Frag pow(Frag a, Frag p) {
        return call("np.power", a.text() + ", " + p.text());
    }

    @Override
    Frag protectedPower(Expr base, Frag a, Frag b, boolean baseMayBeNegative) {
        if (!baseMayBeNegative) {
            return pow(a, b);
        }
        Frag x = share(a);
        Frag y = share(b);
        return pow(call("np.where", y.text() + " == np.rint(" + y.text() + "), " + x.text() + ", "
                + abs(base, x).text()), y);
    }
}
