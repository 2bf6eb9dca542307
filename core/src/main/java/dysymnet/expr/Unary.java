package dysymnet.expr;

import java.util.Objects;

/** A function of one argument applied to it: a built-in {@link UnaryOp} or a one-argument {@link UserFunction}. */
public record Unary(UnaryFunction op, Expr arg) implements Expr {
    public Unary {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(arg, "arg");
        if (op instanceof UserFunction f && f.arity() != 1) {
            throw new IllegalArgumentException(f.name() + " takes two arguments");
        }
    }

    @Override
    public int complexity() {
        return 1 + arg.complexity();
    }
}
