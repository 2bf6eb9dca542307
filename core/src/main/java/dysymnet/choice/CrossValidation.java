package dysymnet.choice;

import dysymnet.data.Dataset;
import dysymnet.search.Candidate;
import dysymnet.search.ParetoFront;
import dysymnet.search.Selection;
import dysymnet.search.Source;
import dysymnet.data.Parallel;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.LevenbergMarquardtFitter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import org.hipparchus.distribution.discrete.BinomialDistribution;

/**
 * The choice among front members by k-fold cross-validation, for data of several features that no formula fits
 * exactly: how well each formula predicts rows it was not fitted to, as it will be used on new rows of the same
 * table. Training error on measured tables rewards size (a 92-node formula from 35 rows fits them better than a
 * straight line and predicts new rows far worse); an information criterion charges a fixed price per node, which is
 * right for a law with noise but cannot see that a formula's constants were bent to a few rows.
 *
 * <p>Each member's constants are refitted ({@link #FIT_ITERATIONS} Levenberg-Marquardt iterations from its own
 * constants) on all folds but one and scored on that one; every row is held out once per fold assignment, and each
 * member has one held-out loss per row ({@code w_i * e_i^2}, the weighted squared error), the mean over
 * fold assignments ({@link #plan}). The member of the lowest mean held-out loss is the best. Members are compared by the
 * paired rule: {@code a} is not worse than {@code b} by more than {@code z} standard errors when the mean of the
 * row-wise differences {@code a_i - b_i} is at most {@code z} times its standard error. Pairing matters: two
 * formulas' held-out errors on the same rows are strongly correlated, and a law and an approximation of it that
 * misses by 2% of the noise variance on 1,000 rows are told apart by the paired difference (about 2.4 standard
 * errors) where the spread of either loss alone (about 4.5%) could not.
 *
 * <p>The choice, in three steps ({@link #decide}):
 * <ol>
 *   <li>the formula the rules on training rows chose (the incumbent: the simplest within the factor of the lowest
 *       error, or by the information criterion where the data show noise) stays chosen unless the best member
 *       predicts better by more than {@link #KEEP_STANDARD_ERRORS} standard errors: a law the information criterion
 *       told from a close approximation on many noisy rows stays chosen, a 91-node formula fitted to 36 rows does
 *       not;</li>
 *   <li>when overruled, the simplest member not worse than the best by more than {@link #STANDARD_ERRORS} standard
 *       error is chosen;</li>
 *   <li>the straight line in the inputs ({@link Source#LINEAR}, validated with the others) replaces that choice
 *       unless the choice predicts better by more than {@link #LINE_STANDARD_ERRORS} standard errors: a user is not
 *       given a formula in place of a line that the data cannot show to be better. That line is the least-squares
 *       line on every input (the most complex line) unless a sparser line of the forward path predicts better by
 *       more than as many standard errors: the sparse line of the lowest held-out loss is the best of many
 *       compared on the same few rows, and on small tables it was often worse than the full line on new rows
 *       (13 to 27 test rows: 0.42 against 0.48, 0.00 against 0.11 test R^2), while on wide tables, where the full
 *       line fits noise, a sparse one wins by far. A choice that predicts several times better than the line
 *       ({@link #severalTimesBetter}) stays whatever the paired t: where the target spans orders of magnitude, a
 *       few rows carry most of either's squared error and the t has no power (a noise-free law of seven inputs
 *       found exactly was replaced by the line at t = 1.5; formulas of held-out loss a third of the line's at
 *       t = 1.4).</li>
 * </ol>
 *
 * <p>Deterministic: the rows (at most {@link #ROW_BUDGET}) and the folds come from a fixed seed, so the choice is a
 * function of the candidates and the data.
 */
