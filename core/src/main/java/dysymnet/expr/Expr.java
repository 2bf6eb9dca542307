package dysymnet.expr;

/**
 * An immutable mathematical expression over named variables.
 *
 * <p>The meaning of every operator, including its protected behaviour outside the mathematical domain
 * (log and sqrt of negative numbers, division by zero, exp overflow), is defined once in {@link UnaryOp}
 * and {@link BinaryOp}; the symbolic network, the expression evaluator and the constant fitter all use those
 * definitions, so a formula read off a network computes the same numbers as the network.
 */
public sealed interface Expr permits Const, Var, Unary, Binary {

    /** Number of nodes of the tree: the complexity measure used everywhere in the project. */
    int complexity();

    /** Convenience constructors, to keep code that builds trees readable. */
    static Expr num(double v) {
        return new Const(v);
    }

    static Expr var(String name) {
        return new Var(name);
    }

    static Expr add(Expr a, Expr b) {
        return new Binary(BinaryOp.ADD, a, b);
    }

    static Expr sub(Expr a, Expr b) {
        return new Binary(BinaryOp.SUB, a, b);
    }

    static Expr mul(Expr a, Expr b) {
        return new Binary(BinaryOp.MUL, a, b);
    }

    static Expr div(Expr a, Expr b) {
        return new Binary(BinaryOp.DIV, a, b);
    }

    static Expr pow(Expr a, Expr b) {
        return new Binary(BinaryOp.POW, a, b);
    }

    static Expr apply(UnaryOp op, Expr a) {
        return new Unary(op, a);
    }
}
