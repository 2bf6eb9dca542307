package dysymnet.bench;

import dysymnet.io.AtomicFiles;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;

/**
 * {@code results.csv}: read whole, appended to one flushed row at a time so that an interrupted run keeps every
 * finished row. A torn last line (the process killed while writing it) is cut off when the file is opened. A file of
 * an earlier version, which lacks some of {@link ResultRow#ADDED_COLUMNS}, reads with those cells empty, and is
 * rewritten with every column (its cells as they were, the new ones empty) when it is opened for appending.
 */
public final class ResultsFile implements Closeable {
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get();
    private static final CSVFormat READ = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();

    private final Writer writer;
    private final CSVPrinter printer;

    private ResultsFile(Writer writer) throws IOException {
        this.writer = writer;
        this.printer = new CSVPrinter(writer, FORMAT);
    }

    /**
     * Opens a results file for appending, creating it with the header when it does not exist, and first rewriting it
     * with the current columns when it is a file of an earlier version.
     *
     * @throws IllegalArgumentException if an existing file has other columns
     */
    public static ResultsFile open(Path csv) {
        try {
            Path parent = csv.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            if (Files.exists(csv)) {
                cutTornLine(csv);
            }
            boolean fresh = !Files.exists(csv) || Files.size(csv) == 0;
            if (!fresh) {
                read(csv);
                upgrade(csv);
            }
            ResultsFile f = new ResultsFile(new BufferedWriter(Files.newBufferedWriter(csv, StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND)));
            if (fresh) {
                f.printer.printRecord(ResultRow.COLUMNS);
                f.printer.flush();
            }
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open " + csv + ": " + e.getMessage(), e);
        }
    }

    /** Appends one row and flushes it to the file. */
    public void append(ResultRow row) {
        try {
            printer.printRecord(row.cells());
            printer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a results row: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            printer.close();
            writer.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the results file: " + e.getMessage(), e);
        }
    }

    /**
     * Every row of a results file in file order (empty when the file does not exist).
     *
     * @throws IllegalArgumentException if the file has other columns or a malformed row
     */
    public static List<ResultRow> read(Path csv) {
        List<ResultRow> rows = new ArrayList<>();
        if (!Files.exists(csv)) {
            return rows;
        }
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8); CSVParser p = READ.parse(in)) {
            List<String> header = p.getHeaderNames();
            if (!readable(header)) {
                throw new IllegalArgumentException(csv + " has the columns " + header + ", not those of"
                        + " this version " + ResultRow.COLUMNS + " (of which only " + ResultRow.ADDED_COLUMNS
                        + " may be missing); move it away or use another --out");
            }
            for (CSVRecord r : p) {
                if (r.size() != header.size()) {
                    throw new IllegalArgumentException(csv + " row " + r.getRecordNumber() + " has " + r.size()
                            + " cells, expected " + header.size());
                }
                try {
                    rows.add(ResultRow.fromCells(r.toMap()));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(csv + " row " + r.getRecordNumber() + ": " + e.getMessage());
                }
            }
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("cannot read " + csv + ": " + e.getMessage());
        }
        return rows;
    }

    /**
     * Whether a file with this header reads: the columns of this version, those of {@link ResultRow#ADDED_COLUMNS}
     * possibly missing, none repeated and no other.
     */
    static boolean readable(List<String> header) {
        if (header.equals(ResultRow.COLUMNS)) {
            return true;
        }
        if (new HashSet<>(header).size() != header.size() || !ResultRow.COLUMNS.containsAll(header)) {
            return false;
        }
        for (String c : ResultRow.COLUMNS) {
            if (!header.contains(c) && !ResultRow.ADDED_COLUMNS.contains(c)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Rewrites a readable file of an earlier version (a header other than {@link ResultRow#COLUMNS}) with the current
     * columns, atomically: every cell as it was, the missing columns empty. A current file is left alone.
     */
    static void upgrade(Path csv) throws IOException {
        List<String> header;
        List<CSVRecord> records;
        try (Reader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8); CSVParser p = READ.parse(in)) {
            header = p.getHeaderNames();
            if (header.equals(ResultRow.COLUMNS)) {
                return;
            }
            records = p.getRecords();
        }
        StringBuilder sb = new StringBuilder();
        try (CSVPrinter out = new CSVPrinter(sb, FORMAT)) {
            out.printRecord(ResultRow.COLUMNS);
            for (CSVRecord r : records) {
                List<String> cells = new ArrayList<>(ResultRow.COLUMNS.size());
                for (String c : ResultRow.COLUMNS) {
                    cells.add(r.isMapped(c) ? r.get(c) : "");
                }
                out.printRecord(cells);
            }
        }
        AtomicFiles.writeString(csv, sb.toString());
    }

    /** The last row of each run key, in the order the keys first appear. */
    public static List<ResultRow> latest(List<ResultRow> rows) {
        Map<String, ResultRow> m = new LinkedHashMap<>();
        for (ResultRow r : rows) {
            m.put(r.key(), r);
        }
        return new ArrayList<>(m.values());
    }

    /** Cuts the file after its last newline: a row being written when the process died is dropped. */
    static void cutTornLine(Path csv) throws IOException {
        try (FileChannel ch = FileChannel.open(csv, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long size = ch.size();
            long pos = size;
            ByteBuffer one = ByteBuffer.allocate(1);
            while (pos > 0) {
                one.clear();
                ch.read(one, pos - 1);
                if (one.get(0) == '\n') {
                    break;
                }
                pos--;
            }
            if (pos < size) {
                ch.truncate(pos);
            }
        }
    }
}
