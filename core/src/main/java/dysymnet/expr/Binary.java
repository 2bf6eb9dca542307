package dysymnet.expr;

import java.util.Objects;

/** A binary operator applied to two arguments: a {@link BinaryOp}, or a two-argument {@link UserFunction}. */
public record Binary(BinaryFunction op, Expr left, Expr right) implements Expr {
    public Binary {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(left, "left");
        Objects.requireNonNull(right, "right");
        if (op instanceof UserFunction f && f.arity() != 2) {
            throw new IllegalArgumentException(f.name() + " takes one argument");
        }
    }

    @Override
    public int complexity() {
        return 1 + left.complexity() + right.complexity();
    }
}
