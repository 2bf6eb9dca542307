package dysymnet.choice;

import dysymnet.expr.Expr;

/**
 * A formula that meets the overflow clamp of exp, sinh or cosh on the data ({@link Extrapolation#clamped}): its
 * values there come from the protected arithmetic, not from the formula a user reads.
 */
final class Clamped implements Probe {
    @Override
    public String name() {
        return "overflow-clamp";
    }

    @Override
    public boolean blowsUp(Extrapolation points, Expr e) {
        return points.clamped(e) != null;
    }

    @Override
    public String why(Extrapolation points, Expr e) {
        return points.clamped(e);
    }
}
