package dysymnet.io.table;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Splits one line of a file into its cells for a given delimiter: cells are stripped, double quotes around cells
 * are removed, and a quoted cell may hold the delimiter.
 */
final class LineSplitter {
    private static final CSVFormat QUOTED_LINE = CSVFormat.DEFAULT.builder()
            .setIgnoreSurroundingSpaces(true)
            .setTrim(true)
            .setIgnoreEmptyLines(false)
            .get();
    private static final Map<Delimiter, CSVFormat> FORMATS = new HashMap<>();

    static {
        for (Delimiter d : Delimiter.values()) {
            if (d != Delimiter.WHITESPACE) {
                FORMATS.put(d, QUOTED_LINE.builder().setDelimiter(d.symbol()).get());
            }
        }
    }

    private final String shown;

    /** @param shown the file as messages name it */
    LineSplitter(String shown) {
        this.shown = shown;
    }

    /**
     * The cells of {@code line}.
     *
     * @param lineNo the line's number in the file, for messages
     * @throws InputException if the line's double quotes do not pair up
     */
    List<String> split(String line, Delimiter d, int lineNo) {
        List<String> cells = new ArrayList<>();
        if (d == Delimiter.WHITESPACE) {
            int n = line.length();
            int i = 0;
            while (i < n) {
                while (i < n && isBlank(line.charAt(i))) {
                    i++;
                }
                if (i == n) {
                    break;
                }
                int start = i;
                while (i < n && !isBlank(line.charAt(i))) {
                    i++;
                }
                cells.add(unquote(line.substring(start, i)));
            }
            return cells;
        }
        if (line.indexOf('"') >= 0) {
            // quoted cells may contain the delimiter: leave them to commons-csv
            try (CSVParser parser = CSVParser.parse(line, FORMATS.get(d))) {
                List<CSVRecord> records = parser.getRecords();
                if (records.size() == 1) {
                    for (String c : records.get(0)) {
                        cells.add(c);
                    }
                    return cells;
                }
                throw InputException.of(shown, "row " + lineNo + ": cannot split the line into cells");
            } catch (IOException | UncheckedIOException | IllegalStateException e) {
                throw InputException.of(shown, "row " + lineNo + ": unbalanced double quotes");
            }
        }
        char c = d.symbol();
        int start = 0;
        while (true) {
            int end = line.indexOf(c, start);
            if (end < 0) {
                cells.add(line.substring(start).strip());
                return cells;
            }
            cells.add(line.substring(start, end).strip());
            start = end + 1;
        }
    }

    private static String unquote(String s) {
        return s.length() >= 2 && s.charAt(0) == '"' && s.charAt(s.length() - 1) == '"'
                ? s.substring(1, s.length() - 1).strip() : s;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }
}
