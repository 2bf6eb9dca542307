package dysymnet.bench;

import dysymnet.api.SymbolicRegressor;
import dysymnet.choice.Policy;
import dysymnet.cluster.ClusterClient;
import dysymnet.cli.SearchOptions;
import dysymnet.cli.Sets;
import dysymnet.cli.UserError;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dysymnet bench}: runs a benchmark suite of the paper and writes results.csv, summary.md and plots. */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run one of the paper's benchmark suites: standard, feynman, strogatz, blackbox, balls.",
            "Appends one row per problem x noise level x seed to OUT/results.csv (a rerun skips the rows already "
                + "there), then rewrites OUT/summary.md and the PNG plots from the whole file. Each row also has "
                + "ordinary least squares fitted on the run's training rows (ols_r2_test, ols_mse_test)."},
        footer = {"", "Examples:",
            "  dysymnet bench --suite standard --seeds 1-3 --time-limit 60",
            "  dysymnet bench --suite standard --filter '^Nguyen-([1-9]|1[0-2])$' --seeds 1-5 --max-steps 10 "
                + "--time-limit 0 --ablation networks-only,no-pg",
            "  dysymnet bench --suite feynman --noise 0,0.001,0.01,0.1 --filter '^I\\.' --time-limit 120",
            "  dysymnet bench --suite balls --seeds 1 --time-limit 10",
            "  dysymnet bench --suite blackbox --seeds 1-3 --time-limit 60 --save-splits splits"})
public final class BenchCommand implements Callable<Integer> {
    static {
        // the final choice's rules in --ablation's help, from the policies themselves
        System.setProperty("dysymnet.choice.rules", String.join(", ", Policy.allNames()));
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--suite", required = true, paramLabel = "NAME",
            description = "standard | feynman | strogatz | blackbox | balls.")
    String suite;

    @Option(names = "--data", paramLabel = "DIR",
            description = "Directory holding benchmarks/ and data/, for another copy of the benchmark data (default: "
                    + "the data bundled in the bench jar, a copy of the repository's data/ folder, whatever the "
                    + "current directory).")
    Path data;

    @Option(names = "--filter", paramLabel = "REGEX",
            description = "Run only problems whose name contains a match of this regular expression.")
    String filter;

    @Option(names = "--seeds", paramLabel = "LIST", defaultValue = "1",
            description = "Seeds, e.g. 1,2,3 or 1-5 (default ${DEFAULT-VALUE}). Each seeds the data, noise and search.")
    String seeds;

    @Option(names = "--noise", paramLabel = "LIST", defaultValue = "0",
            description = "Noise levels, e.g. 0,0.001,0.01,0.1 (default ${DEFAULT-VALUE}): Gaussian noise of sd "
                    + "level x RMS(y) on the training target.")
    String noise;

    @Mixin
    SearchOptions search;

