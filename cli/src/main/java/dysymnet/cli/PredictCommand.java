package dysymnet.cli;

import dysymnet.api.Model;
import dysymnet.cli.io.AtomicFiles;
import dysymnet.cli.io.ReadOptions;
import dysymnet.cli.io.Table;
import dysymnet.cli.io.TableReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
@Command(name = "predict", mixinStandardHelpOptions = true, sortOptions = false,
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
        Model model = load(modelFile);
        Table table = TableReader.read(file, ReadOptions.defaults().withDropMissing(dropMissing));
        List<String> features = model.features();
        double[][] cols = new double[features.size()][];
        for (int j = 0; j < features.size(); j++) {
            int k = table.hadHeader() ? table.names().indexOf(features.get(j)) : j;
            if (k < 0 || k >= table.columnCount()) {
                throw new UserError(file + ": no column '" + features.get(j) + "' (the model needs " + features
                        + "; the file has " + table.names() + ")");
            }
            cols[j] = table.columns()[k];
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

    static Model load(Path modelFile) {
        String json;
        try {
            json = Files.readString(modelFile, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new UserError(modelFile + ": model file not found");
        } catch (IOException | UncheckedIOException e) {
            throw new UserError(modelFile + ": cannot read model (" + e.getMessage() + ")");
        }
        try {
            return Model.fromJson(json);
        } catch (IllegalArgumentException e) {
            throw new UserError(modelFile + ": " + e.getMessage());
        }
    }
}
