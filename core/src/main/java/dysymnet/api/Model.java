package dysymnet.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Printer;
import dysymnet.search.Candidate;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A fitted symbolic model: the chosen formula, the Pareto front it was chosen from, the reward history, and the
 * settings and seed it was made with. Immutable; saves to JSON and loads back exactly.
 */
public final class Model {
    /** Version of the JSON format written by {@link #toJson()}. */
    public static final int FORMAT_VERSION = 1;

    private final Expr expression;
    private final List<String> features;
    private final String target;
    private final double trainMse;
    private final double trainR2;
    private final List<Candidate> pareto;
    private final double[] meanRewards;
    private final double[] bestRewards;
    private final long seed;
    private final Map<String, String> settings;
    private final double elapsedSeconds;
    private final long networksTrained;
    private final String stopReason;

    /** Creates a model; normally made by {@link SymbolicRegressor#fit}. */
    public Model(Expr expression, List<String> features, String target, double trainMse, double trainR2,
                 List<Candidate> pareto, double[] meanRewards, double[] bestRewards, long seed,
                 Map<String, String> settings, double elapsedSeconds, long networksTrained, String stopReason) {
        this.expression = Objects.requireNonNull(expression, "expression");
        this.features = List.copyOf(features);
        this.target = target == null ? "y" : target;
        this.trainMse = trainMse;
        this.trainR2 = trainR2;
        this.pareto = List.copyOf(pareto);
        this.meanRewards = meanRewards.clone();
        this.bestRewards = bestRewards.clone();
        this.seed = seed;
        this.settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        this.elapsedSeconds = elapsedSeconds;
        this.networksTrained = networksTrained;
        this.stopReason = stopReason == null ? "" : stopReason;
        Set<String> known = new HashSet<>(this.features);
        for (String v : expression.variables()) {
            if (!known.contains(v)) {
                throw new IllegalArgumentException("the formula uses variable '" + v
                        + "' which is not among the features " + this.features);
            }
        }
    }

    /** The chosen formula. */
    public Expr expression() {
        return expression;
    }

    /** Feature names, in the column order {@link #predict(double[][])} expects. */
    public List<String> features() {
        return features;
    }

    public String target() {
        return target;
    }

    public int complexity() {
        return expression.complexity();
    }

    public double trainMse() {
        return trainMse;
    }

    public double trainR2() {
        return trainR2;
    }

    /** The Pareto front (complexity against training MSE), by increasing complexity. */
    public List<Candidate> pareto() {
        return pareto;
    }

    /** Mean reward of each controller step. */
    public double[] meanRewards() {
        return meanRewards.clone();
    }

    /** Best reward of each controller step. */
    public double[] bestRewards() {
        return bestRewards.clone();
    }

    public long seed() {
        return seed;
    }

    /** The settings the model was made with, as text. */
    public Map<String, String> settings() {
        return settings;
    }

    public double elapsedSeconds() {
        return elapsedSeconds;
    }

    public long networksTrained() {
        return networksTrained;
    }

    public String stopReason() {
        return stopReason;
    }

    /** Predictions for rows {@code x[i][j]} (feature j in the order of {@link #features()}). */
    public double[] predict(double[][] x) {
        Objects.requireNonNull(x, "x");
        double[][] cols = new double[features.size()][x.length];
        for (int i = 0; i < x.length; i++) {
            if (x[i] == null || x[i].length != features.size()) {
                throw new IllegalArgumentException("row " + i + " has " + (x[i] == null ? 0 : x[i].length)
                        + " values, the model expects " + features.size() + " " + features);
            }
            for (int j = 0; j < features.size(); j++) {
                cols[j][i] = x[i][j];
            }
        }
        return predictColumns(cols);
    }

    /** Predictions for feature columns {@code columns[j][i]} in the order of {@link #features()}. */
    public double[] predictColumns(double[][] columns) {
        if (columns.length != features.size()) {
            throw new IllegalArgumentException("got " + columns.length + " columns, the model expects "
                    + features.size() + " " + features);
        }
        return Evaluator.evaluate(expression, features, columns);
    }

    /** Predictions for a data set, matching its columns to the model's features by name. */
    public double[] predict(Dataset data) {
        double[][] cols = new double[features.size()][];
        for (int j = 0; j < features.size(); j++) {
            int k = data.names().indexOf(features.get(j));
            if (k < 0) {
                throw new IllegalArgumentException("the data has no column '" + features.get(j) + "'; it has "
                        + data.names());
            }
            cols[j] = data.column(k);
        }
        return Evaluator.evaluate(expression, features, cols);
    }

