package dysymnet.bench;

import dysymnet.data.Dataset;
import dysymnet.io.AtomicFiles;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * {@code bench --save-splits DIR}: each run's training and test rows as CSV files, so that other reference models
 * (bench/scripts/blackbox_reference.py) can be fitted on exactly the rows the run had. One folder per problem x seed x
 * noise level, {@code DIR/<problem>_seed<S>/} ({@code _noise<N>} appended for a noise level above 0), holding
 * {@code train.csv} (the training target with the run's noise) and {@code test.csv}: a header with the feature names
 * then {@code target}, one line per row in the run's order, numbers in full precision ({@link Double#toString}, which
 * reads back to the same double). The ablation does not change the rows, so runs that differ only in it share a
 * folder.
 */
final class SavedSplits {
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator("\n").get();

    private SavedSplits() {
    }

    /**
     * The folder name of a run: the problem's name (characters other than letters, digits, {@code . _ -} and
     * {@code +} as {@code _}), {@code _seed<S>}, and {@code _noise<N>} when the level is above 0.
     */
    static String folder(String problem, long seed, double noise) {
        String name = problem.replaceAll("[^A-Za-z0-9._+-]", "_");
        return name + "_seed" + seed + (noise == 0.0 ? "" : "_noise" + ResultRow.num(noise));
    }

    /**
     * Writes a run's rows under {@code root} (created when missing), each file atomically.
     *
     * @return the run's folder
     * @throws UncheckedIOException if a file cannot be written
     */
    static Path write(Path root, String problem, long seed, double noise, Dataset.Split split) {
        Path dir = root.resolve(folder(problem, seed, noise));
        try {
            Files.createDirectories(dir);
            writeCsv(dir.resolve("train.csv"), split.train());
            writeCsv(dir.resolve("test.csv"), split.test());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the split of " + problem + " seed " + seed + " to " + dir
                    + ": " + e.getMessage(), e);
        }
        return dir;
    }

    /** One data set as CSV: the feature names and {@code target}, then the rows. */
    static void writeCsv(Path file, Dataset d) throws IOException {
        AtomicFiles.write(file, out -> {
            Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8);
            CSVPrinter p = new CSVPrinter(w, FORMAT);
            List<String> head = new ArrayList<>(d.names());
            head.add("target");
            p.printRecord(head);
            double[][] x = d.columns();
            double[] y = d.y();
            List<String> cells = new ArrayList<>(head.size());
            for (int i = 0; i < d.rows(); i++) {
                cells.clear();
                for (double[] col : x) {
                    cells.add(Double.toString(col[i]));
                }
                cells.add(Double.toString(y[i]));
                p.printRecord(cells);
            }
            p.flush();
            w.flush();
        });
    }
}
