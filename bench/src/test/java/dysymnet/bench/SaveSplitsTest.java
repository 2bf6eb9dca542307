package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.cli.Main;
import dysymnet.data.Dataset;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every run's least-squares line, and {@code bench --save-splits}: a tiny black-box run end to end. Tagged slow (it
 * runs searches): left out by {@code mvn -B verify -DexcludedGroups=slow}.
 */
@Tag("slow")
class SaveSplitsTest {
    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int bench(String... args) {
        List<String> all = new ArrayList<>(List.of("bench"));
        all.addAll(Arrays.asList(args));
        all.addAll(Arrays.asList(Fixtures.TINY));
        return Main.run(all.toArray(new String[0]), new PrintWriter(out), new PrintWriter(err), new BenchCommand());
    }

    private static Problem vineyard() {
        return Suites.load("blackbox", Fixtures.dataDir(), Suites.Options.defaults()).stream()
                .filter(p -> p.name().equals("192_vineyard")).findFirst().orElseThrow();
    }

    /** A saved file read back: the header, then the rows as numbers. */
    private static Dataset readSaved(Path csv, List<String> names) throws Exception {
        List<String> lines = Files.readAllLines(csv);
        List<String> head = new ArrayList<>(names);
        head.add("target");
        assertEquals(String.join(",", head), lines.get(0), csv.toString());
        int n = lines.size() - 1;
        double[][] x = new double[names.size()][n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            String[] cells = lines.get(i + 1).split(",");
            assertEquals(names.size() + 1, cells.length, lines.get(i + 1));
            for (int j = 0; j < names.size(); j++) {
                x[j][i] = Double.parseDouble(cells[j]);
            }
            y[i] = Double.parseDouble(cells[names.size()]);
        }
        return new Dataset(names, x, y);
    }

    private static void assertSameRows(Dataset expected, Dataset actual) {
        assertEquals(expected.rows(), actual.rows());
        for (int j = 0; j < expected.features(); j++) {
            assertArrayEquals(expected.column(j), actual.column(j), 0.0, "column " + j);
        }
        assertArrayEquals(expected.y(), actual.y(), 0.0, "target");
    }

