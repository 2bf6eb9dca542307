package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dysymnet.api.Model;
import dysymnet.expr.Parser;
import dysymnet.io.table.ReadOptions;
import dysymnet.io.table.Table;
import dysymnet.io.table.TableReader;
import dysymnet.search.Candidate;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole command line in-process: fit with every output, predict from the saved model, output formats. */
class CliEndToEndTest {
    @TempDir
    static Path dir;

    static Path data;
    static Path json;
    static Path out;
    static CliRun fit;
    /** Wall time of the whole fit command, seconds, measured around the call. */
    static double fitWallSeconds;

    @BeforeAll
    static void fitOnce() throws IOException {
        data = CliRun.linearCsv(dir);
        json = dir.resolve("result.json");
        out = dir.resolve("results");
        long t0 = System.nanoTime();
        fit = CliRun.fit(data, "--json", json.toString(), "--out", out.toString(), "--quiet");
        fitWallSeconds = (System.nanoTime() - t0) / 1e9;
    }

    @Test
    void fitSucceedsQuietly() {
        assertEquals(0, fit.code(), fit::toString);
        assertEquals("", fit.err(), "--quiet: nothing on stderr");
    }

    @Test
    void textReportHasFormulaScoresParetoSeedAndTime() {
        String o = fit.out();
        assertTrue(o.contains("Formula:"), o);
        assertTrue(o.lines().anyMatch(l -> l.trim().startsWith("y = ")), o);
        assertTrue(o.lines().anyMatch(l -> l.trim().startsWith("train ")), o);
        assertTrue(o.lines().anyMatch(l -> l.trim().startsWith("test ")), o);
        assertTrue(o.contains("R^2") && o.contains("MSE"), o);
        assertTrue(o.contains("Pareto front"), o);
        assertTrue(o.contains("seed 0"), o);
        assertTrue(o.matches("(?s).*trained in \\d+\\.\\d s.*"), o);
        // the chosen row of the table is marked
        assertTrue(o.lines().anyMatch(l -> l.startsWith("*")), o);
    }

    @Test
    void jsonReportHasAllFieldsWithTheRightTypes() throws IOException {
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        for (String f : List.of("expression", "sympy", "sympy_protected", "latex")) {
            assertTrue(j.get(f).isTextual(), f);
        }
        assertTrue(j.get("complexity").isIntegralNumber());
        assertTrue(j.get("r2_train").isNumber());
        assertTrue(j.get("mse_train").isNumber());
        assertTrue(j.get("r2_test").isNull());
        assertTrue(j.get("mse_test").isNull());
        assertTrue(j.get("seed").isIntegralNumber());
        assertEquals(0, j.get("seed").asLong());
        assertTrue(j.get("elapsed_seconds").isNumber());
        // the search's wall time: some time was spent, and less than the whole command took (reading the data,
        // the search, writing the reports and plots)
        double elapsed = j.get("elapsed_seconds").asDouble();
        assertTrue(elapsed > 0 && elapsed < fitWallSeconds, () -> "elapsed_seconds " + elapsed
                + ", the whole fit command took " + fitWallSeconds + " s");
        // and the text report states the same time
        String trained = "trained in " + String.format(Locale.ROOT, "%.1f", elapsed) + " s";
        assertTrue(fit.out().contains(trained), () -> "no '" + trained + "' in " + fit.out());
        assertTrue(j.get("pareto").isArray());
        assertTrue(j.get("pareto").size() >= 1);
        for (JsonNode p : j.get("pareto")) {
            assertTrue(p.get("complexity").isIntegralNumber());
            assertTrue(p.get("mse_train").isNumber());
            assertTrue(p.get("expression").isTextual());
            assertTrue(p.get("sympy").isTextual());
            assertTrue(p.get("sympy_protected").isTextual());
            // the text parses back to a formula of the size stated beside it
            assertEquals(p.get("complexity").asInt(), Parser.parse(p.get("expression").asText()).complexity(),
                    p.get("expression").asText());
        }
        // y = 2x + 1 is within reach of one step of two one-layer networks
        assertTrue(j.get("r2_train").asDouble() > 0.999, j.toString());
        assertEquals(j.get("complexity").asInt(), Parser.parse(j.get("expression").asText()).complexity());
    }

