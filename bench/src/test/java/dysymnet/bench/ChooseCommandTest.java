package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --save-splits} keeps each run's candidates, and {@code bench-choose} replays the final choice on them:
 * with the run's own settings the replay reports the run's formula, to the character; with the held-out line test
 * switched off it may report another. Tagged slow (it runs searches).
 */
@Tag("slow")
class ChooseCommandTest {
    @TempDir
    Path tmp;

    @Test
    void aReplayOfTheKeptCandidatesReportsTheRunsOwnFormula() {
        Path outDir = tmp.resolve("out");
        Path splits = tmp.resolve("splits");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<String> args = new ArrayList<>(List.of("bench", "--suite", "blackbox", "--data",
                Fixtures.dataDir().toString(), "--filter", "192_vineyard", "--seeds", "1,2",
                "--out", outDir.toString(), "--save-splits", splits.toString()));
        args.addAll(Arrays.asList(Fixtures.TINY));
        assertEquals(0, Main.run(args.toArray(new String[0]), new PrintWriter(out), new PrintWriter(err),
                new BenchCommand()), err.toString());
        List<ResultRow> rows = ResultsFile.read(outDir.resolve("results.csv"));
        assertEquals(2, rows.size());
        List<Path> runs = ChooseCommand.runs(splits);
        assertEquals(2, runs.size());
        for (Path run : runs) {
            ChooseCommand.Replay own = ChooseCommand.replay(run, Ablations.of("none"));
            ResultRow row = rows.stream().filter(r -> run.getFileName().toString()
                    .equals(SavedSplits.folder(r.problem(), r.seed(), r.noise()))).findFirst().orElseThrow();
            assertEquals(row.expression(), own.formula(), run.toString());
            assertEquals(row.r2Test(), own.r2(), 1e-12, run.toString());
            assertEquals(own.formula(), own.formulaAblated());
        }
        StringWriter choose = new StringWriter();
        assertEquals(0, Main.run(new String[] {"bench-choose", splits.toString(), "--ablation", "no-held-out-line"},
                new PrintWriter(choose), new PrintWriter(err), new ChooseCommand()), err.toString());
        assertTrue(choose.toString().contains("2 run(s); no-held-out-line changed"), choose.toString());
    }

    @Test
    void aFolderWithoutKeptCandidatesIsAOneLineError() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(2, Main.run(new String[] {"bench-choose", tmp.toString()}, new PrintWriter(out),
                new PrintWriter(err), new ChooseCommand()));
        assertTrue(err.toString().contains("no run folder with candidates.json"), err.toString());
    }
}
