package dysymnet.search;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.data.Scaling;
import dysymnet.data.Seeds;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.FitResult;
import dysymnet.fit.Polisher;
import dysymnet.gp.GeneticProgramming;
import java.util.ArrayList;
import java.util.List;
import org.hipparchus.distribution.continuous.TDistribution;

/**
 * A fit's rows and finishing steps around its search: the rows the search works on (a fixed random sample of large
 * data, {@link Budget#searchRows()}; on a small table of several features all but a fifth held out, {@link Rows}),
 * and after it, for the chosen formula and the front it was chosen from:
 * <ol>
 *   <li><b>held-out rows</b>: when rows were held out, the chosen formula stays chosen only if it predicts them
 *       better than the search's straight line in all the inputs (both fitted on the searched rows), by a one-sided
 *       paired t-test ({@link #lineHolds}); otherwise the line is reported, with a note;</li>
 *   <li><b>unscale</b>: formulas found on data the search scaled ({@link Scaling}) written in the data's own
 *       units;</li>
 *   <li><b>refit</b>: when the search worked on a sample, or fitted constants on one (more rows than a network or
 *       the GP fits on), the chosen formula's constants refined once more, with the search's refiner
 *       ({@link Refinement#refiner()}), on a fixed sample of at most {@link #REFIT_ROWS} rows, and every front
 *       member scored on all rows;</li>
 *   <li><b>snap</b>: the reported constants polished within the noise allowance
 *       ({@link Polisher#withNoiseAllowance()}), so that they carry no more digits than the data support (not on
 *       scaled data, where squares of the residuals underflow); a straight line without it.</li>
 * </ol>
 * The refit sample is drawn once ({@code data.Seeds} stream of the search's seed) and serves both the refit and the
 * snap.
 */
public final class Finishing {
    /** The data stream of the row sample a search of large data works on; the refit sample's is the next one down. */
    private static final long ROW_SAMPLE_STREAM = -1000;
    /** The chosen formula of a sampled search is refitted on a sample of at most this many rows. */
    public static final int REFIT_ROWS = 100_000;

    private final Settings settings;
    private final Dataset data;
    private Dataset refitRows;

    private Finishing(Settings settings, Dataset data) {
        this.settings = settings;
        this.data = data;
    }

    /**
     * The reported formula and the front it was chosen from, in the data's units, scored on all rows; {@code mse}
     * and {@code r2} the chosen formula's on all rows (its own scores but where the search scaled all of the data:
     * there its candidate keeps the scaled scores, as every front member does).
     */
    public record Finished(Candidate chosen, List<Candidate> front, double mse, double r2, List<String> notes) {
        public Finished {
            notes = List.copyOf(notes);
        }
    }

    /** The note when the chosen formula does not predict the held-out rows clearly better than a straight line. */
    static final String LINE_HOLDS = "no formula found predicts the rows held out from the search clearly better than a "
            + "straight line in the inputs: the line is reported";

    /** The data stream of the rows held out from a search of a small table. */
    private static final long HOLDOUT_STREAM = -1002;
    /** Tables of several features with at least this many rows and fewer than {@link #HOLDOUT_MAX_ROWS} hold rows out. */
    static final int HOLDOUT_MIN_ROWS = 20;
    static final int HOLDOUT_MAX_ROWS = 1000;
    /** The share of the rows held out. */
    static final double HOLDOUT_SHARE = 0.2;
    /**
     * The chosen formula is reported over the line only when the held-out rows show it better by a one-sided paired
     * t-test at this level: the mean of the row-wise differences of their squared errors below zero by more than
     * the Student t quantile (rows - 1 degrees of freedom) times its standard error.
     */
    static final double HELD_OUT_CONFIDENCE = 0.9;

    /**
     * The rows of a fit: those the search works on, and those held out from it (null when none are).
     *
     * <p>Why hold rows out of a small table: the final choice cross-validates its candidates on the search's own rows
     * ({@link CrossValidation}), which refits their constants on each fold but not their structure, and the structure
     * was chosen among thousands by its fit to those very rows; a straight line's structure was chosen by nothing.
     * So on a table of a few dozen noisy rows, held-out folds favour a searched formula over the line by more than
     * it predicts new rows better (measured on the 30 black-box sets: the formula chosen over the line by
     * cross-validation lost to it on the test rows in 4 of 30 at ten steps, and more often at 60 s). Rows the search
     * never saw judge the two without that bias. A fifth of the rows is the cost, paid only where cross-validation
     * is weakest: several features (one feature has forward validation and the trend band), fewer than
     * {@link #HOLDOUT_MAX_ROWS} rows, not a sampled search.
     */
    public record Rows(Dataset searched, Dataset held) {
    }

