package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.cli.Main;
import dysymnet.cli.SearchOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

class BenchCommandTest {
    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        List<String> all = new ArrayList<>(List.of("bench"));
        all.addAll(Arrays.asList(args));
        return Main.run(all.toArray(new String[0]), new PrintWriter(out), new PrintWriter(err), new BenchCommand());
    }

    private String[] tiny(String... args) {
        List<String> all = new ArrayList<>(Arrays.asList(args));
        all.addAll(Arrays.asList(Fixtures.TINY));
        return all.toArray(new String[0]);
    }

    @Test
    void ballsSuiteRunsEndToEndAndAgainSkipsEverything() throws Exception {
        Path outDir = tmp.resolve("balls");
        int code = run(tiny("--suite", "balls", "--data", Fixtures.dataDir().toString(), "--out", outDir.toString(),
                "--seeds", "1"));
        assertEquals(0, code, err.toString());
        List<ResultRow> rows = ResultsFile.read(outDir.resolve("results.csv"));
        assertEquals(2, rows.size());
        for (ResultRow r : rows) {
            assertEquals("", r.error());
            assertTrue(Double.isFinite(r.modelAMse()) && Double.isFinite(r.modelCMse()), r.toString());
            assertEquals(null, r.symbolic());
        }
        String md = Files.readString(outDir.resolve("summary.md"));
        assertTrue(md.contains("## Ball drop: test MSE"), md);
        assertTrue(Files.exists(outDir.resolve("balls.png")));
        assertTrue(err.toString().contains("[1/2] balls Baseball seed=1 noise=0 ablation=none: test R2="),
                err.toString());
        assertTrue(out.toString().contains("ran 2 run(s) (0 failed), skipped 0"), out.toString());

        out.getBuffer().setLength(0);
        assertEquals(0, run(tiny("--suite", "balls", "--data", Fixtures.dataDir().toString(), "--out",
                outDir.toString(), "--seeds", "1")));
        assertTrue(out.toString().contains("ran 0 run(s) (0 failed), skipped 2"), out.toString());
        assertEquals(2, ResultsFile.read(outDir.resolve("results.csv")).size());
    }

    @Test
    void runsAProblemFromTheBundledDataWithoutDataOption() throws Exception {
        // the README's first bench command: no --data, nothing beside the clone (no ../shared)
        Path outDir = tmp.resolve("standard");
        int code = run(tiny("--suite", "standard", "--filter", "^Nguyen-1$", "--seeds", "1", "--out",
                outDir.toString()));
        assertEquals(0, code, err.toString());
        List<ResultRow> rows = ResultsFile.read(outDir.resolve("results.csv"));
        assertEquals(1, rows.size());
        ResultRow r = rows.get(0);
        assertEquals("Nguyen-1", r.problem());
        assertEquals("", r.error());
        assertTrue(Double.isFinite(r.r2Test()), r.toString());
        assertTrue(out.toString().contains("ran 1 run(s) (0 failed), skipped 0"), out.toString());
        // the summary compares with the bundled reference numbers of the paper's Table 1
        String md = Files.readString(outDir.resolve("summary.md"));
        assertTrue(md.contains("0.9999"), md);
        out.getBuffer().setLength(0);
        assertEquals(0, run("--suite", "feynman", "--list"));
        assertEquals(100, out.toString().lines().count());
    }

    @Test
    void listShowsTheFilteredProblems() {
        assertEquals(0, run("--suite", "standard", "--data", Fixtures.dataDir().toString(), "--filter", "^Nguyen",
                "--list"));
        assertEquals(List.of("Nguyen-1\tNguyen\tx^3+x^2+x", "Nguyen-8c\tNguyen*\tsqrt(1.23*x)"),
                out.toString().lines().toList());
    }

    @Test
    void badOptionsExitWith2AndAOneLineMessage() {
        String data = Fixtures.dataDir().toString();
        String[][] bad = {
            {},
            {"--suite", "nosuch", "--data", data},
            {"--suite", "balls", "--data", data, "--ablation", "bogus"},
            {"--suite", "balls", "--data", data, "--ablation", "networks-only,bogus"},
            {"--suite", "balls", "--data", data, "--ablation", "no-networks,networks-only"},
            {"--suite", "balls", "--data", data, "--ablation", "no-networks,no-pg"},
            {"--suite", "balls", "--data", data, "--ablation", "none,no-pg"},
            {"--suite", "balls", "--data", data, "--seeds", "1-x"},
            {"--suite", "balls", "--data", data, "--noise", "-0.1"},
            {"--suite", "balls", "--data", data, "--max-steps", "0"},
            {"--suite", "balls", "--data", data, "--filter", "("},
            {"--suite", "balls", "--data", data, "--filter", "Nothing"},
            {"--suite", "balls", "--data", tmp.resolve("missing").toString()},
            {"--suite", "balls", "--data", data, "--no-such-option"},
        };
        for (String[] args : bad) {
            err.getBuffer().setLength(0);
            assertEquals(2, run(args), String.join(" ", args) + ": " + err);
            assertEquals(1, err.toString().lines().count(), err.toString());
        }
        err.getBuffer().setLength(0);
        run("--suite", "balls", "--data", tmp.resolve("missing").toString());
        assertTrue(err.toString().contains("is not a directory"), err.toString());
    }

    @Test
    void aListOfAblationsIsOneRunLabelledInAFixedOrderAndNoNetworksTrainsNone() throws Exception {
        Path outDir = tmp.resolve("ablations");
        String data = Fixtures.dataDir().toString();
        assertEquals(0, run(tiny("--suite", "standard", "--data", data, "--filter", "^Nguyen-1$", "--out",
                outDir.toString(), "--ablation", "no-pg,networks-only")), err.toString());
        assertEquals(0, run(tiny("--suite", "standard", "--data", data, "--filter", "^Nguyen-1$", "--out",
                outDir.toString(), "--ablation", "no-networks")), err.toString());
        // the label as recorded reads back as the same run: nothing to do
        out.getBuffer().setLength(0);
        assertEquals(0, run(tiny("--suite", "standard", "--data", data, "--filter", "^Nguyen-1$", "--out",
                outDir.toString(), "--ablation", "networks-only+no-pg")), err.toString());
        assertTrue(out.toString().contains("ran 0 run(s) (0 failed), skipped 1"), out.toString());
        List<ResultRow> rows = ResultsFile.read(outDir.resolve("results.csv"));
        assertEquals(List.of("networks-only+no-pg", "no-networks"), rows.stream().map(ResultRow::ablation).toList());
        assertTrue(rows.get(0).networks() >= 1, rows.get(0).toString());
        assertEquals(0, rows.get(1).networks(), rows.get(1).toString());
        assertEquals("", rows.get(1).error());
    }

    @Test
    void listsParse() {
        assertEquals(List.of(1L, 2L, 3L, 7L), BenchCommand.parseSeeds("1-3, 7,2"));
        assertEquals(List.of(-2L, -1L), BenchCommand.parseSeeds("-2--1"));
        assertEquals(List.of(0.0, 0.001, 0.1), BenchCommand.parseNoise("0,0.001,0.1,0"));
    }

    @Test
    void benchTakesTheSharedSearchOptionsWithTheirDefaultsAndHelp() {
        CommandSpec shared = CommandSpec.forAnnotatedObject(new SearchOptions());
        CommandSpec bench = new CommandLine(new BenchCommand()).getCommandSpec();
        for (OptionSpec o : shared.options()) {
            OptionSpec there = bench.findOption(o.longestName());
            assertNotNull(there, o.longestName());
            assertEquals(o.defaultValue(), there.defaultValue(), o.longestName());
            assertArrayEquals(o.description(), there.description(), o.longestName());
        }
    }

    @Test
    void helpDescribesSaveSplitsAndTheLeastSquaresColumns() {
        assertEquals(0, run("--help"));
        String help = out.toString().replaceAll("\\s+", " ");
        assertTrue(help.contains("--save-splits=DIR Also write each run's rows, DIR/<problem>_seed<S>"), help);
        assertTrue(help.contains("train.csv and test.csv (feature names then target;"), help);
        assertTrue(help.contains("--save-splits splits"), help);
        assertTrue(help.contains("ols_r2_test, ols_mse_test"), help);
    }

    @Test
    void saveSplitsIntoAFileIsAnErrorOfTheCommandLine() throws Exception {
        java.nio.file.Path file = Files.writeString(tmp.resolve("a-file"), "x");
        assertEquals(2, run("--suite", "balls", "--data", Fixtures.dataDir().toString(), "--save-splits",
                file.toString()));
        assertTrue(err.toString().contains("--save-splits"), err.toString());
        assertEquals(1, err.toString().lines().count(), err.toString());
    }
}
