package dysymnet.bench;

import dysymnet.expr.Parser;
import dysymnet.expr.Printer;
import dysymnet.io.AtomicFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * Writes {@code summary.md} (paper-style tables beside the published numbers) and the PNG plots from the rows of
 * {@code results.csv}. Everything is recomputed from the rows, so the files always describe the whole file.
 */
public final class Summary {
    /** Groups SRBench reports as ground-truth problems. */
    private static final List<String> SRBENCH_TRUTH_GROUPS = List.of("Feynman", "Strogatz");
    /** Longest formula shown in a table or a progress line. */
    static final int FORMULA_CHARS = 120;

    private Summary() {
    }

    /**
     * Writes {@code summary.md} and the plots into {@code outDir}, atomically, from the latest row of each run.
     *
     * @param problems problems by name, for the ball-trajectory plot (may be empty)
     * @return the plots written and failed
     */
    public static BenchPlots.Written write(Path outDir, List<ResultRow> allRows, References refs,
                                     Map<String, Problem> problems) {
        List<ResultRow> rows = ResultsFile.latest(allRows);
        BenchPlots.Written plots = BenchPlots.writeAll(outDir, rows, problems);
        try {
            AtomicFiles.writeString(outDir.resolve("summary.md"), markdown(rows, refs, plots.files())
                    + plots.failures().stream().map(f -> "Plot not drawn: " + f + "\n\n").collect(Collectors.joining()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + outDir.resolve("summary.md") + ": " + e.getMessage(), e);
        }
        return plots;
    }

    /** The text of {@code summary.md} for these rows (one per run) and plot files. */
    public static String markdown(List<ResultRow> rows, References refs, List<String> plots) {
        StringBuilder sb = new StringBuilder();
        sb.append("# DySymNet benchmark results\n\n");
        if (rows.isEmpty()) {
            sb.append("No runs in results.csv yet.\n");
            return sb.toString();
        }
        header(sb, rows);
        table1(sb, rows, refs);
        rates(sb, rows);
        ablations(sb, rows);
        srbenchTruth(sb, rows, refs);
        srbenchBlackbox(sb, rows, refs);
        balls(sb, rows, refs);
        perProblem(sb, rows);
        failures(sb, rows);
        if (!plots.isEmpty()) {
            sb.append("## Plots\n\n");
            for (String p : plots) {
                sb.append("![").append(p.replaceFirst("\\.png$", "")).append("](").append(p).append(")\n\n");
            }
        }
        return sb.toString();
    }

    private static void header(StringBuilder sb, List<ResultRow> rows) {
        long failed = rows.stream().filter(ResultRow::failed).count();
        Set<String> problems = new LinkedHashSet<>();
        rows.forEach(r -> problems.add(r.suite() + "/" + r.problem()));
        sb.append("- Suites: ").append(distinct(rows, ResultRow::suite)).append('\n');
        sb.append("- Runs: ").append(rows.size()).append(" over ").append(problems.size()).append(" problems, ")
                .append(failed).append(" failed\n");
        sb.append("- Seeds: ").append(distinct(rows, r -> Long.toString(r.seed()))).append('\n');
        sb.append("- Noise levels: ").append(distinct(rows, r -> ResultRow.num(r.noise())))
                .append(" (Gaussian, sd = level x RMS(y), on the training target only)\n");
        sb.append("- Ablations: ").append(distinct(rows, ResultRow::ablation)).append('\n');
        sb.append("- Budget per run: time limit ")
                .append(distinct(rows, r -> r.timeLimit() > 0 ? ResultRow.num(r.timeLimit()) + " s" : "none"))
                .append(", steps at most ").append(distinct(rows, r -> r.maxSteps() > 0 ? Integer.toString(r.maxSteps())
                        : "as the budget allows")).append('\n');
        for (String suite : new LinkedHashSet<>(rows.stream().map(ResultRow::suite).collect(Collectors.toList()))) {
            List<ResultRow> s = rows.stream().filter(r -> r.suite().equals(suite) && r.nTrain() >= 0)
                    .collect(Collectors.toList());
            if (s.isEmpty()) {
                continue;
            }
            sb.append("- Rows per problem (").append(suite).append("): train ")
                    .append(range(s, ResultRow::nTrain)).append(", test ").append(range(s, ResultRow::nTest));
            if (suite.equals("feynman")) {
                sb.append(" (SRBench: 100 000 samples, 75/25 split, at most 10 000 training rows)");
            }
            sb.append('\n');
        }
        sb.append("- Symbolic solution: model - truth simplifies to a constant, or model / truth to a non-zero "
                + "constant, else the same tested numerically at ").append(SymbolicCheck.POINTS)
                .append(" points over the domain and the domain widened by ")
                .append(Math.round(SymbolicCheck.WIDEN * 100)).append("% on each side (relative tolerance ~1e-9;"
                + " see SymbolicCheck). A numeric yes is not a proof of identity: it means agreement to about"
                + " nine digits at every sampled point, i.e. a formula equal to the truth up to the rounding of its"
                + " constants; with noisy training data this is stricter than SRBench's SymPy check. The column"
                + " symbolic_dev of results.csv is the smallest tolerance that would have said yes.\n");
        sb.append("- Accuracy solution: test R^2 > 0.99 (paper, RQ3) and > 0.999 (SRBench).\n\n");
    }

    private static void table1(StringBuilder sb, List<ResultRow> rows, References refs) {
        sb.append("## Mean test R^2 per group (paper Table 1)\n\n");
        List<String> head = new ArrayList<>(List.of("Group", "Ablation", "Noise", "Runs", "Excluded",
                "Mean R^2", "Median R^2"));
        for (String m : refs.table1Methods()) {
            head.add(m + " (paper)");
        }
        List<List<String>> body = new ArrayList<>();
        for (Map.Entry<List<String>, List<ResultRow>> e : byGroup(rows).entrySet()) {
            List<ResultRow> g = e.getValue();
            double[] r2 = finite(g, ResultRow::r2Test);
            List<String> line = new ArrayList<>(e.getKey());
            line.add(Integer.toString(g.size()));
            line.add(Integer.toString(g.size() - r2.length));
            line.add(f4(Stats.mean(r2)));
            line.add(f4(Stats.median(r2)));
            Map<String, Double> ref = refs.table1().get(e.getKey().get(0));
            for (String m : refs.table1Methods()) {
                line.add(ref == null || ref.get(m) == null ? "" : f4(ref.get(m)));
            }
            body.add(line);
        }
        table(sb, head, body);
        sb.append("Excluded: failed runs and runs whose test R^2 is not finite; they are left out of the mean and"
                + " median. The paper's numbers are means over 20 runs with its own budget.\n\n");
    }

    private static void rates(StringBuilder sb, List<ResultRow> rows) {
        sb.append("## Solution rates and cost\n\n");
        List<String> head = List.of("Group", "Ablation", "Noise", "Runs", "Symbolic solution", "R^2 > 0.99",
                "R^2 > 0.999", "Median size", "Median time (s)", "Median networks");
        List<List<String>> body = new ArrayList<>();
        Map<List<String>, List<ResultRow>> groups = byGroup(rows);
        for (Map.Entry<List<String>, List<ResultRow>> e : groups.entrySet()) {
            body.add(rateLine(e.getKey(), e.getValue()));
        }
        if (new TreeSet<>(rows.stream().map(ResultRow::group).collect(Collectors.toList())).size() > 1) {
            for (Map.Entry<List<String>, List<ResultRow>> e : byKey(rows, r -> List.of("All", r.ablation(),
                    ResultRow.num(r.noise()))).entrySet()) {
                body.add(rateLine(e.getKey(), e.getValue()));
            }
        }
        table(sb, head, body);
        sb.append("Rates are over all runs (a failed run counts as not solved); the symbolic rate only over"
                + " problems with a known truth. Size is the formula's node count.\n\n");
    }

    /**
     * The ablation table, when the rows have more than one ablation: per ablation and noise level, the exact laws
     * (the symbolic check), R^2 &gt; 0.999 and the median test R^2 on black-box problems, the exact laws per seed with
     * their mean and standard deviation over the seeds; then the paired comparison ({@link Paired}).
     */
    private static void ablations(StringBuilder sb, List<ResultRow> rows) {
        if (distinctList(rows, ResultRow::ablation).size() < 2) {
            return;
        }
        sb.append("## Ablations\n\n");
        List<String> head = List.of("Ablation", "Noise", "Runs", "Exact (symbolic)", "R^2 > 0.999",
                "Median test R^2 (black-box)", "Exact per seed", "Exact per seed: mean ± sd");
        List<List<String>> body = new ArrayList<>();
        for (Map.Entry<List<String>, List<ResultRow>> e : byKey(rows, r -> List.of(r.ablation(),
                ResultRow.num(r.noise()))).entrySet()) {
            List<ResultRow> g = e.getValue();
            List<ResultRow> withTruth = g.stream().filter(r -> !r.truth().isEmpty()).collect(Collectors.toList());
            List<ResultRow> bb = g.stream().filter(r -> r.group().equals("Black-box")).collect(Collectors.toList());
            List<String> line = new ArrayList<>(e.getKey());
            line.add(Integer.toString(g.size()));
            line.add(withTruth.isEmpty() ? "n/a" : count(withTruth, Paired::exact) + "/" + withTruth.size());
            line.add(count(g, r -> Boolean.TRUE.equals(r.acc0999())) + "/" + g.size());
            line.add(bb.isEmpty() ? "n/a" : f4(Stats.median(bb.stream().mapToDouble(Paired::r2).toArray())));
            if (withTruth.isEmpty()) {
                line.add("n/a");
                line.add("n/a");
            } else {
                Map<Long, List<ResultRow>> perSeed = new TreeMap<>();
                withTruth.forEach(r -> perSeed.computeIfAbsent(r.seed(), k -> new ArrayList<>()).add(r));
                double[] exact = perSeed.values().stream().mapToDouble(l -> count(l, Paired::exact)).toArray();
                line.add(perSeed.entrySet().stream().map(s -> s.getKey() + ": " + count(s.getValue(), Paired::exact)
                        + "/" + s.getValue().size()).collect(Collectors.joining(", ")));
                line.add(f1(Stats.mean(exact)) + " ± " + f1(Stats.sd(exact)));
            }
            body.add(line);
        }
        table(sb, head, body);
        sb.append("Exact: the symbolic check said yes (problems with a known truth); median test R^2 over the black-box"
                + " runs, a failed run as -inf. Per seed: the exact laws of each seed's runs; sd: the sample standard"
                + " deviation over the seeds (the spread an effect must exceed).\n\n");
        List<Paired.Tally> tallies = Paired.compare(rows);
        if (tallies.isEmpty()) {
            sb.append("No paired runs: no ablation has runs on the same problem, seed, noise level and budget as"
                    + " its reference.\n\n");
            return;
        }
        List<List<String>> pairs = new ArrayList<>();
        for (Paired.Tally t : tallies) {
            pairs.add(List.of(t.ablation(), t.against(), t.noise(), Integer.toString(t.pairs()),
                    Integer.toString(t.won()), Integer.toString(t.lost()), Integer.toString(t.tied())));
        }
        sb.append("### Paired: each run against the reference's run on the same problem, seed, noise and budget\n\n");
        table(sb, List.of("Ablation", "Against", "Noise", "Pairs", "Won", "Lost", "Tied"), pairs);
        sb.append("Won: the ablation's run did better than the reference's; lost: worse. With a known truth, exact"
                + " beats inexact and the same exactness is a tie; without one (black-box), the higher test R^2 wins"
                + " by more than ").append(Paired.R2_TIE).append(", closer is a tie (a failed run below any)."
                + " References: the full method (none), and for a list each list of the file with one part fewer.\n\n");
    }

    private static List<String> rateLine(List<String> key, List<ResultRow> g) {
        List<String> line = new ArrayList<>(key);
        line.add(Integer.toString(g.size()));
        line.add(symbolicRate(g));
        line.add(rate(g, r -> Boolean.TRUE.equals(r.acc099())));
        line.add(rate(g, r -> Boolean.TRUE.equals(r.acc0999())));
        List<ResultRow> ok = g.stream().filter(r -> !r.failed()).collect(Collectors.toList());
        line.add(f1(Stats.median(finite(ok, r -> r.complexity()))));
        line.add(f1(Stats.median(finite(ok, ResultRow::seconds))));
        line.add(f1(Stats.median(finite(ok, r -> r.networks()))));
        return line;
    }

    private static void srbenchTruth(StringBuilder sb, List<ResultRow> rows, References refs) {
        List<ResultRow> truthRows = rows.stream().filter(r -> SRBENCH_TRUTH_GROUPS.contains(r.group()))
                .collect(Collectors.toList());
        if (truthRows.isEmpty()) {
            return;
        }
        sb.append("## SRBench ground-truth problems (reference: SRBench v2.0)\n\n");
        List<String> head = List.of("Method", "Symbolic % Feynman (noise 0)", "Symbolic % Strogatz (noise 0)",
                "Symbolic % all (noise 0)", "Accuracy % all (noise 0)", "Symbolic % all (noise 0.01)",
                "Accuracy % all (noise 0.01)");
        List<List<String>> body = new ArrayList<>();
        for (String ablation : distinctList(truthRows, ResultRow::ablation)) {
            List<ResultRow> a = truthRows.stream().filter(r -> r.ablation().equals(ablation))
                    .collect(Collectors.toList());
            body.add(List.of("**DySymNet (this run" + (ablation.equals("none") ? "" : ", " + ablation) + ")**",
                    pct(a, "Feynman", 0.0, true), pct(a, "Strogatz", 0.0, true), pct(a, null, 0.0, true),
                    pct(a, null, 0.0, false), pct(a, null, 0.01, true), pct(a, null, 0.01, false)));
        }
        List<Map<String, String>> ref = refs.srbench().stream()
                .filter(m -> !m.getOrDefault("gt_symbolic_solution_pct_noise0_All", "").isBlank())
                .sorted(Comparator.comparingDouble((Map<String, String> m) ->
                        -Double.parseDouble(m.get("gt_symbolic_solution_pct_noise0_All"))))
                .collect(Collectors.toList());
        for (Map<String, String> m : ref) {
            body.add(List.of(m.get("algorithm"), m.getOrDefault("gt_symbolic_solution_pct_noise0_Feynman", ""),
                    m.getOrDefault("gt_symbolic_solution_pct_noise0_Strogatz", ""),
                    m.getOrDefault("gt_symbolic_solution_pct_noise0_All", ""),
                    m.getOrDefault("gt_accuracy_solution_pct_noise0_All", ""),
                    m.getOrDefault("gt_symbolic_solution_pct_noise0.01_All", ""),
                    m.getOrDefault("gt_accuracy_solution_pct_noise0.01_All", "")));
        }
        table(sb, head, body);
        sb.append("Accuracy solution: test R^2 > 0.999. Our \"all\" columns cover the Feynman and Strogatz runs in"
                + " this file (empty when that noise level was not run). SRBench's numbers: its full Feynman and"
                + " Strogatz sets, 10 seeds, its own (much larger) budgets and a SymPy-based symbolic check.\n\n");
    }

    private static void srbenchBlackbox(StringBuilder sb, List<ResultRow> rows, References refs) {
        List<ResultRow> bb = rows.stream().filter(r -> r.group().equals("Black-box")).collect(Collectors.toList());
        if (bb.isEmpty()) {
            return;
        }
        sb.append("## Black-box problems (reference: SRBench v2.0)\n\n");
        List<String> head = List.of("Method", "Median test R^2", "Median model size", "Median training time (s)",
                "Datasets");
        List<List<String>> body = new ArrayList<>();
        for (Map.Entry<List<String>, List<ResultRow>> e : byKey(bb, r -> List.of(r.ablation(),
                ResultRow.num(r.noise()))).entrySet()) {
            // SRBench: the median over datasets of each dataset's median over seeds
            Map<String, List<ResultRow>> perData = new LinkedHashMap<>();
            for (ResultRow r : e.getValue()) {
                perData.computeIfAbsent(r.problem(), k -> new ArrayList<>()).add(r);
            }
            double[] r2 = new double[perData.size()];
            double[] size = new double[perData.size()];
            double[] time = new double[perData.size()];
            int i = 0;
            for (List<ResultRow> d : perData.values()) {
                List<ResultRow> ok = d.stream().filter(r -> !r.failed()).collect(Collectors.toList());
                r2[i] = Stats.median(finiteOrNegInf(ok, ResultRow::r2Test));
                size[i] = Stats.median(finite(ok, r -> r.complexity()));
                time[i] = Stats.median(finite(ok, ResultRow::seconds));
                i++;
            }
            String label = "**DySymNet (this run" + (e.getKey().get(0).equals("none") ? "" : ", "
                    + e.getKey().get(0)) + (e.getKey().get(1).equals("0") ? "" : ", noise " + e.getKey().get(1))
                    + ")**";
            body.add(List.of(label, f4(Stats.median(r2)), f1(Stats.median(size)), f1(Stats.median(time)),
                    Integer.toString(perData.size())));
            double[] ols = new double[perData.size()];
            i = 0;
            for (List<ResultRow> d : perData.values()) {
                ols[i++] = Stats.median(d.stream().mapToDouble(ResultRow::olsR2Test).toArray());
            }
            if (Arrays.stream(ols).anyMatch(v -> !Double.isNaN(v))) {
                body.add(List.of(label.replace("**DySymNet", "**OLS").replace("this run", "same training rows"),
                        f4(Stats.median(ols)), "", "", Long.toString(Arrays.stream(ols).filter(v -> !Double.isNaN(v))
                                .count())));
            }
        }
        for (Map<String, String> m : refs.srbench()) {
            body.add(List.of(m.get("algorithm"), m.getOrDefault("bb_r2_test_median", ""),
                    m.getOrDefault("bb_model_size_median", ""), m.getOrDefault("bb_training_time_s_median", ""),
                    m.getOrDefault("bb_n_datasets", "")));
        }
        table(sb, head, body);
        sb.append("Our model size is the node count of our formula (SRBench counts SymPy nodes); our datasets are"
                + " the subset in the data directory, SRBench's 122 (or fewer) with 10 seeds. OLS: ordinary least"
                + " squares with an intercept fitted on each run's training rows (results.csv: ols_r2_test).\n\n");
        blackboxBesideOls(sb, bb);
    }

    /**
     * Ours beside ordinary least squares fitted on the same training rows, run by run: the medians, how many runs fall
     * below the line, and per data set.
     */
    private static void blackboxBesideOls(StringBuilder sb, List<ResultRow> bb) {
        sb.append("### Beside a straight line (ordinary least squares on the same training rows)\n\n");
        for (Map.Entry<List<String>, List<ResultRow>> e : byKey(bb, r -> List.of(r.ablation(),
                ResultRow.num(r.noise()))).entrySet()) {
            List<ResultRow> g = e.getValue();
            List<ResultRow> both = g.stream().filter(r -> !Double.isNaN(r.olsR2Test())).collect(Collectors.toList());
            Set<String> datasets = new LinkedHashSet<>(g.stream().map(ResultRow::problem).collect(Collectors.toList()));
            sb.append("Ablation ").append(e.getKey().get(0)).append(", noise ").append(e.getKey().get(1)).append(": ")
                    .append(g.size()).append(" runs over ").append(datasets.size()).append(" datasets, ")
                    .append(both.size()).append(" with OLS.\n\n");
            if (both.isEmpty()) {
                sb.append("No OLS figures: results.csv predates the ols_r2_test column (rerun into a new --out to"
                        + " add them).\n\n");
                continue;
            }
            int n = both.size();
            sb.append("- Median test R^2 over these runs: ours ").append(f4(Stats.median(ours(both))))
                    .append(", OLS ").append(f4(Stats.median(both.stream().mapToDouble(ResultRow::olsR2Test).toArray())))
                    .append('\n');
            sb.append("- Runs below OLS - 0.02: ").append(count(both, r -> ours(r) < r.olsR2Test() - 0.02))
                    .append('/').append(n).append("; below OLS - 0.10: ")
                    .append(count(both, r -> ours(r) < r.olsR2Test() - 0.10)).append('/').append(n)
                    .append("; test R^2 < 0 where OLS >= 0: ")
                    .append(count(both, r -> ours(r) < 0 && r.olsR2Test() >= 0)).append('/').append(n).append('\n');
            sb.append("- Median formula size (nodes): ")
                    .append(f1(Stats.median(finite(g, r -> r.complexity() < 0 ? Double.NaN : r.complexity()))))
                    .append("\n\n");
            List<String> head = List.of("Problem", "Runs", "Ours: median test R^2 [min, max]", "OLS: median test R^2",
                    "Ours - OLS (medians)", "Our median size");
            record Line(List<String> cells, double difference) {
            }
            List<Line> lines = new ArrayList<>();
            for (String name : datasets) {
                List<ResultRow> d = g.stream().filter(r -> r.problem().equals(name)).collect(Collectors.toList());
                double[] r2 = ours(d);
                double oursMedian = Stats.median(r2);
                double olsMedian = Stats.median(d.stream().mapToDouble(ResultRow::olsR2Test).toArray());
                double diff = oursMedian - olsMedian;
                lines.add(new Line(List.of(name, Integer.toString(d.size()), f4(oursMedian) + " ["
                        + f4(Arrays.stream(r2).min().orElse(Double.NaN)) + ", "
                        + f4(Arrays.stream(r2).max().orElse(Double.NaN)) + "]", f4(olsMedian), f4(diff),
                        f1(Stats.median(finite(d, r -> r.complexity() < 0 ? Double.NaN : r.complexity())))), diff));
            }
            lines.sort(Comparator.comparingDouble(l -> Double.isNaN(l.difference()) ? Double.POSITIVE_INFINITY
                    : l.difference()));
            table(sb, head, lines.stream().map(Line::cells).collect(Collectors.toList()));
        }
        sb.append("Worst difference first. A failed run, or one whose test R^2 is not finite, counts as -inf (below"
                + " any line); runs without an OLS figure are left out of the counts. Both scored with the same"
                + " R^2 on the same noise-free test rows.\n\n");
    }

    /** Our test R^2, -inf for a failed run or a non-finite R^2. */
    private static double ours(ResultRow r) {
        return r.failed() || Double.isNaN(r.r2Test()) ? Double.NEGATIVE_INFINITY : r.r2Test();
    }

    private static double[] ours(List<ResultRow> rows) {
        return rows.stream().mapToDouble(Summary::ours).toArray();
    }

    private static void balls(StringBuilder sb, List<ResultRow> rows, References refs) {
        List<ResultRow> br = rows.stream().filter(r -> r.group().equals("Balls")).collect(Collectors.toList());
        if (br.isEmpty()) {
            return;
        }
        sb.append("## Ball drop: test MSE (paper's ball-drop table)\n\n");
        for (Map.Entry<List<String>, List<ResultRow>> e : byKey(br, r -> List.of(r.ablation(),
                ResultRow.num(r.noise()))).entrySet()) {
            sb.append("Ablation ").append(e.getKey().get(0)).append(", noise ").append(e.getKey().get(1))
                    .append(". Train on t <= 2 s of drop 1, test on t > 2 s; ours = mean (and median) test MSE over"
                            + " the seeds; models A, B, C fitted by our constant refiner.\n\n");
            List<String> head = List.of("Ball", "Runs", "DySymNet (ours, mean)", "DySymNet (ours, median)",
                    "DySymNet (paper)", "Model A (ours)", "Model A (paper)", "Model B (ours)", "Model B (paper)",
                    "Model C (ours)", "Model C (paper)");
            List<List<String>> body = new ArrayList<>();
            Map<String, List<ResultRow>> perBall = new LinkedHashMap<>();
            for (ResultRow r : e.getValue()) {
                perBall.computeIfAbsent(r.problem(), k -> new ArrayList<>()).add(r);
            }
            double[][] cols = new double[5][perBall.size()];
            double[][] paper = new double[4][perBall.size()];
            int i = 0;
            for (Map.Entry<String, List<ResultRow>> b : perBall.entrySet()) {
                List<ResultRow> ok = b.getValue().stream().filter(r -> !r.failed()).collect(Collectors.toList());
                double[] mse = finiteOrPosInf(ok, ResultRow::mseTest);
                cols[0][i] = Stats.mean(mse);
                cols[1][i] = Stats.median(mse);
                cols[2][i] = first(ok, ResultRow::modelAMse);
                cols[3][i] = first(ok, ResultRow::modelBMse);
                cols[4][i] = first(ok, ResultRow::modelCMse);
                Map<String, Double> ref = refs.balls().get(b.getKey());
                String[] refCols = {"DySymNet", "ModelA", "ModelB", "ModelC"};
                for (int k = 0; k < 4; k++) {
                    paper[k][i] = ref == null || ref.get(refCols[k]) == null ? Double.NaN : ref.get(refCols[k]);
                }
                body.add(List.of(b.getKey(), Integer.toString(b.getValue().size()), g4(cols[0][i]), g4(cols[1][i]),
                        g4(paper[0][i]), g4(cols[2][i]), g4(paper[1][i]), g4(cols[3][i]), g4(paper[2][i]),
                        g4(cols[4][i]), g4(paper[3][i])));
                i++;
            }
            body.add(List.of("**Average**", Integer.toString(e.getValue().size()), g4(Stats.mean(cols[0])),
                    g4(Stats.mean(cols[1])), g4(Stats.mean(paper[0])), g4(Stats.mean(cols[2])), g4(Stats.mean(paper[1])), g4(Stats.mean(cols[3])),
                    g4(Stats.mean(paper[2])), g4(Stats.mean(cols[4])), g4(Stats.mean(paper[3]))));
            table(sb, head, body);
        }
    }

    private static void perProblem(StringBuilder sb, List<ResultRow> rows) {
        sb.append("## Per problem\n\n");
        List<String> head = List.of("Problem", "Group", "Ablation", "Noise", "Runs", "Failed", "Mean R^2",
                "Best R^2", "Symbolic", "R^2 > 0.999", "Median size", "Median time (s)", "Formula (best run)");
        List<List<String>> body = new ArrayList<>();
        for (Map.Entry<List<String>, List<ResultRow>> e : byKey(rows, r -> List.of(r.problem(), r.group(),
                r.ablation(), ResultRow.num(r.noise()))).entrySet()) {
            List<ResultRow> g = e.getValue();
            List<ResultRow> ok = g.stream().filter(r -> !r.failed()).collect(Collectors.toList());
            double[] r2 = finite(ok, ResultRow::r2Test);
            ResultRow best = ok.stream().filter(r -> Double.isFinite(r.r2Test()))
                    .max(Comparator.comparingDouble(ResultRow::r2Test)).orElse(null);
            List<String> line = new ArrayList<>(e.getKey());
            line.add(Integer.toString(g.size()));
            line.add(Integer.toString(g.size() - ok.size()));
            line.add(f4(Stats.mean(r2)));
            line.add(best == null ? "" : f4(best.r2Test()));
            line.add(g.get(0).truth().isEmpty() ? "n/a"
                    : count(g, r -> Boolean.TRUE.equals(r.symbolic())) + "/" + g.size());
            line.add(count(g, r -> Boolean.TRUE.equals(r.acc0999())) + "/" + g.size());
            line.add(f1(Stats.median(finite(ok, r -> r.complexity()))));
            line.add(f1(Stats.median(finite(ok, ResultRow::seconds))));
            line.add(best == null ? "" : "`" + shortFormula(best.expression()) + "`");
            body.add(line);
        }
        table(sb, head, body);
        sb.append("Formulas with constants to 4 digits and cut to ").append(FORMULA_CHARS)
                .append(" characters; results.csv has them exact.\n\n");
    }

    private static void failures(StringBuilder sb, List<ResultRow> rows) {
        List<ResultRow> failed = rows.stream().filter(ResultRow::failed).collect(Collectors.toList());
        if (failed.isEmpty()) {
            return;
        }
        sb.append("## Failed runs\n\n");
        List<List<String>> body = new ArrayList<>();
        for (ResultRow r : failed) {
            body.add(List.of(r.problem(), Long.toString(r.seed()), ResultRow.num(r.noise()), r.ablation(),
                    r.error()));
        }
        table(sb, List.of("Problem", "Seed", "Noise", "Ablation", "Error"), body);
    }

    // ---- helpers

    /** Rows by (group, ablation, noise), in order of first appearance. */
    private static Map<List<String>, List<ResultRow>> byGroup(List<ResultRow> rows) {
        return byKey(rows, r -> List.of(r.group(), r.ablation(), ResultRow.num(r.noise())));
    }

    private static Map<List<String>, List<ResultRow>> byKey(List<ResultRow> rows,
                                                            java.util.function.Function<ResultRow, List<String>> k) {
        Map<List<String>, List<ResultRow>> m = new LinkedHashMap<>();
        for (ResultRow r : rows) {
            m.computeIfAbsent(k.apply(r), x -> new ArrayList<>()).add(r);
        }
        return m;
    }

    private static String pct(List<ResultRow> rows, String group, double noise, boolean symbolic) {
        List<ResultRow> g = rows.stream().filter(r -> (group == null || r.group().equals(group))
                && r.noise() == noise).collect(Collectors.toList());
        if (g.isEmpty()) {
            return "";
        }
        long hits = g.stream().filter(r -> Boolean.TRUE.equals(symbolic ? r.symbolic() : r.acc0999())).count();
        return String.format(Locale.ROOT, "%.2f", 100.0 * hits / g.size());
    }

    private static String symbolicRate(List<ResultRow> g) {
        List<ResultRow> withTruth = g.stream().filter(r -> !r.truth().isEmpty()).collect(Collectors.toList());
        if (withTruth.isEmpty()) {
            return "n/a";
        }
        return rate(withTruth, r -> Boolean.TRUE.equals(r.symbolic()));
    }

    private static String rate(List<ResultRow> g, Predicate<ResultRow> hit) {
        long n = count(g, hit);
        return String.format(Locale.ROOT, "%.1f%% (%d/%d)", 100.0 * n / g.size(), n, g.size());
    }

    private static long count(List<ResultRow> g, Predicate<ResultRow> hit) {
        return g.stream().filter(hit).count();
    }

    private static String distinct(List<ResultRow> rows, java.util.function.Function<ResultRow, String> f) {
        return String.join(", ", distinctList(rows, f));
    }

    private static List<String> distinctList(List<ResultRow> rows, java.util.function.Function<ResultRow, String> f) {
        return new ArrayList<>(new LinkedHashSet<>(rows.stream().map(f).collect(Collectors.toList())));
    }

    private static String range(List<ResultRow> rows, java.util.function.ToIntFunction<ResultRow> f) {
        int lo = rows.stream().mapToInt(f).min().orElse(0);
        int hi = rows.stream().mapToInt(f).max().orElse(0);
        return lo == hi ? Integer.toString(lo) : lo + "-" + hi;
    }

    static double[] finite(List<ResultRow> rows, ToDoubleFunction<ResultRow> f) {
        return rows.stream().filter(r -> !r.failed()).mapToDouble(f).filter(Double::isFinite).toArray();
    }

    /** Values with NaN/-Infinity as -Infinity, so that a run with non-finite predictions ranks last. */
    private static double[] finiteOrNegInf(List<ResultRow> rows, ToDoubleFunction<ResultRow> f) {
        return rows.stream().mapToDouble(f).map(v -> Double.isNaN(v) ? Double.NEGATIVE_INFINITY : v).toArray();
    }

    private static double[] finiteOrPosInf(List<ResultRow> rows, ToDoubleFunction<ResultRow> f) {
        return rows.stream().mapToDouble(f).map(v -> Double.isNaN(v) ? Double.POSITIVE_INFINITY : v).toArray();
    }

    private static double first(List<ResultRow> rows, ToDoubleFunction<ResultRow> f) {
        return rows.isEmpty() ? Double.NaN : f.applyAsDouble(rows.get(0));
    }

    /** 4 decimals, or 4 significant digits for a magnitude of 1e5 and more (a wild R^2 of a diverging model). */
    private static String f4(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 1e5 ? "%.4g" : "%.4f", v);
    }

    private static String f1(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String g4(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        return String.format(Locale.ROOT, "%.4g", v);
    }

    /** The formula with 4-digit constants, cut to {@value #FORMULA_CHARS} characters (results.csv has it whole). */
    static String shortFormula(String expression) {
        String s;
        try {
            s = Printer.infix(Parser.parse(expression), 4);
        } catch (RuntimeException e) {
            s = expression;
        }
        return s.length() <= FORMULA_CHARS ? s : s.substring(0, FORMULA_CHARS - 3) + "...";
    }

    private static void table(StringBuilder sb, List<String> head, List<List<String>> body) {
        row(sb, head);
        sb.append('|');
        for (int i = 0; i < head.size(); i++) {
            sb.append(" --- |");
        }
        sb.append('\n');
        for (List<String> r : body) {
            row(sb, r);
        }
        sb.append('\n');
    }

    private static void row(StringBuilder sb, List<String> cells) {
        sb.append('|');
        for (String c : cells) {
            sb.append(' ').append(c.replace("|", "\\|").replace('\n', ' ')).append(" |");
        }
        sb.append('\n');
    }
}
