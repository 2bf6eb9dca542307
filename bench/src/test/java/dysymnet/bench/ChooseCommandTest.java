package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.cli.Main;
import dysymnet.data.Dataset;
import dysymnet.expr.Parser;
import dysymnet.search.Candidate;
import dysymnet.search.Source;
import dysymnet.units.UnitText;
import dysymnet.units.Units;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    void theUnitsOfARunAreKeptForItsReplay() {
        Map<String, dysymnet.units.Dimension> cols = new LinkedHashMap<>();
        cols.put("m", UnitText.parse("kg"));
        cols.put("v", UnitText.parse("m/s"));
        Units units = new Units(cols, UnitText.parse("J"), true);
        Dataset d = new Dataset(List.of("m", "v"), new double[][] {{1, 2, 3}, {4, 5, 6}}, new double[] {8, 25, 54});
        Candidate c = new Candidate(Parser.parse("m*v^2/2"), 5, 0, 1, 1, Source.GP, null, 1);
        for (Units u : java.util.Arrays.asList(units, null)) {
            Path root = tmp.resolve(u == null ? "without" : "with");
            SavedSplits.write(root, "law", 1, 0.0, new Dataset.Split(d, d));
            SavedSplits.writeCandidates(root, "law", 1, 0.0, List.of(c), Fixtures.tinySearch().build(), u);
            SavedSplits.Kept kept = SavedSplits.read(root.resolve(SavedSplits.folder("law", 1, 0.0)));
            if (u == null) {
                assertNull(kept.units());
            } else {
                assertEquals(units, kept.units());
            }
        }
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
