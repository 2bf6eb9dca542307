package dysymnet.python;

import dysymnet.api.Model;
import dysymnet.expr.Binary;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The jar's predictions for many formulas in one JVM, for python/tests/test_numpy_predict.py: run on the users' jar
 * and this module's test classes ({@code java -cp dysymnet-VERSION.jar:test-classes dysymnet.python.JarPredict TREES
 * POINTS}; {@link PythonPackageTest} hands the test classes' folder to pytest as {@code DYSYMNET_TEST_CLASSES}). TREES holds one model
 * file's {@code "tree"} per line, POINTS one point per line ({@code x y}, Java's hexadecimal doubles). Each formula
 * is read as the jar's {@code predict} command reads a model file ({@code Model.load}) and computed as it computes
 * it ({@code Model.predictColumns}). Output per formula: a line of its values in Java's hexadecimal notation
 * ({@code NaN}, {@code Infinity}, {@code -Infinity} as Java writes them), then a line of the values of each of its
 * nodes (sub-formulas), parents before children, left before right, computed the same way; or one line,
 * {@code ERROR} and the jar's message.
 */
public final class JarPredict {
    public static void main(String[] args) throws Exception {
        List<String> trees = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
        List<String> points = Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8);
        double[][] columns = new double[2][points.size()];
        for (int i = 0; i < points.size(); i++) {
            String[] xy = points.get(i).trim().split(" ");
            columns[0][i] = Double.parseDouble(xy[0]);
            columns[1][i] = Double.parseDouble(xy[1]);
        }
        StringBuilder out = new StringBuilder();
        for (String tree : trees) {
            String json = "{\"format\": \"dysymnet-model\", \"version\": 2, \"features\": [\"x\", \"y\"], "
                    + "\"target\": \"z\", \"tree\": " + tree + "}";
            Model model;
            try {
                model = Model.fromJson(json);
            } catch (IllegalArgumentException e) {
                out.append("ERROR ").append(e.getMessage().replace('\n', ' ')).append('\n');
                continue;
            }
            line(out, model.predictColumns(columns));
            nodes(model.expression(), columns, out);
        }
        System.out.print(out);
    }

    private static void nodes(Expr e, double[][] columns, StringBuilder out) {
        line(out, Evaluator.evaluate(e, List.of("x", "y"), columns));
        if (e instanceof Unary u) {
            nodes(u.arg(), columns, out);
        } else if (e instanceof Binary b) {
            nodes(b.left(), columns, out);
            nodes(b.right(), columns, out);
        }
    }

    private static void line(StringBuilder out, double[] values) {
        for (int i = 0; i < values.length; i++) {
            out.append(i == 0 ? "" : " ").append(Double.toHexString(values[i]));
        }
        out.append('\n');
    }
}
