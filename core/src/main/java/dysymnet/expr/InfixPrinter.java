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

    @Override
    Frag constant(double v) {
        return plain(number(v, digits));
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
