package dysymnet.expr;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

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

    /**
     * Calls {@code action} on every node of the tree in pre-order: a node before its operands, the left operand
     * before the right one, so the leaves come in the left-to-right order in which the formula is written.
     */
    default void forEach(Consumer<? super Expr> action) {
        action.accept(this);
        if (this instanceof Unary u) {
            u.arg().forEach(action);
        } else if (this instanceof Binary b) {
            b.left().forEach(action);
            b.right().forEach(action);
        }
    }

    /** The names of the variables of the formula, each once, in the order of their first occurrence. */
    default Set<String> variables() {
        Set<String> names = new LinkedHashSet<>();
        forEach(e -> {
            if (e instanceof Var v) {
                names.add(v.name());
            }
        });
        return names;
    }

    /**
     * This formula with every variable {@code v} replaced by {@code f(v)}: the tree rebuilt bottom-up, constants
     * and operators as they are.
     */
    default Expr mapVariables(Function<? super Var, ? extends Expr> f) {
        if (this instanceof Var v) {
            return f.apply(v);
        }
        if (this instanceof Unary u) {
            return new Unary(u.op(), u.arg().mapVariables(f));
        }
        if (this instanceof Binary b) {
            return new Binary(b.op(), b.left().mapVariables(f), b.right().mapVariables(f));
        }
        return this;
    }

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
