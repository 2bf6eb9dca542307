package dysymnet.choice;

import dysymnet.expr.Expr;

/**
 * A pole, an overflow or a runaway term within half the data's range beyond it, where a law goes on smoothly
 * ({@link Extrapolation#blowsUp}; the bands are its constants).
 */
final class BeyondData implements Probe {
    @Override
    public String name() {
        return "beyond-data";
    }

    @Override
    public boolean blowsUp(Extrapolation points, Expr e) {
        return points.blowsUp(e);
    }

    @Override
    public String why(Extrapolation points, Expr e) {
        return points.whyBlowsUp(e);
    }
}