final class CrossValidation implements Rule {
    static final String NAME = "cross-validation";
    /** Folds. */
    static final int FOLDS = 5;
    /**
     * Fold assignments at most: on a small table each row's held-out loss is its mean over this many, so that which
     * rows happened to share a fold (on a few dozen rows, a fold of seven) does not decide the choice.
     */
    static final int REPEATS = 3;
    /** Fewer rows are not cross-validated (two per fold at least). */
    static final int MIN_ROWS = 2 * FOLDS;
    /**
     * Held-out predictions per member: the rows used times the fold assignments ({@link #plan}). Up to
     * {@value #ROW_BUDGET} / {@value #REPEATS} rows are used with every assignment; a larger table spends the
     * budget on more rows with fewer assignments (one from {@value #ROW_BUDGET} rows on), at the same cost: rows
     * drawn from a large table tell formulas apart (the paired t grows with the square root of the rows), repeats
     * only smooth the folds' luck. On 500 rows of a 10,000-row housing table, formulas of held-out loss 0.8 of the
     * line's were not told from it (paired t 1.6, a few rows of high prices carry the loss).
     */
    static final int ROW_BUDGET = 1500;
    /** Front members validated at most: the simplest. */
    static final int MAX_CANDIDATES = 40;
    static final int FIT_ITERATIONS = 30;
    static final int FIT_EVALUATIONS = 60;
    /**
     * A member this many standard errors of the paired difference worse than the best is still as good as the data
     * tell: the one-standard-error rule of cross-validation, on the paired difference.
     */
    static final double STANDARD_ERRORS = 1.0;
    /**
     * The incumbent (the choice of the rules on training rows) is overruled only when the best member predicts
     * better by more than this many standard errors: the best of up to 40 members is better than the incumbent by
     * one standard error by chance alone often enough to lose laws (Feynman I.34.14 at noise 0.01, the law with no
     * constant against an approximation with two), while a formula bent to its rows loses by many.
     */
    static final double KEEP_STANDARD_ERRORS = 2.0;
    /**
     * The best straight line in the inputs ({@link Source#LINEAR}) is chosen over any other formula that does not
     * predict the held-out rows better by more than this many standard errors of the paired differences: on a
     * measured table the line is the null model, and a formula that cannot show it is better (one-sided, about 98%)
     * is not reported in its place.
     */
    static final double LINE_STANDARD_ERRORS = 2.0;
    /**
     * A formula whose mean held-out loss is at most this fraction of the line's, and lower than the line's on most
     * rows ({@link #SIGN_TEST_LEVEL}), predicts several times better than the line and is never replaced by it.
     */
    static final double LINE_LOSS_FRACTION = 0.5;
    /**
     * The one-sided level of the sign test of {@link #severalTimesBetter}: the chance of at least as many rows
     * better under a fair coin, at most the normal tail beyond {@link #LINE_STANDARD_ERRORS} (about 2.3%). A count
     * of rows cannot be carried by a few of them, so the test keeps its power when the losses are heavy-tailed.
     */
    static final double SIGN_TEST_LEVEL = 0.02275;
    private static final long SEED = 0x5eed_c0f0L;

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Several features, when no front member fits exactly: the choice among the front's members, the incumbent
     * (the choice so far) and the straight lines of the pool ({@link #decide}).
     */
    @Override
    public boolean apply(ChoiceState s) {
        ParetoFront front = s.front();
        if (!s.selection().validation() || s.data().features() <= 1 || front.isEmpty()
                || s.facts().exact(front.mostAccurate().mse())) {
            return false;
        }
        List<Candidate> lines = new ArrayList<>();
        for (Candidate c : s.pool()) {
            if (c.source().equals(Source.LINEAR)) {
                lines.add(c);
            }
        }
        Candidate incumbent = s.chosen();
        Validated v = validate(front, lines, s.data(), s.selection(), incumbent, s.threads());
        if (v == null || v.members().isEmpty()) {
            return true;
        }
        int chosen = decide(v.loss(), v.members(), v.members().indexOf(incumbent));
        if (chosen < 0) {
            return true;
        }
        explain(s, v, chosen, incumbent);
        return true;
    }

    /** Each member's verdict with its numbers: the mean held-out loss, and the paired t that decided. */
    private static void explain(ChoiceState s, Validated v, int chosen, Candidate incumbent) {
        List<Candidate> members = v.members();
        double[][] loss = v.loss();
        int best = 0;
        for (int i = 0; i < loss.length; i++) {
            if (mean(loss[i]) < mean(loss[best])) {
                best = i;
            }
        }
        Candidate c = members.get(chosen);
        for (int i = 0; i < members.size(); i++) {
            if (i == chosen) {
                continue;
            }
            Candidate m = members.get(i);
            String numbers = "held-out loss " + Explanation.number(mean(loss[i])) + ", its choice's "
                    + Explanation.number(mean(loss[chosen])) + "; paired t = "
                    + Explanation.number(pairedT(loss[i], loss[chosen])) + " against its choice";
            if (m.equals(incumbent) && !notWorse(loss[i], loss[best], KEEP_STANDARD_ERRORS)) {
                numbers = "predicts held-out folds worse than the best member: paired t = "
                        + Explanation.number(pairedT(loss[i], loss[best])) + " > " + KEEP_STANDARD_ERRORS;
            } else if (c.source().equals(Source.LINEAR) && !m.source().equals(Source.LINEAR)
                    && notWorse(loss[chosen], loss[i], LINE_STANDARD_ERRORS)) {
                numbers = "predicts held-out folds not clearly better than the line: paired t = "
                        + Explanation.number(pairedT(loss[chosen], loss[i])) + " <= " + LINE_STANDARD_ERRORS
                        + ", " + lineComparison(loss[i], loss[chosen]);
            }
            s.passOver(m, NAME, numbers);
        }
        String why = "held-out loss " + Explanation.number(mean(loss[chosen])) + " over " + FOLDS + " folds x "
                + plan(s.data().rows())[1] + " on " + loss[chosen].length + " rows";
        if (c.equals(incumbent)) {
            s.keep(NAME, why);
        } else {
            s.choose(c, NAME, why);
        }
    }

    /** The mean of the paired differences {@code a_i - b_i} over its standard error (0 when they are all equal). */
    static double pairedT(double[] a, double[] b) {
        int n = a.length;
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += a[i] - b[i];
        }
        mean /= n;
        double ss = 0;
        for (int i = 0; i < n; i++) {
            double d = a[i] - b[i] - mean;
            ss += d * d;
        }
        double se = Math.sqrt(ss / (n - 1) / n);
        return se > 0 ? mean / se : mean == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, mean);
    }

