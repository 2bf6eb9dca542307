package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.search.Settings;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark runner end to end: real (tiny) searches on fixture problems, written to and read back from
 * results.csv. Tagged slow: left out by {@code mvn -B verify -DexcludedGroups=slow}.
 */
@Tag("slow")
class BenchRunnerTest {
    @TempDir
    Path tmp;

    private static List<Problem> twoStandardProblems() {
        return Suites.load("standard", Fixtures.dataDir(), Suites.Options.defaults()).subList(0, 2);
    }

    private static Problem failing() {
        return new Problem("standard", "Broken-1", "Nguyen", Parser.parse("x"), "x", List.of("x"),
                new double[] {0}, new double[] {1}, seed -> {
                    throw new IllegalStateException("no data for seed " + seed);
                });
    }

    @Test
    void aRerunWithAnotherBudgetOrTrainingIsANewRunNotASkippedOne() {
        Path csv = tmp.resolve("budget").resolve("results.csv");
        List<Problem> one = twoStandardProblems().subList(0, 1);
        PrintWriter quiet = new PrintWriter(new StringWriter());
        BenchRunner.Plan base = Fixtures.tiny(List.of(1L), List.of(0.0), Ablation.NONE);
        assertEquals(new BenchRunner.Outcome(1, 0, 0), BenchRunner.run(one, base, csv, quiet));
        assertEquals(new BenchRunner.Outcome(0, 1, 0), BenchRunner.run(one, base, csv, quiet));
        Settings s = base.search();
        List<Settings> others = List.of(
                s.toBuilder().budget(s.budget().toBuilder().maxSteps(2).build()).build(),
                s.toBuilder().budget(s.budget().toBuilder().batchSize(3).build()).build(),
                s.toBuilder().budget(s.budget().toBuilder().timeLimit(Duration.ofSeconds(30)).build()).build(),
                s.toBuilder().training(s.training().toBuilder().stage1Steps(21).build()).build());
        int rows = 1;
        for (Settings other : others) {
            BenchRunner.Plan p = new BenchRunner.Plan(base.seeds(), base.noise(), base.ablation(), other,
                    base.dataOptions(), base.symbolicTolerance(), false);
            assertEquals(new BenchRunner.Outcome(1, 0, 0), BenchRunner.run(one, p, csv, quiet), other.toString());
            rows++;
        }
        assertEquals(rows, ResultsFile.latest(ResultsFile.read(csv)).size());
        // the seed is a key of its own, not part of the settings' fingerprint
        assertEquals(base.config(), new BenchRunner.Plan(List.of(2L), base.noise(), base.ablation(),
                base.search().toBuilder().seed(99).build(), "", base.symbolicTolerance(), false).config());
    }

    @Test
    void aRerunSkipsTheFinishedRunsAndAddsOnlyNewOnes() throws Exception {
        Path csv = tmp.resolve("out").resolve("results.csv");
        StringWriter log = new StringWriter();
        BenchRunner.Outcome first = BenchRunner.run(twoStandardProblems(),
                Fixtures.tiny(List.of(1L), List.of(0.0), Ablation.NONE), csv, new PrintWriter(log));
        assertEquals(new BenchRunner.Outcome(2, 0, 0), first);
        List<ResultRow> rows = ResultsFile.read(csv);
        assertEquals(2, rows.size());
        ResultRow r = rows.get(0);
        assertEquals("Nguyen-1", r.problem());
        assertEquals("standard", r.suite());
        assertEquals("Nguyen", r.group());
        assertEquals("none", r.ablation());
        assertEquals("", r.error());
        // at most the step's two networks (none when the law comes back before the first step)
        assertTrue(Double.isFinite(r.r2Test()) && r.complexity() > 0 && r.networks() <= 2, r.toString());
        assertEquals(256, r.nTrain());
        assertEquals("x^3+x^2+x", r.truth());
        assertTrue(r.symbolic() != null && r.acc0999() != null);
        assertEquals(r.r2Test() > 0.999, r.acc0999());
        // the exact formula reads back as the model that was scored: same size, same test R^2
        Expr formula = Parser.parse(r.expression());
        assertEquals(r.complexity(), formula.complexity(), r.expression());
        Dataset test = twoStandardProblems().get(0).data().make(1).test();
        double r2 = Metrics.r2(Evaluator.evaluate(formula, test), test.y());
        assertEquals(r.r2Test(), r2, 1e-12 * Math.max(1.0, Math.abs(r2)), r.expression());
        assertEquals(2, log.toString().lines().filter(l -> l.startsWith("[")).count(), log.toString());

        String before = Files.readString(csv);
        StringWriter log2 = new StringWriter();
        BenchRunner.Outcome second = BenchRunner.run(twoStandardProblems(),
                Fixtures.tiny(List.of(1L, 2L), List.of(0.0), Ablation.NONE), csv, new PrintWriter(log2));
        assertEquals(new BenchRunner.Outcome(2, 2, 0), second);
        String after = Files.readString(csv);
        assertTrue(after.startsWith(before), "finished rows are kept as they were");
        List<String> keys = ResultsFile.read(csv).stream().map(x -> x.problem() + "/" + x.seed())
                .collect(Collectors.toList());
        assertEquals(List.of("Nguyen-1/1", "Nguyen-8c/1", "Nguyen-1/2", "Nguyen-8c/2"), keys);
        assertTrue(log2.toString().contains("skipped 2 run(s)"), log2.toString());
    }

