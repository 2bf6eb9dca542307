package dysymnet.choice;

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
import dysymnet.search.Budget;
import dysymnet.search.Candidate;
import dysymnet.search.Refinement;
import dysymnet.search.SearchResult;
import dysymnet.search.Settings;
import dysymnet.search.Source;
import dysymnet.units.DimensionCheck;
import dysymnet.units.Units;
import java.util.ArrayList;
import java.util.List;

/**
 * A fit's rows and finishing steps around its search: the rows the search works on (a fixed random sample of large
 * data, {@link Budget#searchRows()}; on a small table of several features all but a fifth held out, {@link Rows}),
 * and after it and its final choice (whose last rule judges the held-out rows, {@link HeldOutLine}), for the chosen
 * formula and the front it was chosen from:
 * <ol>
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
    private final Units units;
    private Dataset refitRows;

    private Finishing(Settings settings, Dataset data, Units units) {
        this.settings = settings;
        this.data = data;
        this.units = units;
    }

    /**
     * The reported formula and the front it was chosen from, in the data's units, scored on all rows; {@code mse}
     * and {@code r2} the chosen formula's on all rows (its own scores but where the search scaled all of the data:
     * there its candidate keeps the scaled scores, as every front member does).
     */
    public record Finished(Candidate chosen, List<Candidate> front, double mse, double r2, List<String> notes,
                           Explanation explanation) {
        public Finished {
            notes = List.copyOf(notes);
        }
    }

    /** The data stream of the rows held out from a search of a small table. */
    private static final long HOLDOUT_STREAM = -1002;
    /** Tables of several features with at least this many rows and fewer than {@link #HOLDOUT_MAX_ROWS} hold rows out. */
    static final int HOLDOUT_MIN_ROWS = 20;
    static final int HOLDOUT_MAX_ROWS = 1000;
    /** The share of the rows held out. */
    static final double HOLDOUT_SHARE = 0.2;
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
     * {@link #HOLDOUT_MAX_ROWS} rows, not a sampled search. The choice's last rule judges them
     * ({@link HeldOutLine}).
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
        return finish(result, data, rows, scaling, settings, null);
    }

    /**
     * {@link #finish(SearchResult, Dataset, Rows, Scaling, Settings)} of data with units (null: none): a refit or a
     * snap that would make a dimensionally consistent formula inconsistent (the snap of {@code 1.0004*t*v} to
     * {@code t*v} drops the constant that carried a unit) is not taken.
     */
    public static Finished finish(SearchResult result, Dataset data, Rows rows, Scaling scaling,
                                  Settings settings, Units units) {
        return new Finishing(settings, data, units).run(result, rows, scaling);
    }

    /** Whether replacing {@code before} by {@code after} keeps to the units: true without units. */
    private boolean keepsUnits(Expr before, Expr after) {
        return keepsUnits(units, before, after);
    }

    /**
     * Whether replacing {@code before} by {@code after} keeps to {@code units} (a consistent formula stays
     * consistent): true without units (null). Finishing's refit and snap, and the choice's polish
     * ({@link PolishedFront}), take no change that breaks it.
     */
    static boolean keepsUnits(Units units, Expr before, Expr after) {
        return units == null || !DimensionCheck.consistent(before, units) || DimensionCheck.consistent(after, units);
    }

    private Finished run(SearchResult r, Rows rows, Scaling scaling) {
        Dataset searched = rows.searched();
        Candidate chosen = unscaled(r.chosen(), scaling);
        List<Candidate> front = new ArrayList<>();
        for (Candidate c : r.front().candidates()) {
            front.add(unscaled(c, scaling));
        }
        for (Candidate c : r.choice().joined()) {
            front.add(unscaled(c, scaling));
        }
        List<String> notes = new ArrayList<>(r.notes());
        boolean refit = searched != data || data.rows() > r.fittedRows();
        if (refit) {
            // searched on a sample, or constants fitted on one: the chosen formula's constants once more on a larger
            // one, every score on all rows
            Candidate sampled = chosen;
            Candidate refitted = refitted(sampled);
            front.replaceAll(c -> c.equals(sampled) ? refitted : searched != data ? rescored(c) : c);
            chosen = refitted;
        }
        if (polishes(settings, scaling) && (refit || !r.choice().polished())) {
            // the reported constants with no more digits than the data support (unless the choice polished them,
            // PolishedFront, on the rows they are reported on); not on data so far from 1 that the search scaled
            // them, where squares of the residuals underflow
            Candidate before = chosen;
            Candidate snapped = snapped(before);
            if (snapped != before) {
                front.replaceAll(c -> c.equals(before) ? snapped : c);
                chosen = snapped;
            }
        }
        Candidate reported = chosen;
        // the members in the data's units, scored on the rows the choice saw (not rescored: on large data that would
        // cost as much as the front's rescoring again), the reported one as finished
        Explanation explanation = r.choice().explanation().map(c -> c.equals(r.chosen()) ? reported
                : unscaled(c, scaling));
        if (scaling.isIdentity() || searched != data) {
            // scored on these very data already (by the search, or on all rows after a sampled search)
            return new Finished(chosen, front, chosen.mse(), chosen.r2(), notes, explanation);
        }
        Candidate scored = rescored(chosen);
        return new Finished(chosen, front, scored.mse(), scored.r2(), notes, explanation);
    }

    /**
     * Whether a fit with these settings polishes its reported constants: its refinement polishes and its search's
     * data were not scaled ({@link Scaling}).
     */
    public static boolean polishes(Settings settings, Scaling scaling) {
        return settings.refinement().polish() && scaling.isIdentity();
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
        if (p.equals(c.expression()) || !keepsUnits(c.expression(), p)) {
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
                if (after < before && keepsUnits(e, refit)) {
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
        Expr e = unscale(c.expression(), scaling, data.names());
        return c.withScores(e, settings.selection().complexity(e), Math.scalb(c.mse(), 2 * scaling.targetExponent()),
                c.r2(), c.reward());
    }

    /**
     * A formula found on data scaled by {@code scaling}, in the data's own units ({@code e} itself when nothing was
     * scaled); {@code names} the features' names.
     */
    static Expr unscale(Expr e, Scaling scaling, List<String> names) {
        if (scaling.isIdentity()) {
            return e;
        }
        int[] fe = scaling.featureExponents();
        // each scaled feature x' is 2^-e * x
        Expr out = e.mapVariables(v -> {
            int j = names.indexOf(v.name());
            return j < 0 || fe[j] == 0 ? v : new Binary(BinaryOp.MUL, new Const(Math.scalb(1.0, -fe[j])), v);
        });
        if (scaling.targetExponent() != 0) {
            out = new Binary(BinaryOp.MUL, new Const(Math.scalb(1.0, scaling.targetExponent())), out);
        }
        return Simplifier.simplify(out);
    }
}
