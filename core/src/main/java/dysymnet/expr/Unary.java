package dysymnet.expr;

import java.util.Objects;

/** A unary operator applied to one argument. */
public record Unary(UnaryOp op, Expr arg) implements Expr {
    public Unary {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(arg, "arg");
    }

    @Override
    public int complexity() {
        return 1 + arg.complexity();
    }
}