    @Test
    void saveSplitsWritesTheRowsEachRunUsedAndTheRowsCarryTheLinesScore() throws Exception {
        Path outDir = tmp.resolve("out");
        Path splits = tmp.resolve("splits");
        int code = bench("--suite", "blackbox", "--data", Fixtures.dataDir().toString(), "--filter", "192_vineyard",
                "--seeds", "1,2", "--noise", "0,0.1", "--out", outDir.toString(), "--save-splits", splits.toString());
        assertEquals(0, code, err.toString());
        assertTrue(out.toString().contains("splits: " + splits.toAbsolutePath().normalize()), out.toString());
        List<ResultRow> rows = ResultsFile.read(outDir.resolve("results.csv"));
        assertEquals(4, rows.size());

        Problem p = vineyard();
        List<String> names = p.data().make(1).train().names();
        for (ResultRow r : rows) {
            assertFalse(r.failed(), r.toString());
            String folder = "192_vineyard_seed" + r.seed() + (r.noise() == 0.0 ? "" : "_noise0.1");
            Dataset train = readSaved(splits.resolve(folder).resolve("train.csv"), names);
            Dataset test = readSaved(splits.resolve(folder).resolve("test.csv"), names);
            // exactly the rows of the run: the split of its seed, its noise on the training target
            Dataset.Split expected = BenchRunner.runData(p, r.seed(), r.noise());
            assertSameRows(expected.train(), train);
            assertSameRows(expected.test(), test);
            assertEquals(r.nTrain(), train.rows());
            assertEquals(r.nTest(), test.rows());
            // and the row's least-squares figures are those of a line fitted on the saved training rows
            Ols.Score s = Ols.score(train, test);
            assertTrue(Double.isFinite(r.olsR2Test()) && r.olsMseTest() > 0, r.toString());
            assertEquals(s.r2(), r.olsR2Test(), 0.0);
            assertEquals(s.mse(), r.olsMseTest(), 0.0);
        }
        // the noise reached the saved training target and not the test rows
        Dataset clean = readSaved(splits.resolve("192_vineyard_seed1").resolve("train.csv"), names);
        Dataset noisy = readSaved(splits.resolve("192_vineyard_seed1_noise0.1").resolve("train.csv"), names);
        assertArrayEquals(clean.column(0), noisy.column(0), 0.0);
        assertFalse(Arrays.equals(clean.y(), noisy.y()));
        assertEquals(Files.readString(splits.resolve("192_vineyard_seed1").resolve("test.csv")),
                Files.readString(splits.resolve("192_vineyard_seed1_noise0.1").resolve("test.csv")));
        // two seeds, two splits
        assertFalse(Files.readString(splits.resolve("192_vineyard_seed1").resolve("test.csv"))
                .equals(Files.readString(splits.resolve("192_vineyard_seed2").resolve("test.csv"))));

        String md = Files.readString(outDir.resolve("summary.md"));
        assertTrue(md.contains("| **OLS (same training rows)** |"), md);
        assertTrue(md.contains("2 runs over 1 datasets, 2 with OLS."), md);

        // a rerun skips every run but still writes the splits, and writing them changed no result
        String results = Files.readString(outDir.resolve("results.csv"));
        Path again = tmp.resolve("again");
        out.getBuffer().setLength(0);
        assertEquals(0, bench("--suite", "blackbox", "--data", Fixtures.dataDir().toString(), "--filter",
                "192_vineyard", "--seeds", "1,2", "--noise", "0,0.1", "--out", outDir.toString(), "--save-splits",
                again.toString()), err.toString());
        assertTrue(out.toString().contains("ran 0 run(s) (0 failed), skipped 4"), out.toString());
        assertEquals(results, Files.readString(outDir.resolve("results.csv")));
        for (String f : List.of("192_vineyard_seed1", "192_vineyard_seed2_noise0.1")) {
            assertEquals(Files.readString(splits.resolve(f).resolve("train.csv")),
                    Files.readString(again.resolve(f).resolve("train.csv")), f);
        }
    }

    @Test
    void theSameRunWithoutSaveSplitsGivesTheSameRow() throws Exception {
        Path withSplits = tmp.resolve("a");
        Path without = tmp.resolve("b");
        assertEquals(0, bench("--suite", "blackbox", "--data", Fixtures.dataDir().toString(), "--filter",
                "192_vineyard", "--out", withSplits.toString(), "--save-splits", tmp.resolve("s").toString()),
                err.toString());
        assertEquals(0, bench("--suite", "blackbox", "--data", Fixtures.dataDir().toString(), "--filter",
                "192_vineyard", "--out", without.toString()), err.toString());
        ResultRow a = ResultsFile.read(withSplits.resolve("results.csv")).get(0);
        ResultRow b = ResultsFile.read(without.resolve("results.csv")).get(0);
        // every cell but the wall time
        int seconds = ResultRow.COLUMNS.indexOf("seconds");
        List<String> ca = new ArrayList<>(a.cells());
        List<String> cb = new ArrayList<>(b.cells());
        ca.set(seconds, "");
        cb.set(seconds, "");
        // and the sources' seconds, timings too
        int sourceSeconds = ResultRow.COLUMNS.indexOf("source_seconds");
        ca.set(sourceSeconds, "");
        cb.set(sourceSeconds, "");
        assertEquals(ca, cb);
        assertTrue(Double.isFinite(a.olsR2Test()), a.toString());
    }

    @Test
    void folderNamesAreSafeAndCarryTheNoiseLevelOnlyAboveZero() {
        assertEquals("192_vineyard_seed3", SavedSplits.folder("192_vineyard", 3, 0.0));
        assertEquals("Golf_Ball_seed1_noise0.01", SavedSplits.folder("Golf Ball", 1, 0.01));
        assertEquals("a_b_seed-2", SavedSplits.folder("a/b", -2, 0.0));
    }
}