    /**
     * The rows a search of {@code data} works on: all of them, a fixed random sample of {@link Budget#searchRows()}
     * of larger data, or on a small table of several features with validation on, all but a fixed random fifth,
     * held out ({@link Rows}). Every choice is drawn from the seed.
     */
    public static Rows rows(Dataset data, Settings settings) {
        int searchRows = settings.budget().searchRows();
        if (searchRows > 0 && data.rows() > searchRows) {
            return new Rows(data.sample(searchRows, Seeds.stream(settings.seed(), ROW_SAMPLE_STREAM)), null);
        }
        int n = data.rows();
        if (!settings.selection().validation() || data.features() < 2 || n < HOLDOUT_MIN_ROWS
                || n >= HOLDOUT_MAX_ROWS) {
            return new Rows(data, null);
        }
        Dataset.Split split = data.holdOut((int) Math.round(n * HOLDOUT_SHARE),
                Seeds.stream(settings.seed(), HOLDOUT_STREAM));
        return new Rows(split.train(), split.test());
    }

    /**
     * Finishes a search: the chosen formula and the front unscaled, refitted and snapped as above, each scored on
     * all of {@code data}.
     *
     * @param result   the search's result, whose chosen formula is not null
     * @param data     the data of the fit
     * @param rows     the rows searched and held out ({@link #rows}), before scaling
     * @param scaling  the scaling the search's data had
     */
    public static Finished finish(SearchResult result, Dataset data, Rows rows, Scaling scaling,
                                  Settings settings) {
        return new Finishing(settings, data).run(result, rows, scaling);
    }

    private Finished run(SearchResult r, Rows rows, Scaling scaling) {
        Dataset searched = rows.searched();
        Candidate chosen = unscaled(r.chosen(), scaling);
        List<Candidate> front = new ArrayList<>();
        for (Candidate c : r.front().candidates()) {
            front.add(unscaled(c, scaling));
        }
        List<String> notes = new ArrayList<>(r.notes());
        if (rows.held() != null) {
            Candidate line = heldOutLine(r, chosen, rows, scaling);
            if (line != null) {
                chosen = line;
                if (!front.contains(line)) {
                    front.add(line);
                }
                notes.add(LINE_HOLDS);
            }
        }
        if (searched != data || data.rows() > fittedRows()) {
            // searched on a sample, or constants fitted on one: the chosen formula's constants once more on a larger
            // one, every score on all rows
            Candidate sampled = chosen;
            Candidate refit = refitted(sampled);
            front.replaceAll(c -> c.equals(sampled) ? refit : searched != data ? rescored(c) : c);
            chosen = refit;
        }
        if (settings.refinement().polish() && scaling.isIdentity()) {
            // the reported constants with no more digits than the data support; not on data so far from 1 that the
            // search scaled them, where squares of the residuals underflow
            Candidate before = chosen;
            Candidate snapped = snapped(before);
            if (snapped != before) {
                front.replaceAll(c -> c.equals(before) ? snapped : c);
                chosen = snapped;
            }
        }
        if (scaling.isIdentity() || searched != data) {
            // scored on these very data already (by the search, or on all rows after a sampled search)
            return new Finished(chosen, front, chosen.mse(), chosen.r2(), notes);
        }
        Candidate scored = rescored(chosen);
        return new Finished(chosen, front, scored.mse(), scored.r2(), notes);
    }

    /**
     * The straight line to report instead of {@code chosen} (both in the data's units), or null to keep it: the
     * search's line of the lowest error on the searched rows (least squares in every input, among the lines
     * {@link LinearSource} offers) when it predicts the held-out rows at least as well. A sparser line chosen by
     * cross-validation is judged the same way. An exact fit, that line itself, or a search without lines keeps its
     * choice.
     */
    private Candidate heldOutLine(SearchResult r, Candidate chosen, Rows rows, Scaling scaling) {
        if (r.chosen().mse() <= DataFacts.EXACT_NMSE * Metrics.variance(scaling.apply(rows.searched()))) {
            return null;
        }
        Candidate line = null;
        for (Candidate c : r.candidates()) {
            if (c.source().equals(Source.LINEAR) && Double.isFinite(c.mse()) && (line == null || c.mse() < line.mse())) {
                line = c;
            }
        }
        if (line == null || line.equals(r.chosen())) {
            return null;
        }
        line = unscaled(line, scaling);
        Dataset held = rows.held();
        return lineHolds(heldOutLoss(chosen.expression(), held), heldOutLoss(line.expression(), held)) ? line : null;
    }

