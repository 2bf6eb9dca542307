package dysymnet.cli;

import dysymnet.api.Model;
import dysymnet.io.table.Delimiter;
import dysymnet.io.table.InputException;
import dysymnet.io.table.ReadOptions;
import dysymnet.io.table.Table;
import dysymnet.io.table.TableReader;
import dysymnet.io.table.VariableNames;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code dysymnet predict}: applies a saved model to a table. */
@Command(name = "predict", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        sortOptions = false,
        description = {"Predict with a saved model (model.json from 'dysymnet fit --out DIR') on a CSV/TSV file.",
            "Columns are matched by name; a file without header must hold the model's features first, in order.",
            "Writes CSV: the feature columns and a 'prediction' column."})
final class PredictCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, paramLabel = "FILE", description = "A model.json written by fit.")
    Path modelFile;

    @Parameters(index = "0", paramLabel = "FILE", description = "Data to predict for: CSV or TSV, .gz allowed.")
    Path file;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the CSV here (default: standard output).")
    Path output;

    @Option(names = "--drop-missing", description = "Skip rows with empty, NaN or infinite cells.")
    boolean dropMissing;

    @Override
    public Integer call() {
        if (output != null) {
            Reports.checkOutputFile("--output", output, null);
        }
        Model model = load(modelFile);
        List<String> features = model.features();
        Table table = read(file, ReadOptions.defaults().withDropMissing(dropMissing), features.size());
        // the model's features are the sanitised names fit used, so a header is matched the same way
        List<String> sanitised = VariableNames.sanitise(table.names());
        int[] colIndex = new int[features.size()];
        for (int j = 0; j < features.size(); j++) {
            int k = j;
            if (table.hadHeader()) {
                k = table.names().indexOf(features.get(j));
                if (k < 0) {
                    k = sanitised.indexOf(features.get(j));
                }
            }
            if (k < 0 || k >= table.columnCount()) {
                throw new UserError(file + ": no column '" + features.get(j) + "' (the model needs " + features
                        + "; the file has " + table.names() + ")");
            }
            colIndex[j] = k;
        }
        double[][] all = table.columns();
        int n = table.rowCount();
        boolean[] keep = new boolean[n];
        int kept = 0;
        for (int i = 0; i < n; i++) {
            keep[i] = true;
            for (int k : colIndex) {
                if (!Double.isFinite(all[k][i])) {
                    if (!dropMissing) {
                        throw new UserError(file + ": row " + table.line(i) + ", column '" + table.names().get(k)
                                + "' (" + (k + 1) + "): not a finite number (use --drop-missing to skip such rows)");
                    }
                    keep[i] = false;
                    break;
                }
            }
            if (keep[i]) {
                kept++;
            }
        }
        if (kept == 0) {
            throw new UserError(file + ": no rows left to predict for");
        }
        double[][] cols = new double[features.size()][kept];
        for (int j = 0; j < cols.length; j++) {
            double[] src = all[colIndex[j]];
            for (int i = 0, r = 0; i < n; i++) {
                if (keep[i]) {
                    cols[j][r++] = src[i];
                }
            }
        }
        double[] pred = model.predictColumns(cols);
        StringBuilder sb = new StringBuilder();
        sb.append(String.join(",", features)).append(",prediction\n");
        for (int i = 0; i < pred.length; i++) {
            for (double[] c : cols) {
                sb.append(c[i]).append(',');
            }
            sb.append(pred[i]).append('\n');
        }
        if (output == null) {
            PrintWriter out = spec.commandLine().getOut();
            out.print(sb);
            out.flush();
        } else {
            Reports.writeText(output, sb.toString());
        }
        return 0;
    }

    /**
     * Reads the table; for a one-feature model also a file of that single column, in which the reader cannot
     * detect a delimiter (it expects a target and a feature).
     */
    private static Table read(Path file, ReadOptions ro, int featureCount) {
        try {
            return TableReader.read(file, ro);
        } catch (InputException e) {
            if (featureCount != 1) {
                throw e;
            }
            Table single;
            try {
                single = TableReader.read(file, ro.withDelimiter(Delimiter.COMMA));
            } catch (InputException again) {
                throw e;
            }
            if (single.columnCount() != 1) {
                throw e;
            }
            return single;
        }
    }

    static Model load(Path modelFile) {
        String json;
        try {
            json = Files.readString(modelFile, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new UserError(modelFile + ": model file not found");
        } catch (CharacterCodingException e) {
            throw new UserError(modelFile + ": not a model file (not UTF-8 text)");
        } catch (IOException | UncheckedIOException e) {
            throw new UserError(modelFile + ": cannot read model (" + e.getMessage() + ")");
        }
        Model m;
        try {
            m = Model.fromJson(json);
        } catch (RuntimeException e) {
            // a damaged tree can fail in many ways inside the reader; all mean the same to the user
            throw new UserError(modelFile + ": not a valid model file ("
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
        }
        if (m.features().isEmpty()) {
            throw new UserError(modelFile + ": not a valid model file (no features)");
        }
        return m;
    }
}
