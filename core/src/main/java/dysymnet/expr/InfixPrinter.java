package dysymnet.expr;

import java.util.List;

/**
 * The project's own infix syntax, read back by {@link Parser}: {@code sin(x) - 2*y^3/z}. Also the base of the
 * evaluating targets ({@link ProtectedPrinter}), which are infix text with another vocabulary.
 */
class InfixPrinter extends ExprPrinter {

    InfixPrinter(int digits) {
        super(digits);
    }

    /** The constant's {@link #number} text, or its form of pi where it is exactly one ({@link #piForm}). */
    @Override
    Frag constant(double v) {
        PiForm pi = piForm(v);
        return pi == null ? plain(number(v, digits)) : pi(pi);
    }

    /** {@code pi}, {@code 2*pi}, {@code pi/4}, {@code 3/pi}, {@code 1/(4*pi)}, with their sign. */
    static Frag pi(PiForm f) {
        String k = Integer.toString(f.k());
        String text;
        if (!f.inverse()) {
            text = f.over() ? "pi/" + k : f.k() == 1 ? "pi" : k + "*pi";
        } else {
            text = f.over() ? "1/(" + k + "*pi)" : k + "/pi";
        }
        if (f.negative()) {
            return new Frag("-" + text, f.bare() ? SIGN : PRODUCT);
        }
        return new Frag(text, f.bare() ? ATOM : PRODUCT);
    }

    @Override
    Frag variable(String name) {
        return new Frag(name, ATOM);
    }

    @Override
    Frag negation(Frag a) {
        return new Frag("-" + parenIf(a, a.prec() < POWER || a.startsWithMinus()), SIGN);
    }

    @Override
    Frag function(Unary u, Frag a) {
        return call(u.op().symbol(), a.text());
    }

    /** {@code name(a)} or {@code name(a, b)}, which {@link Parser} reads back given the function. */
    @Override
    Frag userFunction(UserFunction f, List<Frag> args) {
        return call(f.name(), String.join(", ", args.stream().map(Frag::text).toList()));
    }

    @Override
    Frag product(Frag l, Frag r) {
        return product(l, "*", r);
    }

    @Override
    Frag quotient(Binary b, Frag l, Frag r) {
        return product(l, "/", r);
    }

    /** {@code l symbol r} for a product or quotient written with an operator symbol. */
    final Frag product(Frag l, String symbol, Frag r) {
        return new Frag(parenIf(l, l.prec() < PRODUCT) + symbol + parenIf(r, r.prec() < POWER || r.startsWithMinus()),
                PRODUCT);
    }

    @Override
    Frag power(Binary b, Frag l, Frag r) {
        return power(l, "^", r);
    }

    /** {@code l symbol r} for a power written with an operator symbol. */
    final Frag power(Frag l, String symbol, Frag r) {
        return new Frag(parenIf(l, l.prec() < ATOM || l.startsWithMinus()) + symbol
                + parenIf(r, r.prec() < POWER || r.startsWithMinus()), POWER);
    }

    static Frag call(String function, String argument) {
        return new Frag(function + "(" + argument + ")", ATOM);
    }
}
