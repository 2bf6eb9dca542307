package dysymnet.expr;

import java.util.Objects;

/** A variable, referred to by its name (a column name of the data). */
public record Var(String name) implements Expr {
    public Var {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("variable name must not be empty");
        }
    }

    @Override
    public int complexity() {
        return 1;
    }
}