    /** The members validated (by increasing complexity) and their held-out losses {@code loss[member][row]}. */
    record Validated(List<Candidate> members, double[][] loss) {
    }

    /**
     * The choice among the members (the simplest {@link #MAX_CANDIDATES} of {@code front}, {@code incumbent} and
     * {@code lines}, each of complexity at most the selection's cap): {@code incumbent} (the choice of the rules
     * that look at training rows only) when it predicts held-out rows not worse than the best member, by the paired
     * rule, else the simplest member not worse than that best; then the best of {@code lines} (the straight lines
     * among the candidates) instead unless that choice is clearly better ({@link #decide}). The incumbent itself
     * when there are too few rows; null when nothing could be validated.
     *
     * <p>Each member's refits of each fold assignment are a task on {@code pool} (null: the calling thread): the fold
     * assignments are drawn first, in a fixed order, and the losses summed in a fixed order, so the choice does not
     * depend on the threads.
     */
    static Candidate choose(ParetoFront front, List<Candidate> lines, Dataset data, Selection selection,
                            Candidate incumbent, ExecutorService pool) {
        if (data.rows() < MIN_ROWS) {
            return incumbent;
        }
        Validated v = validate(front, lines, data, selection, incumbent, pool);
        if (v.members().isEmpty()) {
            return null;
        }
        int chosen = decide(v.loss(), v.members(), v.members().indexOf(incumbent));
        return chosen < 0 ? null : v.members().get(chosen);
    }

