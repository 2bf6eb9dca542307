package dysymnet.api;

import dysymnet.choice.FinalChoice;
import dysymnet.choice.Finishing;
import dysymnet.choice.HeldOut;
import dysymnet.data.DataFingerprint;
import dysymnet.data.Dataset;
import dysymnet.data.Scaling;
import dysymnet.expr.Printer;
import dysymnet.search.BatchTrainer;
import dysymnet.search.Candidate;
import dysymnet.search.Search;
import dysymnet.search.SearchListener;
import dysymnet.search.SearchResult;
import dysymnet.search.Settings;
import dysymnet.search.Timings;
import dysymnet.units.Units;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One fit, start to end: the rows held out from the search ({@link Finishing#rows}), the search
 * ({@link Search}) ending in the final choice ({@link FinalChoice}, which judges the held-out rows with its last
 * rule), and the finishing of the chosen formula ({@link Finishing}), into a {@link Model}. {@link SymbolicRegressor#fit}
 * runs one per fit, and so do the bench and the cluster's coordinator, through it.
 *
 * <p>Columns of extreme magnitude are searched scaled by a power of two and the formulas mapped back
 * ({@link Scaling}). A pipeline runs once; {@link #cancel()} may be called from any thread.
 */
public final class FitPipeline {
    private final Settings settings;
    private final SearchListener listener;
    private final BatchTrainer trainer;
    private final Units units;
    private volatile Search search;
    private volatile boolean cancelled;
    private List<Candidate> candidates = List.of();

    /** A fit with these settings, reporting each step to {@code listener}, training networks with {@code trainer}. */
    public FitPipeline(Settings settings, SearchListener listener, BatchTrainer trainer) {
        this(settings, listener, trainer, null);
    }

    /**
     * A fit with these settings of data whose units are {@code units} (null: none given): the final choice reports a
     * dimensionally consistent formula whenever it has one ({@link dysymnet.units.DimensionCheck}), and the model
     * keeps the units. Without units the fit is the same, to the bit, as one without this argument.
     */
    public FitPipeline(Settings settings, SearchListener listener, BatchTrainer trainer, Units units) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.listener = listener;
        this.trainer = trainer;
        this.units = units;
    }

    /**
     * Checks that {@code units} give a unit to each of {@code features} and to nothing else.
     *
     * @throws IllegalArgumentException naming the first feature without a unit or the first unit of no feature
     */
    public static void checkUnits(Units units, List<String> features) {
        if (units == null) {
            return;
        }
        for (String f : features) {
            if (units.of(f) == null) {
                throw new IllegalArgumentException("no unit for the feature '" + f + "' (units are given for "
                        + String.join(", ", units.columns().keySet()) + "; 1 is the unit of a dimensionless one)");
            }
        }
        for (String name : units.columns().keySet()) {
            if (!features.contains(name)) {
                throw new IllegalArgumentException("a unit for '" + name + "', which is not a feature (the features: "
                        + String.join(", ", features) + ")");
            }
        }
    }

    /** Stops the fit's search; the fit then finishes the best formula found so far. */
    public void cancel() {
        cancelled = true;
        Search s = search;
        if (s != null) {
            s.cancel();
        }
    }

    /**
     * The model of {@code data}, {@code targetName} labelling it.
     *
     * @throws NoFormulaException when the search found no formula that is finite on the data
     */
    public Model fit(Dataset data, String targetName) {
        return run(data, targetName, null);
    }

    /**
     * The model a fit of {@code data} with these settings reports when its search finds {@code candidates} (those of
     * {@link #candidates()} after a fit of the same data and settings): the same rows held out, the same final
     * choice and finishing, no search. A fit's candidates replayed give the fit's model; with rules switched off
     * ({@link dysymnet.search.Selection#rulesOff()}) a replay measures a rule of the choice in seconds.
     *
     * @throws NoFormulaException when no candidate is finite on the data
     */
    public Model replay(Dataset data, String targetName, List<Candidate> candidates) {
        return run(data, targetName, List.copyOf(candidates));
    }

    /** The candidates of the search of the last {@link #fit} (every distinct formula scored, in order), or none. */
    public List<Candidate> candidates() {
        return candidates;
    }

    private Model run(Dataset data, String targetName, List<Candidate> given) {
        checkUnits(units, data.names());
        Scaling scaling = Scaling.of(data);
        // before the search, so that a cancelled search is not kept waiting by a hash over every value
        DataFingerprint fingerprint = DataFingerprint.of(data);
        Finishing.Rows rows = Finishing.rows(data, settings);
        HeldOut held = rows.held() == null ? null : new HeldOut(rows.held(), scaling);
        FinalChoice choice = new FinalChoice(held, units, Finishing.polishes(settings, scaling));
        SearchResult r;
        if (given == null) {
            Search s = new Search(settings, listener, trainer, choice);
            search = s;
            if (cancelled) {
                s.cancel();
            }
            r = s.run(scaling.apply(rows.searched()));
            candidates = r.candidates();
        } else {
            r = Search.replay(settings, choice, given, scaling.apply(rows.searched()));
        }
        if (r.chosen() == null) {
            throw new NoFormulaException("no formula finite on the data was found (" + r.networksTrained()
                    + " networks trained, stopped by " + r.stopReason().name().toLowerCase(Locale.ROOT).replace('_', ' ')
                    + ")");
        }
        long finishStart = System.nanoTime();
        Finishing.Finished finished = Finishing.finish(r, data, rows, scaling, settings, units);
        Timings timings = r.timings() == null ? null
                : r.timings().withSerialStage(Timings.FINISHING, (System.nanoTime() - finishStart) / 1e9);
        Candidate chosen = finished.chosen();
        if (!(finished.r2() > Double.NEGATIVE_INFINITY)) {
            throw new NoFormulaException("the chosen formula " + Printer.infix(chosen.expression(), 6)
                    + " is not finite on the data");
        }
        SearchHistory history = new SearchHistory(finished.front(), r.meanRewards(), r.bestRewards(),
                r.elapsed().toNanos() / 1e9, r.networksTrained(), r.failedArchitectures(), r.gaveUp(),
                r.stopReason().name(), finished.notes(), timings, finished.explanation(), r.sources());
        return new Model(chosen.expression(), data.names(), targetName, finished.mse(), finished.r2(), history,
                Provenance.of(settings, fingerprint), units);
    }
}
