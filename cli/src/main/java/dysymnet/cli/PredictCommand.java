package dysymnet.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dysymnet.api.Model;
import dysymnet.api.Provenance;
import dysymnet.api.SearchHistory;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.ParseException;
import dysymnet.expr.Parser;
import dysymnet.io.table.Delimiter;
import dysymnet.io.table.InputException;
import dysymnet.io.table.ReadOptions;
import dysymnet.io.table.Table;
import dysymnet.io.table.TableReader;
import dysymnet.io.table.VariableNames;
import dysymnet.search.Candidate;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
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
            "Writes CSV: the feature columns and a 'prediction' column.",
            "Computes the model's \"tree\"; its \"expression\" must give the same values.",
            "A model without \"tree\" is computed from its \"expression\" (hand-written models)."})
final class PredictCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--model", required = true, paramLabel = "FILE", description = "A model.json written by fit.")
    Path modelFile;

    @Parameters(index = "0", paramLabel = "FILE", description = "Data to predict for: CSV or TSV, .gz allowed; - reads standard input.")
    Path file;

    @Option(names = "--output", paramLabel = "FILE", description = "Write the CSV here (default: standard output).")
    Path output;

    @Option(names = "--drop-missing", description = "Skip rows with empty, NaN or infinite cells.")
    boolean dropMissing;

    @Option(names = "--complexity", paramLabel = "N",
            description = "Predict with the model's Pareto-front formula of complexity N (its nodes, or its "
                    + "weighted complexity when the fit had --complexity-of) instead of the chosen one (the largest of "
                    + "at most N when none has exactly N).")
    Integer complexity;

    @Override
    public Integer call() {
        if (output != null) {
            Reports.checkOutputFile("--output", output, null);
        }
        Loaded loaded = loadChecked(modelFile);
        if (complexity != null) {
            loaded = new Loaded(paretoMember(loaded.model(), complexity), null);
        }
        Model model = loaded.model();
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
        int[] lines = new int[kept];
        for (int i = 0, r = 0; i < n; i++) {
            if (keep[i]) {
                lines[r++] = table.line(i);
            }
        }
        for (int j = 0; j < cols.length; j++) {
            double[] src = all[colIndex[j]];
            for (int i = 0, r = 0; i < n; i++) {
                if (keep[i]) {
                    cols[j][r++] = src[i];
                }
            }
        }
        if (loaded.expressionText() != null) {
            checkAgreement(modelFile, model, loaded.expressionText(), cols, lines);
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

    /** The model with the front's formula of complexity {@code n} (or the largest below) as its formula. */
    private Model paretoMember(Model m, int n) {
        Candidate pick = null;
        for (Candidate c : m.pareto()) {
            if (c.complexity() <= n && (pick == null || c.complexity() > pick.complexity())) {
                pick = c;
            }
        }
        if (pick == null) {
            StringBuilder sizes = new StringBuilder();
            for (Candidate c : m.pareto()) {
                sizes.append(sizes.length() == 0 ? "" : ", ").append(c.complexity());
            }
            boolean weighted = m.settings().map(s -> !s.selection().complexityWeights().isEmpty()).orElse(false);
            throw new UserError("--complexity " + n + ": " + modelFile + " has no Pareto formula of at most " + n
                    + (weighted ? " (weighted complexity)" : " nodes")
                    + (sizes.length() == 0 ? " (its Pareto front is empty)" : " (sizes: " + sizes + ")"));
        }
        return new Model(pick.expression(), m.features(), m.target(), pick.mse(), pick.r2(), m.history(),
                m.provenance());
    }

    /**
     * Reads the table; for a one-feature model also a file of that single column, in which the reader cannot
     * detect a delimiter (it expects a target and a feature).
     */
    private static Table read(Path file, ReadOptions ro, int featureCount) {
        try {
            return Inputs.read(file, ro);
        } catch (InputException e) {
            if (featureCount != 1) {
                throw e;
            }
            Table single;
            try {
                single = Inputs.read(file, ro.withDelimiter(Delimiter.COMMA));
            } catch (InputException again) {
                throw e;
            }
            if (single.columnCount() != 1) {
                throw e;
            }
            return single;
        }
    }

    /** A model file as predict reads it: the model, and the formula of its "expression" if it also has a tree. */
    record Loaded(Model model, Expr expressionText) {
    }

    /** Probe values of the features, beside the rows predicted, at which "expression" and "tree" must agree. */
    private static final double[] PROBES = {-2.5, -1, -0.3, 0, 0.2, 0.7, 1, 1.5, 3, 10, 1000};
    private static final int PROBE_POINTS = 16;
    /** The history of a model that only predicts (made from an "expression", or to check one). */
    private static final SearchHistory EMPTY_HISTORY =
            new SearchHistory(List.of(), new double[0], new double[0], 0, 0, 0, 0, "");

    /**
     * Reads a model file for prediction. A file with a {@code "tree"} is loaded from it; its {@code "expression"},
     * when present, must parse (its values are compared with the tree's later, by {@link #checkAgreement}). A file
     * without a tree is computed from its {@code "expression"}, so that a hand-written model works.
     */
    static Loaded loadChecked(Path modelFile) {
        String json = readModelText(modelFile);
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new UserError(modelFile + ": not a valid model file (not valid JSON: " + e.getOriginalMessage()
                    + ")");
        }
        JsonNode text = root == null ? null : root.get("expression");
        JsonNode tree = root == null ? null : root.get("tree");
        boolean hasText = text != null && !text.isNull();
        boolean hasTree = tree != null && !tree.isNull();
        if (hasText && !text.isTextual()) {
            throw new UserError(modelFile + ": \"expression\" must be a formula in a string, got " + text);
        }
        if (!hasText || hasTree) {
            Model m = fromJson(modelFile, json);
            if (!hasText) {
                return new Loaded(m, null);
            }
            Expr e;
            try {
                e = Parser.parse(text.textValue());
            } catch (ParseException ex) {
                throw new UserError(modelFile + ": \"expression\" and \"tree\" disagree: \"expression\" is not a "
                        + "valid formula (" + ex.getMessage() + "); fix it, or delete it to predict with \"tree\"");
            }
            try {
                new Model(e, m.features(), m.target(), Double.NaN, Double.NaN, EMPTY_HISTORY, m.provenance());
            } catch (IllegalArgumentException ex) {
                throw new UserError(modelFile + ": \"expression\" and \"tree\" disagree: " + ex.getMessage()
                        + "; fix \"expression\", or delete it to predict with \"tree\"");
            }
            return new Loaded(m, e);
        }
        // a hand-written model: the formula is the expression
        if (!"dysymnet-model".equals(root.path("format").asText())) {
            throw new UserError(modelFile + ": not a valid model file (no \"format\": \"dysymnet-model\")");
        }
        int version = root.path("version").asInt(Model.FORMAT_VERSION);
        if (version < 1 || version > Model.FORMAT_VERSION) {
            throw new UserError(modelFile + ": not a valid model file (unsupported model format version "
                    + root.get("version") + "; this build reads versions 1 to " + Model.FORMAT_VERSION + ")");
        }
        Expr e;
        try {
            e = Parser.parse(text.textValue());
        } catch (ParseException ex) {
            throw new UserError(modelFile + ": \"expression\" is not a valid formula (" + ex.getMessage() + ")");
        }
        List<String> features = new ArrayList<>();
        root.path("features").forEach(f -> features.add(f.asText()));
        if (features.isEmpty()) {
            throw new UserError(modelFile + ": not a valid model file (no \"features\": [\"x\", ...])");
        }
        try {
            return new Loaded(new Model(e, features, root.path("target").asText("y"), Double.NaN, Double.NaN,
                    EMPTY_HISTORY, new Provenance(null, 0, "", null)), null);
        } catch (IllegalArgumentException ex) {
            throw new UserError(modelFile + ": " + ex.getMessage());
        }
    }

    /**
     * Fails with a one-line {@link UserError} when the model's {@code "expression"} computes other values than its
     * tree on the rows predicted ({@code lines}: their line numbers in the data file) or at fixed probe points:
     * equal means within a relative 1e-9, or both NaN, or the same infinity.
     */
    void checkAgreement(Path modelFile, Model model, Expr text, double[][] cols, int[] lines) {
        if (text.equals(model.expression())) {
            return;
        }
        List<String> f = model.features();
        String fix = "; predict computes \"tree\", which fit wrote: restore \"expression\" if it was changed by "
                + "mistake, or delete \"tree\" to predict with the edited \"expression\"";
        double[] fromText = Evaluator.evaluate(text, f, cols);
        double[] fromTree = model.predictColumns(cols);
        for (int i = 0; i < fromText.length; i++) {
            if (!same(fromText[i], fromTree[i])) {
                throw new UserError(modelFile + ": \"expression\" and \"tree\" disagree: at row " + lines[i] + " of "
                        + file + " (" + point(f, cols, i) + ") \"expression\" gives " + fromText[i]
                        + " and \"tree\" gives " + fromTree[i] + fix);
            }
        }
        double[][] probe = new double[f.size()][PROBE_POINTS];
        for (int j = 0; j < probe.length; j++) {
            for (int k = 0; k < PROBE_POINTS; k++) {
                probe[j][k] = PROBES[(7 * k + 3 * j) % PROBES.length];
            }
        }
        fromText = Evaluator.evaluate(text, f, probe);
        fromTree = model.predictColumns(probe);
        for (int k = 0; k < PROBE_POINTS; k++) {
            if (!same(fromText[k], fromTree[k])) {
                throw new UserError(modelFile + ": \"expression\" and \"tree\" disagree: at " + point(f, probe, k)
                        + " \"expression\" gives " + fromText[k] + " and \"tree\" gives " + fromTree[k] + fix);
            }
        }
    }

    static boolean same(double a, double b) {
        if (Double.isNaN(a) || Double.isNaN(b)) {
            return Double.isNaN(a) && Double.isNaN(b);
        }
        if (a == b) {
            return true;
        }
        return Double.isFinite(a) && Double.isFinite(b) && Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));
    }

    private static String point(List<String> names, double[][] cols, int i) {
        StringBuilder sb = new StringBuilder();
        for (int j = 0; j < names.size() && j < 4; j++) {
            sb.append(j == 0 ? "" : ", ").append(names.get(j)).append(" = ").append(cols[j][i]);
        }
        if (names.size() > 4) {
            sb.append(", ...");
        }
        return sb.toString();
    }

    private static String readModelText(Path modelFile) {
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
        return json;
    }

    private static Model fromJson(Path modelFile, String json) {
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