    @Test
    void aFailingProblemIsRecordedAndTheSuiteGoesOn() {
        Path csv = tmp.resolve("results.csv");
        List<Problem> problems = new ArrayList<>();
        problems.add(failing());
        problems.add(twoStandardProblems().get(0));
        StringWriter log = new StringWriter();
        BenchRunner.Outcome o = BenchRunner.run(problems, Fixtures.tiny(List.of(1L), List.of(0.0), Ablation.NONE),
                csv, new PrintWriter(log));
        assertEquals(new BenchRunner.Outcome(2, 0, 1), o);
        List<ResultRow> rows = ResultsFile.read(csv);
        assertEquals("Broken-1", rows.get(0).problem());
        assertEquals("IllegalStateException: no data for seed 1", rows.get(0).error());
        assertNull(rows.get(0).symbolic());
        assertTrue(Double.isNaN(rows.get(0).r2Test()));
        assertEquals("", rows.get(1).error());
        assertTrue(log.toString().contains("Broken-1 seed=1 noise=0 ablation=none: FAILED"), log.toString());

        // a rerun skips the failure too, unless asked to retry it (the newer row then wins)
        BenchRunner.Plan retry = Fixtures.tiny(List.of(1L), List.of(0.0), Ablation.NONE, true);
        assertEquals(new BenchRunner.Outcome(0, 2, 0), BenchRunner.run(problems,
                Fixtures.tiny(List.of(1L), List.of(0.0), Ablation.NONE), csv, new PrintWriter(new StringWriter())));
        assertEquals(new BenchRunner.Outcome(1, 1, 1), BenchRunner.run(problems, retry, csv,
                new PrintWriter(new StringWriter())));
        assertEquals(3, ResultsFile.read(csv).size());
        assertEquals(2, ResultsFile.latest(ResultsFile.read(csv)).size());
    }

    @Test
    void noiseLevelsAndAblationsAreSeparateRunsAndTheNoiseReachesTheTrainingTargetOnly() {
        Path csv = tmp.resolve("results.csv");
        List<Problem> one = twoStandardProblems().subList(0, 1);
        BenchRunner.run(one, Fixtures.tiny(List.of(1L), List.of(0.0, 0.1), Ablation.NONE), csv,
                new PrintWriter(new StringWriter()));
        BenchRunner.run(one, Fixtures.tiny(List.of(1L), List.of(0.0), Ablation.NO_CLIP), csv,
                new PrintWriter(new StringWriter()));
        BenchRunner.run(one, Fixtures.tiny(List.of(1L), List.of(0.0), Ablation.NO_REFINE), csv,
                new PrintWriter(new StringWriter()));
        List<ResultRow> rows = ResultsFile.read(csv);
        assertEquals(List.of("none/0", "none/0.1", "no-clip/0", "no-refine/0"), rows.stream()
                .map(r -> r.ablation() + "/" + ResultRow.num(r.noise())).collect(Collectors.toList()));
        assertTrue(rows.stream().noneMatch(ResultRow::failed), rows.toString());
    }

    @Test
    void aTornLastLineIsCutOffWhenTheFileIsOpened() throws Exception {
        Path csv = tmp.resolve("results.csv");
        ResultRow row = CraftedRows.row("standard", "Nguyen-1", "Nguyen", 1, 0.0, "none", 0.99995, true);
        try (ResultsFile f = ResultsFile.open(csv)) {
            f.append(row);
        }
        Files.writeString(csv, "standard,Nguyen-2,Ngu", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        try (ResultsFile f = ResultsFile.open(csv)) {
            f.append(CraftedRows.row("standard", "Nguyen-3", "Nguyen", 1, 0.0, "none", 0.5, false));
        }
        List<ResultRow> rows = ResultsFile.read(csv);
        assertEquals(List.of("Nguyen-1", "Nguyen-3"), rows.stream().map(ResultRow::problem)
                .collect(Collectors.toList()));
        assertEquals(row, rows.get(0));
    }

    @Test
    void rowsRoundTripThroughTheFile() {
        Path csv = tmp.resolve("results.csv");
        ResultRow a = CraftedRows.row("balls", "Golf Ball", "Balls", 3, 0.01, "no-pg", Double.NEGATIVE_INFINITY,
                null);
        try (ResultsFile f = ResultsFile.open(csv)) {
            f.append(a);
        }
        ResultRow b = ResultsFile.read(csv).get(0);
        assertEquals(a, b);
        assertFalse(b.failed());
    }
}
