package dysymnet.choice;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Binary;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Whether a formula blows up just outside its data: a pole, an overflow or a runaway term within half the data's
 * range beyond it, where a law goes on smoothly. Such a formula fits its training rows and is wrong one step
 * outside them, worse for a user than a simpler formula that fits a little less well.
 *
 * <p>Probe points: for one feature, a grid of {@value #GRID} points on each side of the data's range, over half its
 * width, but not across zero for a feature that is never negative or never positive (time, lengths and masses stay
 * positive: there the grid ends half way to zero); for several features, {@value #GRID} random points of the box that
 * extends each feature's range the same way (a fixed sample). A formula blows up when it is not finite at a probe
 * point, when it leaves the band of {@value #MAGNITUDE} times the target's largest deviation from its mean around
 * that mean, or (one feature) when its largest change between neighbouring grid points outside the data is
 * {@value #JUMP} times its largest such change inside: a pole between grid points. The bounds leave room for every
 * polynomial up to degree 9 and exponentials over the extension. With several features the formula is also probed
 * between its rows, with a band much closer to the data ({@link #blowsUpBetweenRows}).
 */
final class Extrapolation {
    static final int GRID = 512;
    static final double EXTENSION = 0.5;
    static final double MAGNITUDE = 1000;
    static final double JUMP = 1000;
    static final double BETWEEN_MAGNITUDE = 3;
    /** The change of the inputs for {@link #illConditioned}: this share of each feature's standard deviation. */
    static final double NUDGE = 1e-6;
    /**
     * {@link #illConditioned}: a change of the output by more than this share of the target's largest deviation
     * under a nudge of the inputs ...
     */
    static final double SENSITIVITY = 1e-3;
    /** ... at more than this share of the rows. */
    static final double SENSITIVE_SHARE = 0.1;
    /** {@link #illConditioned} looks at this many rows at most (a fixed sample). */
    static final int NUDGED_ROWS = 2048;

    private final List<String> names;
    /** Probe columns [feature][point]; for one feature, the grid over the data's range, then the two outer grids. */
    private final double[][] probe;
    private final boolean grid;
    private final double centre;
    private final double spread;

    /** Several features: points between the rows ({@link #blowsUpBetweenRows}), [feature][point]; else null. */
    private final double[][] between;
    /**
     * Several features: the rows (at most {@link #NUDGED_ROWS}), and the rows with every feature nudged up and down by {@link #NUDGE} of its
     * standard deviation ({@link #illConditioned}), [feature][row]; else null.
     */
    private final double[][] rows;
    private final double[][] up;
    private final double[][] down;

    private Extrapolation(List<String> names, double[][] probe, boolean grid, double centre, double spread,
                          double[][] between, double[][] rows, double[][] up, double[][] down) {
        this.names = names;
        this.probe = probe;
        this.grid = grid;
        this.centre = centre;
        this.spread = spread;
        this.between = between;
        this.rows = rows;
        this.up = up;
        this.down = down;
    }

    static Extrapolation of(Dataset data) {
        double[] y = data.y();
        double mean = Metrics.mean(y);
        double dev = 0;
        for (double v : y) {
            dev = Math.max(dev, Math.abs(v - mean));
        }
        double spread = dev > 0 ? dev : Math.max(Math.abs(mean), 1.0);
        int d = data.features();
        double[] lo = new double[d];
        double[] hi = new double[d];
        double[] outLo = new double[d];
        double[] outHi = new double[d];
        for (int j = 0; j < d; j++) {
            double[] c = data.column(j);
            lo[j] = Double.POSITIVE_INFINITY;
            hi[j] = Double.NEGATIVE_INFINITY;
            for (double v : c) {
                lo[j] = Math.min(lo[j], v);
                hi[j] = Math.max(hi[j], v);
            }
            double[] out = outerRange(lo[j], hi[j]);
            outLo[j] = out[0];
            outHi[j] = out[1];
        }
        if (d == 1) {
            double[] p = new double[3 * GRID];
            for (int i = 0; i < GRID; i++) {
                double f = (double) i / (GRID - 1);
                p[i] = lo[0] + f * (hi[0] - lo[0]);
                p[GRID + i] = outLo[0] + f * (lo[0] - outLo[0]);
                p[2 * GRID + i] = hi[0] + f * (outHi[0] - hi[0]);
            }
            return new Extrapolation(data.names(), new double[][] {p}, true, mean, spread, null, null, null, null);
        }
        SplittableRandom rng = new SplittableRandom(0x5eed_e87aL);
        double[][] p = new double[d][GRID];
        for (int i = 0; i < GRID; i++) {
            for (int j = 0; j < d; j++) {
                p[j][i] = outLo[j] + rng.nextDouble() * (outHi[j] - outLo[j]);
            }
        }
        double[][] b = new double[d][GRID];
        int n = data.rows();
        for (int k = 0; k < GRID; k++) {
            int i = rng.nextInt(n);
            int i2 = rng.nextInt(n);
            double t = rng.nextDouble();
            for (int j = 0; j < d; j++) {
                double[] c = data.column(j);
                b[j][k] = t * c[i] + (1 - t) * c[i2];
            }
        }
        // the rows, at most NUDGED_ROWS of them (a fixed sample), for the conditioning
        int m = Math.min(n, NUDGED_ROWS);
        int[] sample = Arrays.copyOf(Dataset.permutation(n, rng), m);
        Arrays.sort(sample);
        double[][] rows = new double[d][m];
        double[][] up = new double[d][m];
        double[][] down = new double[d][m];
        for (int j = 0; j < d; j++) {
            double[] c = data.column(j);
            double nudge = NUDGE * Math.sqrt(Metrics.variance(c));
            for (int k = 0; k < m; k++) {
                rows[j][k] = c[sample[k]];
                up[j][k] = rows[j][k] + nudge;
                down[j][k] = rows[j][k] - nudge;
            }
        }
        return new Extrapolation(data.names(), p, false, mean, spread, b, rows, up, down);
    }

    /**
     * The range a feature's values {@code [lo, hi]} are extended to: {@value #EXTENSION} of the width on each side,
     * but not across zero for a feature that is never negative or never positive (there half way to zero).
     */
    static double[] outerRange(double lo, double hi) {
        double w = hi - lo;
        double outLo = lo - EXTENSION * w;
        double outHi = hi + EXTENSION * w;
        if (lo >= 0 && outLo <= 0) {
            outLo = lo / 2;
        }
        if (hi <= 0 && outHi >= 0) {
            outHi = hi / 2;
        }
        return new double[] {outLo, outHi};
    }

    /**
     * Several features: whether the formula leaves the band of {@value #BETWEEN_MAGNITUDE} times the target's
     * largest deviation from its mean around that mean (or is not finite) somewhere between its rows: at
     * {@value #GRID} points on the segments between random pairs of rows (a fixed sample). A law of a table goes
     * between its rows about as its rows go (a function convex or concave along a segment stays on one side of its
     * ends' values); a formula that fits a few rows with a pole or an oscillation of a large argument between them
     * ({@code 36*tan(-521*a - b*c + 4.8*d)} on 36 rows) does not, and is wrong on the next row measured. False for
     * one feature (the grid of {@link #blowsUp} covers the data's range).
     */
    boolean blowsUpBetweenRows(Expr e) {
        if (between == null) {
            return false;
        }
        return leaves(Evaluator.evaluate(e, names, between), BETWEEN_MAGNITUDE * spread);
    }

    /**
     * Several features: whether the formula is ill-conditioned on its rows: a change of every input by
     * {@link #NUDGE} of its standard deviation, far below any measurement's precision, moves the output by more
     * than {@link #SENSITIVITY} of the target's largest deviation (or makes it not finite) at more than
     * {@link #SENSITIVE_SHARE} of the rows. A formula that depends on the seventh digit of its inputs is a lookup
     * table of its rows, not a law of them: a periodic function of a huge argument on integer-valued columns
     * ({@code tan(cosh(YR) + 0.715)} on 110 rows) fits rows the search saw, held-out rows included, and tells
     * nothing about the next one measured. A law's output moves by about a millionth of the target's range; a
     * pole at one row is left to the other probes. False for one feature.
     */
    boolean illConditioned(Expr e) {
        if (rows == null) {
            return false;
        }
        return sensitiveRows(e) > SENSITIVE_SHARE * rows[0].length;
    }

    /**
     * The rows at which a nudge of the inputs moves {@code e}'s output by more than {@link #SENSITIVITY} of the
     * target's largest deviation (or makes it not finite), {@code e} finite there.
     */
    private int sensitiveRows(Expr e) {
        double[] f = Evaluator.evaluate(e, names, rows);
        double[] fu = Evaluator.evaluate(e, names, up);
        double[] fd = Evaluator.evaluate(e, names, down);
        double limit = SENSITIVITY * spread;
        int sensitive = 0;
        for (int i = 0; i < f.length; i++) {
            double change = Math.max(Math.abs(fu[i] - f[i]), Math.abs(fd[i] - f[i]));
            if (!(change <= limit) && Double.isFinite(f[i])) {
                sensitive++;
            }
        }
        return sensitive;
    }

    /**
     * Whether the formula meets the overflow clamp of exp, sinh or cosh ({@link UnaryOp#EXP_MAX}) on the data: an
     * argument beyond it at one of the rows ({@link #rows}; one feature: the grid over the data's range). There the
     * formula's value is the clamp's, not its mathematics: {@code -5.7e-45*W*exp(Ed) + 254} on rows of Ed from 87
     * to 121 is flat beyond Ed = 100 and astronomically wrong as written (in SymPy, in a user's own code), a hinge
     * of the protected arithmetic that a search can fit but no law has. Null when it does not; else the node and the
     * largest argument, for the explanation.
     */
    String clamped(Expr e) {
        double[][] at = rows;
        if (at == null) {
            at = new double[][] {Arrays.copyOf(probe[0], GRID)};
        }
        return clamped(e, at);
    }

    private String clamped(Expr e, double[][] at) {
        if (e instanceof Unary u) {
            String inner = clamped(u.arg(), at);
            if (inner != null) {
                return inner;
            }
            boolean exp = u.op() == UnaryOp.EXP;
            if (exp || u.op() == UnaryOp.SINH || u.op() == UnaryOp.COSH) {
                double worst = 0;
                for (double v : Evaluator.evaluate(u.arg(), names, at)) {
                    double beyond = exp ? v : Math.abs(v);
                    if (beyond > UnaryOp.EXP_MAX && beyond > worst) {
                        worst = beyond;
                    }
                }
                if (worst > 0) {
                    return (exp ? "exp" : u.op() == UnaryOp.SINH ? "sinh" : "cosh") + " of an argument up to "
                            + Explanation.number(worst) + " on the data, beyond its clamp at " + UnaryOp.EXP_MAX;
                }
            }
        } else if (e instanceof Binary b) {
            String left = clamped(b.left(), at);
            return left != null ? left : clamped(b.right(), at);
        }
        return null;
    }

    /** Whether a value is not finite or farther than {@code band} from the target's mean. */
    private boolean leaves(double[] values, double band) {
        for (double x : values) {
            if (!Double.isFinite(x) || Math.abs(x - centre) > band) {
                return true;
            }
        }
        return false;
    }

    /** Whether the formula blows up at the probe points (see the class comment). */
    boolean blowsUp(Expr e) {
        double[] v = Evaluator.evaluate(e, names, probe);
        if (leaves(v, MAGNITUDE * spread)) {
            return true;
        }
        if (!grid) {
            return false;
        }
        double inside = maxStep(v, 0);
        double outside = Math.max(maxStep(v, GRID), maxStep(v, 2 * GRID));
        return outside > JUMP * Math.max(inside, 1e-12 * spread);
    }

    /** Why {@link #blowsUp} holds of {@code e}, with its numbers (a sentence's end). */
    String whyBlowsUp(Expr e) {
        double[] v = Evaluator.evaluate(e, names, probe);
        int k = firstOutside(v, MAGNITUDE * spread);
        if (k >= 0) {
            return "at " + point(probe, k) + ", beyond the data, it is " + Explanation.number(v[k]) + ", outside "
                    + band(MAGNITUDE);
        }
        double inside = maxStep(v, 0);
        double outside = Math.max(maxStep(v, GRID), maxStep(v, 2 * GRID));
        return "it jumps by " + Explanation.number(outside) + " between neighbouring points beyond the data, over "
                + Explanation.number(JUMP) + " x its largest step inside, " + Explanation.number(inside);
    }

    /** Why {@link #blowsUpBetweenRows} holds of {@code e}, with its numbers. */
    String whyBetweenRows(Expr e) {
        double[] v = Evaluator.evaluate(e, names, between);
        int k = Math.max(firstOutside(v, BETWEEN_MAGNITUDE * spread), 0);
        return "between two rows, at " + point(between, k) + ", it is " + Explanation.number(v[k]) + ", outside "
                + band(BETWEEN_MAGNITUDE);
    }

    /** Why {@link #illConditioned} holds of {@code e}, with its numbers. */
    String whyIllConditioned(Expr e) {
        return "a nudge of the inputs by " + Explanation.number(NUDGE) + " of their spread moves it by more than "
                + Explanation.number(SENSITIVITY * spread) + " at " + sensitiveRows(e) + " of " + rows[0].length
                + " rows (over " + Explanation.number(100 * SENSITIVE_SHARE) + "%)";
    }

    /** The first value not finite or farther than {@code band} from the target's mean, -1 for none. */
    private int firstOutside(double[] values, double band) {
        for (int k = 0; k < values.length; k++) {
            if (!Double.isFinite(values[k]) || Math.abs(values[k] - centre) > band) {
                return k;
            }
        }
        return -1;
    }

    private String band(double times) {
        return "the mean " + Explanation.number(centre) + " +- " + Explanation.number(times) + " x "
                + Explanation.number(spread);
    }

    private String point(double[][] points, int k) {
        StringBuilder b = new StringBuilder();
        for (int j = 0; j < names.size(); j++) {
            b.append(j == 0 ? "" : ", ").append(names.get(j)).append(" = ").append(Explanation.number(points[j][k]));
        }
        return b.toString();
    }

    private static double maxStep(double[] v, int from) {
        double m = 0;
        for (int i = from + 1; i < from + GRID; i++) {
            m = Math.max(m, Math.abs(v[i] - v[i - 1]));
        }
        return m;
    }
}
