package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryTest {
    @TempDir
    Path tmp;

    private static List<ResultRow> crafted() {
        return List.of(
                CraftedRows.row("standard", "Nguyen-1", "Nguyen", 1, 0.0, "none", 0.99995, true),
                CraftedRows.row("standard", "Nguyen-1", "Nguyen", 2, 0.0, "none", 0.5, false),
                CraftedRows.failed("standard", "Nguyen-3", "Nguyen", 3, "RuntimeException: boom"),
                CraftedRows.row("standard", "Keijzer-10", "Keijzer", 1, 0.0, "none", Double.NaN, false),
                CraftedRows.row("feynman", "I.6.2a", "Feynman", 1, 0.0, "none", 0.9995, true),
                CraftedRows.row("feynman", "I.10.7", "Feynman", 1, 0.0, "none", 0.9, false),
                CraftedRows.row("feynman", "I.6.2a", "Feynman", 1, 0.01, "none", 0.9995, false),
                CraftedRows.row("blackbox", "d1", "Black-box", 1, 0.0, "none", 0.8, null),
                CraftedRows.row("blackbox", "d1", "Black-box", 2, 0.0, "none", 0.6, null),
                CraftedRows.row("blackbox", "d2", "Black-box", 1, 0.0, "none", 0.9, null),
                CraftedRows.ball("Baseball", 1, 0.01, 2.5, 90, 2.6),
                CraftedRows.ball("Baseball", 2, 0.03, 2.5, 90, 2.6),
                CraftedRows.ball("Golf Ball", 1, 0.05, 0.3, 80, 1.0));
    }

    private String writeCraftedSummary() throws Exception {
        Path csv = tmp.resolve("results.csv");
        try (ResultsFile f = ResultsFile.open(csv)) {
            crafted().forEach(f::append);
        }
        Map<String, Problem> balls = new LinkedHashMap<>();
        for (Problem p : Suites.load("balls", Fixtures.dataDir(), Suites.Options.defaults())) {
            balls.put(p.name(), p);
        }
        BenchPlots.Written written = Summary.write(tmp, ResultsFile.read(csv), References.load(
                Fixtures.dataDir().resolve("data").resolve("reference")), balls);
        assertEquals(List.of(), written.failures());
        List<String> plots = written.files();
        assertEquals(List.of("pareto.png", "noise.png", "balls.png"), plots);
        byte[] pngMagic = {(byte) 0x89, 'P', 'N', 'G'};
        for (String p : plots) {
            assertArrayEquals(pngMagic, Arrays.copyOf(Files.readAllBytes(tmp.resolve(p)), 4), p);
        }
        return Files.readString(tmp.resolve("summary.md"));
    }

    @Test
    void table1ComparesMeanR2PerGroupWithThePaper() throws Exception {
        String md = writeCraftedSummary();
        assertTrue(md.contains("| Group | Ablation | Noise | Runs | Excluded | Mean R^2 | Median R^2 | DySymNet (paper)"
                + " | uDSR (paper) | NGGP (paper) | NeSymReS (paper) | EQL (paper) |"), md);
        assertTrue(md.contains("| Nguyen | none | 0 | 3 | 1 | 0.7500 | 0.7500 | 0.9999 | 0.9989 | 0.9848 | 0.9221"
                + " | 0.9758 |"), md);
        // a run with a non-finite R^2 is excluded, not averaged
        assertTrue(md.contains("| Keijzer | none | 0 | 1 | 1 |  |  | 0.9986 |"), md);
        assertTrue(md.contains("| Black-box | none | 0 | 3 | 0 | 0.7667 | 0.8000 | 0.8908 |"), md);
    }

    @Test
    void ratesCountFailedRunsAsUnsolved() throws Exception {
        String md = writeCraftedSummary();
        assertTrue(md.contains("| Nguyen | none | 0 | 3 | 33.3% (1/3) | 33.3% (1/3) | 33.3% (1/3) | 7.0 | 2.5 | 20.0 |"),
                md);
        assertTrue(md.contains("| Black-box | none | 0 | 3 | n/a | 0.0% (0/3) | 0.0% (0/3) |"), md);
        assertTrue(md.contains("| Feynman | none | 0.01 | 1 | 0.0% (0/1) | 100.0% (1/1) | 100.0% (1/1) |"), md);
    }

    @Test
    void srbenchTablesPutOurRowAboveThePublishedOnes() throws Exception {
        String md = writeCraftedSummary();
        assertTrue(md.contains("| **DySymNet (this run)** | 50.00 |  | 50.00 | 50.00 | 0.00 | 100.00 |"), md);
        assertTrue(md.contains("| AIFeynman | 55.78 | 27.14 | 52.65 | 73.83 | 0.09 | 0.00 |"), md);
        assertTrue(md.indexOf("| AIFeynman |") < md.indexOf("| GP-GOMEA | 26.83"), "sorted by symbolic rate");
        // black box: median over data sets of the median over seeds
        assertTrue(md.contains("| **DySymNet (this run)** | 0.8000 | 7.0 | 2.5 | 2 |"), md);
        assertTrue(md.contains("| Operon | 0.9337 | 50.00 | 635.8 | 122 |"), md);
    }

    @Test
    void ballTableSetsOursBesideThePapersNumbers() throws Exception {
        String md = writeCraftedSummary();
        assertTrue(md.contains("| Ball | Runs | DySymNet (ours, mean) | DySymNet (ours, median) | DySymNet (paper) |"
                + " Model A (ours) | Model A (paper) | Model B (ours) | Model B (paper) | Model C (ours) |"
                + " Model C (paper) |"), md);
        assertTrue(md.contains("| Baseball | 2 | 0.02000 | 0.02000 | 0.007100 | 2.500 | 2.776 | 90.00 | 94.63 |"
                + " 2.600 | 2.623 |"), md);
        assertTrue(md.contains("| Golf Ball | 1 | 0.05000 | 0.05000 | 0.03800 | 0.3000 | 0.2117 | 80.00 | 86.12 |"
                + " 1.000 | 1.005 |"), md);
        assertTrue(md.contains("| **Average** | 3 | 0.03500 | 0.03500 | 0.02255 |"), md);
    }

    @Test
    void perProblemFailuresAndPlotsAreListed() throws Exception {
        String md = writeCraftedSummary();
        assertTrue(md.contains("| Nguyen-1 | Nguyen | none | 0 | 2 | 0 | 0.7500 | 1.0000 | 1/2 | 1/2 | 7.0 | 2.5 |"
                + " `x^2 + 0.5*x` |"), md);
        assertTrue(md.contains("## Failed runs"), md);
        assertTrue(md.contains("| Nguyen-3 | 3 | 0 | none | RuntimeException: boom |"), md);
        assertTrue(md.contains("![balls](balls.png)") && md.contains("![noise](noise.png)")
                && md.contains("![pareto](pareto.png)"), md);
        assertTrue(md.contains("- Noise levels: 0, 0.01"), md);
    }

    @Test
    void theLatestRowOfARunWinsAndAnEmptyFileGivesAStub() throws Exception {
        ResultRow old = CraftedRows.failed("standard", "Nguyen-1", "Nguyen", 1, "RuntimeException: once");
        ResultRow now = CraftedRows.row("standard", "Nguyen-1", "Nguyen", 1, 0.0, "none", 0.2, false);
        String md = Summary.markdown(ResultsFile.latest(List.of(old, now)), References.none(), List.of());
        assertFalse(md.contains("Failed runs"), md);
        assertTrue(md.contains("| Nguyen | none | 0 | 1 | 0 | 0.2000 | 0.2000 |"), md);
        assertTrue(Summary.markdown(List.of(), References.none(), List.of()).contains("No runs"));
    }
    @Test
    void theBlackBoxSectionSetsEveryRunBesideOrdinaryLeastSquares() {
        List<ResultRow> rows = List.of(
                // A: above the line, then 0.05 below it (below OLS - 0.02, not below OLS - 0.10)
                CraftedRows.row("blackbox", "A", "Black-box", 1, 0.0, "none", 0.9, null).withOls(0.8, 1.0),
                CraftedRows.row("blackbox", "A", "Black-box", 2, 0.0, "none", 0.75, null).withOls(0.8, 1.0),
                // B: negative where the line is positive; 0.01 below it (not counted); failed (counts as below)
                CraftedRows.row("blackbox", "B", "Black-box", 1, 0.0, "none", -0.1, null).withOls(0.2, 1.0),
                CraftedRows.row("blackbox", "B", "Black-box", 2, 0.0, "none", 0.79, null).withOls(0.8, 1.0),
                CraftedRows.failed("blackbox", "B", "Black-box", 3, "RuntimeException: boom").withOls(0.5, 1.0),
                // D: 0.15 below (below OLS - 0.10), 0.08 below (below OLS - 0.02 only)
                CraftedRows.row("blackbox", "D", "Black-box", 1, 0.0, "none", 0.65, null).withOls(0.8, 1.0),
                CraftedRows.row("blackbox", "D", "Black-box", 2, 0.0, "none", 0.72, null).withOls(0.8, 1.0),
                // C: from a file without the OLS columns
                CraftedRows.row("blackbox", "C", "Black-box", 1, 0.0, "none", 0.3, null),
                CraftedRows.row("feynman", "I.6.2a", "Feynman", 1, 0.0, "none", 0.9995, true).withOls(0.5, 1.0));
        String md = Summary.markdown(rows, References.none(), List.of());
        assertTrue(md.contains("### Beside a straight line (ordinary least squares on the same training rows)"), md);
        assertTrue(md.contains("Ablation none, noise 0: 8 runs over 4 datasets, 7 with OLS."), md);
        // ours over the 7 runs with OLS: -inf, -0.1, 0.65, 0.72, 0.75, 0.79, 0.9; OLS: 0.2, 0.5, then 0.8
        assertTrue(md.contains("- Median test R^2 over these runs: ours 0.7200, OLS 0.8000"), md);
        assertTrue(md.contains("- Runs below OLS - 0.02: 5/7; below OLS - 0.10: 3/7; test R^2 < 0 where OLS >= 0:"
                + " 2/7"), md);
        assertTrue(md.contains("- Median formula size (nodes): 7.0"), md);
        assertTrue(md.contains("| Problem | Runs | Ours: median test R^2 [min, max] | OLS: median test R^2 |"
                + " Ours - OLS (medians) | Our median size |"), md);
        // worst difference first: B (median of -inf, -0.1, 0.79 against median of 0.2, 0.8, 0.5), D, A, then C
        // (no OLS)
        assertTrue(md.contains("| B | 3 | -0.1000 [-Infinity, 0.7900] | 0.5000 | -0.6000 | 7.0 |"), md);
        assertTrue(md.contains("| D | 2 | 0.6850 [0.6500, 0.7200] | 0.8000 | -0.1150 | 7.0 |"), md);
        assertTrue(md.contains("| A | 2 | 0.8250 [0.7500, 0.9000] | 0.8000 | 0.0250 | 7.0 |"), md);
        assertTrue(md.contains("| C | 1 | 0.3000 [0.3000, 0.3000] |  |  | 7.0 |"), md);
        assertTrue(md.indexOf("| B | 3 |") < md.indexOf("| D | 2 |") && md.indexOf("| D | 2 |")
                < md.indexOf("| A | 2 |") && md.indexOf("| A | 2 |") < md.indexOf("| C | 1 |"), md);
        // the method table: ours (median over data sets of the median over seeds, failed runs left out as before:
        // 0.825, 0.345, 0.3, 0.685) and the line's (0.8, 0.5, 0.8; C has none)
        assertTrue(md.contains("| **DySymNet (this run)** | 0.5150 | 7.0 | 2.5 | 4 |"), md);
        assertTrue(md.contains("| **OLS (same training rows)** | 0.8000 |  |  | 3 |"), md);
        // only the black-box section has the lines
        assertEquals(1, md.split("Beside a straight line", -1).length - 1, md);
    }

    @Test
    void blackBoxRowsWithoutOlsFiguresSaySoInsteadOfCounting() {
        String md = Summary.markdown(List.of(CraftedRows.row("blackbox", "d1", "Black-box", 1, 0.0, "none", 0.8,
                null)), References.none(), List.of());
        assertTrue(md.contains("1 runs over 1 datasets, 0 with OLS."), md);
        assertTrue(md.contains("No OLS figures: results.csv predates the ols_r2_test column"), md);
        assertFalse(md.contains("OLS (same training rows)"), md);
        assertFalse(md.contains("Runs below OLS"), md);
    }
}
