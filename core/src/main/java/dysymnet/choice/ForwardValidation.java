package dysymnet.choice;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.data.Parallel;
import dysymnet.expr.Constants;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.FitResult;
import dysymnet.fit.LevenbergMarquardtFitter;
import dysymnet.search.Candidate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

/**
 * Forward validation, one feature: the constants of each front member (the simplest {@link #MAX_CANDIDATES} within
 * the complexity cap) are refitted on the first rows in the feature's order, for each share of
 * {@link #FIT_SHARES}, and the formula is scored on the rest, as it will be used beyond the data; the simplest member
 * whose mean forward error is within the selection's factor of the best (or within the noise level) is chosen.
 * Nothing is chosen when nothing could be validated (the next rule chooses).
 */
final class ForwardValidation implements Rule {
    static final String NAME = "forward-validation";
    /** Fewer rows are not split for forward validation. */
    static final int MIN_ROWS = 16;
    /**
     * The shares of the rows, by the feature's order, that the constants are refitted on, the rest validating: the
     * forward error is the mean over these splits, short and long horizons.
     */
    static final double[] FIT_SHARES = {0.5, 0.75};
    /**
     * At most this many rows (evenly spaced in the feature's order) are used, and the refits are short (they start
     * from the fitted constants): so the choice costs at most 80 fits of 60 evaluations on 500 rows, a few tenths of
     * a second for the largest formulas, after the search's time limit.
     */
    static final int MAX_ROWS = 500;
    static final int FIT_ITERATIONS = 30;
    static final int FIT_EVALUATIONS = 60;
    /**
     * Fits from starts other than the formula's own constants in each forward refit: the formula's constants come
     * from all the rows, late ones included, and a refit that starts there stays in their basin, so that a formula
     * fitting the noise of the late rows would validate on them as well as it was fitted to them (measured: the
     * forward error of such a formula equalled its training error on those rows).
     */
    static final int FRESH_STARTS = 8;
    /** The seed of the starts' perturbations: fixed, so the choice is a function of the candidates and the rows. */
    private static final long STARTS_SEED = 0x5eed_f0d1L;
    /** At most this many front members (the simplest) are validated. */
    static final int MAX_CANDIDATES = 40;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean apply(ChoiceState s) {
        Dataset data = s.data();
        if (!s.selection().validation() || data.features() != 1 || data.rows() < MIN_ROWS || s.chosen() != null) {
            return false;
        }
        int n = data.rows();
        int[] order = data.orderBy(0);
        int m = Math.min(n, MAX_ROWS);
        int[] rows = new int[m];
        for (int k = 0; k < m; k++) {
            rows[k] = order[(int) ((long) k * n / m)];
        }
        ConstantFitter fitter = new LevenbergMarquardtFitter(FIT_ITERATIONS, FIT_EVALUATIONS);
        List<Candidate> members = new ArrayList<>();
        for (Candidate c : s.front().candidates()) {
            if (c.complexity() <= s.selection().maxComplexity()) {
                members.add(c);
            }
        }
        int count = Math.min(members.size(), MAX_CANDIDATES);
        // each member's refit on each split a task (pure: its starts come from a fixed seed), summed in a fixed order
        List<Callable<Double>> tasks = new ArrayList<>();
        for (double share : FIT_SHARES) {
            int cut = (int) Math.round(m * share);
            Dataset early = data.select(Arrays.copyOfRange(rows, 0, cut));
            Dataset late = data.select(Arrays.copyOfRange(rows, cut, m));
            for (int i = 0; i < count; i++) {
                Expr e = members.get(i).expression();
                tasks.add(() -> Metrics.mse(Evaluator.evaluate(refit(fitter, e, early), late), late));
            }
        }
        List<Double> errors = Parallel.map(tasks, s.threads());
        double[] forward = new double[count];
        for (int k = 0; k < FIT_SHARES.length; k++) {
            for (int i = 0; i < count; i++) {
                double e = errors.get(k * count + i);
                forward[i] += Double.isFinite(e) ? e / FIT_SHARES.length : Double.POSITIVE_INFINITY;
            }
        }
        double best = Double.POSITIVE_INFINITY;
        for (double f : forward) {
            best = Math.min(best, f);
        }
        if (count == 0 || !Double.isFinite(best)) {
            return true;
        }
        double limit = Math.max(s.selection().factor() * best, s.level());
        int chosen = -1;
        for (int i = 0; i < count && chosen < 0; i++) {
            if (forward[i] <= limit) {
                chosen = i;
            }
        }
        if (chosen < 0) {
            return true;
        }
        String bound = "the limit " + Explanation.number(limit) + " (" + Explanation.number(s.selection().factor())
                + " x the best " + Explanation.number(best)
                + (limit > s.selection().factor() * best ? ", or the noise level" : "") + ")";
        for (int i = 0; i < members.size(); i++) {
            Candidate c = members.get(i);
            if (i >= count) {
                s.passOver(c, NAME, "not validated: only the simplest " + MAX_CANDIDATES + " are");
            } else if (i < chosen) {
                s.passOver(c, NAME, "forward error " + Explanation.number(forward[i]) + " above " + bound);
            } else if (i > chosen) {
                s.passOver(c, NAME, "forward error " + Explanation.number(forward[i]) + ": a simpler formula is within "
                        + bound);
            }
        }
        s.choose(members.get(chosen), NAME, "forward error " + Explanation.number(forward[chosen]) + " within "
                + bound);
        return true;
    }

    /**
     * The formula refitted on {@code early}: of the fits from its own constants and from {@link #FRESH_STARTS}
     * perturbations of them (each constant times {@code exp(0.5 z)} plus {@code 0.1 z'}, z and z' standard normal),
     * the one of the lowest error on those rows. Only the early rows decide, as when the formula is used beyond its
     * data.
     */
    static Expr refit(ConstantFitter fitter, Expr e, Dataset early) {
        FitResult best = fitter.fit(e, early);
        double[] c0 = Constants.values(e);
        if (c0.length == 0) {
            return best.expression();
        }
        SplittableRandom rng = new SplittableRandom(STARTS_SEED);
        for (int k = 0; k < FRESH_STARTS; k++) {
            double[] c = new double[c0.length];
            for (int j = 0; j < c.length; j++) {
                c[j] = c0[j] * Math.exp(0.5 * gaussian(rng)) + 0.1 * gaussian(rng);
            }
            FitResult f = fitter.fit(Constants.substitute(e, c), early);
            if (f.mse() < best.mse()) {
                best = f;
            }
        }
        return best.expression();
    }

    /** A standard normal draw (Box-Muller), from {@code rng} alone. */
    private static double gaussian(SplittableRandom rng) {
        double u = 1 - rng.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.nextDouble());
    }
}