    /**
     * Whether the line is reported: unless the formula's losses on the held-out rows ({@code formula[i]}, beside the
     * line's {@code line[i]}) are lower by a one-sided paired t-test at {@link #HELD_OUT_CONFIDENCE}. A formula not
     * finite on a held-out row predicts it worse than any line.
     *
     * <p>Why a test and not the lower mean: a fifth of a small table is 7 to 22 rows, and on so few a formula no
     * better than the line has the lower mean half the time. Measured on the 30 black-box sets at 60 s, seeds 1-3
     * (docs/benchmarks): formulas reported over the line with their held-out mean lower by 0.1 to 1.3 standard
     * errors lost to it on the test rows by up to 3.4 in R^2 (a pole of a tangent between the rows).
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
        double t = new TDistribution(n - 1).inverseCumulativeProbability(HELD_OUT_CONFIDENCE);
        return CrossValidation.notWorse(line, formula, t);
    }

    /** The weighted squared error of {@code e} on each of the rows (infinite where it is not finite). */
    private static double[] heldOutLoss(Expr e, Dataset rows) {
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

    /**
     * Data of more rows than this may have had their formulas' constants fitted on a sample of their rows during the
     * search: a network's on {@link Budget#trainRows()}, the genetic programming's on
     * {@link GeneticProgramming#MAX_FIT_ROWS} (1,000 each by default).
     */
    private int fittedRows() {
        int t = settings.budget().trainRows();
        return Math.min(t > 0 ? t : Integer.MAX_VALUE, GeneticProgramming.MAX_FIT_ROWS);
    }

    /** The refit sample: at most {@link #REFIT_ROWS} rows of the data, drawn once. */
    private Dataset refitRows() {
        if (refitRows == null) {
            refitRows = data.sample(REFIT_ROWS, Seeds.stream(settings.seed(), ROW_SAMPLE_STREAM - 1));
        }
        return refitRows;
    }

    /**
     * The candidate with its constants polished within the noise allowance on the refit sample, scored on all rows;
     * the candidate itself when nothing changed. A straight line ({@link Source#LINEAR}) is polished without the
     * allowance: its coefficients are a table's regression coefficients over correlated inputs, not a law's simple
     * constants, and rounding them together within the allowance (2% of the error on a few dozen rows) moved the
     * test R^2 of the line by up to 0.11 (47 rows, 16 test rows: docs/benchmarks); the line, the null model a
     * formula is judged against, is reported as least squares gives it.
     */
    private Candidate snapped(Candidate c) {
        Dataset rows = refitRows();
        boolean line = c.source().equals(Source.LINEAR);
        Expr p = (line ? new Polisher() : Polisher.withNoiseAllowance()).polish(c.expression(), rows, () -> false);
        if (p.equals(c.expression())) {
            return c;
        }
        Candidate s = rescored(c.withScores(p, settings.selection().complexity(p), c.mse(), c.r2(), c.reward()));
        // on all rows (the sample's allowance holds there too, up to the sample's chance): never a worse fit beyond it
        double rise = line ? Polisher.DEFAULT_REL_TOL : Polisher.noiseRise(Polisher.DEFAULT_NOISE_CHI2, rows.rows());
        return s.mse() <= c.mse() * (1 + 2 * rise) ? s : c;
    }

    /** A candidate with its scores on all the data. */
    private Candidate rescored(Candidate c) {
        double[] pred = Evaluator.evaluate(c.expression(), data);
        return c.withScores(c.expression(), c.complexity(), Metrics.mse(pred, data), Metrics.r2(pred, data),
                c.reward());
    }

    /**
     * The candidate with its constants refined by the search's refiner (and polished, when the search polishes) on
     * the refit sample (kept as it was when that does not lower the error there), scored on all rows.
     */
    private Candidate refitted(Candidate c) {
        Dataset big = refitRows();
        Expr e = c.expression();
        ConstantFitter fitter = settings.refinement().refiner().fitter();
        if (fitter != null) {
            FitResult f = fitter.fit(e, big);
            double before = Metrics.mse(Evaluator.evaluate(e, big), big);
            if (f.mse() < before) {
                Expr refit = Simplifier.simplify(f.expression());
                if (settings.refinement().polish()) {
                    refit = new Polisher().polish(refit, big, () -> false);
                }
                double after = Metrics.mse(Evaluator.evaluate(refit, big), big);
                if (after < before) {
                    e = refit;
                }
            }
        }
        Candidate out = rescored(c.withScores(e, settings.selection().complexity(e), c.mse(), c.r2(), c.reward()));
        return Double.isFinite(out.mse()) ? out : rescored(c);
    }

    /** A candidate found on scaled data, in the data's own units (itself when nothing was scaled). */
    private Candidate unscaled(Candidate c, Scaling scaling) {
        if (scaling.isIdentity()) {
            return c;
        }
        List<String> names = data.names();
        int[] fe = scaling.featureExponents();
        // each scaled feature x' is 2^-e * x
        Expr e = c.expression().mapVariables(v -> {
            int j = names.indexOf(v.name());
            return j < 0 || fe[j] == 0 ? v : new Binary(BinaryOp.MUL, new Const(Math.scalb(1.0, -fe[j])), v);
        });
        if (scaling.targetExponent() != 0) {
            e = new Binary(BinaryOp.MUL, new Const(Math.scalb(1.0, scaling.targetExponent())), e);
        }
        e = Simplifier.simplify(e);
        return c.withScores(e, settings.selection().complexity(e), Math.scalb(c.mse(), 2 * scaling.targetExponent()),
                c.r2(), c.reward());
    }
}
