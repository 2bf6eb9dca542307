package dysymnet.cli;

import dysymnet.api.SymbolicRegressor;
import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.io.table.ReadOptions;
import dysymnet.io.table.Selection;
import dysymnet.io.table.Table;
import dysymnet.io.table.TableReader;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dysymnet demo}: the law of a real falling tennis ball, against the physics models of the paper. */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = Main.Version.class, sortOptions = false,
        description = {"Find the law of a real falling ball (a tennis ball dropped from a bridge; bundled data).",
            "Trains on t <= 2 s, tests on t > 2 s (extrapolation), and compares the test error with the three",
            "physics models of the DySymNet paper (A: cubic, B: exponential, C: quadratic drag) fitted to the same data."})
final class DemoCommand implements Callable<Integer> {
    static final String RESOURCE = "/dysymnet/demo/tennis_ball_drop1.csv";
    /** The paper's test MSE for this ball (DySymNet; models A, B, C), Table "free-falling balls". */
    static final double[] PAPER = {0.0052, 0.2523, 72.28, 0.06219};

    @Spec
    CommandSpec spec;

    @Mixin
    SeedOption seed;

    @Mixin
    SearchOptions search;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write model.json, pareto.csv and plots here.")
    Path out;

    @Option(names = "--quiet", description = "No progress on standard error.")
    boolean quiet;

    @Option(names = "--explain", description = "After the table, why the final choice reported the formula: the "
            + "members of the fronts it looked at, each passed-over one with the rule and its numbers.")
    boolean explain;

    @Override
    public Integer call() {
        SymbolicRegressor.Builder b = search.builder(seed);
        if (out != null) {
            Reports.checkOutputDir("--out", out);
        }
        PrintWriter outw = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        double[][] data = load();
        List<Double> tTr = new ArrayList<>();
        List<Double> hTr = new ArrayList<>();
        List<Double> tTe = new ArrayList<>();
        List<Double> hTe = new ArrayList<>();
        for (int i = 0; i < data[0].length; i++) {
            boolean train = data[0][i] <= 2.0;
            (train ? tTr : tTe).add(data[0][i]);
            (train ? hTr : hTe).add(data[1][i]);
        }
        double[] tTrain = unbox(tTr);
        double[] hTrain = unbox(hTr);
        double[] tTest = unbox(tTe);
        double[] hTest = unbox(hTe);
        outw.printf(Locale.ROOT, "Tennis ball dropped from a bridge: %d measurements of height h (m) at time t (s).%n",
                data[0].length);
        outw.printf(Locale.ROOT, "Training on t <= 2 s (%d points), testing on t > 2 s (%d points).%n%n",
                tTrain.length, tTest.length);
        outw.flush();
        Dataset train = new Dataset(List.of("t"), new double[][] {tTrain}, hTrain);
        try (ClusterSupport.Connection cluster = search.connectCluster(b)) {
            Fitting.run(b, train, "h", quiet, err, o -> {
                FitReport r = new FitReport(o.model(), new double[][] {tTrain}, hTrain, new double[][] {tTest}, hTest,
                        List.of("t"), "h", o.cancelled());
                outw.println((o.cancelled() ? "Interrupted; best law found so far:" : "Law found by dysymnet:"));
                outw.println("  h = " + Reports.capped(o.model().formula(5), Reports.fullFormulaHint(null, out)));
                String constants = Reports.constants(r.standardErrors(), 5);
                if (constants != null) {
                    outw.println("  " + constants);
                }
                Reports.notes(o.model(), outw);
                outw.println();
                outw.printf(Locale.ROOT, "%-34s %12s %12s %14s%n", "model", "train MSE", "test MSE", "paper test MSE");
                outw.printf(Locale.ROOT, "%-34s %12s %12s %14s%n", "dysymnet (this run)", Reports.number(r.mseTrain()),
                        Reports.number(r.mseTest()), Reports.number(PAPER[0]));
                List<PhysicsModels.Fitted> phys = PhysicsModels.fitAll(tTrain, hTrain);
                for (int k = 0; k < phys.size(); k++) {
                    PhysicsModels.Fitted f = phys.get(k);
                    double test = Metrics.mse(f.predict(tTest), hTest);
                    outw.printf(Locale.ROOT, "%-34s %12s %12s %14s%n", f.name() + ": " + f.form(),
                            Reports.number(f.trainMse()), Reports.number(test), Reports.number(PAPER[k + 1]));
                }
                outw.println();
                outw.printf(Locale.ROOT, "%d networks trained in %.1f s (seed %d). Try: ./dysymnet fit YOUR_FILE.csv%n",
                        o.model().networksTrained(), o.model().elapsedSeconds(), seed.seed());
                if (explain) {
                    Reports.explanation(o.model(), 5, outw, Reports.fullFormulaHint(null, out));
                }
                if (out != null) {
                    Reports.outDir(r, out, 6);
                    outw.println("Wrote model.json, pareto.csv, fit.png, pareto.png, reward.png to " + out);
                }
                outw.flush();
            });
        }
        return 0;
    }

    private static double[] unbox(List<Double> l) {
        return l.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** The bundled measurements as columns {time, height}. */
    static double[][] load() {
        InputStream in = DemoCommand.class.getResourceAsStream(RESOURCE);
        if (in == null) {
            throw new IllegalStateException("bundled demo data " + RESOURCE + " is missing from the build");
        }
        Table table = TableReader.read(in, RESOURCE, ReadOptions.defaults());
        Selection s = TableReader.select(table, "height_m", List.of("time_s"));
        return new double[][] {s.x()[0], s.y()};
    }
}
