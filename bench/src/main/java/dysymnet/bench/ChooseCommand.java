package dysymnet.bench;

import dysymnet.api.FitPipeline;
import dysymnet.api.Model;
import dysymnet.api.SymbolicRegressor;
import dysymnet.cli.UserError;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.search.Settings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dysymnet bench-choose}: the final choice replayed on the candidates that {@code bench --save-splits} kept,
 * as the run's settings have it and with rules switched off: a rule's worth measured in seconds, on the same
 * candidates, without a second search ({@link FitPipeline#replay}).
 */
@Command(name = "bench-choose", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Replay the final choice on the candidates that 'bench --save-splits DIR' kept (each run's "
                + "candidates.json, settings.json, train.csv, test.csv and, with bench --units, units.json): the formula each run reports with its "
                + "settings and with --ablation, and their test R^2; a rule's worth in seconds, on the same "
                + "candidates.",
            "",
            "Examples:",
            "  dysymnet bench --suite blackbox --seeds 1 --max-steps 10 --time-limit 0 --save-splits splits",
            "  dysymnet bench-choose splits --ablation no-held-out-line"})
public final class ChooseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", description = "The folder 'bench --save-splits' wrote.")
    Path dir;

    @Option(names = "--ablation", paramLabel = "LIST", defaultValue = "none",
            description = "What the replay switches off, as bench's --ablation reads it, e.g. no-trend-band or "
                    + "no-cross-validation,no-held-out-line (default ${DEFAULT-VALUE}: the runs' own settings).")
    String ablation;

    /** One run replayed: with its own settings and with the ablation. */
    record Replay(String run, double r2, double r2Ablated, String formula, String formulaAblated) {
        boolean changed() {
            return !formula.equals(formulaAblated);
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Ablations abl;
        try {
            abl = Ablations.of(ablation);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        List<Path> runs = runs(dir);
        if (runs.isEmpty()) {
            throw new UserError(dir + ": no run folder with candidates.json (write them with bench --save-splits)");
        }
        out.printf(Locale.ROOT, "%-40s %10s %10s  %s%n", "run", "R2 test", "ablated", "formula (ablated, when "
                + "another)");
        List<Replay> replays = new ArrayList<>();
        for (Path run : runs) {
            Replay r = replay(run, abl);
            replays.add(r);
            out.printf(Locale.ROOT, "%-40s %10.4f %10.4f  %s%n", r.run(), r.r2(), r.r2Ablated(),
                    r.changed() ? r.formula() + "  ->  " + r.formulaAblated() : r.formula());
        }
        out.println(summary(replays, abl.label()));
        out.flush();
        return 0;
    }

    /** The run folders under {@code dir} that hold candidates, by name. */
    static List<Path> runs(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new UserError(dir + " is not a directory");
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> Files.isRegularFile(p.resolve(SavedSplits.CANDIDATES))).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One run's replay, with its settings and with {@code abl} applied on top. */
    static Replay replay(Path run, Ablations abl) {
        SavedSplits.Kept kept = SavedSplits.read(run);
        Settings own = kept.settings();
        SymbolicRegressor.Builder b = SymbolicRegressor.builder().settings(own);
        abl.apply(b);
        Model full = new FitPipeline(own, null, null, kept.units()).replay(kept.train(), "y", kept.candidates());
        Model ablated = new FitPipeline(b.settings(), null, null, kept.units()).replay(kept.train(), "y",
                kept.candidates());
        return new Replay(run.getFileName().toString(), r2(full, kept.test()), r2(ablated, kept.test()),
                full.formula(), ablated.formula());
    }

    private static double r2(Model m, Dataset test) {
        return Metrics.r2(m.predict(test), test.y());
    }

    /**
     * The line under the table: runs, formulas the ablation changed, and of those how many it made better or worse
     * on the test rows, with the median change of test R^2 over the changed ones.
     */
    static String summary(List<Replay> replays, String label) {
        int changed = 0;
        int better = 0;
        int worse = 0;
        List<Double> deltas = new ArrayList<>();
        for (Replay r : replays) {
            if (r.changed()) {
                changed++;
                double d = r.r2Ablated() - r.r2();
                deltas.add(d);
                better += d > 0 ? 1 : 0;
                worse += d < 0 ? 1 : 0;
            }
        }
        return String.format(Locale.ROOT, "%d run(s); %s changed %d formula(s): test R^2 better in %d, worse in %d"
                        + "%s", replays.size(), label, changed, better, worse,
                deltas.isEmpty() ? "" : String.format(Locale.ROOT, ", median change %.4f",
                        Stats.median(deltas.stream().mapToDouble(Double::doubleValue).toArray())));
    }
}
