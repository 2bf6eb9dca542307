package dysymnet.expr;

import dysymnet.data.Dataset;

/** Singularities of a formula inside the box of its data: poles and log singularities between the rows. */
public final class Singularities {
    private Singularities() {
    }

    /**
     * Whether the formula has a pole or a log singularity inside the data's box: the argument of a {@code tan} whose
     * range over the rows covers an odd multiple of pi/2, or a denominator, the base of a negative power or the
     * argument of a {@code log} whose range covers 0. The argument is continuous on the connected box, so it takes
     * the singular value somewhere between the rows, where the formula is huge or undefined: it fits single rows
     * (the noise or the rounding of the data) and goes wild between them.
     */
    public static boolean inside(Expr term, Dataset rows) {
        boolean[] singular = {false};
        term.forEach(node -> {
            if (singular[0]) {
                return;
            }
            Expr arg = null;
            boolean tan = false;
            if (node instanceof Unary u && (u.op() == UnaryOp.TAN || u.op() == UnaryOp.LOG)) {
                arg = u.arg();
                tan = u.op() == UnaryOp.TAN;
            } else if (node instanceof Binary b && b.op() == BinaryOp.DIV) {
                arg = b.right();
            } else if (node instanceof Binary b && b.op() == BinaryOp.POW && b.right() instanceof Const c
                    && c.value() < 0) {
                arg = b.left();
            }
            if (arg == null || arg.variables().isEmpty()) {
                return;
            }
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (double v : Evaluator.evaluate(arg, rows)) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            if (!(lo <= hi)) {
                singular[0] = true; // not finite somewhere
            } else if (tan) {
                // an odd multiple of pi/2 in [lo, hi]: the pole (k + 1/2)*pi for the k just above (lo/pi - 1/2)
                singular[0] = Math.ceil(lo / Math.PI - 0.5) + 0.5 <= hi / Math.PI;
            } else {
                singular[0] = lo <= 0 && hi >= 0;
            }
        });
        return singular[0];
    }
}
