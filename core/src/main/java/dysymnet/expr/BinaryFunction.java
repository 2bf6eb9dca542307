package dysymnet.expr;

/**
 * What a {@link Binary} node applies to its two operands: one of the arithmetic operators of {@link BinaryOp}, or a
 * {@link UserFunction} of two arguments that a user defined (written as a call, {@code hypot(x, y)}). Both give the
 * value and the partial derivatives, the single definition of the node's semantics.
 */
public sealed interface BinaryFunction permits BinaryOp, UserFunction {

    /** The operator's symbol ({@code +}, {@code ^}) or the user-defined function's name. */
    String symbol();

    /** The value of {@code f(a, b)}. */
    double apply(double a, double b);

    /** The partial derivative with respect to {@code a}. */
    double dLeft(double a, double b);

    /** The partial derivative with respect to {@code b}. */
    double dRight(double a, double b);

    /** Whether {@link #apply}{@code (a, b)} is the textbook value at a, b. */
    boolean agreesWithTextbook(double a, double b);

    /** The canonical order: the arithmetic operators in their declaration order, then user-defined ones by name. */
    static int compare(BinaryFunction a, BinaryFunction b) {
        return UserFunction.order(a, b);
    }
}
