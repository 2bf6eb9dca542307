package dysymnet.bench;

import dysymnet.cli.OutputError;
import dysymnet.cli.UserError;
import dysymnet.io.AtomicFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dysymnet bench-table FILE}: writes a synthetic table of a known law ({@link LawTable}), of any size. */
@Command(name = "bench-table", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write a CSV table of y = " + LawTable.LAW + " + noise (features x1..xD uniform in [-3, 3]), "
                + "for measuring fits and reading of large data. The same options give the same file.",
            "A FILE ending in .gz is gzip-compressed."},
        footer = {"", "Examples (training and test rows from two seeds):",
            "  dysymnet bench-table --rows 1000000 --seed 1 m1.csv",
            "  dysymnet bench-table --rows 20000 --seed 2 m1-test.csv",
            "  dysymnet fit m1.csv --test m1-test.csv --time-limit 120"})
public final class TableCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The table to write (replaced if it exists).")
    Path file;

    @Option(names = "--rows", paramLabel = "N", defaultValue = "" + LawTable.DEFAULT_ROWS,
            description = "Data rows (default ${DEFAULT-VALUE}).")
    long rows;

    @Option(names = "--features", paramLabel = "D", defaultValue = "" + LawTable.DEFAULT_FEATURES,
            description = "Feature columns, at least 3; the table has D + 1 columns (default ${DEFAULT-VALUE}).")
    int features;

    @Option(names = "--noise", paramLabel = "SD", defaultValue = "" + LawTable.DEFAULT_NOISE,
            description = "Standard deviation of the Gaussian noise on y (default ${DEFAULT-VALUE}; the law's own "
                    + "values have a standard deviation of about 4.4).")
    double noise;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        if (rows < 1) {
            throw new UserError("--rows must be at least 1, got " + rows);
        }
        if (features < 3) {
            throw new UserError("--features must be at least 3 (the law uses x1, x2, x3), got " + features);
        }
        if (!(noise >= 0) || Double.isInfinite(noise)) {
            throw new UserError("--noise must be a finite number >= 0, got " + noise);
        }
        Path abs = file.toAbsolutePath().normalize();
        if (Files.isDirectory(abs)) {
            throw new UserError(file + ": is a directory, not a file");
        }
        if (abs.getParent() == null || !Files.isDirectory(abs.getParent())) {
            throw new UserError(file + ": directory " + abs.getParent() + " does not exist");
        }
        LawTable table = new LawTable(rows, features, noise, seed);
        boolean gzip = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
        long t0 = System.nanoTime();
        try {
            AtomicFiles.write(abs, out -> {
                if (gzip) {
                    GZIPOutputStream z = new GZIPOutputStream(out, 1 << 16);
                    table.write(z);
                    z.finish();
                } else {
                    table.write(out);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            throw new OutputError(file + ": cannot write (" + e.getMessage() + ")");
        }
        PrintWriter err = spec.commandLine().getErr();
        err.printf(Locale.ROOT, "wrote %s: %d rows x %d columns, y = %s + %s*N(0,1), seed %d (%.1f s)%n", file, rows,
                features + 1, LawTable.LAW, noise, seed, (System.nanoTime() - t0) / 1e9);
        err.flush();
        return 0;
    }
}