    @Test
    void expressionReparsesToTheSavedModel() throws IOException {
        JsonNode j = new ObjectMapper().readTree(json.toFile());
        Model m = Model.load(out.resolve("model.json"));
        assertEquals(m.expression(), Parser.parse(j.get("expression").asText()));
    }

    @Test
    void outDirHasModelCsvAndPlots() throws IOException {
        Model m = Model.load(out.resolve("model.json"));
        assertEquals(List.of("x"), m.features());
        List<String> csv = Files.readAllLines(out.resolve("pareto.csv"), StandardCharsets.UTF_8);
        assertTrue(csv.get(0).startsWith("complexity,"), csv.get(0));
        assertTrue(csv.size() >= 2, csv.toString());
        assertEquals(m.pareto().size(), csv.size() - 1);
        for (String png : List.of("fit.png", "pareto.png", "reward.png")) {
            BufferedImage img = ImageIO.read(out.resolve(png).toFile());
            assertNotNull(img, png);
            assertTrue(img.getWidth() > 0 && img.getHeight() > 0, png);
        }
        try (Stream<Path> files = Files.list(out)) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")), "temporary files left");
        }
    }

    @Test
    void predictEqualsTheLibrary() throws IOException {
        Path model = out.resolve("model.json");
        Model m = Model.load(model);
        Table table = TableReader.read(data, ReadOptions.defaults());
        double[] x = table.columns()[table.names().indexOf("x")];
        double[][] rows = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            rows[i] = new double[] {x[i]};
        }
        double[] expected = m.predict(rows);

        CliRun toStdout = CliRun.run("predict", "--model", model.toString(), data.toString());
        assertEquals(0, toStdout.code(), toStdout::toString);
        assertEquals("", toStdout.err());
        assertPredictions(toStdout.out(), rows, expected);

        Path output = dir.resolve("predictions.csv");
        CliRun toFile = CliRun.run("predict", "--model", model.toString(), data.toString(),
                "--output", output.toString());
        assertEquals(0, toFile.code(), toFile::toString);
        assertEquals("", toFile.out());
        assertPredictions(Files.readString(output, StandardCharsets.UTF_8), rows, expected);

        // the --json report is a model file too: the same model, the report's fields added
        Model fromReport = Model.load(json);
        assertEquals(m.expression(), fromReport.expression());
        assertEquals(m.pareto(), fromReport.pareto());
        assertEquals(m.settings(), fromReport.settings());
        CliRun fromJson = CliRun.run("predict", "--model", json.toString(), data.toString());
        assertEquals(0, fromJson.code(), fromJson::toString);
        assertPredictions(fromJson.out(), rows, expected);
        // --complexity predicts with another Pareto formula: the front's smallest here
        Candidate smallest = m.pareto().get(0);
        CliRun small = CliRun.run("predict", "--model", model.toString(), data.toString(), "--complexity",
                String.valueOf(smallest.complexity()));
        assertEquals(0, small.code(), small::toString);
        assertPredictions(small.out(), rows, new Model(smallest.expression(), m.features(), m.target(), 0, 0,
                m.history(), m.provenance()).predict(rows));
        CliRun none = CliRun.run("predict", "--model", model.toString(), data.toString(), "--complexity", "0");
        assertEquals(Main.BAD_INPUT, none.code(), none::toString);
        assertTrue(none.err().contains("no Pareto formula of at most 0 nodes"), none::toString);
        // a JSON file that is neither: one line saying so
        Path neither = dir.resolve("neither.json");
        Files.writeString(neither, "{\"name\": \"x\"}", StandardCharsets.UTF_8);
        CliRun bad = CliRun.run("predict", "--model", neither.toString(), data.toString());
        assertEquals(Main.BAD_INPUT, bad.code(), bad::toString);
        assertTrue(bad.errTrimmed().lines().count() == 1 && bad.err().contains("not a valid model file"),
                bad::toString);
    }

    private static void assertPredictions(String csv, double[][] rows, double[] expected) {
        assertEquals("x,prediction", csv.lines().findFirst().orElse(""));
        Table t = TableReader.read(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)), "predictions",
                ReadOptions.defaults());
        assertEquals(List.of("x", "prediction"), t.names());
        assertEquals(expected.length, t.rowCount());
        for (int i = 0; i < expected.length; i++) {
            assertEquals(rows[i][0], t.columns()[0][i]);
            assertEquals(expected[i], t.columns()[1][i], "row " + i);
        }
    }

    @Test
    void predictMissingValues() throws IOException {
        Path model = out.resolve("model.json");
        Path bad = dir.resolve("bad-predict.csv");
        Files.writeString(bad, "x\n1\n\n2\nNaN\n3\n", StandardCharsets.UTF_8);
        CliRun fails = CliRun.run("predict", "--model", model.toString(), bad.toString());
        CliBadInputTest.assertOneLineError(fails);
        assertTrue(fails.err().contains("row 5"), fails::toString);
        CliRun dropped = CliRun.run("predict", "--model", model.toString(), bad.toString(), "--drop-missing");
        assertEquals(0, dropped.code(), dropped::toString);
        assertEquals(4, dropped.out().lines().count(), dropped::toString);
    }

    @Test
    void eliminationIsOnByDefaultAndCanBeSwitchedOff() throws IOException {
        assertTrue(Model.load(out.resolve("model.json")).settings().orElseThrow().refinement().elimination());
        Path o = dir.resolve("no-elimination");
        CliRun r = CliRun.fit(data, "--no-elimination", "--out", o.toString(), "--quiet");
        assertEquals(0, r.code(), r::toString);
        assertFalse(Model.load(o.resolve("model.json")).settings().orElseThrow().refinement().elimination());
    }

    @Test
    void testFractionGivesTestScores() throws IOException {
        Path j = dir.resolve("split.json");
        CliRun r = CliRun.fit(data, "--test-fraction", "0.25", "--json", j.toString(), "--quiet");
        assertEquals(0, r.code(), r::toString);
        JsonNode n = new ObjectMapper().readTree(j.toFile());
        assertTrue(n.get("r2_test").isNumber(), n.toString());
        assertTrue(n.get("mse_test").isNumber(), n.toString());
        assertTrue(r.out().lines().anyMatch(l -> l.trim().startsWith("test ") && !l.contains(" - ")), r::toString);
    }

    @Test
    void separateTestFileAndSanitisedColumnNamesRoundTripThroughPredict() throws IOException {
        StringBuilder sb = new StringBuilder("time (s),height [m]\n");
        for (int i = 0; i < 30; i++) {
            double t = i / 10.0;
            sb.append(String.format(Locale.ROOT, "%.3f,%.6f%n", t, 3 * t - 2));
        }
        Path train = dir.resolve("named.csv");
        Files.writeString(train, sb, StandardCharsets.UTF_8);
        Path o = dir.resolve("named-out");
        CliRun r = CliRun.fit(train, "--test", train.toString(), "--out", o.toString(), "--quiet",
                "--format", "json");
        assertEquals(0, r.code(), r::toString);
        JsonNode n = new ObjectMapper().readTree(r.out());
        assertTrue(n.get("r2_test").isNumber(), n.toString());
        CliRun p = CliRun.run("predict", "--model", o.resolve("model.json").toString(), train.toString());
        assertEquals(0, p.code(), p::toString);
        assertEquals(31, p.out().lines().count(), p::toString);
    }

    @Test
    void formatsPutOnlyTheFormulaOnStdout() throws IOException {
        Model m = Model.load(out.resolve("model.json"));
        for (String f : List.of("sympy", "sympy_protected", "latex", "java", "python", "c")) {
            CliRun r = CliRun.fit(data, "--format", f, "--quiet");
            assertEquals(0, r.code(), r::toString);
            assertEquals("", r.err(), "--quiet");
            String expected = switch (f) {
                case "sympy" -> m.sympy(6);
                case "sympy_protected" -> m.sympyProtected(6);
                case "latex" -> m.latex(6);
                case "java" -> m.java(6);
                case "python" -> m.python(6);
                default -> m.c(6);
            };
            assertEquals(expected.strip(), r.out().strip(), f);
        }
        // the function exports are whole definitions over the model's features
        String features = String.join(", ", m.features());
        assertTrue(m.python(6).startsWith("import numpy as np\n") && m.python(6).contains(
                "def dysymnet_model(" + features + "):"), m.python(6));
        assertTrue(m.c(6).startsWith("#include <math.h>\n") && m.c(6).contains("double dysymnet_model(double "),
                m.c(6));
    }

    @Test
    void formatsWithoutQuietPutTheReportOnStderr() throws IOException {
        for (String f : List.of("python", "c")) {
            CliRun r = CliRun.fit(data, "--format", f);
            assertEquals(0, r.code(), r::toString);
            assertTrue(r.err().contains("Formula:"), r::toString);
            assertFalse(r.out().contains("Formula:"), r::toString);
            assertTrue(r.out().contains("dysymnet_model"), r::toString);
        }
    }

    @Test
    void jsonFormatIsTheReportAndTheTextReportGoesToStderr() throws IOException {
        CliRun r = CliRun.fit(data, "--format", "json");
        assertEquals(0, r.code(), r::toString);
        JsonNode n = new ObjectMapper().readTree(r.out());
        assertTrue(n.get("expression").isTextual());
        assertTrue(r.err().contains("Formula:"), r::toString);
        assertTrue(r.err().contains("step 1/1"), "progress on stderr: " + r);
    }

    @Test
    void dropMissingSkipsBadRows() throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(data, StandardCharsets.UTF_8));
        lines.set(3, "0.5,NaN");
        lines.set(7, ",2");
        Path f = dir.resolve("holes.csv");
        Files.write(f, lines, StandardCharsets.UTF_8);
        // without the option the first bad row stops the fit
        CliBadInputTest.assertOneLineError(CliRun.fit(f, "--quiet"));
        CliRun r = CliRun.fit(f, "--drop-missing", "--quiet", "--format", "json");
        assertEquals(0, r.code(), r::toString);
        // the 38 good rows are fitted as well as the complete file is: nothing of the bad rows leaked into the data
        JsonNode n = new ObjectMapper().readTree(r.out());
        assertTrue(n.get("r2_train").asDouble() > 0.999, n.toString());
        assertTrue(Double.isFinite(n.get("mse_train").asDouble()), n.toString());
    }

    @Test
    void failureAfterTheSearchIsOneLineAndLeavesNoPartialFile() throws IOException {
        Path o = dir.resolve("blocked");
        // a non-empty directory where model.json should go: only writing the file can find out
        Files.createDirectories(o.resolve("model.json").resolve("x"));
        CliRun r = CliRun.fit(data, "--out", o.toString(), "--quiet");
        assertEquals(Main.OUTPUT_FAILED, r.code(), r::toString);
        String e = r.errTrimmed();
        assertFalse(e.contains("\n"), r::toString);
        assertFalse(e.contains("Exception"), r::toString);
        assertTrue(e.contains("model.json"), r::toString);
        // the formula was shown before the failure
        assertTrue(r.out().contains("Formula:"), r::toString);
        try (Stream<Path> files = Files.list(o)) {
            assertEquals(List.of(o.resolve("model.json")), files.toList(), "no other or temporary files");
        }
    }

    /** The saved model with its "expression" (and, when {@code tree} is null, its "tree") replaced. */
    private static Path editedModel(String name, String expression, JsonNode tree) throws IOException {
        ObjectMapper om = new ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode m =
                (com.fasterxml.jackson.databind.node.ObjectNode) om.readTree(out.resolve("model.json").toFile());
        if (expression == null) {
            m.remove("expression");
        } else {
            m.put("expression", expression);
        }
        if (tree == null) {
            m.remove("tree");
        } else {
            m.set("tree", tree);
        }
        Path f = dir.resolve(name);
        Files.writeString(f, om.writeValueAsString(m), StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void predictRefusesAModelWhoseExpressionWasEditedButNotItsTree() throws IOException {
        JsonNode tree = new ObjectMapper().readTree(out.resolve("model.json").toFile()).get("tree");
        Path model = editedModel("edited.json", "x*1000", tree);
        Path output = dir.resolve("edited-predictions.csv");
        CliRun r = CliRun.run("predict", "--model", model.toString(), data.toString(), "--output", output.toString());
        CliBadInputTest.assertOneLineError(r);
        assertTrue(r.err().contains("edited.json: \"expression\" and \"tree\" disagree: at row 2 of "), r::toString);
        assertTrue(r.err().contains("delete \"tree\""), r::toString);
        assertFalse(Files.exists(output));

        CliRun broken = CliRun.run("predict", "--model", editedModel("broken.json", "2*x +", tree).toString(),
                data.toString());
        CliBadInputTest.assertOneLineError(broken);
        assertTrue(broken.err().contains("\"expression\" is not a valid formula (at position 5"), broken::toString);

        CliRun unknown = CliRun.run("predict", "--model", editedModel("unknown.json", "2*z", tree).toString(),
                data.toString());
        CliBadInputTest.assertOneLineError(unknown);
        assertTrue(unknown.err().contains("'z'"), unknown::toString);
    }

    @Test
    void predictAcceptsAnExpressionWrittenDifferentlyThatComputesTheSame() throws IOException {
        JsonNode saved = new ObjectMapper().readTree(out.resolve("model.json").toFile());
        Path model = editedModel("same.json", "1 * (" + saved.get("expression").asText() + ")", saved.get("tree"));
        CliRun edited = CliRun.run("predict", "--model", model.toString(), data.toString());
        CliRun original = CliRun.run("predict", "--model", out.resolve("model.json").toString(), data.toString());
        assertEquals(0, edited.code(), edited::toString);
        assertEquals(original.out(), edited.out());
        // a model without "expression" is computed from its tree
        CliRun noText = CliRun.run("predict", "--model", editedModel("tree-only.json", null, saved.get("tree"))
                .toString(), data.toString());
        assertEquals(0, noText.code(), noText::toString);
        assertEquals(original.out(), noText.out());
    }

    @Test
    void predictComputesAHandWrittenModelWithoutTreeFromItsExpression() throws IOException {
        Path model = dir.resolve("by-hand.json");
        Files.writeString(model, "{\"format\": \"dysymnet-model\", \"version\": 2, \"features\": [\"x\"],"
                + " \"expression\": \"3*x - 1\"}", StandardCharsets.UTF_8);
        CliRun r = CliRun.run("predict", "--model", model.toString(), data.toString());
        assertEquals(0, r.code(), r::toString);
        Table t = TableReader.read(new ByteArrayInputStream(r.out().getBytes(StandardCharsets.UTF_8)), "p",
                ReadOptions.defaults());
        assertEquals(40, t.rowCount());
        for (int i = 0; i < t.rowCount(); i++) {
            assertEquals(3 * t.columns()[0][i] - 1, t.columns()[1][i], 1e-12);
        }
        Path future = dir.resolve("future.json");
        Files.writeString(future, "{\"format\": \"dysymnet-model\", \"version\": 99, \"features\": [\"x\"],"
                + " \"expression\": \"3*x - 1\"}", StandardCharsets.UTF_8);
        CliRun tooNew = CliRun.run("predict", "--model", future.toString(), data.toString());
        CliBadInputTest.assertOneLineError(tooNew);
        assertTrue(tooNew.err().contains("unsupported model format version 99"), tooNew::toString);
        // the edited model of the other test, without its tree, predicts what its expression says
        CliRun edited = CliRun.run("predict", "--model", editedModel("no-tree.json", "x*1000", null).toString(),
                data.toString());
        assertEquals(0, edited.code(), edited::toString);
        assertTrue(edited.out().lines().skip(1).allMatch(l -> {
            String[] c = l.split(",");
            return Math.abs(Double.parseDouble(c[0]) * 1000 - Double.parseDouble(c[1])) < 1e-9;
        }), edited::toString);
    }

    @Test
    void predictNamesTheTreeNodeWithTheWrongNumberOfArguments() throws IOException {
        ObjectMapper om = new ObjectMapper();
        CliRun r = CliRun.run("predict", "--model", editedModel("arity.json", null,
                om.readTree("[\"SIN\", [\"MUL\", \"x\"]]")).toString(), data.toString());
        CliBadInputTest.assertOneLineError(r);
        assertTrue(r.err().contains("arity.json: not a valid model file (tree[1]: operator MUL takes 2 arguments, "
                + "got 1: [\"MUL\",\"x\"])"), r::toString);
        CliRun unary = CliRun.run("predict", "--model", editedModel("arity2.json", null,
                om.readTree("[\"COS\", \"x\", 2]")).toString(), data.toString());
        assertTrue(unary.err().contains("tree: operator COS takes 1 argument, got 2"), unary::toString);
    }

    @Test
    void jsonWritesNumbersThatAreNotFiniteAsNull() throws IOException {
        // test targets so large that the test MSE overflows to infinity (R^2, computed on scaled values, stays finite)
        StringBuilder sb = new StringBuilder("x,y\n");
        for (int i = 0; i < 10; i++) {
            sb.append(i).append(',').append(i % 2 == 0 ? "1e300" : "-1e300").append('\n');
        }
        Path test = dir.resolve("huge-test.csv");
        Files.writeString(test, sb, StandardCharsets.UTF_8);
        Path j = dir.resolve("huge.json");
        CliRun r = CliRun.fit(data, "--test", test.toString(), "--json", j.toString(), "--quiet");
        assertEquals(0, r.code(), r::toString);
        String text = Files.readString(j, StandardCharsets.UTF_8);
        JsonNode n = new ObjectMapper().readTree(text);
        assertTrue(n.get("mse_test").isNull(), text);
        assertTrue(n.get("r2_test").isNumber() && Double.isFinite(n.get("r2_test").asDouble()), text);
        assertTrue(n.get("mse_train").isNumber(), text);
        assertFalse(text.contains("\"Infinity\"") || text.contains("\"NaN\"") || text.contains("\"-Infinity\""),
                text);
        // the text report says what the numbers are
        assertTrue(r.out().lines().anyMatch(l -> l.trim().startsWith("test") && l.contains("inf")), r::toString);
    }

    @Test
    void jsonMayBeInsideANewOutDir() throws IOException {
        Path o = dir.resolve("fresh");
        CliRun r = CliRun.fit(data, "--out", o.toString(), "--json", o.resolve("result.json").toString(), "--quiet",
                "--format", "sympy");
        assertEquals(0, r.code(), r::toString);
        assertTrue(Files.isRegularFile(o.resolve("result.json")));
        assertTrue(Files.isRegularFile(o.resolve("model.json")));
    }
}
