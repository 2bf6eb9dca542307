package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** results.csv files of an earlier version: without the OLS columns. */
class ResultsFileTest {
    @TempDir
    Path tmp;

    /** The columns of the version before the OLS columns. */
    private static List<String> oldColumns() {
        List<String> c = new ArrayList<>(ResultRow.COLUMNS);
        c.removeAll(ResultRow.ADDED_COLUMNS);
        return c;
    }

    /** Writes {@code rows} as a file of the old layout would have them. */
    private static void writeOld(Path csv, List<ResultRow> rows) throws IOException {
        List<String> cols = oldColumns();
        StringBuilder sb = new StringBuilder();
        try (CSVPrinter p = new CSVPrinter(sb, CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get())) {
            p.printRecord(cols);
            for (ResultRow r : rows) {
                List<String> cells = new ArrayList<>();
                for (int k = 0; k < ResultRow.COLUMNS.size(); k++) {
                    if (cols.contains(ResultRow.COLUMNS.get(k))) {
                        cells.add(r.cells().get(k));
                    }
                }
                p.printRecord(cells);
            }
        }
        Files.writeString(csv, sb.toString(), StandardCharsets.UTF_8);
    }

    @Test
    void anOldFileWithoutTheOlsColumnsReadsWithNaNThere() throws Exception {
        Path csv = tmp.resolve("results.csv");
        ResultRow a = CraftedRows.row("blackbox", "d1", "Black-box", 1, 0.0, "none", 0.8, null);
        ResultRow b = CraftedRows.failed("blackbox", "d2", "Black-box", 2, "RuntimeException: boom");
        writeOld(csv, List.of(a, b));
        assertTrue(Files.readString(csv).lines().findFirst().orElseThrow().endsWith("model_c_mse,error"));

        List<ResultRow> rows = ResultsFile.read(csv);
        assertEquals(List.of(a, b), rows);
        assertTrue(Double.isNaN(rows.get(0).olsR2Test()) && Double.isNaN(rows.get(0).olsMseTest()));
    }

    @Test
    void anOldFileOpenedForAppendingIsRewrittenWithEveryColumnAndKeepsItsRows() throws Exception {
        Path csv = tmp.resolve("results.csv");
        ResultRow a = CraftedRows.row("blackbox", "d1", "Black-box", 1, 0.0, "none", 0.8, null);
        writeOld(csv, List.of(a));
        ResultRow c = CraftedRows.row("blackbox", "d1", "Black-box", 2, 0.0, "none", 0.7, null).withOls(0.75, 0.5);
        try (ResultsFile f = ResultsFile.open(csv)) {
            f.append(c);
        }
        String text = Files.readString(csv);
        assertEquals(String.join(",", ResultRow.COLUMNS), text.lines().findFirst().orElseThrow());
        assertEquals(List.of(a, c), ResultsFile.read(csv));
        assertEquals(0.75, ResultsFile.read(csv).get(1).olsR2Test(), 0.0);
    }

    @Test
    void aFileWithAnUnknownOrAMissingOlderColumnIsStillRefused() throws Exception {
        Path unknown = tmp.resolve("unknown.csv");
        List<String> cols = new ArrayList<>(ResultRow.COLUMNS);
        cols.add("surprise");
        Files.writeString(unknown, String.join(",", cols) + "\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResultsFile.read(unknown));
        assertTrue(e.getMessage().contains("surprise"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ResultsFile.open(unknown).close());

        Path missing = tmp.resolve("missing.csv");
        List<String> less = new ArrayList<>(ResultRow.COLUMNS);
        less.remove("r2_test");
        Files.writeString(missing, String.join(",", less) + "\n");
        assertThrows(IllegalArgumentException.class, () -> ResultsFile.read(missing));
    }
}
