package dysymnet.bench;

import dysymnet.api.Model;
import dysymnet.api.FitPipeline;
import dysymnet.api.SymbolicRegressor;
import dysymnet.cli.PhysicsModels;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.data.Seeds;
import dysymnet.search.Budget;
import dysymnet.search.Settings;
import dysymnet.search.SettingsJson;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import dysymnet.cluster.ClusterClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Runs every problem x noise level x seed of a suite that {@code results.csv} does not have yet, appending one row
 * per run. A run that throws is recorded with its error and the suite goes on. Every run also records ordinary least
 * squares ({@link Ols}) fitted on its training rows and scored on its test rows, beside the search's formula.
 */
public final class BenchRunner {

    /**
     * What to run.
     *
     * @param seeds             seeds (each seeds the data split, the noise and the search)
     * @param noise             noise levels
     * @param ablation          the ablations, applied to {@code search}
     * @param search            the search settings of every run, but its seed (each run sets its own)
     * @param dataOptions       the suite's data options in words (rows sampled, rows kept): part of each run's
     *                          identity
     * @param symbolicTolerance tolerance of {@link SymbolicCheck}
     * @param retryFailed       run again the runs whose row has an error (otherwise every present row is skipped)
     */
    public record Plan(List<Long> seeds, List<Double> noise, Ablations ablation, Settings search, String dataOptions,
                       double symbolicTolerance, boolean retryFailed) {
        public Plan {
            seeds = List.copyOf(seeds);
            noise = List.copyOf(noise);
            Objects.requireNonNull(ablation, "ablation");
            Objects.requireNonNull(search, "search");
            Objects.requireNonNull(dataOptions, "dataOptions");
            if (seeds.isEmpty() || noise.isEmpty()) {
                throw new IllegalArgumentException("at least one seed and one noise level are needed");
            }
        }

        /** The settings of the run with this seed: the plan's, the ablation applied. */
        Settings settings(long seed) {
            SymbolicRegressor.Builder b = SymbolicRegressor.builder().settings(search).seed(seed);
            ablation.apply(b);
            return b.settings();
        }

        /**
         * The fingerprint of every setting of the plan's runs but seed and noise (which are in a run's key of their
         * own): 16 hex digits of a SHA-256 over the settings' canonical JSON (seed 0), the data options and the
         * symbolic tolerance.
         */
        String config() {
            String text = SettingsJson.canonical(settings(0)) + "|" + dataOptions + "|tol=" + symbolicTolerance;
            try {
                byte[] h = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
                return HexFormat.of().formatHex(h, 0, 8);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("the JVM has no SHA-256", e);
            }
        }
    }

    /** Counts of a call to {@link #run}. */
    public record Outcome(int ran, int skipped, int failed) {
    }

    private BenchRunner() {
    }

    /**
     * Runs what is missing from {@code resultsCsv} and appends it there.
     *
     * @param progress one line per run goes here
     */
    public static Outcome run(List<Problem> problems, Plan s, Path resultsCsv, PrintWriter progress) {
        return run(problems, s, resultsCsv, progress, (Path) null);
    }

    /**
     * Like {@link #run(List, Plan, Path, PrintWriter)}, and writes every run's rows (those skipped as done too) under
     * {@code splitsDir} ({@link SavedSplits}) unless it is null. The files change no result.
     *
     * @throws java.io.UncheckedIOException if a split cannot be written
     */
    public static Outcome run(List<Problem> problems, Plan s, Path resultsCsv, PrintWriter progress,
                              Path splitsDir) {
        Set<String> done = new HashSet<>();
        for (ResultRow r : ResultsFile.latest(ResultsFile.read(resultsCsv))) {
            if (!(s.retryFailed() && r.failed())) {
                done.add(r.key());
            }
        }
        int total = problems.size() * s.noise().size() * s.seeds().size();
        int index = 0;
        int ran = 0;
        int skipped = 0;
        int failed = 0;
        String ablation = s.ablation().label();
        String config = s.config();
        try (ResultsFile out = ResultsFile.open(resultsCsv)) {
            for (Problem p : problems) {
                for (double level : s.noise()) {
                    for (long seed : s.seeds()) {
                        index++;
                        saveSplit(splitsDir, p, seed, level, progress);
                        if (done.contains(ResultRow.key(p.suite(), p.name(), seed, level, ablation, config))) {
                            skipped++;
                            continue;
                        }
                        ResultRow row = runOne(p, seed, level, s, config, splitsDir);
                        out.append(row);
                        ran++;
                        if (row.failed()) {
                            failed++;
                        }
                        progress.println(progressLine(index, total, row));
                        progress.flush();
                    }
                }
            }
        }
        if (skipped > 0) {
            progress.println("skipped " + skipped + " run(s) already in " + resultsCsv);
            progress.flush();
        }
        return new Outcome(ran, skipped, failed);
    }

