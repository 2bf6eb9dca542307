package dysymnet.expr;

/**
 * A Java {@code double} expression: {@code java.lang.Math} functions ({@link UnaryOp#javaName()}), the protected log
 * and sqrt of {@code Math.abs(..)} unless the argument is provably non-negative, {@code Double} constants for NaN and
 * the infinities, a fraction on every literal (an int literal would make {@code 1/2} integer division), squares and
 * cubes of variables as products (the same products as {@link BinaryOp#pow}, so the generated code agrees with the
 * evaluator to the bit) and other powers as {@code Math.pow}. Variable names are used verbatim.
 */
final class JavaPrinter extends InfixPrinter {

    JavaPrinter(int digits) {
        super(digits);
    }

    @Override
    Frag constant(double v) {
        if (Double.isNaN(v)) {
            return plain("Double.NaN");
        }
        if (Double.isInfinite(v)) {
            return plain(v > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY");
        }
        String s = number(v, digits);
        return plain(s.indexOf('.') < 0 && s.indexOf('e') < 0 ? s + ".0" : s);
    }

    @Override
    Frag function(UnaryOp op, Frag a, boolean showAbs) {
        return call(op.javaName(), showAbs ? "Math.abs(" + a.text() + ")" : a.text());
    }

    @Override
    Frag product(Frag l, Frag r) {
        return product(l, " * ", r);
    }

    @Override
    Frag quotient(Frag l, Frag r) {
        return product(l, " / ", r);
    }

    @Override
    Frag power(Binary b, Frag l, Frag r) {
        if (b.left() instanceof Var && b.right() instanceof Const c) {
            double p = c.value();
            if (p == 2.0) {
                return new Frag("(" + l.text() + " * " + l.text() + ")", ATOM);
            }
            if (p == 3.0) {
                return new Frag("(" + l.text() + " * " + l.text() + " * " + l.text() + ")", ATOM);
            }
        }
        return new Frag("Math.pow(" + l.text() + ", " + r.text() + ")", ATOM);
    }
}
