package dysymnet.choice;

import dysymnet.expr.Expr;

/**
 * Several features: a pole or a wild oscillation between the rows, on segments between random pairs of them
 * ({@link Extrapolation#blowsUpBetweenRows}).
 */
final class BetweenRows implements Probe {
    @Override
    public String name() {
        return "between-rows";
    }

    @Override
    public boolean blowsUp(Extrapolation points, Expr e) {
        return points.blowsUpBetweenRows(e);
    }

    @Override
    public String why(Extrapolation points, Expr e) {
        return points.whyBetweenRows(e);
    }
}
