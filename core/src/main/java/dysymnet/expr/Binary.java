package dysymnet.expr;

import java.util.Objects;

/** A binary operator applied to two arguments. */
public record Binary(BinaryOp op, Expr left, Expr right) implements Expr {
    public Binary {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(left, "left");
        Objects.requireNonNull(right, "right");
    }

    @Override
    public int complexity() {
        return 1 + left.complexity() + right.complexity();
    }
}
