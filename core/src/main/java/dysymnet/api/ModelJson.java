package dysymnet.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dysymnet.choice.Explanation;
import dysymnet.data.DataFingerprint;
import dysymnet.expr.Expr;
import dysymnet.expr.Printer;
import dysymnet.expr.UserFunction;
import dysymnet.io.AtomicFiles;
import dysymnet.search.Candidate;
import dysymnet.search.Settings;
import dysymnet.search.SettingsJson;
import dysymnet.search.Source;
import dysymnet.search.SourceAccount;
import dysymnet.search.Timings;
import dysymnet.units.Dimension;
import dysymnet.units.DimensionCheck;
import dysymnet.units.UnitsJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The model file, {@code model.json}: a {@link Model} written as JSON and read back exactly (its formulas as
 * {@link ExprJson} trees, its settings as {@link SettingsJson}), and saved to and loaded from a file. The format is
 * version {@link #FORMAT_VERSION}; files of version 1 (settings as text, not restored) and the strings of earlier
 * builds for non-finite numbers are still read. {@link Model}'s {@code toJson}, {@code fromJson}, {@code save} and
 * {@code load} are the public way here.
 */
final class ModelJson {
    /** Version of the JSON format {@link #write} writes; {@link #read} also reads version 1. */
    static final int FORMAT_VERSION = 2;

    private ModelJson() {
    }

    private static ObjectMapper mapper() {
        return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    }

    /** The model as JSON text (see {@link #read}). */
    static String write(Model model) {
        Provenance provenance = model.provenance();
        SearchHistory history = model.history();
        ObjectMapper m = mapper();
        ObjectNode root = m.createObjectNode();
        root.put("format", "dysymnet-model");
        root.put("version", FORMAT_VERSION);
        root.put("expression", model.formula());
        root.set("tree", ExprJson.write(model.expression()));
        root.put("target", model.target());
        ArrayNode f = root.putArray("features");
        model.features().forEach(f::add);
        root.put("complexity", model.complexity());
        root.put("mse_train", model.trainMse());
        root.put("r2_train", model.trainR2());
        root.put("seed", provenance.seed());
        root.put("library_version", provenance.version());
        if (provenance.data() != null) {
            ObjectNode d = root.putObject("data");
            d.put("rows", provenance.data().rows());
            ArrayNode cols = d.putArray("features");
            provenance.data().features().forEach(cols::add);
            if (provenance.data().weighted()) {
                d.put("weights", provenance.data().weights());
            }
            d.put("sha256", provenance.data().sha256());
        }
        if (provenance.settings() != null) {
            root.set("settings", SettingsJson.write(provenance.settings()));
        }
        root.put("elapsed_seconds", history.elapsedSeconds());
        root.put("networks_trained", history.networksTrained());
        root.put("failed_architectures", history.failedArchitectures());
        root.put("networks_given_up", history.networksGivenUp());
        root.put("stop_reason", history.stopReason());
        ArrayNode notes = root.putArray("notes");
        for (String note : history.notes()) {
            notes.add(note);
        }
        ArrayNode p = root.putArray("pareto");
        for (Candidate c : history.pareto()) {
            candidate(p.addObject(), c);
        }
        if (!history.choice().members().isEmpty()) {
            ArrayNode choice = root.putArray("choice");
            for (Explanation.Member member : history.choice().members()) {
                ObjectNode n = choice.addObject();
                candidate(n, member.candidate());
                n.put("reported", member.reported());
                n.put("rule", member.rule());
                n.put("why", member.why());
                ArrayNode passed = n.putArray("passed");
                member.passed().forEach(passed::add);
            }
        }
        if (history.timings() != null) {
            root.set("timings", timings(m, history.timings()));
        }
        if (!history.sources().isEmpty()) {
            ArrayNode sources = root.putArray("sources");
            for (SourceAccount a : history.sources()) {
                ObjectNode n = sources.addObject();
                n.put("source", a.source());
                n.put("runs", a.runs());
                n.put("seconds", a.seconds());
                n.put("work", a.work());
                n.put("gain", a.gain());
                n.put("share", a.share());
            }
        }
        if (model.units() != null) {
            writeModelUnits(root, model);
        }
        ArrayNode mr = root.putArray("mean_reward");
        for (double v : history.meanRewards()) {
            mr.add(v);
        }
        ArrayNode br = root.putArray("best_reward");
        for (double v : history.bestRewards()) {
            br.add(v);
        }
        nullForNonFinite(root);
        try {
            return m.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write model as JSON", e);
        }
    }

    /** A formula of the front or of the choice's explanation, with its scores and where it came from. */
    static void candidate(ObjectNode n, Candidate c) {
        n.put("complexity", c.complexity());
        n.put("mse_train", c.mse());
        n.put("r2_train", c.r2());
        n.put("reward", c.reward());
        n.put("expression", Printer.infix(c.expression()));
        n.set("tree", ExprJson.write(c.expression()));
        n.put("source", c.source().name());
        if (c.architecture() != null) {
            n.put("architecture", c.architecture());
        }
        n.put("step", c.step());
    }

    /**
     * Replaces every number that is not finite by {@code null}: JSON has no NaN or infinity (Jackson would write
     * them as strings, which other readers take for text). {@link #read} reads {@code null} back as NaN.
     */
    static void nullForNonFinite(JsonNode node) {
        if (node instanceof ObjectNode) {
            ObjectNode o = (ObjectNode) node;
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode v = o.get(name);
                if (v.isNumber() && !Double.isFinite(v.doubleValue())) {
                    o.putNull(name);
                } else {
                    nullForNonFinite(v);
                }
            }
        } else if (node instanceof ArrayNode) {
            ArrayNode a = (ArrayNode) node;
            for (int i = 0; i < a.size(); i++) {
                JsonNode v = a.get(i);
                if (v.isNumber() && !Double.isFinite(v.doubleValue())) {
                    a.set(i, a.nullNode());
                } else {
                    nullForNonFinite(v);
                }
            }
        }
    }

    /** A number field: {@code null} or absent is NaN; the strings of earlier files ("NaN", "Infinity") are read. */
    private static double number(JsonNode n) {
        if (n == null || n.isNull() || n.isMissingNode()) {
            return Double.NaN;
        }
        if (n.isTextual()) {
            switch (n.textValue()) {
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    return Double.NaN;
            }
        }
        return n.asDouble();
    }

    /**
     * Reads a model written by {@link #write}, of this format version or version 1 (whose settings were text and
     * are not restored); its formulas and settings may use the user-defined {@code functions}. A malformed text gives
     * an IllegalArgumentException. Numbers that are {@code null} (how non-finite values are written) or absent read
     * as NaN.
     */
    static Model read(String json, Collection<UserFunction> functions) {
        Map<String, UserFunction> byName = new HashMap<>();
        for (UserFunction f : functions) {
            if (byName.put(f.name(), f) != null) {
                throw new IllegalArgumentException("two user functions are named '" + f.name() + "'");
            }
        }
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
        if (version != FORMAT_VERSION && version != 1) {
            throw new IllegalArgumentException("unsupported model format version " + version + " (this build reads "
                    + "versions 1 to " + FORMAT_VERSION + ")");
        }
        Expr e = ExprJson.read(root.get("tree"), byName);
        List<String> features = new ArrayList<>();
        root.path("features").forEach(n -> features.add(n.asText()));
        List<Candidate> pareto = new ArrayList<>();
        for (JsonNode n : root.path("pareto")) {
            pareto.add(candidate(n, byName));
        }
        List<Explanation.Member> choice = new ArrayList<>();
        for (JsonNode n : root.path("choice")) {
            choice.add(new Explanation.Member(candidate(n, byName), n.path("reported").asBoolean(),
                    n.path("rule").asText(""), n.path("why").asText(""), strings(n.path("passed"))));
        }
        SearchHistory history = new SearchHistory(pareto, doubles(root.path("mean_reward")),
                doubles(root.path("best_reward")), number(root.get("elapsed_seconds")),
                root.path("networks_trained").asLong(), root.path("failed_architectures").asLong(0),
                root.path("networks_given_up").asLong(0), root.path("stop_reason").asText(""), strings(root.path("notes")),
                timings(root.get("timings")), new Explanation(choice), sources(root.path("sources")));
        long seed = root.path("seed").asLong();
        Provenance provenance;
        if (version == 1) {
            provenance = new Provenance(null, seed, "", null);
        } else {
            Settings settings = root.hasNonNull("settings")
                    ? SettingsJson.read(root.get("settings"), byName.values()) : null;
            DataFingerprint data = null;
            JsonNode d = root.get("data");
            if (d != null && d.isObject()) {
                List<String> cols = new ArrayList<>();
                d.path("features").forEach(n -> cols.add(n.asText()));
                JsonNode w = d.get("weights");
                data = new DataFingerprint(d.path("rows").asInt(), cols, d.path("sha256").asText(""),
                        w == null || w.isNull() ? null : w.asText());
            }
            provenance = new Provenance(settings, settings == null ? seed : settings.seed(),
                    root.path("library_version").asText(""), data);
        }
        return new Model(e, features, root.path("target").asText("y"), number(root.get("mse_train")),
                number(root.get("r2_train")), history, provenance, UnitsJson.read(root.get("units")));
    }

    /**
     * The data's units ({@code units}: each feature's unit and the target's as unit texts, the constants' mode), the
     * formula's check ({@code unit_check}: consistent, its unit, why not, each constant's unit or null) and each
     * front member's ({@code units} beside its formula): written only when the model has units.
     */
    private static void writeModelUnits(ObjectNode root, Model model) {
        UnitsJson.write(root.putObject("units"), model.units());
        root.set("unit_check", unitCheck(root.objectNode(), model.unitCheck()));
        JsonNode pareto = root.path("pareto");
        List<Candidate> members = model.history().pareto();
        for (int i = 0; i < pareto.size() && i < members.size(); i++) {
            ((ObjectNode) pareto.get(i)).put("units", model.unitCheck(members.get(i).expression()).summary());
        }
    }

    private static ObjectNode unitCheck(ObjectNode n, DimensionCheck.Result r) {
        n.put("consistent", r.consistent());
        if (r.dimension() == null) {
            n.putNull("dimension");
        } else {
            n.put("dimension", r.dimension().toString());
        }
        if (r.problem() == null) {
            n.putNull("problem");
        } else {
            n.put("problem", r.problem());
        }
        ArrayNode c = n.putArray("constants");
        for (Dimension d : r.constants()) {
            if (d == null) {
                c.addNull();
            } else {
                c.add(d.toString());
            }
        }
        n.put("summary", r.summary());
        return n;
    }

    /** A formula written by {@link #candidate(ObjectNode, Candidate)}. */
    static Candidate candidate(JsonNode n, Map<String, UserFunction> byName) {
        Expr ce = ExprJson.read(n.get("tree"), byName);
        // the complexity as the search counted it (weighted or not), as written
        // files written before sources were typed record the source as the "architecture"
        String arch = n.path("architecture").asText("");
        Source source = n.has("source") ? new Source(n.get("source").asText())
                : Source.ofLegacyArchitecture(arch);
        return new Candidate(ce, n.path("complexity").asInt(ce.complexity()), number(n.get("mse_train")),
                number(n.get("r2_train")), number(n.get("reward")), source,
                source.equals(Source.NETWORK) ? arch : null, n.path("step").asInt());
    }

    private static double[] doubles(JsonNode arr) {
        double[] d = new double[arr.size()];
        for (int i = 0; i < d.length; i++) {
            d[i] = number(arr.get(i));
        }
        return d;
    }

    /** Writes the model's JSON to a file atomically (a temporary file moved into place). */
    static void save(Model model, Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            AtomicFiles.writeString(file, write(model));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write model to " + file + ": " + e.getMessage(), e);
        }
    }

    /** Reads a model file (see {@link #read}). */
    static Model load(Path file, Collection<UserFunction> functions) {
        try {
            return read(Files.readString(file, StandardCharsets.UTF_8), functions);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read model " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The stage-time account as JSON: {@code threads}, {@code seconds}, {@code serial_seconds}, {@code serial_share},
     * {@code underused_seconds}, {@code underused_share}, {@code busy_thread_seconds}, {@code oversubscribed_seconds},
     * and {@code stages}, each with {@code stage}, {@code step} (-1 before the first step), {@code seconds},
     * {@code serial_seconds}, {@code busy_thread_seconds}, {@code self_seconds} (not each task's run time, which stays
     * in memory). The shares are written for readers; reading takes the seconds.
     */
    private static ObjectNode timings(ObjectMapper m, Timings t) {
        ObjectNode o = m.createObjectNode();
        o.put("threads", t.threads());
        o.put("seconds", t.seconds());
        o.put("serial_seconds", t.serialSeconds());
        o.put("serial_share", t.serialShare());
        o.put("underused_seconds", t.underusedSeconds());
        o.put("underused_share", t.underusedShare());
        o.put("busy_thread_seconds", t.busyThreadSeconds());
        o.put("oversubscribed_seconds", t.oversubscribedSeconds());
        ArrayNode stages = o.putArray("stages");
        for (Timings.Stage s : t.stages()) {
            ObjectNode n = stages.addObject();
            n.put("stage", s.name());
            n.put("step", s.step());
            n.put("seconds", s.seconds());
            n.put("serial_seconds", s.serialSeconds());
            n.put("busy_thread_seconds", s.busyThreadSeconds());
            n.put("self_seconds", s.selfSeconds());
        }
        return o;
    }

    /** The stage-time account of a model file; null when absent (files written before it was recorded). */
    private static Timings timings(JsonNode o) {
        if (o == null || !o.isObject()) {
            return null;
        }
        List<Timings.Stage> stages = new ArrayList<>();
        for (JsonNode n : o.path("stages")) {
            double seconds = number(n.get("seconds"));
            stages.add(new Timings.Stage(n.path("stage").asText(""), n.path("step").asInt(Timings.BEFORE_STEPS),
                    seconds, number(n.get("serial_seconds")), number(n.get("busy_thread_seconds")),
                    n.has("self_seconds") ? number(n.get("self_seconds")) : seconds, List.of()));
        }
        return new Timings(Math.max(1, o.path("threads").asInt(1)), number(o.get("seconds")),
                number(o.get("serial_seconds")), number(o.get("underused_seconds")),
                number(o.get("busy_thread_seconds")), stages,
                o.has("oversubscribed_seconds") ? number(o.get("oversubscribed_seconds")) : 0);
    }

    /** The sources' account of a model file (none when absent: files written before it was recorded). */
    private static List<SourceAccount> sources(JsonNode array) {
        List<SourceAccount> out = new ArrayList<>();
        for (JsonNode n : array) {
            out.add(new SourceAccount(n.path("source").asText(""), n.path("runs").asInt(), number(n.get("seconds")),
                    number(n.get("work")), number(n.get("gain")), number(n.get("share"))));
        }
        return out;
    }

    /** The texts of a JSON array (none when absent: files written before notes existed). */
    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
