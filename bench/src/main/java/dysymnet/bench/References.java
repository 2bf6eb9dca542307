package dysymnet.bench;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The published numbers the summary is compared with ({@code data/reference/*.csv}): the paper's Table 1 and
 * ball-drop table, and SRBench's per-method summary. A missing file gives an empty table.
 *
 * @param table1Methods methods of Table 1, in column order (DySymNet first)
 * @param table1        benchmark (e.g. {@code Nguyen}) to method to mean R^2
 * @param balls         ball name to column ({@code DySymNet}, {@code ModelA}, ...) to test MSE; includes
 *                      {@code Average}
 * @param srbench       SRBench rows, column name to cell, in file order
 */
public record References(List<String> table1Methods, Map<String, Map<String, Double>> table1,
                         Map<String, Map<String, Double>> balls, List<Map<String, String>> srbench) {

    private static final CSVFormat HEADED = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true)
            .setIgnoreSurroundingSpaces(true).get();

    /** No reference numbers. */
    public static References none() {
        return new References(List.of(), Map.of(), Map.of(), List.of());
    }

    /**
     * Reads the three files of a reference directory; missing files are empty tables.
     *
     * @throws IllegalArgumentException if a present file is malformed
     */
    public static References load(Path dir) {
        List<String> methods = new ArrayList<>();
        Map<String, Map<String, Double>> table1 = new LinkedHashMap<>();
        Path t1 = dir.resolve("paper_table1_r2.csv");
        if (Files.exists(t1)) {
            List<String> header = new ArrayList<>();
            List<CSVRecord> recs = read(t1, header);
            for (String h : header) {
                if (!h.equals("group") && !h.equals("benchmark")) {
                    methods.add(h);
                }
            }
            for (CSVRecord r : recs) {
                Map<String, Double> m = new LinkedHashMap<>();
                for (String meth : methods) {
                    m.put(meth, number(t1, r, meth));
                }
                table1.put(r.get("benchmark"), m);
            }
        }
        Map<String, Map<String, Double>> balls = new LinkedHashMap<>();
        Path b = dir.resolve("paper_ball_drop_mse.csv");
        if (Files.exists(b)) {
            List<String> header = new ArrayList<>();
            for (CSVRecord r : read(b, header)) {
                Map<String, Double> m = new LinkedHashMap<>();
                for (String h : header) {
                    if (!h.equals("ball")) {
                        m.put(h, number(b, r, h));
                    }
                }
                balls.put(r.get("ball"), m);
            }
        }
        List<Map<String, String>> srbench = new ArrayList<>();
        Path s = dir.resolve("srbench_reference_summary.csv");
        if (Files.exists(s)) {
            for (CSVRecord r : read(s, new ArrayList<>())) {
                srbench.add(new LinkedHashMap<>(r.toMap()));
            }
        }
        return new References(List.copyOf(methods), table1, balls, srbench);
    }

    private static List<CSVRecord> read(Path file, List<String> header) {
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8); CSVParser p = HEADED.parse(in)) {
            header.addAll(p.getHeaderNames());
            return p.getRecords();
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage());
        }
    }

    private static Double number(Path file, CSVRecord r, String col) {
        String v = r.isSet(col) ? r.get(col).trim() : "";
        if (v.isEmpty()) {
            return null;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(file + " row " + r.getRecordNumber() + ": '" + col
                    + "' is not a number: " + v);
        }
    }
}
