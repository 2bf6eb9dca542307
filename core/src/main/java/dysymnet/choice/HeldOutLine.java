package dysymnet.choice;

import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.search.Candidate;
import dysymnet.search.Source;
import org.hipparchus.distribution.continuous.TDistribution;

/**
 * The held-out line test: when rows were held out from the search ({@link Finishing#rows}, a small table of
 * several features), the chosen formula stays chosen only if it predicts them better than the search's straight
 * line of the lowest error in all the inputs (both fitted on the searched rows), by a one-sided paired t-test at
 * {@link #CONFIDENCE}; otherwise the line is reported, with a note. An exact fit, that line itself, or a search
 * without lines keeps its choice.
 *
 * <p>Why a test and not the lower mean: a fifth of a small table is 7 to 22 rows, and on so few a formula no
 * better than the line has the lower mean half the time. Measured on the 30 black-box sets at 60 s, seeds 1-3
 * (docs/benchmarks): formulas reported over the line with their held-out mean lower by 0.1 to 1.3 standard errors
 * lost to it on the test rows by up to 3.4 in R^2 (a pole of a tangent between the rows).
 */
final class HeldOutLine implements Rule {
    static final String NAME = "held-out-line";
    /** The note when the chosen formula does not predict the held-out rows clearly better than a straight line. */
    static final String LINE_HOLDS = "no formula found predicts the rows held out from the search clearly better than "
            + "a straight line in the inputs: the line is reported";
    /**
     * The chosen formula is reported over the line only when the held-out rows show it better by a one-sided paired
     * t-test at this level: the mean of the row-wise differences of their squared errors below zero by more than
     * the Student t quantile (rows - 1 degrees of freedom) times its standard error.
     */
    static final double CONFIDENCE = 0.9;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean apply(ChoiceState s) {
        HeldOut held = s.heldOut();
        Candidate chosen = s.chosen();
        if (held == null || chosen == null || s.facts().exact(chosen.mse())) {
            return false;
        }
        Candidate line = null;
        for (Candidate c : s.all()) {
            if (c.source().equals(Source.LINEAR) && s.admissible(c) && Double.isFinite(c.mse())
                    && (line == null || c.mse() < line.mse())) {
                line = c;
            }
        }
        if (line == null || line.equals(chosen)) {
            return false;
        }
        double[] formula = loss(held.unscale(chosen.expression()), held.rows());
        double[] lineLoss = loss(held.unscale(line.expression()), held.rows());
        if (lineHolds(formula, lineLoss)) {
            s.passOver(chosen, NAME, why(formula, lineLoss, "predicts the held-out rows not clearly better than the "
                    + "line"));
            s.choose(line, NAME, "the line holds on " + formula.length + " held-out rows");
            if (!s.front().candidates().contains(line)) {
                s.join(line);
            }
            s.note(LINE_HOLDS);
        } else {
            s.keep(NAME, why(formula, lineLoss, "predicts the held-out rows better than the line"));
        }
        return true;
    }

    /** The paired t of the line's losses over the formula's, beside the test's quantile. */
    private static String why(double[] formula, double[] line, String verdict) {
        for (double l : formula) {
            if (!Double.isFinite(l)) {
                return verdict + ": not finite on a held-out row";
            }
        }
        if (formula.length < 2) {
            return verdict + ": fewer than 2 held-out rows";
        }
        return verdict + ": paired t = " + Explanation.number(CrossValidation.pairedT(line, formula))
                + (CrossValidation.notWorse(line, formula, quantile(formula.length)) ? " <= " : " > ")
                + Explanation.number(quantile(formula.length)) + " on " + formula.length + " rows, "
                + CrossValidation.lineComparison(formula, line);
    }

    private static double quantile(int n) {
        return new TDistribution(n - 1).inverseCumulativeProbability(CONFIDENCE);
    }

    /**
     * Whether the line is reported: unless the formula's losses on the held-out rows ({@code formula[i]}, beside the
     * line's {@code line[i]}) are lower by a one-sided paired t-test at {@link #CONFIDENCE}, or several times lower
     * on most rows ({@link CrossValidation#severalTimesBetter}, at the cross-validation's level: the t-test has no
     * power when a few rows carry the loss). A formula not finite on a held-out row predicts it worse than any line.
     */
    static boolean lineHolds(double[] formula, double[] line) {
        for (double l : formula) {
            if (!Double.isFinite(l)) {
                return true;
            }
        }
        int n = formula.length;
        if (n < 2) {
            return true;
        }
        return CrossValidation.notWorse(line, formula, quantile(n))
                && !CrossValidation.severalTimesBetter(formula, line, CrossValidation.SIGN_TEST_LEVEL);
    }

    /** The weighted squared error of {@code e} on each of the rows (infinite where it is not finite). */
    static double[] loss(Expr e, Dataset rows) {
        double[] p = Evaluator.evaluate(e, rows);
        double[] w = rows.weights();
        double[] loss = new double[rows.rows()];
        for (int i = 0; i < loss.length; i++) {
            double r = p[i] - rows.y()[i];
            double l = (w == null ? 1 : w[i]) * r * r;
            loss[i] = Double.isFinite(l) ? l : Double.POSITIVE_INFINITY;
        }
        return loss;
    }
}
