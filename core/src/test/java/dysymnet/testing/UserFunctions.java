package dysymnet.testing;

import dysymnet.expr.UserFunction;

/**
 * User-defined functions for the tests: a unary {@code softplus} and a binary {@code hypot}, each with every printed
 * form, written so that the Java form computes the value's very bits.
 */
public final class UserFunctions {
    private UserFunctions() {
    }

    /** {@code softplus(x) = log(1 + exp(x))}, derivative the logistic function. */
    public static final UserFunction SOFTPLUS = UserFunction.unary("softplus",
                    x -> Math.log1p(Math.exp(x)), x -> 1.0 / (1.0 + Math.exp(-x)))
            // below -40, exp(x) is log(1 + exp(x)) to double precision, and 1 + exp(x) would need more digits than a
            // SymPy evaluation has
            .sympy("Piecewise((exp(#1), #1 < -40), (log(1 + exp(#1)), True))")
            .latex("\\log\\left(1 + e^{#1}\\right)")
            .java("Math.log1p(Math.exp(#1))")
            .numpy("np.log1p(np.exp(#1))")
            .c("log1p(exp(#1))")
            .build();

    /** {@code hypot(a, b) = sqrt(a^2 + b^2)} without overflow; its partial derivatives are 0 at the origin. */
    public static final UserFunction HYPOT = UserFunction.binary("hypot", Math::hypot,
                    (a, b) -> {
                        double h = Math.hypot(a, b);
                        return h == 0.0 ? 0.0 : a / h;
                    },
                    (a, b) -> {
                        double h = Math.hypot(a, b);
                        return h == 0.0 ? 0.0 : b / h;
                    })
            .sympy("sqrt((#1)**2 + (#2)**2)")
            .java("Math.hypot(#1, #2)")
            .numpy("np.hypot(#1, #2)")
            .c("hypot(#1, #2)")
            .build();
}