    /** The formula in the project's infix syntax, constants with the given significant digits. */
    public String formula(int digits) {
        return Printer.infix(expression, digits);
    }

    /** The formula in the project's infix syntax, constants exact. */
    public String formula() {
        return Printer.infix(expression);
    }

    public String sympy(int digits) {
        return Printer.sympy(expression, digits);
    }

    public String latex(int digits) {
        return Printer.latex(expression, digits);
    }

    public String java(int digits) {
        return Printer.java(expression, digits);
    }

    @Override
    public String toString() {
        return target + " = " + formula(6);
    }

    // ---------------------------------------------------------------- JSON

    private static ObjectMapper mapper() {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    /** The model as JSON text (see {@link #fromJson(String)}). */
    public String toJson() {
        ObjectMapper m = mapper();
        ObjectNode root = m.createObjectNode();
        root.put("format", "dysymnet-model");
        root.put("version", FORMAT_VERSION);
        root.put("expression", formula());
        root.set("tree", ExprJson.write(expression));
        root.put("target", target);
        ArrayNode f = root.putArray("features");
        features.forEach(f::add);
        root.put("complexity", complexity());
        root.put("mse_train", trainMse);
        root.put("r2_train", trainR2);
        root.put("seed", seed);
        root.put("elapsed_seconds", elapsedSeconds);
        root.put("networks_trained", networksTrained);
        root.put("stop_reason", stopReason);
        ObjectNode s = root.putObject("settings");
        settings.forEach(s::put);
        ArrayNode p = root.putArray("pareto");
        for (Candidate c : pareto) {
            ObjectNode n = p.addObject();
            n.put("complexity", c.complexity());
            n.put("mse_train", c.mse());
            n.put("r2_train", c.r2());
            n.put("reward", c.reward());
            n.put("expression", Printer.infix(c.expression()));
            n.set("tree", ExprJson.write(c.expression()));
            n.put("architecture", c.architecture());
            n.put("step", c.step());
        }
        ArrayNode mr = root.putArray("mean_reward");
        for (double v : meanRewards) {
            mr.add(v);
        }
        ArrayNode br = root.putArray("best_reward");
        for (double v : bestRewards) {
            br.add(v);
        }
        try {
            return m.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write model as JSON", e);
        }
    }

    /** Reads a model written by {@link #toJson()}; a malformed text gives an IllegalArgumentException. */
    public static Model fromJson(String json) {
        JsonNode root;
        try {
            root = mapper().readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not valid JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject() || !"dysymnet-model".equals(root.path("format").asText())) {
            throw new IllegalArgumentException("not a dysymnet model (no \"format\": \"dysymnet-model\")");
        }
        int version = root.path("version").asInt(-1);
        if (version != FORMAT_VERSION) {
            throw new IllegalArgumentException("unsupported model format version " + version + " (this build reads "
                    + FORMAT_VERSION + ")");
        }
        Expr e = ExprJson.read(root.get("tree"));
        List<String> features = new ArrayList<>();
        root.path("features").forEach(n -> features.add(n.asText()));
        List<Candidate> pareto = new ArrayList<>();
        for (JsonNode n : root.path("pareto")) {
            Expr ce = ExprJson.read(n.get("tree"));
            pareto.add(new Candidate(ce, ce.complexity(), n.path("mse_train").asDouble(),
                    n.path("r2_train").asDouble(), n.path("reward").asDouble(),
                    n.path("architecture").asText(""), n.path("step").asInt()));
        }
        Map<String, String> settings = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = root.path("settings").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> en = it.next();
            settings.put(en.getKey(), en.getValue().asText());
        }
        return new Model(e, features, root.path("target").asText("y"), root.path("mse_train").asDouble(),
                root.path("r2_train").asDouble(), pareto, doubles(root.path("mean_reward")),
                doubles(root.path("best_reward")), root.path("seed").asLong(), settings,
                root.path("elapsed_seconds").asDouble(), root.path("networks_trained").asLong(),
                root.path("stop_reason").asText(""));
    }

    private static double[] doubles(JsonNode arr) {
        double[] d = new double[arr.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = arr.get(i).asDouble();
        }
        return d;
    }

    /** Writes the model's JSON to a file atomically (a temporary file moved into place). */
    public void save(Path file) {
        Path abs = file.toAbsolutePath();
        Path dir = abs.getParent();
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + abs.getFileName(), ".tmp");
            try {
                Files.writeString(tmp, toJson(), StandardCharsets.UTF_8);
                try {
                    Files.move(tmp, abs, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write model to " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads a model file. */
    public static Model load(Path file) {
        try {
            return fromJson(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read model " + file + ": " + e.getMessage(), e);
        }
    }
}
