package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dysymnet.api.Model;
import dysymnet.api.SymbolicRegressor;
import dysymnet.expr.UserFunction;
import dysymnet.expr.ComplexityWeights;
import dysymnet.expr.Expr;
import dysymnet.expr.NestingConstraints;
import dysymnet.expr.Parser;
import dysymnet.net.Operator;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's pow operator, nesting constraints and complexity weights: a fit with them reports weighted
 * complexities, keeps the rules in every reported formula, and its model file carries them to {@code predict}.
 */
class CliOperatorsTest {

    @Test
    void aFitWithPowNestingRulesAndWeights(@TempDir Path dir) throws IOException {
        StringBuilder sb = new StringBuilder("x,y\n");
        for (int i = 0; i < 40; i++) {
            double x = -2 + 4.0 * i / 39;
            sb.append(String.format(Locale.ROOT, "%.9f,%.9f%n", x, Math.exp(Math.sin(x)) + x));
        }
        Path data = dir.resolve("d.csv");
        Files.writeString(data, sb, StandardCharsets.UTF_8);
        Path json = dir.resolve("r.json");
        Path out = dir.resolve("out");
        CliRun fit = CliRun.fit(data, "--operators", "id,+,*,sin,exp,pow", "--forbid-nesting", "exp:sin,sin:exp",
                "--complexity-of", "exp=3,sin=2,pow=2", "--json", json.toString(), "--out", out.toString(),
                "--quiet");
        assertEquals(0, fit.code(), fit::toString);
        ComplexityWeights w = ComplexityWeights.of(Map.of("exp", 3, "sin", 2, "^", 2));
        NestingConstraints rules = NestingConstraints.of("exp:sin", "sin:exp");
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        Expr chosen = Parser.parse(j.get("expression").asText());
        assertEquals(w.complexity(chosen), j.get("complexity").asInt(), j.get("expression").asText());
        assertTrue(rules.allows(chosen), j.get("expression").asText());
        for (JsonNode p : j.get("pareto")) {
            Expr e = Parser.parse(p.get("expression").asText());
            assertEquals(w.complexity(e), p.get("complexity").asInt(), p.get("expression").asText());
            assertTrue(rules.allows(e), p.get("expression").asText());
        }
        // the model file has the settings: predict reads them, and they are the command line's
        Model m = Model.load(out.resolve("model.json"));
        assertEquals(w, m.settings().orElseThrow().selection().complexityWeights());
        assertEquals(rules, m.settings().orElseThrow().space().forbiddenNesting());
        assertTrue(m.settings().orElseThrow().space().operators().contains(Operator.POW));
        assertEquals(j.get("complexity").asInt(), m.complexity());
        Path predictions = dir.resolve("p.csv");
        CliRun predict = CliRun.run("predict", "--model", out.resolve("model.json").toString(), data.toString(),
                "--output", predictions.toString());
        assertEquals(0, predict.code(), predict::toString);
        List<String> lines = Files.readAllLines(predictions, StandardCharsets.UTF_8);
        assertEquals(41, lines.size());
    }

    /**
     * The command line has no user-defined functions: predict on a model made by the library with one says so in
     * one line (and how to read it: with the library), exit 2, and writes nothing.
     */
    @Test
    void predictOnAModelWithAUserDefinedFunctionSaysSoInOneLine(@TempDir Path dir) throws IOException {
        UserFunction softplus = UserFunction.unary("softplus", v -> Math.log1p(Math.exp(v)),
                v -> 1.0 / (1.0 + Math.exp(-v))).build();
        double[][] x = new double[30][1];
        double[] y = new double[30];
        for (int i = 0; i < 30; i++) {
            x[i][0] = -2 + 4.0 * i / 29;
            y[i] = Math.log1p(Math.exp(1.5 * x[i][0]));
        }
        Model m = SymbolicRegressor.builder().seed(1).threads(1).maxSteps(1).batchSize(2).layers(1).widths(1)
                .operators(Operator.IDENTITY, Operator.ADD, Operator.of(softplus)).build().fit(x, y);
        Path model = dir.resolve("softplus-model.json");
        m.save(model);
        Path data = CliRun.linearCsv(dir);
        Path output = dir.resolve("predictions.csv");
        CliRun r = CliRun.run("predict", "--model", model.toString(), data.toString(), "--output",
                output.toString());
        CliBadInputTest.assertOneLineError(r);
        assertTrue(r.err().contains("softplus") && r.err().contains("user-defined"), r::toString);
        assertTrue(Files.notExists(output));
    }
}
