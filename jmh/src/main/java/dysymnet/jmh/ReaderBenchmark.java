package dysymnet.jmh;

import dysymnet.bench.LawTable;
import dysymnet.io.table.ReadOptions;
import dysymnet.io.table.Selection;
import dysymnet.io.table.Table;
import dysymnet.io.table.TableReader;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Single-shot time of reading a 1,000,000-row, 10-column CSV file (95 MB, the bench module's {@link LawTable} with
 * its defaults, seed 1, written into a temporary directory before the trial and deleted after it) into primitive
 * columns ({@link TableReader#read}), and of reading it and choosing the target and features as {@code fit} does
 * ({@link TableReader#select}).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@State(Scope.Benchmark)
public class ReaderBenchmark {
    private Path dir;
    private Path file;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("dysymnet-jmh-reader");
        file = dir.resolve("m1.csv");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            new LawTable(LawTable.DEFAULT_ROWS, LawTable.DEFAULT_FEATURES, LawTable.DEFAULT_NOISE, 1).write(out);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The file into a table of double columns. */
    @Benchmark
    public Table read() {
        return TableReader.read(file, ReadOptions.defaults());
    }

    /** The file into a table, then the target (y, the last column) and the 9 features checked and chosen. */
    @Benchmark
    public Selection readAndSelect() {
        return TableReader.select(TableReader.read(file, ReadOptions.defaults()), null, null);
    }
}
