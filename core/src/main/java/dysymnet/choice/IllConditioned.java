package dysymnet.choice;

import dysymnet.expr.Expr;

/**
 * Several features: an output that a nudge of the inputs far below any measurement's precision moves, a lookup
 * table of the rows rather than a law ({@link Extrapolation#illConditioned}).
 */
final class IllConditioned implements Probe {
    @Override
    public String name() {
        return "ill-conditioned";
    }

    @Override
    public boolean blowsUp(Extrapolation points, Expr e) {
        return points.illConditioned(e);
    }

    @Override
    public String why(Extrapolation points, Expr e) {
        return points.whyIllConditioned(e);
    }
}
