package dysymnet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every kind of bad input or option gives one line on stderr, exit code 2, and no output files. */
class CliBadInputTest {
    @TempDir
    Path dir;

    /** 40 good rows of x,y (y = 2x + 1) as lines, without header. */
    private static List<String> goodRows() {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            double x = -2 + 4.0 * i / 39;
            rows.add(String.format(Locale.ROOT, "%.6f,%.6f", x, 2 * x + 1));
        }
        return rows;
    }

    private static String withRow(int index, String row) {
        List<String> rows = goodRows();
        rows.set(index, row);
        return "x,y\n" + String.join("\n", rows) + "\n";
    }

    private static String good() {
        return "x,y\n" + String.join("\n", goodRows()) + "\n";
    }

    /** The good rows with a third column {@code w} of weights 1, 2, 1, 2, ..., row {@code index}'s weight {@code cell}. */
    private static String weighted(int index, String cell) {
        List<String> rows = goodRows();
        for (int i = 0; i < rows.size(); i++) {
            rows.set(i, rows.get(i) + "," + (i == index ? cell : Integer.toString(1 + i % 2)));
        }
        return "x,y,w\n" + String.join("\n", rows) + "\n";
    }

    /** Name, file content (null: no file), extra arguments, words the message must contain. */
    static Stream<Arguments> badFiles() {
        return Stream.of(
                Arguments.of("missing file", null, List.of(), List.of("file not found")),
                Arguments.of("empty file", "", List.of(), List.of("empty")),
                Arguments.of("header only", "x,y\n", List.of(), List.of("header")),
                Arguments.of("non-numeric cell", withRow(9, "abc,3"), List.of(), List.of("row 11", "'x'", "abc")),
                Arguments.of("NaN cell", withRow(4, "0.5,NaN"), List.of(), List.of("row 6", "'y'", "--drop-missing")),
                Arguments.of("inf cell", withRow(4, "inf,2"), List.of(), List.of("row 6", "'x'", "--drop-missing")),
                Arguments.of("empty cell", withRow(4, ",2"), List.of(), List.of("row 6", "'x'", "--drop-missing")),
                Arguments.of("constant target", "x,y\n1,3\n2,3\n3,3\n4,3\n5,3\n6,3\n", List.of(), List.of("constant")),
                Arguments.of("a feature of 1e300 in one row", withRow(9, "1e300,3"), List.of(),
                        List.of("row 11", "'x'", "1.0E300")),
                Arguments.of("a target of -1e300 in one row", withRow(20, "0.5,-1e300"), List.of(),
                        List.of("row 22", "'y'", "-1.0E300")),
                Arguments.of("too few rows", "x,y\n1,3\n2,5\n3,7\n", List.of(), List.of("at least")),
                Arguments.of("unknown target", good(), List.of("--target", "z"), List.of("'z'")),
                Arguments.of("target index out of range", good(), List.of("--target", "7"), List.of("7")),
                Arguments.of("unknown feature", good(), List.of("--features", "q"), List.of("'q'")),
                Arguments.of("wrong cell count", withRow(7, "1,2,3"), List.of(), List.of("row 9", "3 cells")),
                Arguments.of("missing --test file", good(), List.of("--test", "nothere.csv"), List.of("nothere.csv")),
                Arguments.of("--format foo", good(), List.of("--format", "foo"), List.of("--format", "foo")),
                Arguments.of("--layers 0", good(), List.of("--layers", "0"), List.of("--layers")),
                Arguments.of("--widths x", good(), List.of("--widths", "x"), List.of("--widths")),
                Arguments.of("--operators foo", good(), List.of("--operators", "sin,foo"), List.of("foo")),
                Arguments.of("--operators softplus", good(), List.of("--operators", "default,softplus"),
                        List.of("--operators", "'softplus'", "pow")),
                Arguments.of("--forbid-nesting no colon", good(), List.of("--forbid-nesting", "exp-exp"),
                        List.of("--forbid-nesting", "'exp-exp'", "OUTER:INNER")),
                Arguments.of("--forbid-nesting empty item", good(), List.of("--forbid-nesting", "exp:exp,"),
                        List.of("--forbid-nesting", "OUTER:INNER")),
                Arguments.of("--forbid-nesting three parts", good(), List.of("--forbid-nesting", "exp:log:sin"),
                        List.of("--forbid-nesting", "'exp:log:sin'")),
                Arguments.of("--forbid-nesting unknown function", good(), List.of("--forbid-nesting", "exp:foo"),
                        List.of("--forbid-nesting", "'foo'")),
                Arguments.of("--forbid-nesting not a function", good(), List.of("--forbid-nesting", "+:exp"),
                        List.of("--forbid-nesting", "'+:exp'")),
                Arguments.of("--forbid-nesting outside the library", good(), List.of("--forbid-nesting", "tanh:exp"),
                        List.of("--forbid-nesting", "'tanh'", "library")),
                Arguments.of("--complexity-of unknown operator", good(), List.of("--complexity-of", "exp=3,foo=2"),
                        List.of("--complexity-of", "'foo'")),
                Arguments.of("--complexity-of no weight", good(), List.of("--complexity-of", "exp"),
                        List.of("--complexity-of", "NAME=WEIGHT")),
                Arguments.of("--complexity-of not a number", good(), List.of("--complexity-of", "exp=x"),
                        List.of("--complexity-of", "'x'")),
                Arguments.of("--complexity-of zero", good(), List.of("--complexity-of", "sin=0"),
                        List.of("--complexity-of", "1 to 1000")),
                Arguments.of("--complexity-of twice", good(), List.of("--complexity-of", "pow=2,^=3"),
                        List.of("--complexity-of", "twice")),
                Arguments.of("--test-fraction 1.5", good(), List.of("--test-fraction", "1.5"),
                        List.of("--test-fraction")),
                Arguments.of("--test-fraction abc", good(), List.of("--test-fraction", "abc"), List.of("abc")),
                Arguments.of("--test and --test-fraction", good(), List.of("--test", "linear.csv",
                        "--test-fraction", "0.2"), List.of("--test")),
                Arguments.of("--max-steps 0", good(), List.of("--max-steps", "0"), List.of("--max-steps")),
                Arguments.of("--time-limit -1", good(), List.of("--time-limit", "-1"), List.of("--time-limit")),
                Arguments.of("--threads 0", good(), List.of("--threads", "0"), List.of("--threads")),
                Arguments.of("--refiner foo", good(), List.of("--refiner", "foo"), List.of("--refiner")),
                Arguments.of("--train-rows -5", good(), List.of("--train-rows", "-5"),
                        List.of("--train-rows", "-5")),
                Arguments.of("--train-rows 1", good(), List.of("--train-rows", "1"),
                        List.of("--train-rows", "at least 2")),
                Arguments.of("--train-rows abc", good(), List.of("--train-rows", "abc"),
                        List.of("--train-rows", "abc")),
                Arguments.of("--train-rows 1e3", good(), List.of("--train-rows", "1e3"),
                        List.of("--train-rows", "1e3")),
                Arguments.of("--search-rows 1", good(), List.of("--search-rows", "1"), List.of("--search-rows")),
                Arguments.of("--max-complexity 0", good(), List.of("--max-complexity", "0"),
                        List.of("--max-complexity", "0")),
                Arguments.of("--operators unknown name", good(), List.of("--operators", "id,+,sine"),
                        List.of("--operators", "'sine'")),
                Arguments.of("weights column missing", good(), List.of("--weights", "w"),
                        List.of("linear.csv", "unknown weights column 'w'")),
                Arguments.of("weights column index out of range", good(), List.of("--weights", "3"),
                        List.of("linear.csv", "weights column 3")),
                Arguments.of("negative weight", weighted(4, "-0.5"), List.of("--weights", "w"),
                        List.of("linear.csv", "row 6", "'w'", "-0.5", "negative")),
                Arguments.of("zero weight", weighted(30, "0"), List.of("--weights", "w"),
                        List.of("linear.csv", "row 32", "'w'", "zero")),
                Arguments.of("empty weight", weighted(4, ""), List.of("--weights", "w"),
                        List.of("linear.csv", "row 6", "'w'", "empty cell")),
                Arguments.of("NaN weight", weighted(4, "NaN"), List.of("--weights", "w"),
                        List.of("linear.csv", "row 6", "'w'", "NaN")),
                Arguments.of("infinite weight", weighted(4, "inf"), List.of("--weights", "w"),
                        List.of("linear.csv", "row 6", "'w'", "not a finite number")),
                Arguments.of("non-numeric weight", weighted(4, "heavy"), List.of("--weights", "w"),
                        List.of("linear.csv", "row 6", "'w'", "'heavy' is not a number")),
                Arguments.of("weights are the target", weighted(-1, ""), List.of("--weights", "y", "--target", "y"),
                        List.of("'y'", "both the target and the weights")),
                Arguments.of("weights are a feature", weighted(-1, ""), List.of("--weights", "w", "--features", "x,w"),
                        List.of("'w'", "both the weights and a feature")),
                Arguments.of("--test file without the weights column", weighted(-1, ""),
                        List.of("--weights", "w", "--test", "plain.csv"), List.of("plain.csv", "'w'")),
                Arguments.of("unknown option", good(), List.of("--frobnicate"), List.of("--frobnicate")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFiles")
    void badInputGivesOneLineAndExitTwo(String name, String content, List<String> extra, List<String> words)
            throws IOException {
        Path file = dir.resolve("linear.csv");
        if (content != null) {
            Files.writeString(file, content, StandardCharsets.UTF_8);
        }
        // a test file with the columns x,y only, for the cases that name it
        Files.writeString(dir.resolve("plain.csv"), good(), StandardCharsets.UTF_8);
        Path json = dir.resolve("r.json");
        Path out = dir.resolve("out");
        List<String> args = new ArrayList<>(List.of("fit", file.toString()));
        args.addAll(CliRun.TINY);
        for (String e : extra) {
            // relative file names in the cases live in the temporary directory
            args.add(e.endsWith(".csv") ? dir.resolve(e).toString() : e);
        }
        args.addAll(List.of("--json", json.toString(), "--out", out.toString(), "--quiet"));
        CliRun r = CliRun.run(args.toArray(new String[0]));
        assertOneLineError(r);
        for (String w : words) {
            assertTrue(r.err().contains(w), () -> "message should contain '" + w + "': " + r);
        }
        assertFalse(Files.exists(json), "--json file must not be created");
        assertFalse(Files.exists(out), "--out directory must not be created");
        assertEquals("", r.out());
    }

    static void assertOneLineError(CliRun r) {
        assertEquals(Main.BAD_INPUT, r.code(), r::toString);
        String e = r.errTrimmed();
        assertFalse(e.isBlank(), r::toString);
        assertFalse(e.contains("\n"), () -> "stderr must be one line: " + r);
        assertFalse(e.contains("Exception"), r::toString);
        assertFalse(e.contains("\tat "), r::toString);
    }

    @Test
    void binaryGarbage() throws IOException {
        byte[] bytes = new byte[4096];
        new SplittableRandom(7).nextBytes(bytes);
        Path file = dir.resolve("garbage.csv");
        Files.write(file, bytes);
        Path json = dir.resolve("r.json");
        CliRun r = CliRun.fit(file, "--json", json.toString(), "--quiet");
        assertOneLineError(r);
        assertTrue(r.err().contains("garbage.csv"), r::toString);
        assertFalse(Files.exists(json));
    }

    @Test
    void missingFileParameter() {
        CliRun r = CliRun.run("fit", "--json", dir.resolve("r.json").toString());
        assertOneLineError(r);
        assertTrue(r.err().contains("FILE"), r::toString);
        assertFalse(Files.exists(dir.resolve("r.json")));
    }

    @Test
    void unknownSubcommandOrRootOption() {
        assertOneLineError(CliRun.run("frobnicate"));
        assertOneLineError(CliRun.run("--frobnicate"));
    }

    @Test
    void jsonInMissingDirectoryIsRejectedBeforeTheSearch() throws IOException {
        Path file = CliRun.linearCsv(dir);
        Path json = dir.resolve("no/such/dir/r.json");
        CliRun r = CliRun.run("fit", file.toString(), "--json", json.toString());
        assertOneLineError(r);
        assertTrue(r.err().contains("does not exist"), r::toString);
        // no progress line: the search did not start
        assertFalse(r.err().contains("step"), r::toString);
        assertFalse(Files.exists(dir.resolve("no")));
    }

    @Test
    void jsonThatIsADirectoryIsRejected() throws IOException {
        Path file = CliRun.linearCsv(dir);
        CliRun r = CliRun.run("fit", file.toString(), "--json", dir.toString());
        assertOneLineError(r);
        assertTrue(r.err().contains("directory"), r::toString);
    }

    @Test
    void outThatIsAFileOrBelowAFileIsRejected() throws IOException {
        Path file = CliRun.linearCsv(dir);
        CliRun r = CliRun.run("fit", file.toString(), "--out", file.toString());
        assertOneLineError(r);
        CliRun below = CliRun.run("fit", file.toString(), "--out", file.resolve("sub").toString());
        assertOneLineError(below);
        assertTrue(Files.isRegularFile(file));
    }

    @Test
    void predictBadInputs() throws IOException {
        Path data = CliRun.linearCsv(dir);
        Path output = dir.resolve("pred.csv");
        CliRun noModel = CliRun.run("predict", "--model", dir.resolve("model.json").toString(), data.toString(),
                "--output", output.toString());
        assertOneLineError(noModel);
        assertTrue(noModel.err().contains("not found"), noModel::toString);

        Path garbage = dir.resolve("garbage.json");
        byte[] bytes = new byte[512];
        new SplittableRandom(3).nextBytes(bytes);
        Files.write(garbage, bytes);
        assertOneLineError(CliRun.run("predict", "--model", garbage.toString(), data.toString(),
                "--output", output.toString()));

        Path notModel = dir.resolve("other.json");
        Files.writeString(notModel, "{\"format\": \"dysymnet-model\", \"version\": 1, \"tree\": {\"x\": 1}}");
        assertOneLineError(CliRun.run("predict", "--model", notModel.toString(), data.toString(),
                "--output", output.toString()));

        assertOneLineError(CliRun.run("predict", data.toString()));
        assertFalse(Files.exists(output));
    }
}
