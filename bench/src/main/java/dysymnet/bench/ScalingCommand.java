package dysymnet.bench;

import dysymnet.api.Model;
import dysymnet.api.SymbolicRegressor;
import dysymnet.cli.OutputError;
import dysymnet.cli.Sets;
import dysymnet.cli.UserError;
import dysymnet.data.Dataset;
import dysymnet.search.Settings;
import dysymnet.search.Source;
import dysymnet.search.Timings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code dysymnet bench-scaling}: the same fixed work (a step budget, no time limit) on 1, 2, 4, ... threads, to see
 * how a search scales with the cores it is given. Three workloads ({@link Workload}): the whole method on Nguyen 1-12
 * (seed 1), the whole method on a 25-feature table ({@link LawTable}, 375 rows, noise), and the networks alone on four
 * Nguyen problems. Each workload runs its first problem once as a warm-up (the JIT; or every problem, as many passes
 * as {@code --warm-up-passes} says), then once per thread count, or {@code --rounds} times over the thread counts in
 * turn (the median run of each reported); the table has the wall time, the speed-up over the first thread count, the
 * serial share and the share with fewer threads busy than given (the runs' stage-time accounts, {@link Timings}), the
 * networks trained per second per thread, and whether every formula is the one of the first thread count's run (a
 * step budget gives the same formulas on any number of threads); under it, the stage account summed over the
 * workload's problems ({@link Timings#byKind}: each stage's seconds, serial seconds and mean busy threads on each
 * thread count), which says which stage keeps the threads waiting. The table also has the occupancy (busy threads
 * over threads given) and the step tail (the networks' step time beyond their trainings' run time spread evenly over
 * the threads), and under it each run's account replayed on 1 to 64 threads ({@link Timings#replayedSeconds}: every
 * task's recorded run time handed to the lane that frees first, in the order handed over), the scheduling's
 * prediction for a machine of more cores, and the same with every step's networks in one queue
 * ({@link Timings#overlappedSeconds}: the most that overlapping steps could give). Writes {@code scaling.md} and
 * {@code scaling.csv}.
 */
@Command(name = "bench-scaling", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run the same fixed-work searches (a step budget, no time limit) on 1, 2, 4, ... threads and "
                + "write OUT/scaling.md and OUT/scaling.csv: wall time, speed-up, serial share, networks per second "
                + "per thread, occupancy (busy threads over threads), the networks' step tail, and whether the "
                + "formulas are those of the first thread count; under each workload's table, each run's account "
                + "replayed on 1 to 64 threads (each task's run time handed to the thread that frees first: the "
                + "scheduling's prediction for more cores) and the same with every step's networks in one queue "
                + "(the most that overlapping steps could give), and its stages' wall time, serial time and mean "
                + "busy threads on each thread count.",
            "Workloads: nguyen (the whole method on Nguyen-1..12, seed 1), table (the whole method on a 375-row, "
                + "25-feature table with noise), networks (the networks alone on Nguyen-5, 7, 9, 11)."},
        footer = {"", "Examples:",
            "  dysymnet bench-scaling",
            "  dysymnet bench-scaling --threads-list 1,2,4,8,16 --out scaling-16",
            "  dysymnet bench-scaling --threads-list 1,2 --workloads nguyen --warm-up-passes 4 --rounds 3",
            "  dysymnet bench-scaling --workloads networks --threads-list 16 --no-warm-up"})
public final class ScalingCommand implements Callable<Integer> {
    /** Seed of every run (the data and the search). */
    static final long SEED = 1;

    @Spec
    CommandSpec spec;

    @Option(names = "--threads-list", paramLabel = "LIST",
            description = "Thread counts, e.g. 1,2,4,8,16 (default: 1 and the powers of two up to the machine's "
                    + "cores, and the cores themselves). Speed-ups are over the first.")
    String threadsList;

    @Option(names = "--workloads", paramLabel = "LIST", defaultValue = "nguyen,table,networks",
            description = "Workloads to run, of nguyen, table, networks (default ${DEFAULT-VALUE}).")
    String workloads;

    @Option(names = "--max-steps", paramLabel = "N",
            description = "Controller steps of every search (default: each workload's own, see the docs).")
    Integer maxSteps;

    @Option(names = "--networks-per-step", paramLabel = "N",
            description = "Networks per step of every search (default: each workload's own).")
    Integer networksPerStep;

    @Option(names = "--no-warm-up", description = "Skip the warm-up run of each workload.")
    boolean noWarmUp;

    @Option(names = "--warm-up-passes", paramLabel = "N", defaultValue = "0",
            description = "Warm up with N passes over every problem of a workload (on the largest thread count) "
                    + "instead of one run of its first problem: the short nguyen workload is otherwise measured "
                    + "while the JIT still compiles (its first thread count slower, the speed-up larger than the "
                    + "search's); on two cores it runs at its steady speed after about 4 passes (default "
                    + "${DEFAULT-VALUE}).")
    int warmUpPasses;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "1",
            description = "Measure every workload N times over the thread counts, in turn (1, 2, ..., 1, 2, ...), so "
                    + "that a shared machine's slow spells fall on every thread count alike; the tables give the "
                    + "median run of each thread count (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default bench-results/scaling).")
    Path out;

    /**
     * A fixed amount of work: problems, each searched with the same settings but the threads.
     *
     * @param name     its name on the command line and in the table
     * @param what     its description in the table
     * @param steps    controller steps of each search
     * @param networks networks per step
     * @param alone    the networks alone (no GP, no term regression)
     */
    record Workload(String name, String what, int steps, int networks, boolean alone) {
    }

    /**
     * The workloads, with the work each does by default: 25 to 45 s on one thread of a recent machine each, so that a
     * sweep of 1 to 16 threads of all three takes about four minutes on 16 cores. Sixteen networks a step, so that
     * 16 threads have a network each; the table's is the command ({@code --max-steps 2
     * --networks-per-step 16}).
     */
    static final List<Workload> WORKLOADS = List.of(
            new Workload("nguyen", "whole method, Nguyen-1..12 seed 1", 1, 16, false),
            new Workload("table", "whole method, 375 rows x 25 features (y = " + LawTable.LAW + " + 0.05 N(0,1))",
                    2, 16, false),
            new Workload("networks", "networks alone, Nguyen-5, 7, 9, 11 seed 1", 1, 16, true));

    /** The problems of the networks-alone workload. */
    private static final Pattern NETWORK_PROBLEMS = Pattern.compile("^Nguyen-(5|7|9|11)$");

    /** One problem of a workload: its name and its training rows. */
    private record Job(String name, Dataset train) {
    }

    /**
     * One run of a workload on a number of threads.
     *
     * @param stages the stage-time accounts of its searches summed by kind ({@link Timings#byKind}), in the order the
     *               kinds first ran
     */
    record Run(Workload workload, int threads, double seconds, double serialSeconds, double underusedSeconds,
               double busyThreadSeconds, long networks, List<String> formulas, List<Timings.Stage> stages,
               double[] replayed, double[] overlapped, double stepSeconds, double tailSeconds,
               double oversubscribedSeconds) {
        Run(Workload workload, int threads, double seconds, double serialSeconds, double underusedSeconds,
            double busyThreadSeconds, long networks, List<String> formulas, List<Timings.Stage> stages) {
            this(workload, threads, seconds, serialSeconds, underusedSeconds, busyThreadSeconds, networks, formulas,
                    stages, new double[0], new double[0], 0, 0, 0);
        }
    }

    /**
     * The thread counts on which {@link #run} replays each search's stage-time account ({@link
     * Timings#replayedSeconds}): the scheduling's prediction for a machine of that many cores.
     */
    static final int[] REPLAYED_LANES = {1, 2, 4, 8, 16, 32, 64};

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        int[] threads = threadsList == null ? defaultThreads(Runtime.getRuntime().availableProcessors())
                : Sets.integers("--threads-list", threadsList, 1);
        List<Workload> chosen = workloads(workloads);
        if (warmUpPasses < 0) {
            throw new UserError("--warm-up-passes must be at least 0, got " + warmUpPasses);
        }
        if (noWarmUp && warmUpPasses > 0) {
            throw new UserError("--no-warm-up and --warm-up-passes exclude each other");
        }
        if (maxSteps != null && maxSteps < 1) {
            throw new UserError("--max-steps must be at least 1, got " + maxSteps);
        }
        if (rounds < 1) {
            throw new UserError("--rounds must be at least 1, got " + rounds);
        }
        if (networksPerStep != null && networksPerStep < 1) {
            throw new UserError("--networks-per-step must be at least 1, got " + networksPerStep);
        }
        Path outDir = (out != null ? out : Paths.get("bench-results", "scaling")).toAbsolutePath().normalize();
        try {
            Files.createDirectories(outDir);
        } catch (IOException e) {
            throw new OutputError("--out " + out + ": cannot create the directory: " + e.getMessage());
        }
        List<Run> runs = new ArrayList<>();
        for (Workload w0 : chosen) {
            Workload w = new Workload(w0.name(), w0.what(), maxSteps != null ? maxSteps : w0.steps(),
                    networksPerStep != null ? networksPerStep : w0.networks(), w0.alone());
            List<Job> jobs = jobs(w);
            if (!noWarmUp) {
                err.printf(Locale.ROOT, "%s: warm-up on %d threads...%n", w.name(), threads[threads.length - 1]);
                err.flush();
                if (warmUpPasses == 0) {
                    run(w, List.of(jobs.get(0)), threads[threads.length - 1]);
                }
                for (int pass = 0; pass < warmUpPasses; pass++) {
                    run(w, jobs, threads[threads.length - 1]);
                }
            }
            List<Run> measured = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                for (int t : threads) {
                    Run r = run(w, jobs, t);
                    measured.add(r);
                    err.printf(Locale.ROOT, "%s: %d thread(s)%s: %.2f s, serial %.1f%%, %d networks%n", w.name(), t,
                            rounds > 1 ? " round " + (round + 1) : "", r.seconds(),
                            100 * share(r.serialSeconds(), r.seconds()), r.networks());
                    err.flush();
                    // after every run, so that a sweep cut short leaves the rows it has
                    List<Run> sofar = new ArrayList<>(runs);
                    sofar.addAll(medians(measured));
                    write(outDir, sofar);
                }
            }
            runs.addAll(medians(measured));
        }
        String md = write(outDir, runs);
        stdout.print(md);
        stdout.println("table: " + outDir.resolve("scaling.md"));
        stdout.println("csv: " + outDir.resolve("scaling.csv"));
        stdout.flush();
        return 0;
    }

    /** Writes the table of {@code runs} as scaling.md and scaling.csv in {@code dir}; returns the markdown. */
    private String write(Path dir, List<Run> runs) {
        String md = markdown(runs);
        try {
            Files.writeString(dir.resolve("scaling.md"), md, StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("scaling.csv"), csv(runs), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new OutputError("--out " + out + ": cannot write: " + e.getMessage());
        }
        return md;
    }

    /** 1, the powers of two below {@code cores}, and {@code cores}. */
    static int[] defaultThreads(int cores) {
        Set<Integer> out = new LinkedHashSet<>();
        for (int t = 1; t < cores; t *= 2) {
            out.add(t);
        }
        out.add(Math.max(1, cores));
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The workloads named in {@code text} (comma-separated), in the order given. */
    static List<Workload> workloads(String text) {
        List<Workload> out = new ArrayList<>();
        for (String part : text.split(",")) {
            String name = part.trim();
            Workload w = WORKLOADS.stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow(
                    () -> new UserError("--workloads: '" + name + "' is not one of nguyen, table, networks"));
            if (!out.contains(w)) {
                out.add(w);
            }
        }
        return out;
    }

    /** The problems of a workload, each with its training rows for seed {@link #SEED}. */
    private static List<Job> jobs(Workload w) {
        List<Job> out = new ArrayList<>();
        if (w.name().equals("table")) {
            out.add(new Job("table-25", table()));
            return out;
        }
        List<Problem> all;
        try {
            all = Suites.load("standard", BundledData.root(), Suites.Options.defaults());
        } catch (IllegalStateException | UncheckedIOException e) {
            throw new UserError(e.getMessage());
        }
        Pattern p = w.alone() ? NETWORK_PROBLEMS : Pattern.compile("^Nguyen-([1-9]|1[0-2])$");
        for (Problem q : all) {
            if (p.matcher(q.name()).find()) {
                out.add(new Job(q.name(), q.data().make(SEED).train()));
            }
        }
        return out;
    }

    /** The 25-feature table: 375 rows of {@link LawTable} (noise 0.05, seed 1), as read from its CSV. */
    static Dataset table() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            new LawTable(375, 25, 0.05, SEED).write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String[] lines = bytes.toString(StandardCharsets.US_ASCII).split("\n");
        List<String> names = Arrays.asList(lines[0].split(","));
        int d = names.size() - 1;
        double[][] x = new double[d][lines.length - 1];
        double[] y = new double[lines.length - 1];
        for (int i = 1; i < lines.length; i++) {
            String[] cells = lines[i].split(",");
            for (int j = 0; j < d; j++) {
                x[j][i - 1] = Double.parseDouble(cells[j]);
            }
            y[i - 1] = Double.parseDouble(cells[d]);
        }
        return new Dataset(names.subList(0, d), x, y);
    }

    /** The settings of a workload's searches on {@code threads} threads. */
    static Settings settings(Workload w, int threads) {
        SymbolicRegressor.Builder b = SymbolicRegressor.builder().seed(SEED).threads(threads).maxSteps(w.steps())
                .batchSize(w.networks()).timeLimit(null);
        (w.alone() ? Ablation.NETWORKS_ONLY : Ablation.NONE).apply(b);
        return b.settings();
    }

    /** Runs every job of a workload on {@code threads} threads, one after another. */
    private static Run run(Workload w, List<Job> jobs, int threads) {
        Settings settings = settings(w, threads);
        double serial = 0;
        double underused = 0;
        double busy = 0;
        long networks = 0;
        List<String> formulas = new ArrayList<>();
        List<Timings.Stage> stages = new ArrayList<>();
        double[] replayed = new double[REPLAYED_LANES.length];
        double[] overlapped = new double[REPLAYED_LANES.length];
        double stepSeconds = 0;
        double tailSeconds = 0;
        double over = 0;
        long t0 = System.nanoTime();
        for (Job j : jobs) {
            Model m = SymbolicRegressor.builder().settings(settings).build().fit(j.train(), "y");
            formulas.add(m.formula());
            networks += m.networksTrained();
            Timings t = m.history().timings();
            if (t != null) {
                serial += t.serialSeconds();
                underused += t.underusedSeconds();
                busy += t.busyThreadSeconds();
                over += t.oversubscribedSeconds();
                stages.addAll(t.byKind());
                for (int k = 0; k < replayed.length; k++) {
                    replayed[k] += t.replayedSeconds(REPLAYED_LANES[k]);
                    overlapped[k] += t.overlappedSeconds(REPLAYED_LANES[k], Source.NETWORK.name());
                }
                for (Timings.Stage s : t.stages()) {
                    if (s.name().equals(Source.NETWORK.name()) && s.step() != Timings.BEFORE_STEPS) {
                        stepSeconds += s.seconds();
                        tailSeconds += Math.max(0, s.seconds() - s.taskSeconds().stream()
                                .mapToDouble(Double::doubleValue).sum() / threads);
                    }
                }
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        return new Run(w, threads, seconds, serial, underused, busy, networks, formulas,
                Timings.sumByName(stages), replayed, overlapped, stepSeconds, tailSeconds, over);
    }

    /**
     * The median run of each thread count among {@code measured} (one workload's rounds), in the order the thread
     * counts first ran; of an even number of rounds the faster of the middle two.
     */
    static List<Run> medians(List<Run> measured) {
        Map<Integer, List<Run>> byThreads = new LinkedHashMap<>();
        for (Run r : measured) {
            byThreads.computeIfAbsent(r.threads(), k -> new ArrayList<>()).add(r);
        }
        List<Run> out = new ArrayList<>();
        for (List<Run> same : byThreads.values()) {
            List<Run> sorted = new ArrayList<>(same);
            sorted.sort(Comparator.comparingDouble(Run::seconds));
            out.add(sorted.get((sorted.size() - 1) / 2));
        }
        return out;
    }

    private static double share(double part, double whole) {
        return whole > 0 ? part / whole : 0;
    }

    /** The first run of the same workload (the base of the speed-up and of the formulas' comparison). */
    private static Run base(List<Run> runs, Run r) {
        return runs.stream().filter(x -> x.workload().name().equals(r.workload().name())).findFirst().orElse(r);
    }

    static String csv(List<Run> runs) {
        StringBuilder b = new StringBuilder("workload,threads,seconds,speedup,serial_share,underused_share,"
                + "mean_busy_threads,occupancy,over_share,step_tail_share,networks,networks_per_second_per_thread,identical\n");
        for (Run r : runs) {
            Run base = base(runs, r);
            b.append(String.format(Locale.ROOT, "%s,%d,%.3f,%.3f,%.4f,%.4f,%.2f,%.4f,%.4f,%.4f,%d,%.4f,%s%n",
                    r.workload().name(), r.threads(), r.seconds(), base.seconds() / r.seconds(),
                    share(r.serialSeconds(), r.seconds()), share(r.underusedSeconds(), r.seconds()),
                    share(r.busyThreadSeconds(), r.seconds()), share(r.busyThreadSeconds(), r.seconds() * r.threads()),
                    share(r.oversubscribedSeconds(), r.seconds()), share(r.tailSeconds(), r.stepSeconds()),
                    r.networks(), r.networks() / r.seconds() / r.threads(), r.formulas().equals(base.formulas())));
        }
        return b.toString();
    }

    static String markdown(List<Run> runs) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "# Scaling: the same work on more threads%n%n"
                + "%d cores (`availableProcessors`), Java %s. Serial: the share of the wall time with at most one "
                + "unit of work to do (Amdahl's serial part); fewer busy: the share with fewer threads busy than "
                + "given; both from the runs' stage-time accounts. Occupancy: busy threads over threads given; more "
                + "busy: the share with more threads busy than given (the thread budget overrun). Step "
                + "tail: the share of the networks' step time beyond their trainings' run time spread evenly over the "
                + "threads (a step ends with its slowest network). Identical: every formula is the first thread "
                + "count's. Replayed: each run's stage-time account with every task's run time handed to N threads "
                + "in the order it was (the pool's scheduling on N cores; not a core's speed with more busy), the "
                + "speed-up over one.%n%n", Runtime.getRuntime().availableProcessors(), System.getProperty("java.version")));
        for (Run r : runs) {
            if (base(runs, r) == r) {
                Workload w = r.workload();
                b.append(String.format(Locale.ROOT, "## %s: %s, %d step(s) of %d networks%n%n", w.name(), w.what(),
                        w.steps(), w.networks()));
                b.append("| threads | seconds | speed-up | serial | fewer busy | busy threads | occupancy | more busy "
                        + "| step tail | networks | networks/s/thread | identical |\n");
                b.append("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
            }
            Run base = base(runs, r);
            b.append(String.format(Locale.ROOT,
                    "| %d | %.2f | %.2fx | %.1f%% | %.1f%% | %.2f | %.1f%% | %.1f%% | %.1f%% | %d | %.3f | %s |%n",
                    r.threads(), r.seconds(), base.seconds() / r.seconds(), 100 * share(r.serialSeconds(),
                            r.seconds()), 100 * share(r.underusedSeconds(), r.seconds()),
                    share(r.busyThreadSeconds(), r.seconds()),
                    100 * share(r.busyThreadSeconds(), r.seconds() * r.threads()),
                    100 * share(r.oversubscribedSeconds(), r.seconds()), 100 * share(r.tailSeconds(), r.stepSeconds()),
                    r.networks(), r.networks() / r.seconds() / r.threads(),
                    r.formulas().equals(base.formulas()) ? "yes" : "**no**"));
            boolean last = runs.indexOf(r) == runs.size() - 1
                    || !runs.get(runs.indexOf(r) + 1).workload().name().equals(r.workload().name());
            if (last) {
                b.append('\n');
                List<Run> same = runs.stream().filter(x -> x.workload().name().equals(r.workload().name())).toList();
                replayed(b, same, "Replayed speed-up over one thread, from each run's account", Run::replayed);
                replayed(b, same, "The same with every step's networks in one queue (the most that overlapping steps "
                        + "could give)", Run::overlapped);
                stages(b, same);
            }
        }
        return b.toString();
    }

    /**
     * Each run's account replayed on {@link #REPLAYED_LANES} threads ({@code replay}: {@link Run#replayed} or
     * {@link Run#overlapped}): the predicted speed-up over one thread.
     */
    private static void replayed(StringBuilder b, List<Run> runs, String title,
                                 java.util.function.Function<Run, double[]> replay) {
        if (runs.stream().allMatch(r -> replay.apply(r).length == 0)) {
            return;
        }
        b.append(title).append("\n\n| from |");
        for (int lanes : REPLAYED_LANES) {
            b.append(' ').append(lanes).append(" |");
        }
        b.append("\n|---|").append("---|".repeat(REPLAYED_LANES.length)).append('\n');
        for (Run r : runs) {
            double[] replayed = replay.apply(r);
            if (replayed.length != REPLAYED_LANES.length) {
                continue;
            }
            b.append(String.format(Locale.ROOT, "| %d thread%s |", r.threads(), r.threads() == 1 ? "" : "s"));
            for (double t : replayed) {
                b.append(String.format(Locale.ROOT, " %.2fx |", t > 0 ? replayed[0] / t : 0));
            }
            b.append('\n');
        }
        b.append('\n');
    }

    /**
     * The stage-time account of one workload's runs: for each kind of stage ({@link Timings#byKind}, summed over the
     * problems) and each thread count, its wall time, the serial part of it and the mean busy threads.
     */
    private static void stages(StringBuilder b, List<Run> runs) {
        List<String> names = new ArrayList<>();
        for (Run r : runs) {
            for (Timings.Stage s : r.stages()) {
                // as fit --timings: a source with nothing to do there (the networks before the first step) is left out
                if (!names.contains(s.name()) && s.seconds() >= 0.0005) {
                    names.add(s.name());
                }
            }
        }
        if (names.isEmpty()) {
            return;
        }
        b.append("Stages (summed over the problems): seconds / serial seconds / mean busy threads\n\n| stage |");
        for (Run r : runs) {
            b.append(String.format(Locale.ROOT, " %d thread%s |", r.threads(), r.threads() == 1 ? "" : "s"));
        }
        b.append("\n|---|").append("---|".repeat(runs.size())).append('\n');
        for (String name : names) {
            b.append("| ").append(name).append(" |");
            for (Run r : runs) {
                Timings.Stage s = r.stages().stream().filter(x -> x.name().equals(name)).findFirst().orElse(null);
                b.append(s == null ? " - |" : String.format(Locale.ROOT, " %.2f / %.2f / %.2f |", s.seconds(),
                        s.serialSeconds(), share(s.busyThreadSeconds(), s.seconds())));
            }
            b.append('\n');
        }
        b.append('\n');
    }
}
