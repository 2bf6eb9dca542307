package dysymnet.bench;

import dysymnet.api.CandidatesJson;
import dysymnet.data.Dataset;
import dysymnet.io.AtomicFiles;
import dysymnet.search.Candidate;
import dysymnet.search.Settings;
import dysymnet.search.SettingsJson;
import dysymnet.units.Units;
import dysymnet.units.UnitsJson;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
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
import org.apache.commons.csv.CSVRecord;

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

    /** A run's candidates in its folder ({@link CandidatesJson}), beside its settings ({@link #SETTINGS}). */
    static final String CANDIDATES = "candidates.json";
    /** The units of a run's data ({@link UnitsJson}), only when it had some (bench --units). */
    static final String UNITS = "units.json";
    /** A run's settings ({@link SettingsJson}), with its seed. */
    static final String SETTINGS = "settings.json";

    private SavedSplits() {
    }

    /**
     * Writes the candidates of a run's search and the run's settings into its folder (created when missing), for
     * replaying its final choice ({@code bench-choose}).
     *
     * @throws UncheckedIOException if a file cannot be written
     */
    static void writeCandidates(Path root, String problem, long seed, double noise, List<Candidate> candidates,
                                Settings settings, Units units) {
        Path dir = root.resolve(folder(problem, seed, noise));
        try {
            Files.createDirectories(dir);
            AtomicFiles.writeString(dir.resolve(CANDIDATES), CandidatesJson.write(candidates));
            AtomicFiles.writeString(dir.resolve(SETTINGS), SettingsJson.write(settings).toPrettyString());
            if (units != null) {
                ObjectMapper json = new ObjectMapper();
                AtomicFiles.writeString(dir.resolve(UNITS),
                        UnitsJson.write(json.createObjectNode(), units).toPrettyString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the candidates of " + problem + " seed " + seed + " to "
                    + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * What a run's folder keeps for a replay.
     *
     * @param settings   the run's settings
     * @param train      its training rows (the target with the run's noise)
     * @param test       its test rows
     * @param candidates its search's candidates
     * @param units      the units of its data, null when it had none
     */
    record Kept(Settings settings, Dataset train, Dataset test, List<Candidate> candidates, Units units) {
    }

    /**
     * The run kept in {@code dir} ({@link #write}, {@link #writeCandidates}).
     *
     * @throws dysymnet.cli.UserError naming the file when one is missing or unreadable
     */
    static Kept read(Path dir) {
        try {
            Settings settings = SettingsJson.read(new ObjectMapper().readTree(
                    Files.readString(dir.resolve(SETTINGS), StandardCharsets.UTF_8)));
            List<Candidate> candidates = CandidatesJson.read(
                    Files.readString(dir.resolve(CANDIDATES), StandardCharsets.UTF_8), List.of());
            Path units = dir.resolve(UNITS);
            return new Kept(settings, readCsv(dir.resolve("train.csv")), readCsv(dir.resolve("test.csv")),
                    candidates, Files.isRegularFile(units) ? UnitsJson.read(new ObjectMapper().readTree(
                            Files.readString(units, StandardCharsets.UTF_8))) : null);
        } catch (IOException | RuntimeException e) {
            throw new dysymnet.cli.UserError(dir + ": cannot read the run: " + e.getMessage());
        }
    }

    /** One data set written by {@link #writeCsv}. */
    static Dataset readCsv(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            List<CSVRecord> records = CSVFormat.DEFAULT.parse(r).getRecords();
            if (records.isEmpty()) {
                throw new IOException(file + ": empty");
            }
            CSVRecord head = records.get(0);
            int d = head.size() - 1;
            List<String> names = new ArrayList<>();
            for (int j = 0; j < d; j++) {
                names.add(head.get(j));
            }
            int n = records.size() - 1;
            double[][] x = new double[d][n];
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                CSVRecord rec = records.get(i + 1);
                for (int j = 0; j < d; j++) {
                    x[j][i] = Double.parseDouble(rec.get(j));
                }
                y[i] = Double.parseDouble(rec.get(d));
            }
            return new Dataset(names, x, y);
        }
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
