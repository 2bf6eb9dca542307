package dysymnet.io.table;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads numeric CSV/TSV tables (gzip-compressed or not) and selects the target and feature columns, turning every
 * problem with the input into an {@link InputException} with a one-line message that names the file, the line
 * (as an editor numbers it, header and comments included), the column (name and 1-based index) and the problem.
 *
 * <p>What is accepted:
 * <ul>
 *   <li>gzip is recognised by its magic bytes, whatever the file is called;</li>
 *   <li>text is UTF-8 (a byte-order mark is skipped); text that is not valid UTF-8 but has no control bytes
 *       is read as ISO-8859-1, since old tools write that; NUL and other control bytes mean binary data;</li>
 *   <li>blank lines and lines starting with {@code #} are skipped;</li>
 *   <li>the delimiter is detected among tab, comma, semicolon, pipe and runs of whitespace (see
 *       {@link #detectDelimiter});</li>
 *   <li>the first row is a header when some cell of it is not a number while the cell below it is one (or a
 *       missing value); with a single row, when some cell is not a number. Without a header, columns are
 *       named {@code col1..colN};</li>
 *   <li>numbers are decimal with optional sign, fraction and exponent ({@code 1e-3}, {@code -.5}, {@code +2},
 *       Fortran's {@code 1.0D+03}); double quotes around cells are removed;</li>
 *   <li>empty cells, {@code NaN}, {@code NA}, {@code N/A}, {@code null}, {@code None} are missing values and
 *       {@code inf}, {@code -Infinity} are non-finite values: both fail {@link #select} unless
 *       {@link ReadOptions#dropMissing()} is set, and only in the columns actually used.</li>
 * </ul>
 */
public final class TableReader {
    /** The fewest data rows {@link #select} accepts. */
    public static final int MIN_ROWS = 5;
    /** Lines looked at to detect the delimiter and the header. */
    static final int SAMPLE_LINES = 50;
    /** Bytes looked at for binary content. */
    static final int SNIFF_BYTES = 8192;

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

    private TableReader() {
    }

    /**
     * Reads a table.
     *
     * @throws InputException for every problem with the file, with a one-line message
     */
    public static Table read(Path file, ReadOptions options) {
        if (options == null) {
            options = ReadOptions.defaults();
        }
        String shown = file.toString();
        if (Files.isDirectory(file)) {
            throw InputException.of(shown, "is a directory, not a file");
        }
        if (!Files.exists(file)) {
            throw InputException.of(shown, "file not found");
        }
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return new Parse(file, shown, options).run(raw);
        } catch (NoSuchFileException e) {
            throw InputException.of(shown, "file not found");
        } catch (AccessDeniedException e) {
            throw InputException.of(shown, "cannot read the file (permission denied)");
        } catch (IOException e) {
            throw InputException.of(shown, "cannot read the file (" + e.getMessage() + ")");
        } catch (UncheckedIOException e) {
            throw InputException.of(shown, "cannot read the file (" + e.getCause().getMessage() + ")");
        }
    }

    /**
     * Chooses the target and the features, checks their values and makes their names valid variable names.
     * Honours {@link ReadOptions#dropMissing()} of the options the table was read with.
     *
     * @param target   a column name (as in the file, or sanitised), or a 1-based column index; null picks a
     *                 column named {@code target} (any case), else the last column
     * @param features column names or indices; null means all columns but the target
     * @throws InputException if a column is unknown or repeated, a used cell is bad, fewer than
     *                        {@link #MIN_ROWS} rows remain, or the target is constant
     */
    public static Selection select(Table t, String target, List<String> features) {
        String shown = t.shownName();
        List<String> names = t.names();
        List<String> sanitised = VariableNames.sanitise(names);
        int targetCol = target == null ? defaultTarget(names) : resolve(t, sanitised, target, "target");
        List<Integer> featureCols = new ArrayList<>();
        if (features == null) {
            for (int j = 0; j < names.size(); j++) {
                if (j != targetCol) {
                    featureCols.add(j);
                }
            }
        } else {
            for (String f : features) {
                int j = resolve(t, sanitised, f, "feature");
                if (j == targetCol) {
                    throw InputException.of(shown, "column '" + names.get(j) + "' is both the target and a feature");
                }
                if (featureCols.contains(j)) {
                    throw InputException.of(shown, "feature column '" + names.get(j) + "' is listed twice");
                }
                featureCols.add(j);
            }
        }
        if (featureCols.isEmpty()) {
            throw InputException.of(shown, "no feature columns: the table has only the target column '"
                    + names.get(targetCol) + "'");
        }
        List<Integer> used = new ArrayList<>(featureCols);
        used.add(targetCol);

        boolean drop = t.options().dropMissing();
        CellProblem worst = null;
        int worstCol = -1;
        for (int j : used) {
            CellProblem text = t.firstText(j);
            CellProblem missing = drop ? null : t.firstMissing(j);
            for (CellProblem p : new CellProblem[] {text, missing}) {
                if (p != null && (worst == null || p.row() < worst.row() || (p.row() == worst.row() && j < worstCol))) {
                    worst = p;
                    worstCol = j;
                }
            }
        }
        if (worst != null) {
            throw InputException.of(shown, "row " + worst.line() + ", column '" + names.get(worstCol) + "' ("
                    + (worstCol + 1) + "): " + worst.describe());
        }

        double[][] cols = t.columns();
        int n = t.rowCount();
        boolean[] keep = new boolean[n];
        int kept = 0;
        for (int i = 0; i < n; i++) {
            boolean ok = true;
            for (int j : used) {
                if (!Double.isFinite(cols[j][i])) {
                    ok = false;
                    break;
                }
            }
            keep[i] = ok;
            if (ok) {
                kept++;
            }
        }
        int dropped = n - kept;
        if (kept < MIN_ROWS) {
            throw InputException.of(shown, "needs at least " + MIN_ROWS + " rows, found " + kept
                    + (dropped > 0 ? " after dropping " + dropped + " with missing values" : ""));
        }
        double[][] x = new double[featureCols.size()][];
        for (int f = 0; f < x.length; f++) {
            x[f] = compact(cols[featureCols.get(f)], keep, kept);
        }
        double[] y = compact(cols[targetCol], keep, kept);
        boolean constant = true;
        for (int i = 1; i < y.length && constant; i++) {
            constant = y[i] == y[0];
        }
        if (constant) {
            throw InputException.of(shown, "target '" + names.get(targetCol) + "' is constant (all values "
                    + formatValue(y[0]) + "): nothing to fit");
        }
        List<String> featureNames = new ArrayList<>();
        Map<String, String> original = new LinkedHashMap<>();
        for (int j : featureCols) {
            featureNames.add(sanitised.get(j));
            original.put(sanitised.get(j), names.get(j));
        }
        original.put(sanitised.get(targetCol), names.get(targetCol));
        return new Selection(Collections.unmodifiableList(featureNames), x, y, sanitised.get(targetCol),
                Collections.unmodifiableMap(original), dropped);
    }

    private static int defaultTarget(List<String> names) {
        for (int j = 0; j < names.size(); j++) {
            if (names.get(j).strip().equalsIgnoreCase("target")) {
                return j;
            }
        }
        return names.size() - 1;
    }

    /** A name as in the file, a sanitised name, a unique case-insensitive name, or a 1-based index. */
    private static int resolve(Table t, List<String> sanitised, String spec, String role) {
        List<String> names = t.names();
        String s = spec.strip();
        int j = names.indexOf(spec);
        if (j < 0) {
            j = names.indexOf(s);
        }
        if (j < 0) {
            j = sanitised.indexOf(s);
        }
        if (j < 0) {
            int found = -1;
            int count = 0;
            for (int k = 0; k < names.size(); k++) {
                if (names.get(k).strip().equalsIgnoreCase(s) || sanitised.get(k).equalsIgnoreCase(s)) {
                    found = k;
                    count++;
                }
            }
            if (count == 1) {
                j = found;
            }
        }
        if (j < 0 && s.matches("\\d{1,9}")) {
            int index = Integer.parseInt(s);
            if (index < 1 || index > names.size()) {
                throw InputException.of(t.shownName(), role + " column " + index + " is out of range (the table has "
                        + names.size() + " columns)");
            }
            j = index - 1;
        }
        if (j < 0) {
            throw InputException.of(t.shownName(), "unknown " + role + " column '" + spec + "' (columns: "
                    + String.join(", ", names) + ")");
        }
        return j;
    }

    private static double[] compact(double[] column, boolean[] keep, int kept) {
        if (kept == column.length) {
            return column.clone();
        }
        double[] out = new double[kept];
        int k = 0;
        for (int i = 0; i < column.length; i++) {
            if (keep[i]) {
                out[k++] = column[i];
            }
        }
        return out;
    }

    private static String formatValue(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    /** The state of reading one file. */
    private static final class Parse {
        private final Path file;
        private final String shown;
        private final ReadOptions options;
        private boolean gzipped;

        Parse(Path file, String shown, ReadOptions options) {
            this.file = file;
            this.shown = shown;
            this.options = options;
        }

        Table run(InputStream raw) throws IOException {
            byte[] magic = peek(raw, 4);
            if (magic.length == 0) {
                throw fail("file is empty");
            }
            InputStream in = raw;
            if (magic.length >= 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b) {
                gzipped = true;
                try {
                    in = new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16);
                } catch (ZipException | EOFException e) {
                    throw fail("not valid gzip data");
                }
            } else if (magic.length >= 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4) {
                throw fail("not a text table (a ZIP archive or a spreadsheet; export it as CSV or TSV)");
            }
            byte[] sample;
            try {
                sample = peek(in, SNIFF_BYTES);
            } catch (ZipException | EOFException e) {
                throw fail("not valid gzip data" + (gzipped ? " (corrupt or truncated)" : ""));
            }
            if (sample.length == 0) {
                throw fail("file is empty");
            }
            for (int k = 0; k < sample.length; k++) {
                int b = sample[k] & 0xff;
                if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' || b == 0x7f) {
                    if (!gzipped && file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz")) {
                        throw fail("not valid gzip data");
                    }
                    throw fail(String.format(Locale.ROOT, "not a text table (binary data: byte 0x%02X at offset %d%s)",
                            b, k, gzipped ? " of the decompressed data" : ""));
                }
            }
            Charset charset = isUtf8(sample) ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1;
            CharsetDecoder decoder = charset.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, decoder), 1 << 16)) {
                return parseLines(reader);
            } catch (ZipException | EOFException e) {
                throw fail("not valid gzip data (corrupt or truncated)");
            }
        }

        private Table parseLines(BufferedReader reader) throws IOException {
            int lineNo = 0;
            List<String> sample = new ArrayList<>();
            List<Integer> sampleLines = new ArrayList<>();
            String line;
            boolean anyLine = false;
            while (sample.size() < SAMPLE_LINES && (line = readLine(reader, lineNo)) != null) {
                lineNo++;
                anyLine = true;
                if (lineNo == 1 && !line.isEmpty() && line.charAt(0) == '\uFEFF') {
                    line = line.substring(1);
                }
                if (isContent(line)) {
                    sample.add(line);
                    sampleLines.add(lineNo);
                }
            }
            if (sample.isEmpty()) {
                throw fail(anyLine ? "no data (only blank or comment lines)" : "file is empty");
            }
            Delimiter delimiter = options.delimiter() != null ? options.delimiter() : detectDelimiter(sample, sampleLines);
            List<List<String>> sampleCells = new ArrayList<>();
            for (int k = 0; k < sample.size(); k++) {
                sampleCells.add(split(sample.get(k), delimiter, sampleLines.get(k)));
            }
            boolean trailing = delimiter != Delimiter.WHITESPACE && allEndWithEmptyCell(sampleCells);
            if (trailing) {
                for (List<String> cells : sampleCells) {
                    cells.remove(cells.size() - 1);
                }
            }
            int width = modeCount(sampleCells);
            boolean header = options.header() != null ? options.header() : detectHeader(sampleCells);

            List<String> names = new ArrayList<>();
            Columns data = new Columns(width);
            int first = 0;
            if (header) {
                List<String> h = sampleCells.get(0);
                checkWidth(h, width, sampleLines.get(0));
                for (int j = 0; j < width; j++) {
                    String name = h.get(j).strip();
                    names.add(name.isEmpty() ? "col" + (j + 1) : name);
                }
                first = 1;
            } else {
                for (int j = 0; j < width; j++) {
                    names.add("col" + (j + 1));
                }
            }
            for (int k = first; k < sampleCells.size(); k++) {
                List<String> cells = sampleCells.get(k);
                checkWidth(cells, width, sampleLines.get(k));
                data.add(cells, sampleLines.get(k));
            }
            while ((line = readLine(reader, lineNo)) != null) {
                lineNo++;
                if (!isContent(line)) {
                    continue;
                }
                List<String> cells = split(line, delimiter, lineNo);
                if (trailing && cells.size() == width + 1 && cells.get(width).isEmpty()) {
                    cells.remove(width);
                }
                checkWidth(cells, width, lineNo);
                data.add(cells, lineNo);
            }
            if (data.rows == 0) {
                throw fail("only a header row, no data");
            }
            return new Table(names, data.columns(), file, header, delimiter, gzipped, data.lines(), options,
                    data.firstMissing, data.firstText);
        }

        private String readLine(BufferedReader reader, int linesSoFar) throws IOException {
            try {
                return reader.readLine();
            } catch (CharacterCodingException e) {
                throw fail("not a text table (invalid UTF-8 text on line " + (linesSoFar + 1) + ")");
            }
        }

        private void checkWidth(List<String> cells, int width, int line) {
            if (cells.size() != width) {
                throw fail("row " + line + " has " + cells.size() + (cells.size() == 1 ? " cell" : " cells")
                        + ", expected " + width);
            }
        }

        /**
         * The delimiter that splits the sample lines most consistently into more than one cell: the one whose
         * most common cell count (above 1) is shared by the most lines; ties go to the one giving the most
         * numeric cells below the first line, then to the order tab, comma, semicolon, pipe, whitespace.
         */
        Delimiter detectDelimiter(List<String> sample, List<Integer> lines) {
            Delimiter best = null;
            int bestAgree = -1;
            int bestNumeric = -1;
            for (Delimiter d : Delimiter.values()) {
                List<List<String>> cells = new ArrayList<>();
                for (int k = 0; k < sample.size(); k++) {
                    try {
                        cells.add(split(sample.get(k), d, lines.get(k)));
                    } catch (InputException e) {
                        // quotes that do not fit this delimiter: the line disagrees with any cell count
                        cells.add(new ArrayList<>());
                    }
                }
                if (d != Delimiter.WHITESPACE && allEndWithEmptyCell(cells)) {
                    for (List<String> c : cells) {
                        c.remove(c.size() - 1);
                    }
                }
                int mode = modeCount(cells);
                if (mode < 2) {
                    continue;
                }
                int agree = 0;
                int numeric = 0;
                for (int k = 0; k < cells.size(); k++) {
                    if (cells.get(k).size() == mode) {
                        agree++;
                        if (k > 0) {
                            for (String c : cells.get(k)) {
                                if (Cells.kind(c) != CellProblem.Kind.NOT_A_NUMBER) {
                                    numeric++;
                                }
                            }
                        }
                    }
                }
                if (agree > bestAgree || agree == bestAgree && numeric > bestNumeric) {
                    best = d;
                    bestAgree = agree;
                    bestNumeric = numeric;
                }
            }
            if (best == null) {
                throw fail("cannot find the delimiter: no line splits into two or more cells (a table needs a target"
                        + " and a feature column separated by commas, tabs, semicolons, '|' or spaces)");
            }
            return best;
        }

        private List<String> split(String line, Delimiter d, int lineNo) {
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
                    throw fail("row " + lineNo + ": cannot split the line into cells");
                } catch (IOException | UncheckedIOException | IllegalStateException e) {
                    throw fail("row " + lineNo + ": unbalanced double quotes");
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

        private static boolean allEndWithEmptyCell(List<List<String>> cells) {
            for (List<String> c : cells) {
                if (c.size() < 3 || !c.get(c.size() - 1).isEmpty()) {
                    return false;
                }
            }
            return true;
        }

        private static int modeCount(List<List<String>> cells) {
            Map<Integer, Integer> counts = new HashMap<>();
            int best = 0;
            int bestCount = 0;
            for (List<String> c : cells) {
                int count = counts.merge(c.size(), 1, Integer::sum);
                if (count > bestCount || count == bestCount && c.size() > best) {
                    best = c.size();
                    bestCount = count;
                }
            }
            return best;
        }

        /**
         * The first row is a header when one of its cells is not a number while the cell below it is a number
         * or a missing value; a lone row is a header when one of its cells is not a number.
         */
        private static boolean detectHeader(List<List<String>> cells) {
            List<String> first = cells.get(0);
            List<String> second = cells.size() > 1 ? cells.get(1) : null;
            for (int j = 0; j < first.size(); j++) {
                if (Cells.kind(first.get(j)) == CellProblem.Kind.NOT_A_NUMBER) {
                    if (second == null
                            || j < second.size() && Cells.kind(second.get(j)) != CellProblem.Kind.NOT_A_NUMBER) {
                        return true;
                    }
                }
            }
            return false;
        }

        private static boolean isContent(String line) {
            int n = line.length();
            for (int i = 0; i < n; i++) {
                char c = line.charAt(i);
                if (c == '#') {
                    return false;
                }
                if (!Character.isWhitespace(c) && c != '\uFEFF') {
                    return true;
                }
            }
            return false;
        }

        private InputException fail(String problem) {
            return InputException.of(shown, problem);
        }

        private static byte[] peek(InputStream in, int n) throws IOException {
            in.mark(n);
            byte[] b = in.readNBytes(n);
            in.reset();
            return b;
        }

        /** Whether {@code sample} is valid UTF-8, allowing a character cut off at its end. */
        private static boolean isUtf8(byte[] sample) {
            CharsetDecoder d = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            CoderResult r = d.decode(ByteBuffer.wrap(sample), CharBuffer.allocate(sample.length), false);
            return !r.isError();
        }
    }

    /** Growing column storage with the first bad cell of each column. */
    private static final class Columns {
        private double[][] values;
        private int[] lines = new int[1024];
        private int rows;
        final CellProblem[] firstMissing;
        final CellProblem[] firstText;

        Columns(int width) {
            values = new double[width][1024];
            firstMissing = new CellProblem[width];
            firstText = new CellProblem[width];
        }

        void add(List<String> cells, int line) {
            if (rows == lines.length) {
                int cap = rows * 2;
                lines = Arrays.copyOf(lines, cap);
                for (int j = 0; j < values.length; j++) {
                    values[j] = Arrays.copyOf(values[j], cap);
                }
            }
            for (int j = 0; j < values.length; j++) {
                String cell = cells.get(j);
                CellProblem.Kind kind = Cells.kind(cell);
                double v;
                if (kind == null) {
                    v = Cells.value(cell);
                    if (!Double.isFinite(v)) {
                        kind = CellProblem.Kind.NON_FINITE;
                    }
                } else if (kind == CellProblem.Kind.NON_FINITE) {
                    v = cell.strip().startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
                } else {
                    v = Double.NaN;
                }
                values[j][rows] = v;
                if (kind == CellProblem.Kind.NOT_A_NUMBER) {
                    if (firstText[j] == null) {
                        firstText[j] = new CellProblem(kind, rows, line, cell);
                    }
                } else if (kind != null && firstMissing[j] == null) {
                    firstMissing[j] = new CellProblem(kind, rows, line, cell);
                }
            }
            lines[rows++] = line;
        }

        double[][] columns() {
            double[][] out = new double[values.length][];
            for (int j = 0; j < values.length; j++) {
                out[j] = Arrays.copyOf(values[j], rows);
            }
            return out;
        }

        int[] lines() {
            return Arrays.copyOf(lines, rows);
        }
    }
}