    /**
     * The members of {@link #choose} and their held-out losses; null when there are too few rows, no members when
     * none is within the cap.
     */
    static Validated validate(ParetoFront front, List<Candidate> lines, Dataset data, Selection selection,
                              Candidate incumbent, ExecutorService pool) {
        if (data.rows() < MIN_ROWS) {
            return null;
        }
        List<Candidate> members = new ArrayList<>();
        for (Candidate c : front.candidates()) {
            if (c.complexity() <= selection.maxComplexity() && members.size() < MAX_CANDIDATES) {
                members.add(c);
            }
        }
        if (incumbent != null && !members.contains(incumbent)) {
            members.add(incumbent);
        }
        for (Candidate line : lines) {
            if (line.complexity() <= selection.maxComplexity() && !members.contains(line)) {
                members.add(line);
            }
        }
        members.sort(Comparator.comparingInt(Candidate::complexity));
        if (members.isEmpty()) {
            return new Validated(members, new double[0][]);
        }
        SplittableRandom rng = new SplittableRandom(SEED);
        int n = data.rows();
        int[] perm = Dataset.permutation(n, rng);
        int[] plan = plan(n);
        int m = plan[0];
        int repeats = plan[1];
        int[] rows = Arrays.copyOf(perm, m);
        Arrays.sort(rows);
        Dataset used = data.select(rows);
        // the sample's weights, renormalised to mean 1 by select: a common factor changes no comparison below
        double[] w = used.weights();
        ConstantFitter fitter = new LevenbergMarquardtFitter(FIT_ITERATIONS, FIT_EVALUATIONS);
        int[][] folds = new int[repeats][];
        for (int repeat = 0; repeat < repeats; repeat++) {
            int[] fold = new int[m];
            int[] order = Dataset.permutation(m, rng);
            for (int k = 0; k < m; k++) {
                fold[order[k]] = k % FOLDS;
            }
            folds[repeat] = fold;
        }
        List<Callable<double[]>> tasks = new ArrayList<>();
        for (int repeat = 0; repeat < repeats; repeat++) {
            int[] fold = folds[repeat];
            for (Candidate c : members) {
                tasks.add(() -> heldOut(fitter, c.expression(), used, w, fold));
            }
        }
        List<double[]> heldOut = Parallel.map(tasks, pool);
        double[][] loss = new double[members.size()][m];
        for (int repeat = 0; repeat < repeats; repeat++) {
            for (int i = 0; i < members.size(); i++) {
                double[] l = heldOut.get(repeat * members.size() + i);
                for (int k = 0; k < m; k++) {
                    loss[i][k] += l[k] / repeats;
                }
            }
        }
        return new Validated(members, loss);
    }

    /**
     * The rows cross-validated and the fold assignments for a table of {@code n} rows: all rows with
     * {@value #REPEATS} assignments up to {@value #ROW_BUDGET} / {@value #REPEATS} rows, then as many assignments as
     * the budget holds (at least one) on all rows, and {@value #ROW_BUDGET} rows with one assignment beyond.
     */
    static int[] plan(int n) {
        int repeats = Math.max(1, Math.min(REPEATS, ROW_BUDGET / Math.max(n, 1)));
        return new int[] {Math.min(n, ROW_BUDGET), repeats};
    }

    /**
     * The rule on the members' held-out losses ({@code loss[i][row]}, members by increasing complexity): the index of
     * the chosen member, -1 when none has a finite mean loss. {@code incumbent} is the index of the other rules'
     * choice (-1 for none).
     */
    static int decide(double[][] loss, List<Candidate> members, int incumbent) {
        double[] means = new double[loss.length];
        int best = -1;
        for (int i = 0; i < loss.length; i++) {
            means[i] = mean(loss[i]);
            if (means[i] < (best < 0 ? Double.POSITIVE_INFINITY : means[best])) {
                best = i;
            }
        }
        if (best < 0) {
            return -1;
        }
        int chosen = incumbent;
        if (chosen < 0 || !notWorse(loss[chosen], loss[best], KEEP_STANDARD_ERRORS)) {
            chosen = best;
            for (int i = 0; i < best; i++) {
                if (notWorse(loss[i], loss[best], STANDARD_ERRORS)) {
                    chosen = i;
                    break;
                }
            }
        }
        if (!members.get(chosen).source().equals(Source.LINEAR)) {
            int line = -1;
            int full = -1;
            for (int i = 0; i < members.size(); i++) {
                if (members.get(i).source().equals(Source.LINEAR)) {
                    if (line < 0 || means[i] < means[line]) {
                        line = i;
                    }
                    full = i;
                }
            }
            // the line on every input (the path's last) unless a sparser one predicts clearly better
            if (full >= 0 && notWorse(loss[full], loss[line], LINE_STANDARD_ERRORS)) {
                line = full;
            }
            if (line >= 0 && notWorse(loss[line], loss[chosen], LINE_STANDARD_ERRORS)
                    && !severalTimesBetter(loss[chosen], loss[line], SIGN_TEST_LEVEL)) {
                chosen = line;
            }
        }
        return chosen;
    }

