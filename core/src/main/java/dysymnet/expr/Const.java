package dysymnet.expr;

/** A numeric constant. Constants are what the constant fitter refines. */
public record Const(double value) implements Expr {
    @Override
    public int complexity() {
        return 1;
    }
}
