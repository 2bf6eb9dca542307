package dysymnet.expr;

/**
 * What a {@link Unary} node applies to its argument: one of the built-in functions of {@link UnaryOp}, or a
 * {@link UserFunction} of one argument that a user defined. Both give the value and the derivative (the single
 * definition of the node's semantics, shared by the network, the evaluator and the fitters) and the facts the
 * simplifier and the printers use; a user-defined function claims none of them (no parity, no known sign).
 */
public sealed interface UnaryFunction permits UnaryOp, UserFunction {

    /** The function's name in formulas ({@code "-"} for negation). */
    String symbol();

    /** The value at x. */
    double apply(double x);

    /** The derivative at x. */
    double derivative(double x);

    /** How {@code f(-x)} relates to {@code f(x)}, as far as the simplifier may use it. */
    UnaryOp.Parity parity();

    /** What is known of the sign of the value. */
    UnaryOp.Sign sign();

    /** Whether the function takes the absolute value of its argument ({@code log|x|}, {@code sqrt|x|}). */
    boolean actsOnAbsoluteValue();

    /** Whether {@link #apply}{@code (x)} is the textbook function's value at x. */
    boolean agreesWithTextbook(double x);

    /**
     * The canonical order of functions: the built-in ones in their declaration order, then the user-defined ones by
     * name.
     */
    static int compare(UnaryFunction a, UnaryFunction b) {
        return UserFunction.order(a, b);
    }
}