    @Option(names = "--ablation", paramLabel = "LIST", defaultValue = "none",
            description = "Parts switched off, one name or a comma-separated list applied together (default "
                    + "${DEFAULT-VALUE}: the full method): networks-only (neither GP nor term regression: the paper's "
                    + "method) | no-networks (no network trained: the straight lines, the GP and the term regression "
                    + "alone; each step is one run of the GP and of the term regression, far cheaper than a step with "
                    + "networks, so compare with the full method at an equal --time-limit and a --max-steps that the "
                    + "time limit, not the steps, ends) | no-refine (no constant refinement) | no-pg (no policy "
                    + "gradient: uniform architectures) | no-clip (no gradient clipping, the paper's AGC) | no-elim (no "
                    + "backward elimination with refitting, ours) | no-window (stage 1 without the growing window, "
                    + "ours) | no-halving (every network trained in full, none given up at its checkpoint, ours) | "
                    + "no-gp (no genetic-programming stage, ours) | no-terms (no sparse term regression, ours) | "
                    + "no-interactions | no-transforms (term regression without products / transformed targets, ours) "
                    + "| no-pi-gp | no-pi-terms | no-pi-curves | no-pi (with --units: no GP / term regression / curves of "
                    + "one group / none of them on the inputs' dimensionless groups, ours) | no-noise | no-guard | no-validation | no-guards (final-choice guards, ours) | no-RULE: one rule "
                    + "of the final choice switched off, RULE one of its policies' rules and parts in the order they "
                    + "run: ${sys:dysymnet.choice.rules}. The paper's "
                    + "Figure 3 arms: networks-only,no-pg and so on. Refused: none with others, a name twice, two that "
                    + "switch off the same part, one that acts on a part another switches off (no-pg,no-networks), "
                    + "and no-networks,no-gp,no-terms. Recorded in results.csv in a fixed order joined by '+' "
                    + "(networks-only+no-pg), which --ablation also reads.")
    String ablation;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default bench-results/SUITE).")
    Path out;

    @Option(names = "--units", description = "Feynman suite: give each law the units of its variables and output "
            + "from data/feynman/units.csv (AI Feynman's table), as fit --units does; recorded in the runs' "
            + "identity.")
    boolean units;

    @Option(names = "--dimensionless-constants", description = "With --units: the formulas' constants are pure "
            + "numbers (the Feynman laws' physical constants are variables of the data); by default each may carry "
            + "a unit.")
    boolean dimensionlessConstants;

    @Option(names = "--feynman-train", paramLabel = "N", defaultValue = "1000",
            description = "Feynman: training rows sampled per problem (default ${DEFAULT-VALUE}; SRBench 10000).")
    int feynmanTrain;

    @Option(names = "--feynman-test", paramLabel = "N", defaultValue = "1000",
            description = "Feynman: test rows sampled per problem (default ${DEFAULT-VALUE}; SRBench 25000).")
    int feynmanTest;

    @Option(names = "--max-train-rows", paramLabel = "N", defaultValue = "10000",
            description = "Training rows kept at most (random subset) in feynman, strogatz, blackbox "
                    + "(default ${DEFAULT-VALUE}, as SRBench).")
    int maxTrainRows;

    @Option(names = "--blackbox-dir", paramLabel = "DIR",
            description = "Directory of PMLB .tsv.gz files for the blackbox suite (default data/pmlb_blackbox of the "
                    + "benchmark data, see --data).")
    Path blackboxDir;

    @Option(names = "--symbolic-tol", paramLabel = "X", defaultValue = "1e-9",
            description = "Relative tolerance of the numeric symbolic-solution check (default ${DEFAULT-VALUE}).")
    double symbolicTol;

    @Option(names = "--save-splits", paramLabel = "DIR",
            description = "Also write each run's rows, DIR/<problem>_seed<S>[_noise<N>]/train.csv and test.csv "
                    + "(feature names then target; the training target with the run's noise), for runs skipped as "
                    + "done too; for other reference models (bench/scripts/blackbox_reference.py); and for each run "
                    + "that runs, its search's candidates and its settings (candidates.json, settings.json), on which "
                    + "bench-choose replays the final choice with rules switched off. Changes no result.")
    Path saveSplits;

    @Option(names = "--retry-failed", description = "Run again the runs recorded with an error.")
    boolean retryFailed;

    @Option(names = "--list", description = "List the suite's problems (after --filter) and exit.")
    boolean list;

    @Override
    public Integer call() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!Suites.NAMES.contains(suite)) {
            throw new UserError("--suite must be one of " + String.join(", ", Suites.NAMES) + ", got '" + suite + "'");
        }
        Path dataDir;
        if (data == null) {
            try {
                dataDir = BundledData.root();
            } catch (IllegalStateException | java.io.UncheckedIOException e) {
                throw new UserError(e.getMessage());
            }
        } else {
            dataDir = data.toAbsolutePath().normalize();
            if (!Files.isDirectory(dataDir)) {
                throw new UserError("--data " + data + " (resolved to " + dataDir + ") is not a directory; give the "
                        + "directory that holds benchmarks/ and data/");
            }
        }
        Ablations abl;
        try {
            abl = Ablations.of(ablation);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        SymbolicRegressor.Builder b = SymbolicRegressor.builder();
        search.apply(b);
        Suites.Options options = new Suites.Options(atLeast1("--feynman-train", feynmanTrain),
                atLeast1("--feynman-test", feynmanTest), atLeast1("--max-train-rows", maxTrainRows),
                blackboxDir == null ? null : blackboxDir.toAbsolutePath().normalize(),
                units ? (dimensionlessConstants ? "dimensionless" : "free") : null);
        if (units && !suite.equals("feynman")) {
            throw new UserError("--units reads the Feynman laws' units table: only with --suite feynman");
        }
        if (dimensionlessConstants && !units) {
            throw new UserError("--dimensionless-constants needs --units");
        }
        if (units && search.cluster() != null) {
            throw new UserError("--units does not run on a cluster yet (the sweep's tasks carry no units)");
        }
        BenchRunner.Plan settings = new BenchRunner.Plan(parseSeeds(seeds), parseNoise(noise), abl, b.settings(),
                options.describe(suite), positive("--symbolic-tol", symbolicTol), retryFailed);
        List<Problem> all = Suites.load(suite, dataDir, options);
        List<Problem> chosen = select(all, filter);
        if (list) {
            for (Problem p : chosen) {
                stdout.println(p.name() + "\t" + p.group() + "\t" + p.truthText());
            }
            stdout.flush();
            return 0;
        }
        Path splitsDir = null;
        if (saveSplits != null) {
            splitsDir = saveSplits.toAbsolutePath().normalize();
            try {
                Files.createDirectories(splitsDir);
            } catch (java.io.IOException e) {
                throw new UserError("--save-splits " + saveSplits + ": cannot create the directory: " + e.getMessage());
            }
        }
        Path outDir = out != null ? out : Paths.get("bench-results", suite);
        Path csv = outDir.resolve("results.csv");
        err.println("bench " + suite + ": " + chosen.size() + " problem(s) x " + settings.noise().size()
                + " noise level(s) x " + settings.seeds().size() + " seed(s), ablation " + abl.label() + ", results in "
                + csv);
        err.flush();
        BenchRunner.Outcome o;
        if (search.cluster() == null) {
            o = BenchRunner.run(chosen, settings, csv, err, splitsDir);
        } else {
            ClusterClient client;
            try {
                client = ClusterClient.connect(search.cluster(), search.members());
            } catch (IllegalStateException e) {
                throw new UserError(e.getMessage());
            }
            err.println("on cluster '" + search.cluster() + "': " + client.workers().size() + " worker(s), "
                    + client.threads() + " thread(s)");
            err.flush();
            try (client) {
                o = BenchRunner.run(chosen, settings, csv, err, client, splitsDir);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UserError("interrupted");
            }
        }
        Map<String, Problem> byName = new LinkedHashMap<>();
        for (Problem p : all) {
            byName.put(p.name(), p);
        }
        References refs = References.load(dataDir.resolve("data").resolve("reference"));
        BenchPlots.Written plots = Summary.write(outDir, ResultsFile.read(csv), refs, byName);
        stdout.println("ran " + o.ran() + " run(s) (" + o.failed() + " failed), skipped " + o.skipped()
                + " already done");
        stdout.println("results: " + csv);
        stdout.println("summary: " + outDir.resolve("summary.md"));
        if (splitsDir != null) {
            stdout.println("splits: " + splitsDir);
        }
        for (String p : plots.files()) {
            stdout.println("plot: " + outDir.resolve(p));
        }
        for (String f : plots.failures()) {
            err.println("warning: plot not drawn: " + f);
        }
        err.flush();
        stdout.flush();
        return 0;
    }

    static List<Problem> select(List<Problem> all, String regex) {
        if (regex == null) {
            return all;
        }
        Pattern p;
        try {
            p = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            throw new UserError("--filter '" + regex + "' is not a valid regular expression: " + e.getDescription());
        }
        List<Problem> out = all.stream().filter(q -> p.matcher(q.name()).find()).collect(Collectors.toList());
        if (out.isEmpty()) {
            throw new UserError("--filter '" + regex + "' matches none of the " + all.size() + " problems of the suite"
                    + " (try --list)");
        }
        return out;
    }

    /** Parses {@code 1,2,3}, {@code 1-5} or a mix such as {@code 1-3,7}, ascending, duplicates dropped. */
    static List<Long> parseSeeds(String text) {
        return Arrays.stream(Sets.longs("--seeds", text, Long.MIN_VALUE)).boxed().collect(Collectors.toList());
    }

    /** Parses {@code 0,0.001,0.01}; every level must be finite and non-negative. */
    static List<Double> parseNoise(String text) {
        LinkedHashSet<Double> out = new LinkedHashSet<>();
        for (String part : text.split(",")) {
            String s = part.trim();
            double v;
            try {
                v = Double.parseDouble(s);
            } catch (NumberFormatException e) {
                throw new UserError("--noise '" + text + "': '" + s + "' is not a number");
            }
            if (!(v >= 0.0) || Double.isInfinite(v)) {
                throw new UserError("--noise '" + text + "': levels must be finite and non-negative, got " + s);
            }
            out.add(v == 0.0 ? 0.0 : v);
        }
        return new ArrayList<>(out);
    }

    private static int atLeast1(String option, int v) {
        if (v < 1) {
            throw new UserError(option + " must be at least 1, got " + v);
        }
        return v;
    }

    private static double positive(String option, double v) {
        if (!(v > 0.0) || Double.isInfinite(v)) {
            throw new UserError(option + " must be a positive finite number, got " + v);
        }
        return v;
    }
}