    /**
     * The rows of a run: the problem's split for the seed, with noise of the level on the training target (the test
     * target is left noise-free).
     */
    static Dataset.Split runData(Problem p, long seed, double level) {
        Dataset.Split split = p.data().make(seed);
        return new Dataset.Split(Noise.add(split.train(), level, Seeds.named(seed, p.name() + "@" + level, 5)),
                split.test());
    }

    /**
     * Writes a run's rows under {@code dir} (nothing when it is null). Rows that cannot be made are not written (the
     * run records why) and a line says so.
     *
     * @throws java.io.UncheckedIOException if the files cannot be written
     */
    static void saveSplit(Path dir, Problem p, long seed, double level, PrintWriter progress) {
        if (dir == null) {
            return;
        }
        Dataset.Split split;
        try {
            split = runData(p, seed, level);
        } catch (RuntimeException | OutOfMemoryError e) {
            progress.println("split of " + p.name() + " seed=" + seed + " noise=" + ResultRow.num(level)
                    + " not saved: " + describe(e));
            progress.flush();
            return;
        }
        SavedSplits.write(dir, p.name(), seed, level, split);
    }

    /** One run; exceptions become the row's error. */
    static ResultRow runOne(Problem p, long seed, double level, Plan s, String config) {
        return runOne(p, seed, level, s, config, null);
    }

    /**
     * One run; exceptions become the row's error. With {@code keepDir} (not null) the search's candidates and the
     * run's settings are written there too ({@link SavedSplits#writeCandidates}), for {@code bench-choose}.
     */
    static ResultRow runOne(Problem p, long seed, double level, Plan s, String config, Path keepDir) {
        String ablation = s.ablation().label();
        Settings settings = s.settings(seed);
        Budget budget = settings.budget();
        int maxSteps = budget.maxSteps();
        double limit = budget.timeLimit() == null ? 0.0 : budget.timeLimit().toNanos() / 1e9;
        int nTrain = -1;
        int nTest = -1;
        Ols.Score ols = Ols.Score.NONE;
        long t0 = System.nanoTime();
        try {
            Dataset.Split split = runData(p, seed, level);
            Dataset train = split.train();
            Dataset test = split.test();
            nTrain = train.rows();
            nTest = test.rows();
            ols = Ols.score(train, test);
            t0 = System.nanoTime();
            FitPipeline fit = new FitPipeline(settings, null, null, p.units());
            Model m = fit.fit(train, "y");
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (keepDir != null) {
                SavedSplits.writeCandidates(keepDir, p.name(), seed, level, fit.candidates(), settings,
                        p.units());
            }
            double[] pred = m.predict(test);
            double r2 = Metrics.r2(pred, test.y());
            double mse = Metrics.mse(pred, test.y());
            Boolean symbolic = null;
            String how = "";
            double deviation = Double.NaN;
            if (p.hasTruth()) {
                SymbolicCheck.Verdict v = SymbolicCheck.check(m.expression(), p.truth(), p.variables(), p.low(),
                        p.high(), s.symbolicTolerance(), Seeds.named(seed, p.name(), 4));
                symbolic = v.symbolic();
                how = v.how();
                deviation = v.deviation();
            }
            double[] physics = {Double.NaN, Double.NaN, Double.NaN};
            if ("balls".equals(p.suite())) {
                List<PhysicsModels.Fitted> fitted = PhysicsModels.fitAll(train.column(0), train.y());
                for (int k = 0; k < 3; k++) {
                    physics[k] = Metrics.mse(fitted.get(k).predict(test.column(0)), test.y());
                }
            }
            return new ResultRow(p.suite(), p.name(), p.group(), seed, level, ablation, r2, mse, m.trainR2(),
                    m.trainMse(), m.complexity(), seconds, m.networksTrained(), m.stopReason(), symbolic, how,
                    deviation, r2 > 0.99, r2 > 0.999, nTrain, nTest, limit, maxSteps, config, m.formula(),
                    p.truthText(), physics[0], physics[1], physics[2], ols.r2(), ols.mse(), "",
                    sourceSeconds(m.history().sources()));
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            double seconds = (System.nanoTime() - t0) / 1e9;
            return failedRow(p, seed, level, ablation, config, limit, maxSteps, nTrain, nTest, seconds, describe(e))
                    .withOls(ols.r2(), ols.mse());
        }
    }

    /** The seconds of each source as {@link ResultRow#sourceSeconds()} writes them. */
    static String sourceSeconds(List<dysymnet.search.SourceAccount> accounts) {
        StringBuilder b = new StringBuilder();
        for (dysymnet.search.SourceAccount a : accounts) {
            if (b.length() > 0) {
                b.append(';');
            }
            b.append(a.source()).append('=').append(String.format(java.util.Locale.ROOT, "%.3f", a.seconds()));
        }
        return b.toString();
    }

    /** The row of a run that failed with {@code error}. */
    static ResultRow failedRow(Problem p, long seed, double level, String ablation, String config, double limit,
                               int maxSteps, int nTrain, int nTest, double seconds, String error) {
        return new ResultRow(p.suite(), p.name(), p.group(), seed, level, ablation, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, -1, seconds, -1, "", null, "", Double.NaN, null, null, nTrain, nTest, limit,
                maxSteps, config, "", p.truthText(), Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, error);
    }