    /**
     * Whether a formula's losses ({@code formula[i]}) are several times lower than the line's on the same rows
     * ({@code line[i]}): their mean at most {@link #LINE_LOSS_FRACTION} of the line's, and lower on more rows than
     * a fair coin gives at the one-sided {@code level} (the sign test; ties left out). The mean alone can be carried
     * by a few rows where the line fails badly, and the paired t of the squared errors by the same few rows: on a
     * target that spans orders of magnitude it stays near 1.5 even for an exact law, so the line would be
     * reported in place of a formula that predicts most rows far better.
     */
    static boolean severalTimesBetter(double[] formula, double[] line, double level) {
        double f = mean(formula);
        double l = mean(line);
        if (!Double.isFinite(f) || !Double.isFinite(l) || f > LINE_LOSS_FRACTION * l) {
            return false;
        }
        return signTest(formula, line) <= level;
    }

    /**
     * The one-sided p-value of the sign test that {@code a} is lower than {@code b} row by row: the chance that a
     * fair coin gives at least as many of the rows where they differ to {@code a}. 1 when they never differ.
     */
    static double signTest(double[] a, double[] b) {
        int lower = 0;
        int differ = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                differ++;
                lower += a[i] < b[i] ? 1 : 0;
            }
        }
        if (differ == 0 || lower == 0) {
            return 1;
        }
        return 1 - new BinomialDistribution(differ, 0.5).cumulativeProbability(lower - 1);
    }

    /** The numbers of {@link #severalTimesBetter} for an explanation: the loss ratio and the rows better. */
    static String lineComparison(double[] formula, double[] line) {
        int lower = 0;
        for (int i = 0; i < formula.length; i++) {
            lower += formula[i] < line[i] ? 1 : 0;
        }
        return "loss " + Explanation.number(mean(formula) / mean(line)) + " x the line's (several times better: at "
                + "most " + LINE_LOSS_FRACTION + "), lower on " + lower + " of " + formula.length + " rows (sign test p = "
                + Explanation.number(signTest(formula, line)) + ")";
    }

    /**
     * Whether {@code a}'s held-out losses are within {@code standardErrors} standard errors of the mean of the
     * paired differences {@code a_i - b_i} of {@code b}'s.
     */
    static boolean notWorse(double[] a, double[] b, double standardErrors) {
        int n = a.length;
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += a[i] - b[i];
        }
        mean /= n;
        if (!Double.isFinite(mean)) {
            return false;
        }
        if (mean <= 0) {
            return true;
        }
        double ss = 0;
        for (int i = 0; i < n; i++) {
            double d = a[i] - b[i] - mean;
            ss += d * d;
        }
        double se = Math.sqrt(ss / (n - 1) / n);
        return mean <= standardErrors * se;
    }

    /**
     * The held-out loss of {@code e} on each row: its constants refitted on the other folds, the weighted squared
     * error on the row; infinite where the prediction is not finite.
     */
    private static double[] heldOut(ConstantFitter fitter, Expr e, Dataset data, double[] w, int[] fold) {
        int m = data.rows();
        double[] loss = new double[m];
        for (int f = 0; f < FOLDS; f++) {
            int[] in = rowsOf(fold, f, false);
            int[] out = rowsOf(fold, f, true);
            Expr refit = fitter.fit(e, data.select(in)).expression();
            double[] p = Evaluator.evaluate(refit, data.select(out));
            for (int k = 0; k < out.length; k++) {
                int i = out[k];
                double r = p[k] - data.y()[i];
                double l = (w == null ? 1 : w[i]) * r * r;
                loss[i] = Double.isFinite(l) ? l : Double.POSITIVE_INFINITY;
            }
        }
        return loss;
    }

    private static int[] rowsOf(int[] fold, int f, boolean inFold) {
        int count = 0;
        for (int g : fold) {
            if ((g == f) == inFold) {
                count++;
            }
        }
        int[] out = new int[count];
        int k = 0;
        for (int i = 0; i < fold.length; i++) {
            if ((fold[i] == f) == inFold) {
                out[k++] = i;
            }
        }
        return out;
    }

    private static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s / v.length;
    }
}
