package dysymnet.io.table;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipException;

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
 *       {@link TableFormat#detectDelimiter});</li>
 *   <li>the first row is a header when some cell of it is not a number while the cell below it is one (or a
 *       missing value); with a single row, when some cell is not a number. Without a header, columns are
 *       named {@code col1..colN};</li>
 *   <li>numbers are decimal with optional sign, fraction and exponent ({@code 1e-3}, {@code -.5}, {@code +2},
 *       Fortran's {@code 1.0D+03}); double quotes around cells are removed;</li>
 *   <li>empty cells, {@code NaN}, {@code NA}, {@code N/A}, {@code null}, {@code None} are missing values and
 *       {@code inf}, {@code -Infinity} are non-finite values: both fail {@link #select} unless
 *       {@link ReadOptions#dropMissing()} is set, and only in the columns actually used.</li>
 * </ul>
 *
 * <p>The work is shared out along the way a file is read: {@link TextInput} sniffs the bytes (gzip, binary data,
 * charset), {@link TableFormat} detects the delimiter and the header from the first lines, {@link LineSplitter}
 * splits lines into cells, {@link ColumnBuilder} parses the cells into columns, remembering the first bad cell of
 * each with its line, and {@link ColumnSelector} does {@link #select}.
 */
public final class TableReader {
    /** The fewest data rows {@link #select} accepts. */
    public static final int MIN_ROWS = 5;

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
            return new Parse(file, shown, file.getFileName().toString(), options).run(raw);
        } catch (OutOfMemoryError e) {
            // out of memory outside the rows (a line of gigabytes): the parse's storage is unreachable by now
            throw InputException.of(shown, "too large for the memory available" + MEMORY_HINT);
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
     * Reads a table from a stream, such as a resource bundled with the program, and closes the stream. Messages
     * name it {@code name}, which also stands for the file name (a name ending in {@code .gz} that does not hold
     * gzip data is reported as such).
     *
     * @throws InputException for every problem with the content, with a one-line message
     */
    public static Table read(InputStream in, String name, ReadOptions options) {
        if (options == null) {
            options = ReadOptions.defaults();
        }
        try (InputStream raw = new BufferedInputStream(in, 1 << 16)) {
            return new Parse(null, name, name, options).run(raw);
        } catch (OutOfMemoryError e) {
            throw InputException.of(name, "too large for the memory available" + MEMORY_HINT);
        } catch (IOException e) {
            throw InputException.of(name, "cannot read the file (" + e.getMessage() + ")");
        } catch (UncheckedIOException e) {
            throw InputException.of(name, "cannot read the file (" + e.getCause().getMessage() + ")");
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
     *                        {@link #MIN_ROWS} rows remain, the target is constant, or most of a used column's
     *                        values are more than 1e150 times smaller than its largest
     */
    public static Selection select(Table t, String target, List<String> features) {
        return ColumnSelector.select(t, target, features);
    }

    /**
     * As {@link #select(Table, String, List)}, with a column of sample weights (null: none), by name or 1-based index:
     * it is not a feature (nor the target), and every used row's weight must be a positive finite number (a missing
     * cell is reported like any other, or its row dropped with {@link ReadOptions#dropMissing()}; a zero or negative
     * weight is an error naming its row and column).
     */
    public static Selection select(Table t, String target, List<String> features, String weights) {
        return ColumnSelector.select(t, target, features, weights);
    }

    /**
     * Why a file of {@code fileBytes} bytes cannot be read into memory, or null when it may fit: at the fewest rows
     * its lines suggest ({@code fileBytes / longestLineBytes}, the longest of the first lines), its {@code width}
     * columns of 8-byte numbers alone would need more than {@code maxMemory}, what the JVM may use. Said at once
     * instead of after reading until memory runs out (minutes for a file of many gigabytes).
     */
    static String memoryProblem(long fileBytes, long longestLineBytes, int width, long maxMemory) {
        if (longestLineBytes <= 0 || maxMemory == Long.MAX_VALUE) {
            return null;
        }
        long rows = fileBytes / longestLineBytes;
        double needed = (double) rows * width * Double.BYTES;
        if (needed <= maxMemory) {
            return null;
        }
        return "too large for the memory available: about " + rows + " rows of " + width + " columns need at least "
                + megabytes(needed) + " as numbers, more than the " + megabytes(maxMemory) + " this Java VM may use"
                + MEMORY_HINT;
    }

    /** The message for a table that ran out of memory while it was read. */
    static String outOfMemory(int rowsRead, int width, long maxMemory) {
        return "too large for the memory available: ran out after " + rowsRead + " rows of " + width
                + " columns, with at most " + megabytes(maxMemory) + " for this Java VM" + MEMORY_HINT;
    }

    /** What to do about a table too large for memory. */
    static final String MEMORY_HINT = " (give Java more with -Xmx, e.g. DYSYMNET_JAVA_OPTS=-Xmx8g for ./dysymnet or "
            + "java -Xmx8g -jar ..., or use fewer rows)";

    private static String megabytes(double bytes) {
        return Math.round(bytes / (1 << 20)) + " MB";
    }

    /** The bytes of the longest of {@code lines} in UTF-8 with a line break (3 for any char beyond U+07FF). */
    static long longestLine(List<String> lines) {
        long most = 0;
        for (String l : lines) {
            long bytes = 2;
            for (int i = 0; i < l.length(); i++) {
                char c = l.charAt(i);
                bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
            }
            most = Math.max(most, bytes);
        }
        return most;
    }

    /** The state of reading one file. */
    private static final class Parse {
        private final Path file;   // null for a stream
        private final String shown;
        private final String fileName;
        private final ReadOptions options;
        private final LineSplitter splitter;

        Parse(Path file, String shown, String fileName, ReadOptions options) {
            this.file = file;
            this.shown = shown;
            this.fileName = fileName;
            this.options = options;
            this.splitter = new LineSplitter(shown);
        }

        Table run(InputStream raw) throws IOException {
            TextInput.Opened text = TextInput.open(raw, shown, fileName);
            try (BufferedReader reader = text.reader()) {
                return parseLines(reader, text.gzipped());
            } catch (ZipException | EOFException e) {
                throw fail("not valid gzip data (corrupt or truncated)");
            }
        }

        private Table parseLines(BufferedReader reader, boolean gzipped) throws IOException {
            int lineNo = 0;
            List<String> sample = new ArrayList<>();
            List<Integer> sampleLines = new ArrayList<>();
            List<String> raw = new ArrayList<>();
            String line;
            boolean anyLine = false;
            while (sample.size() < TableFormat.SAMPLE_LINES && (line = readLine(reader, lineNo)) != null) {
                raw.add(line);
                lineNo++;
                anyLine = true;
                if (lineNo == 1 && !line.isEmpty() && line.charAt(0) == '\uFEFF') {
                    line = line.substring(1);
                }
                if (TableFormat.isContent(line)) {
                    sample.add(line);
                    sampleLines.add(lineNo);
                }
            }
            if (sample.isEmpty()) {
                throw fail(anyLine ? "no data (only blank or comment lines)" : "file is empty");
            }
            Delimiter delimiter = options.delimiter();
            if (delimiter == null) {
                delimiter = TableFormat.detectDelimiter(sample, sampleLines, splitter);
                if (delimiter == null) {
                    throw fail("cannot find the delimiter: no line splits into two or more cells (a table needs a"
                            + " target and a feature column separated by commas, tabs, semicolons, '|' or spaces)");
                }
            }
            List<List<String>> sampleCells = new ArrayList<>();
            for (int k = 0; k < sample.size(); k++) {
                sampleCells.add(split(sample.get(k), delimiter, sampleLines.get(k), reader, raw));
            }
            int trailing = delimiter == Delimiter.WHITESPACE ? 0 : TableFormat.trailingEmptyCells(sampleCells);
            TableFormat.dropTrailingEmptyCells(sampleCells, trailing);
            int width = TableFormat.modeCount(sampleCells);
            boolean header = options.header() != null ? options.header() : TableFormat.detectHeader(sampleCells);

            if (file != null && !gzipped) {
                String tooLarge = memoryProblem(Files.size(file), longestLine(raw), width,
                        Runtime.getRuntime().maxMemory());
                if (tooLarge != null) {
                    throw fail(tooLarge);
                }
            }
            List<String> names = new ArrayList<>();
            ColumnBuilder data = new ColumnBuilder(width);
            try {
                return parseRows(reader, gzipped, delimiter, sampleCells, sampleLines, raw, lineNo, trailing, width,
                        header, names, data);
            } catch (OutOfMemoryError e) {
                int rowsRead = data.rows();
                data.release();
                throw fail(outOfMemory(rowsRead, width, Runtime.getRuntime().maxMemory()));
            }
        }

        /** The rows after the format is known: the sample's, then every further line. */
        private Table parseRows(BufferedReader reader, boolean gzipped, Delimiter delimiter,
                                List<List<String>> sampleCells, List<Integer> sampleLines, List<String> raw,
                                int lineNo, int trailing, int width, boolean header, List<String> names,
                                ColumnBuilder data) throws IOException {
            String line;
            int first = 0;
            if (header) {
                List<String> h = sampleCells.get(0);
                checkWidth(h, width, sampleLines.get(0), trailing);
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
                checkWidth(cells, width, sampleLines.get(k), trailing);
                data.add(cells, sampleLines.get(k));
            }
            while ((line = readLine(reader, lineNo)) != null) {
                lineNo++;
                if (!TableFormat.isContent(line)) {
                    continue;
                }
                List<String> cells = split(line, delimiter, lineNo, reader, raw);
                for (int t = 0; t < trailing && cells.size() > width && cells.get(cells.size() - 1).isEmpty(); t++) {
                    cells.remove(cells.size() - 1);
                }
                checkWidth(cells, width, lineNo, trailing);
                data.add(cells, lineNo);
            }
            if (data.rows() == 0) {
                throw fail("only a header row, no data");
            }
            return new Table(names, data.columns(), file, shown, header, delimiter, gzipped, data.lines(), options,
                    data.firstMissing, data.firstText);
        }

        /**
         * Splits a line; a quoted cell left open at its end is reported as holding a line break when the next line
         * has a double quote (it then seems to close there), else as unbalanced quotes.
         *
         * @param raw the lines read so far, for the line after {@code lineNo}; further lines are peeked at
         */
        private List<String> split(String line, Delimiter delimiter, int lineNo, BufferedReader reader,
                                   List<String> raw) throws IOException {
            try {
                return splitter.split(line, delimiter, lineNo);
            } catch (LineSplitter.UnclosedQuote e) {
                String next = lineNo < raw.size() ? raw.get(lineNo) : peekLine(reader);
                if (next != null && next.indexOf('"') >= 0) {
                    throw fail("row " + e.line + ", column " + e.column + ": a quoted cell holds a line break (it "
                            + "continues on line " + (e.line + 1) + "), which a table cell cannot have; remove the "
                            + "line break");
                }
                throw e;
            }
        }

        /** The next line without consuming it, or null (at the end, or when it is too long to look ahead). */
        private static String peekLine(BufferedReader reader) {
            try {
                reader.mark(1 << 16);
                String next = reader.readLine();
                reader.reset();
                return next;
            } catch (IOException e) {
                return null;
            }
        }

        private String readLine(BufferedReader reader, int linesSoFar) throws IOException {
            try {
                return reader.readLine();
            } catch (CharacterCodingException e) {
                throw fail("not a text table (invalid UTF-8 text on line " + (linesSoFar + 1) + ")");
            }
        }

        private void checkWidth(List<String> cells, int width, int line, int trailing) {
            if (cells.size() != width) {
                throw fail("row " + line + " has " + cells.size() + (cells.size() == 1 ? " cell" : " cells")
                        + ", expected " + width + (trailing > 0 && cells.size() > width ? " (the first rows end with "
                        + trailing + " empty " + (trailing == 1 ? "cell" : "cells") + ", which are ignored)" : ""));
            }
        }

        private InputException fail(String problem) {
            return InputException.of(shown, problem);
        }
    }
}