    /**
     * Like {@link #run}, but the runs go to the workers of a cluster ({@link ClusterClient#runAll}: as many at once as
     * they have threads, each run's search on one thread; a run lost with its worker is run again on another). The
     * coordinator writes each row as it comes back, once per run (a run that came back twice is written once), in
     * the order they finish; the file is the same as a local run's otherwise, and a rerun (after this process died,
     * say) skips the rows already there. The problems' data are made here, one run at a time as it is sent, and
     * travel with it: the workers need no benchmark files.
     *
     * @throws java.io.UncheckedIOException when no worker is left
     */
    public static Outcome run(List<Problem> problems, Plan s, Path resultsCsv, PrintWriter progress,
                              ClusterClient cluster) throws InterruptedException {
        return run(problems, s, resultsCsv, progress, cluster, null);
    }

    /**
     * Like {@link #run(List, Plan, Path, PrintWriter, ClusterClient)}, and writes every run's rows (those skipped as
     * done too) under {@code splitsDir} ({@link SavedSplits}), here, before the runs are sent, unless it is null.
     */
    public static Outcome run(List<Problem> problems, Plan s, Path resultsCsv, PrintWriter progress,
                              ClusterClient cluster, Path splitsDir) throws InterruptedException {
        Set<String> done = new HashSet<>();
        for (ResultRow r : ResultsFile.latest(ResultsFile.read(resultsCsv))) {
            if (!(s.retryFailed() && r.failed())) {
                done.add(r.key());
            }
        }
        String ablation = s.ablation().label();
        String config = s.config();
        record Run(Problem problem, double level, long seed) {
        }
        List<Run> todo = new ArrayList<>();
        int skipped = 0;
        for (Problem p : problems) {
            for (double level : s.noise()) {
                for (long seed : s.seeds()) {
                    saveSplit(splitsDir, p, seed, level, progress);
                    if (done.contains(ResultRow.key(p.suite(), p.name(), seed, level, ablation, config))) {
                        skipped++;
                    } else {
                        todo.add(new Run(p, level, seed));
                    }
                }
            }
        }
        // every worker runs as many searches at once as it has threads, each on one thread
        String settingsJson = SettingsJson.write(s.search().toBuilder().threads(1).build()).toString();
        int total = todo.size();
        int[] counts = new int[2];
        Set<String> written = new HashSet<>();
        try (ResultsFile out = ResultsFile.open(resultsCsv)) {
            cluster.<String[]>runAll(total, i -> {
                Run r = todo.get(i);
                Dataset.Split split;
                try {
                    split = r.problem().data().make(r.seed());
                } catch (RuntimeException | OutOfMemoryError e) {
                    return new SweepTask(r.problem(), null, r.seed(), r.level(), s, settingsJson, config,
                            describe(e));
                }
                return new SweepTask(r.problem(), split, r.seed(), r.level(), s, settingsJson, config, null);
            }, () -> false, (i, cells) -> {
                Map<String, String> m = new HashMap<>();
                for (int k = 0; k < ResultRow.COLUMNS.size() && k < cells.length; k++) {
                    m.put(ResultRow.COLUMNS.get(k), cells[k]);
                }
                ResultRow row = ResultRow.fromCells(m);
                if (written.add(row.key())) {
                    out.append(row);
                    counts[0]++;
                    if (row.failed()) {
                        counts[1]++;
                    }
                    progress.println(progressLine(counts[0], total, row));
                    progress.flush();
                }
                return true;
            });
        }
        if (skipped > 0) {
            progress.println("skipped " + skipped + " run(s) already in " + resultsCsv);
            progress.flush();
        }
        return new Outcome(counts[0], skipped, counts[1]);
    }

    static String describe(Throwable e) {
        String msg = e.getMessage();
        String text = e.getClass().getSimpleName() + (msg == null ? "" : ": " + msg);
        return text.replace('\r', ' ').replace('\n', ' ').trim();
    }

    private static String progressLine(int index, int total, ResultRow r) {
        String head = String.format(Locale.ROOT, "[%d/%d] %s %s seed=%d noise=%s ablation=%s: ", index, total,
                r.suite(), r.problem(), r.seed(), ResultRow.num(r.noise()), r.ablation());
        if (r.failed()) {
            return head + "FAILED (" + r.error() + ")";
        }
        String sym = r.symbolic() == null ? "" : " symbolic=" + (r.symbolic() ? "yes" : "no");
        String expr = Summary.shortFormula(r.expression());
        String r2 = String.format(Locale.ROOT, Math.abs(r.r2Test()) >= 1e5 ? "%.4g" : "%.6f", r.r2Test());
        return head + String.format(Locale.ROOT, "test R2=%s size=%d%s %.1fs %s", r2, r.complexity(), sym,
                r.seconds(), expr);
    }
}
