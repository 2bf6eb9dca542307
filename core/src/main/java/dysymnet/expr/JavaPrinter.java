package dysymnet.expr;

import java.util.Set;

/**
 * A Java {@code double} expression that computes the bits {@link Evaluator} computes: the same {@code java.lang.Math}
 * calls on the same operands in the same order. {@code Math} functions ({@link UnaryOp#javaName()}), the protected
 * rules written out where they can change a value ({@code Math.log(Math.max(Math.abs(x), 1e-300))},
 * {@code Math.exp(Math.min(x, 100.0))}, {@code x / (y == 0.0 ? 1e-300 : y)}, {@code Math.pow(Math.abs(x), 0.5)}; see
 * {@link ProtectedPrinter}), squares and cubes as products, {@code Double} constants for NaN and the infinities, a
 * fraction on every literal (an int literal would make {@code 1/2} integer division). Variable names are used
 * verbatim, except that a name that is not a Java identifier, is a keyword, or is {@code Math} or {@code Double}
 * gets its other characters replaced by {@code _} and a {@code _} appended.
 */
final class JavaPrinter extends ProtectedPrinter {

    private static final Set<String> RESERVED = Set.of(
            "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
            "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
            "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
            "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
            "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "var",
            "yield", "record", "sealed", "permits", "_", "Math", "Double");

    /** Magnitude up to which an integer base b has b*b and b*b*b exact, so Math.pow gives the same bits. */
    private static final double EXACT_CUBE_BASE = 0x1p17;

    @Override
    String userForm(UserFunction f) {
        return f.javaForm();
    }

    @Override
    String formName() {
        return "java";
    }

    @Override
    Set<String> reservedWords() {
        return RESERVED;
    }

    @Override
    String bind(String name, String text) {
        return "final double " + name + " = " + text + ";";
    }

    @Override
    Frag constant(double v) {
        if (Double.isNaN(v)) {
            return plain("Double.NaN");
        }
        if (Double.isInfinite(v)) {
            return plain(v > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY");
        }
        return plain(withFraction(number(v, digits)));
    }

    /** A decimal literal of type double: {@code 2} becomes {@code 2.0}. */
    static String withFraction(String s) {
        return s.indexOf('.') < 0 && s.indexOf('e') < 0 ? s + ".0" : s;
    }

    @Override
    String functionName(UnaryOp op) {
        return op.javaName();
    }

    @Override
    Frag atLeast(Frag a, double bound) {
        return call("Math.max", a.text() + ", " + constant(bound).text());
    }

    @Override
    Frag atMost(Frag a, double bound) {
        return call("Math.min", a.text() + ", " + constant(bound).text());
    }

    @Override
    Frag clamp(Frag a, double lo, double hi) {
        // the order of UnaryOp.apply
        return call("Math.max", constant(lo).text() + ", " + atMost(a, hi).text());
    }

    @Override
    Frag product(Frag l, Frag r) {
        return product(l, " * ", r);
    }

    @Override
    Frag pow(Frag a, Frag p) {
        return call("Math.pow", a.text() + ", " + p.text());
    }

    @Override
    Frag protectedPower(Expr base, Frag a, Frag b, boolean baseMayBeNegative) {
        Frag x = share(a);
        Frag y = share(b);
        Frag pow = pow(baseMayBeNegative ? new Frag(operand(y) + " == Math.rint(" + y.text() + ") ? " + operand(x)
                + " : " + operand(abs(base, x)), CONDITIONAL) : x, y);
        Double c = constantValue(base);
        if (c != null && c == Math.rint(c) && Math.abs(c) <= EXACT_CUBE_BASE) {
            // Math.pow is exact when both arguments are integers and the result is representable
            return pow;
        }
        return new Frag(operand(y) + " == 2.0 ? " + operand(square(x)) + " : " + operand(y) + " == 3.0 ? "
                + operand(cube(x)) + " : " + pow.text(), CONDITIONAL);
    }
}
