package dysymnet.io.table;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * A numeric table as read from a file, before the target and features are chosen: column-major values
 * {@code columns[col][row]}, with the original column names.
 *
 * <p>Bad cells do not fail the reading: a missing value (empty, NaN, NA, infinite) is stored as a non-finite
 * double and a non-numeric cell as NaN, and the first of each kind per column is remembered so that
 * {@link TableReader#select} can report it, with its line, if and only if the column is used.
 */
public final class Table {
    private final List<String> names;
    private final double[][] columns;
    private final Path source;
    private final String shownName;
    private final boolean hadHeader;
    private final Delimiter delimiter;
    private final boolean gzipped;
    private final int[] lines;
    private final ReadOptions options;
    private final CellProblem[] firstMissing;
    private final CellProblem[] firstText;

    /**
     * A table built in memory (for tests or other sources); non-finite values count as missing.
     *
     * @param names   column names, one per column
     * @param columns {@code columns[col][row]}, all of the same length; not copied
     * @param source  the file it came from, or null
     * @param hadHeader whether the names came from the file
     */
    public Table(List<String> names, double[][] columns, Path source, boolean hadHeader) {
        this(names, columns, source, source == null ? "input" : source.toString(), hadHeader, null, false, null,
                ReadOptions.defaults(), null, null);
    }

    Table(List<String> names, double[][] columns, Path source, String shownName, boolean hadHeader,
          Delimiter delimiter, boolean gzipped, int[] lines, ReadOptions options, CellProblem[] firstMissing,
          CellProblem[] firstText) {
        Objects.requireNonNull(names, "names");
        Objects.requireNonNull(columns, "columns");
        if (names.size() != columns.length) {
            throw new IllegalArgumentException("got " + names.size() + " names for " + columns.length + " columns");
        }
        int n = columns.length == 0 ? 0 : columns[0].length;
        for (double[] c : columns) {
            if (c.length != n) {
                throw new IllegalArgumentException("columns differ in length: " + c.length + " vs " + n);
            }
        }
        this.names = Collections.unmodifiableList(new ArrayList<>(names));
        this.columns = columns;
        this.source = source;
        this.shownName = shownName;
        this.hadHeader = hadHeader;
        this.delimiter = delimiter;
        this.gzipped = gzipped;
        this.lines = lines != null ? lines : identityLines(n, hadHeader);
        this.options = options != null ? options : ReadOptions.defaults();
        this.firstMissing = firstMissing != null ? firstMissing : scanMissing(columns, this.lines);
        this.firstText = firstText != null ? firstText : new CellProblem[columns.length];
    }

    /** Original column names (from the header, or col1..colN). */
    public List<String> names() {
        return names;
    }

    /** The values, {@code columns()[col][row]}; do not modify. */
    public double[][] columns() {
        return columns;
    }

    /** The file read, or null (a table built in memory, or read from a stream). */
    public Path source() {
        return source;
    }

    public boolean hadHeader() {
        return hadHeader;
    }

    /** The delimiter used (detected or given), or null for a table not read from a file. */
    public Delimiter delimiter() {
        return delimiter;
    }

    /** Whether the file was gzip-compressed. */
    public boolean gzipped() {
        return gzipped;
    }

    /** The options the table was read with; {@link TableReader#select} honours {@code dropMissing}. */
    public ReadOptions options() {
        return options;
    }

    public int rowCount() {
        return lines.length;
    }

    public int columnCount() {
        return columns.length;
    }

    /** The 1-based line of the file (as an editor numbers it) that holds data row {@code row} (0-based). */
    public int line(int row) {
        return lines[row];
    }

    CellProblem firstMissing(int col) {
        return firstMissing[col];
    }

    CellProblem firstText(int col) {
        return firstText[col];
    }

    /** Where this table's messages say a problem is: the file, the name a stream was read under, or {@code input}. */
    String shownName() {
        return shownName;
    }

    private static int[] identityLines(int n, boolean hadHeader) {
        int[] l = new int[n];
        for (int i = 0; i < n; i++) {
            l[i] = i + (hadHeader ? 2 : 1);
        }
        return l;
    }

    private static CellProblem[] scanMissing(double[][] columns, int[] lines) {
        CellProblem[] p = new CellProblem[columns.length];
        for (int j = 0; j < columns.length; j++) {
            for (int i = 0; i < columns[j].length; i++) {
                if (!Double.isFinite(columns[j][i])) {
                    p[j] = new CellProblem(CellProblem.Kind.NON_FINITE, i, lines[i], Double.toString(columns[j][i]));
                    break;
                }
            }
        }
        return p;
    }
}
