package dysymnet.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dysymnet.testing.ExternalTools;
import dysymnet.testing.Gen;
import dysymnet.testing.UserFunctions;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The forms that compute (Java, NumPy, C, protected SymPy) print, compile or read back, and compute the numbers of
 * {@code Model.predict} (the {@link Evaluator}) on sample points, including points where the protections act: a zero
 * denominator, a negative base under a fractional power, exp beyond its clamp, log at 0 and at a subnormal, asin
 * outside [-1, 1]. Java is compiled with the JDK's compiler and must give the same bits everywhere; NumPy and C are
 * checked against golden files always, and evaluated when {@code python3} with NumPy and {@code cc} exist (each test
 * prints which happened, or is skipped with the reason, or fails under {@code CI=true}: {@link ExternalTools}); SymPy
 * likewise, with {@code python3} and SymPy.
 *
 * <p>Agreement for NumPy, C and SymPy: wherever predict is finite, within 1e-9 relative plus 16 times the
 * first-order rounding-error bound of the double computation ({@link ExprTestSupport#bounded}: the math libraries
 * differ in their last bits, and SymPy computes exactly); a point where that bound is infinite (next to a
 * singularity that rounding can cross) is discarded, and the discarded share must stay small. For SymPy a point
 * where the double computation overflows or underflows is discarded too, as the exact value differs there.
 *
 * <p>The plain SymPy form (the formula as mathematics, without the clamps, floors and guards) is lambdified with
 * NumPy, as its users would, and agrees in the same way wherever predict is finite and none of those acts.
 */
class ExportTest {

    private static final List<String> XY = List.of("x", "y");
    private static final List<String> XYZ = List.of("x", "y", "z");
    private static final Gen.Tally NUMPY = new Gen.Tally();
    private static final Gen.Tally C = new Gen.Tally();
    private static final Gen.Tally SYMPY = new Gen.Tally();
    private static final Gen.Tally PLAIN_SYMPY = new Gen.Tally();

    @AfterAll
    static void fewDiscarded() {
        NUMPY.assertCheckedShare("NumPy export", 0.8, 500);
        C.assertCheckedShare("C export", 0.8, 500);
        SYMPY.assertCheckedShare("protected SymPy export", 0.6, 200);
        PLAIN_SYMPY.assertCheckedShare("plain SymPy export", 0.8, 500);
    }

    // ------------------------------------------------------------------ formulas and points

    /** Formulas with the user-defined functions softplus and hypot in each test of a target. */
    private static final int USER_FORMULAS = 40;

    /**
     * Formulas over x and y, their seeds beside: the {@link #GOLDEN} ones (seed null), {@code count} from the
     * generator of formulas as search results look (small constants), {@code arbitrary} from the one of arbitrary
     * trees (NaN, infinite, huge and subnormal constants; its z read as x), then {@link #USER_FORMULAS} with the
     * user-defined functions of {@link UserFunctions}, whose forms the exports write as their definitions give them.
     */
    private static List<Expr> formulas(int count, int arbitrary, List<Long> seeds) {
        List<Expr> out = new ArrayList<>();
        for (String g : GOLDEN) {
            out.add(Parser.parse(g));
            seeds.add(null);
        }
        int fixed = out.size();
        Gen.seeds(count + arbitrary + USER_FORMULAS).forEach(seed -> {
            SplittableRandom rng = Gen.rng(seed);
            if (out.size() < fixed + count) {
                out.add(ExprTestSupport.random(rng, rng.nextInt(1, 6)));
            } else if (out.size() >= fixed + count + arbitrary) {
                out.add(ExprTestSupport.randomWithUserFunctions(rng, rng.nextInt(1, 4)));
            } else {
                out.add(PrinterTest.randomTree(rng).mapVariables(v -> v.name().equals("z") ? new Var("x") : v));
            }
            seeds.add(seed);
        });
        return out;
    }

    /**
     * Points (x, y) that reach the protections (the generator's constants are small integers and halves, so integer
     * points hit zero denominators and the boundaries), then random ones.
     */
    private static double[][] points() {
        List<double[]> p = new ArrayList<>();
        double[][] special = {{0, 0}, {-0.0, 1}, {1, -0.0}, {1e-310, 1}, {1, -1e-310}, {150, 1}, {1, 150},
            {-150, 2}, {2, -150}, {800, 0.5}, {-800, 0.5}, {0.5, 800}, {1e160, 2}, {-2.5, 0.5}, {2.5, -1.5},
            {0.5, 0.5}, {-0.5, -0.5}, {99.5, 1}, {-1.5, 3}, {0.25, -0.75}};
        p.addAll(List.of(special));
        for (int a = -3; a <= 3; a++) {
            for (int b = -3; b <= 3; b++) {
                p.add(new double[] {a, b});
            }
        }
        SplittableRandom rng = Gen.rng(Gen.seeds(1).findFirst().orElseThrow());
        for (int i = 0; i < 24; i++) {
            double scale = i < 20 ? 4 : 300;
            p.add(new double[] {rng.nextDouble(-scale, scale), rng.nextDouble(-scale, scale)});
        }
        return p.toArray(new double[0][]);
    }

    /** Runs the checks of one formula: a random one names its seed, a fixed one itself. */
    private static void check(Long seed, Expr e, org.junit.jupiter.api.function.Executable checks) {
        if (seed != null) {
            Gen.check(seed, ExprTestSupport.show(e), checks);
            return;
        }
        try {
            checks.execute();
        } catch (Throwable t) {
            throw new org.opentest4j.AssertionFailedError("fixed formula " + Printer.infix(e) + ": " + t.getMessage(),
                    t);
        }
    }

    private static double[] predict(Expr e, List<String> names, double[][] points) {
        double[][] columns = new double[names.size()][points.length];
        for (int i = 0; i < points.length; i++) {
            for (int j = 0; j < names.size(); j++) {
                columns[j][i] = points[i][j];
            }
        }
        return Evaluator.evaluate(e, names, columns).clone();
    }

    private static Map<String, Double> at(double[] point) {
        Map<String, Double> m = new HashMap<>();
        for (int j = 0; j < point.length; j++) {
            m.put(XYZ.get(j), point[j]);
        }
        return m;
    }

    /**
     * Asserts that {@code actual} is predict's {@code expected} (wherever that is finite) within the tolerance of the
     * class comment; counts the point as checked or discarded.
     */
    private static void assertAgrees(String what, Expr e, double[] point, double expected, double actual,
                                     Gen.Tally tally, Counts counts) {
        assertAgrees(what, e, point, expected, actual, tally, counts, 0.0);
    }

    /**
     * {@link #assertAgrees(String, Expr, double[], double, double, Gen.Tally, Counts)} allowing also
     * {@code cancellation} times the largest magnitude of the formula's values at the point (its nodes' values as
     * predict computes them), for a form whose text is computed in another order than predict's.
     */
    private static void assertAgrees(String what, Expr e, double[] point, double expected, double actual,
                                     Gen.Tally tally, Counts counts, double cancellation) {
        if (!Double.isFinite(expected)) {
            counts.notFinite++;
            return;
        }
        ExprTestSupport.Bounded b = ExprTestSupport.bounded(e, at(point), true);
        if (!Double.isFinite(b.error())) {
            tally.discarded();
            counts.discarded++;
            return;
        }
        tally.checked();
        counts.checked++;
        if (protectionActs(e, at(point))) {
            counts.protectionActs++;
        }
        double allowed = 1e-9 * Math.abs(expected) + 16 * b.error()
                + (cancellation > 0 ? cancellation * b.maxMagnitude() : 0.0) + 1e-300;
        if (!(Math.abs(actual - expected) <= allowed)) {
            fail(what + " at (" + point[0] + ", " + point[1] + ") computes " + actual + ", predict " + expected
                    + " (allowed difference " + allowed + ")");
        }
    }

    /** What a test did with its points, for its report line. */
    private static final class Counts {
        int checked;
        int protectionActs;
        int discarded;
        int notFinite;

        @Override
        public String toString() {
            return checked + " values compared (" + protectionActs + " of them where a protection acts), " + discarded + " discarded next to a singularity, " + notFinite
                    + " where predict is not finite";
        }
    }

    /** Whether at the point some node's protected value is not the textbook one (a guard, clamp or floor acts). */
    private static boolean protectionActs(Expr e, Map<String, Double> point) {
        boolean[] acts = {false};
        e.forEach(node -> {
            if (node instanceof Unary u) {
                double a = Evaluator.evaluate(u.arg(), point);
                acts[0] |= !Double.isNaN(a) && !u.op().agreesWithTextbook(a)
                        || u.op() == UnaryOp.LOG && Math.abs(a) < UnaryOp.TINY;
            } else if (node instanceof Binary b) {
                double l = Evaluator.evaluate(b.left(), point);
                double r = Evaluator.evaluate(b.right(), point);
                acts[0] |= !Double.isNaN(l) && !Double.isNaN(r) && !b.op().agreesWithTextbook(l, r);
            }
        });
        return acts[0];
    }

    // ------------------------------------------------------------------ Java

    @Test
    void javaExportsCompileAndComputeTheBitsOfPredict(@TempDir Path dir) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ExternalTools.require(ExternalTools.Tool.JAVAC, javac != null, "the Java export was not compiled");
        // the fixed formulas, then arbitrary trees (NaN, infinite, huge and subnormal constants) and formulas as
        // searches give them, some with rounded constants
        List<Expr> formulas = new ArrayList<>();
        List<Integer> digits = new ArrayList<>();
        List<Long> seeds = new ArrayList<>();
        for (String g : GOLDEN) {
            formulas.add(Parser.parse(g));
            digits.add(0);
            seeds.add(null);
        }
        Gen.seeds(300 + USER_FORMULAS).forEach(seed -> {
            SplittableRandom rng = Gen.rng(seed);
            formulas.add(formulas.size() >= GOLDEN.length + 300
                    ? ExprTestSupport.randomWithUserFunctions(rng, rng.nextInt(1, 4))
                    : rng.nextBoolean() ? PrinterTest.randomTree(rng) : ExprTestSupport.random(rng, rng.nextInt(1, 6)));
            digits.add(rng.nextInt(3) == 0 ? rng.nextInt(1, 7) : 0);
            seeds.add(seed);
        });
        StringBuilder src = new StringBuilder("public final class Exports {\n");
        for (int i = 0; i < formulas.size(); i++) {
            Expr e = formulas.get(i);
            String text = digits.get(i) == 0 ? Printer.java(e) : Printer.java(e, digits.get(i));
            src.append("  public static double f").append(i).append("(double x, double y, double z) { return ")
                    .append(text).append("; }\n");
        }
        src.append("}\n");
        Path file = dir.resolve("Exports.java");
        Files.writeString(file, src, StandardCharsets.UTF_8);
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int rc = javac.run(null, null, err, "-d", dir.toString(), "-nowarn", file.toString());
        assertEquals(0, rc, () -> "javac failed: " + err.toString(StandardCharsets.UTF_8));
        int pointsEach = 24;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, null)) {
            Class<?> exports = loader.loadClass("Exports");
            for (int i = 0; i < formulas.size(); i++) {
                Expr e = digits.get(i) == 0 ? formulas.get(i) : Printer.rounded(formulas.get(i), digits.get(i));
                Method m = exports.getMethod("f" + i, double.class, double.class, double.class);
                SplittableRandom rng = Gen.rng(seeds.get(i) == null ? i : seeds.get(i) ^ 0x7FFL);
                double[][] points = new double[pointsEach][];
                for (int k = 0; k < pointsEach; k++) {
                    points[k] = new double[] {BoundsTest.coordinate(rng), BoundsTest.coordinate(rng),
                        BoundsTest.coordinate(rng)};
                }
                double[] expected = predict(e, XYZ, points);
                String text = digits.get(i) == 0 ? Printer.java(e) : Printer.java(formulas.get(i), digits.get(i));
                for (int k = 0; k < pointsEach; k++) {
                    double actual = (double) m.invoke(null, points[k][0], points[k][1], points[k][2]);
                    double want = expected[k];
                    double[] p = points[k];
                    check(seeds.get(i), e, () -> assertEquals(
                            Double.doubleToLongBits(want), Double.doubleToLongBits(actual),
                            () -> text + " at " + java.util.Arrays.toString(p) + " computes " + actual
                                    + ", predict " + want));
                }
            }
        }
        System.out.println("ExportTest: compiled " + formulas.size() + " Java exports (" + USER_FORMULAS + " with user"
                + " functions) with the JDK compiler; each gave predict's bits at " + pointsEach + " points");
    }

    // ------------------------------------------------------------------ NumPy

    @Test
    void numpyExportsComputePredictsNumbers(@TempDir Path dir) throws Exception {
        String numpy = version("python3", "-c", "import numpy; print(numpy.__version__)");
        ExternalTools.require(ExternalTools.Tool.NUMPY, numpy != null,
                "the NumPy export was checked against its golden file only");
        List<Long> seeds = new ArrayList<>();
        List<Expr> formulas = formulas(300, 100, seeds);
        double[][] points = points();
        StringBuilder py = new StringBuilder("import numpy as np\n\n");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < formulas.size(); i++) {
            Expr e = formulas.get(i);
            py.append(Printer.pythonFunction(e, "f" + i, XY)).append('\n');
            py.append("def g").append(i).append("(x, y):\n    with np.errstate(all='ignore'):\n        return ")
                    .append(Printer.python(e)).append("\n\n");
            names.add("f" + i);
            names.add("g" + i);
        }
        // variables whose names Python reserves, renamed in the function's parameters
        for (int i = 0; i < 20; i++) {
            Expr e = formulas.get(i).mapVariables(v -> new Var(v.name().equals("x") ? "lambda" : "np"));
            py.append(Printer.pythonFunction(e, "h" + i, List.of("lambda", "np"))).append('\n');
            names.add("h" + i);
        }
        py.append("X = np.array([").append(hexList(points, 0, "float.fromhex('%s')")).append("])\n");
        py.append("Y = np.array([").append(hexList(points, 1, "float.fromhex('%s')")).append("])\n");
        py.append("for name in ").append(pythonList(names)).append(":\n");
        py.append("    r = np.broadcast_to(globals()[name](X, Y), X.shape)\n");
        py.append("    print(name, ' '.join(float(v).hex() for v in r))\n");
        Path script = dir.resolve("exports.py");
        Files.writeString(script, py, StandardCharsets.UTF_8);
        Map<String, double[]> results = parseResults(run(dir, "python3", script.toString()));
        Counts counts = compareForms(formulas, seeds, points, results, Printer::python,
                (e, name) -> Printer.pythonFunction(e, name, XY), NUMPY);
        System.out.println("ExportTest: evaluated " + formulas.size() + " NumPy exports (function and expression forms,"
                + " " + USER_FORMULAS + " formulas with user functions)"
                + " with python3 and NumPy " + numpy + " at " + points.length + " points each and compared them with"
                + " predict: " + counts);
    }

    /**
     * Compares the values an external program printed for each formula's forms ({@code f<i>}: the function form,
     * {@code g<i>}: the expression form, {@code h<i>} for the first 20: the function with renamed parameters) with
     * predict's at every point.
     */
    private static Counts compareForms(List<Expr> formulas, List<Long> seeds, double[][] points,
                                       Map<String, double[]> results, Function<Expr, String> expression,
                                       BiFunction<Expr, String, String> function, Gen.Tally tally) {
        Counts counts = new Counts();
        for (int i = 0; i < formulas.size(); i++) {
            Expr e = formulas.get(i);
            double[] expected = predict(e, XY, points);
            for (String form : i < 20 ? List.of("f", "g", "h") : List.of("f", "g")) {
                double[] actual = results.get(form + i);
                assertTrue(actual != null && actual.length == points.length, "no values of " + form + i);
                String text = form.equals("g") ? expression.apply(e) : function.apply(e, form + i);
                for (int k = 0; k < points.length; k++) {
                    int kk = k;
                    check(seeds.get(i), e, () -> assertAgrees(text, e, points[kk],
                            expected[kk], actual[kk], tally, counts));
                }
            }
        }
        return counts;
    }

    // ------------------------------------------------------------------ C

    @Test
    void cExportsComputePredictsNumbers(@TempDir Path dir) throws Exception {
        String cc = version("cc", "--version");
        ExternalTools.require(ExternalTools.Tool.CC, cc != null,
                "the C export was checked against its golden file only");
        List<Long> seeds = new ArrayList<>();
        List<Expr> formulas = formulas(300, 100, seeds);
        double[][] points = points();
        StringBuilder c = new StringBuilder("#include <stdio.h>\n#include <math.h>\n\n");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < formulas.size(); i++) {
            Expr e = formulas.get(i);
            c.append(Printer.cFunction(e, "f" + i, XY)).append('\n');
            c.append("double g").append(i).append("(double x, double y) { return ").append(Printer.c(e))
                    .append("; }\n\n");
            names.add("f" + i);
            names.add("g" + i);
        }
        for (int i = 0; i < 20; i++) {
            Expr e = formulas.get(i).mapVariables(v -> new Var(v.name().equals("x") ? "double" : "exp"));
            c.append(Printer.cFunction(e, "h" + i, List.of("double", "exp"))).append('\n');
            names.add("h" + i);
        }
        c.append("static const double X[] = {").append(hexList(points, 0, "%s")).append("};\n");
        c.append("static const double Y[] = {").append(hexList(points, 1, "%s")).append("};\n");
        c.append("static double (*const F[])(double, double) = {").append(String.join(", ", names)).append("};\n");
        c.append("static const char *const NAMES[] = {").append(String.join(", ",
                names.stream().map(n -> "\"" + n + "\"").toList())).append("};\n");
        c.append("int main(void)\n{\n    for (size_t f = 0; f < sizeof F / sizeof F[0]; f++) {\n"
                + "        printf(\"%s\", NAMES[f]);\n"
                + "        for (size_t k = 0; k < sizeof X / sizeof X[0]; k++) {\n"
                + "            printf(\" %a\", F[f](X[k], Y[k]));\n        }\n        printf(\"\\n\");\n    }\n"
                + "    return 0;\n}\n");
        Path source = dir.resolve("exports.c");
        Files.writeString(source, c, StandardCharsets.UTF_8);
        Path program = dir.resolve("exports");
        run(dir, "cc", "-std=c99", "-O1", "-ffp-contract=off", "-o", program.toString(), source.toString(), "-lm");
        Map<String, double[]> results = parseResults(run(dir, program.toString()));
        Counts counts = compareForms(formulas, seeds, points, results, Printer::c,
                (e, name) -> Printer.cFunction(e, name, XY), C);
        System.out.println("ExportTest: compiled " + formulas.size() + " C exports (function and expression forms)"
                + " with " + cc + " (-std=c99 -O1 -ffp-contract=off) and compared them with predict at "
                + points.length + " points each: " + counts);
    }

    // ------------------------------------------------------------------ SymPy

    @Test
    void protectedSympyExportsComputePredictsNumbers(@TempDir Path dir) throws Exception {
        String sympy = version("python3", "-c", "import sympy; print(sympy.__version__)");
        ExternalTools.require(ExternalTools.Tool.SYMPY, sympy != null,
                "the protected SymPy export was checked against its golden file only");
        List<Long> seeds = new ArrayList<>();
        List<Expr> formulas = formulas(80, 0, seeds);
        double[][] all = points();
        // SymPy is slow: a sample of the points for each formula, the special ones first
        int each = 14;
        StringBuilder py = new StringBuilder("from sympy import sympify, Symbol, Float\n"
                + "x, y = Symbol('x'), Symbol('y')\n" + "CASES = [\n");
        List<double[][]> pointsOf = new ArrayList<>();
        for (int i = 0; i < formulas.size(); i++) {
            SplittableRandom rng = Gen.rng(seeds.get(i) == null ? i : seeds.get(i) ^ 0x5EEDL);
            double[][] pts = new double[each][];
            for (int k = 0; k < each; k++) {
                pts[k] = all[k < 6 ? rng.nextInt(20) : rng.nextInt(all.length)];
            }
            pointsOf.add(pts);
            py.append("  ('s").append(i).append("', ").append(pythonString(Printer.sympyProtected(formulas.get(i))))
                    .append(", [").append(hexList(pts, 0, "float.fromhex('%s')")).append("], [")
                    .append(hexList(pts, 1, "float.fromhex('%s')")).append("]),\n");
        }
        py.append("]\n"
                + "for name, text, xs, ys in CASES:\n"
                + "    e = sympify(text)\n"
                + "    out = []\n"
                + "    for a, b in zip(xs, ys):\n"
                + "        try:\n"
                + "            out.append(float(e.subs({x: Float(a, 40), y: Float(b, 40)}).evalf(40)).hex())\n"
                + "        except (TypeError, ValueError, OverflowError, ZeroDivisionError):\n"
                + "            out.append('not-real')\n"
                + "    print(name, ' '.join(out))\n");
        Path script = dir.resolve("sympy_exports.py");
        Files.writeString(script, py, StandardCharsets.UTF_8);
        Map<String, double[]> results = parseResults(run(dir, "python3", script.toString()));
        Counts counts = new Counts();
        for (int i = 0; i < formulas.size(); i++) {
            Expr e = formulas.get(i);
            double[][] pts = pointsOf.get(i);
            double[] expected = predict(e, XY, pts);
            double[] actual = results.get("s" + i);
            assertTrue(actual != null && actual.length == each, "no values of formula " + i);
            for (int k = 0; k < each; k++) {
                int kk = k;
                if (Double.isFinite(expected[k]) && overOrUnderflows(e, at(pts[k]))) {
                    SYMPY.discarded();
                    counts.discarded++;
                    continue;
                }
                check(seeds.get(i), e, () -> assertAgrees(Printer.sympyProtected(e), e, pts[kk],
                        expected[kk], actual[kk], SYMPY, counts));
            }
        }
        System.out.println("ExportTest: evaluated " + formulas.size() + " protected SymPy exports with python3 and"
                + " SymPy "
                + sympy + " (sympify, subs and evalf at 40 digits) at " + each + " points each and compared them with predict: " + counts
                + " (or where the double computation over- or underflows)");
    }

    /**
     * The plain SymPy form is the formula as mathematics, and {@code sympy.lambdify(symbols, sympify(text), "numpy")}
     * computes predict's numbers wherever predict is finite and none of the clamps, floors and guards that the form
     * leaves out acts ({@link #clampActs}): at the points where dysymnet's log, sqrt and fractional powers take the
     * absolute value of a negative argument too, which the form writes as {@code Abs}.
     */
    @Test
    void plainSympyLambdifiedWithNumpyComputesPredictsNumbersWhereNoClampActs(@TempDir Path dir) throws Exception {
        String sympy = version("python3", "-c", "import sympy; print(sympy.__version__)");
        ExternalTools.require(ExternalTools.Tool.SYMPY, sympy != null,
                "the plain SymPy export was checked against its golden file only");
        String numpy = version("python3", "-c", "import numpy; print(numpy.__version__)");
        ExternalTools.require(ExternalTools.Tool.NUMPY, numpy != null,
                "the plain SymPy export was checked against its golden file only");
        List<Long> seeds = new ArrayList<>();
        List<Expr> formulas = formulas(300, 100, seeds);
        double[][] points = points();
        StringBuilder py = new StringBuilder("import numpy as np\nfrom sympy import sympify, lambdify, Symbol\n"
                + "x, y = Symbol('x'), Symbol('y')\n");
        py.append("X = np.array([").append(hexList(points, 0, "float.fromhex('%s')")).append("])\n");
        py.append("Y = np.array([").append(hexList(points, 1, "float.fromhex('%s')")).append("])\n");
        py.append("CASES = [\n");
        for (int i = 0; i < formulas.size(); i++) {
            py.append("  ('p").append(i).append("', ").append(pythonString(Printer.sympy(formulas.get(i))))
                    .append("),\n");
        }
        py.append("]\n"
                + "for name, text in CASES:\n"
                + "    try:\n"
                + "        f = lambdify((x, y), sympify(text), 'numpy')\n"
                + "        with np.errstate(all='ignore'):\n"
                + "            r = np.asarray(f(X, Y))\n"
                + "    except Exception as e:\n"
                + "        # SymPy cannot lambdify zoo, the value of 0**-2 (predict: infinity)\n"
                + "        print(name, 'error', type(e).__name__)\n"
                + "        continue\n"
                + "    if np.iscomplexobj(r):\n"
                + "        r = np.where(r.imag == 0, r.real, np.nan)\n"
                + "    r = np.broadcast_to(r.astype(np.float64), X.shape)\n"
                + "    print(name, ' '.join(float(v).hex() for v in r))\n");
        Path script = dir.resolve("plain_sympy.py");
        Files.writeString(script, py, StandardCharsets.UTF_8);
        String output = run(dir, "python3", script.toString());
        Map<String, String> failed = new HashMap<>();
        for (String line : output.split("\n")) {
            String[] parts = line.trim().split(" ");
            if (parts.length == 3 && parts[1].equals("error")) {
                failed.put(parts[0], parts[2]);
            }
        }
        Map<String, double[]> results = parseResults(output.lines().filter(l -> !l.contains(" error "))
                .collect(java.util.stream.Collectors.joining("\n")));
        Counts counts = new Counts();
        int clamped = 0;
        for (int i = 0; i < formulas.size(); i++) {
            Expr e = formulas.get(i);
            double[] expected = predict(e, XY, points);
            String text = Printer.sympy(e);
            String why = failed.get("p" + i);
            if (why != null) {
                // allowed only where there is nothing to compare
                for (int k = 0; k < points.length; k++) {
                    int kk = k;
                    check(seeds.get(i), e, () -> assertTrue(!Double.isFinite(expected[kk])
                            || clampActs(e, at(points[kk])), text + ": lambdify failed (" + why
                            + ") but predict is " + expected[kk] + " at (" + points[kk][0] + ", " + points[kk][1]
                            + ")"));
                }
                continue;
            }
            double[] actual = results.get("p" + i);
            assertTrue(actual != null && actual.length == points.length, "no values of formula " + i);
            for (int k = 0; k < points.length; k++) {
                int kk = k;
                if (!Double.isFinite(expected[k])) {
                    counts.notFinite++;
                    continue;
                }
                if (clampActs(e, at(points[k]))) {
                    clamped++;
                    continue;
                }
                // where a value of the formula is beyond 1e150 a computation in another order may overflow where
                // predict's does not (a user's hypot written sqrt(x**2 + y**2) at x = 1e160)
                if (overOrUnderflows(e, at(points[k]))
                        || ExprTestSupport.bounded(e, at(points[k]), true).maxMagnitude() > 1e150) {
                    PLAIN_SYMPY.discarded();
                    counts.discarded++;
                    continue;
                }
                // sympify restructures the formula before NumPy computes it (it distributes a number over a sum,
                // (2 - y)/asin(0.5) into 3.82 - 1.91*y, and folds constants), so a cancellation may leave a
                // rounding error of the size of the terms that cancel rather than of the result
                check(seeds.get(i), e, () -> assertAgrees(text, e, points[kk], expected[kk], actual[kk],
                        PLAIN_SYMPY, counts, 1e-12));
            }
        }
        // the comparisons reach the absolute values the form writes out (log, sqrt, powers of negative numbers)
        assertTrue(counts.protectionActs >= 200, counts::toString);
        System.out.println("ExportTest: lambdified " + formulas.size() + " plain SymPy exports with NumPy (SymPy "
                + sympy + ", NumPy " + numpy + ") at " + points.length + " points each and compared them with predict: "
                + counts + " (the values where a protection acts are those where an absolute value does), "
                + clamped + " where a clamp, floor or guard acts, left out of the plain form (or where the double"
                + " computation over- or underflows); " + failed.size() + " formulas SymPy could not lambdify, with no"
                + " value to compare (a denominator that sympify finds to be 0, such as x - x)");
    }

    /**
     * Whether at the point a clamp, floor or guard of the protected semantics acts (which the plain SymPy form leaves
     * out): log of a magnitude below {@link UnaryOp#TINY}, exp beyond {@link UnaryOp#EXP_MAX}, sinh and cosh beyond
     * +-EXP_MAX, asin and acos outside [-1, 1], a zero denominator. The absolute values of log, sqrt and fractional
     * powers are not among them: the plain form writes them.
     */
    private static boolean clampActs(Expr e, Map<String, Double> point) {
        boolean[] acts = {false};
        e.forEach(node -> {
            if (node instanceof Unary u && u.op() instanceof UnaryOp op) {
                double a = Evaluator.evaluate(u.arg(), point);
                acts[0] |= switch (op) {
                    case LOG -> Math.abs(a) < UnaryOp.TINY;
                    case EXP -> a > UnaryOp.EXP_MAX;
                    case SINH, COSH -> Math.abs(a) > UnaryOp.EXP_MAX;
                    case ASIN, ACOS -> Math.abs(a) > 1.0;
                    case NEG, SIN, COS, TAN, SQRT, TANH, ABS -> false;
                };
            } else if (node instanceof Binary b && b.op() == BinaryOp.DIV) {
                acts[0] |= Evaluator.evaluate(b.right(), point) == 0.0;
            }
        });
        return acts[0];
    }

    /**
     * Whether the double computation of {@code e} at the point overflows (a computed infinity from finite operands)
     * or underflows (a computed subnormal, or a zero product, quotient, power or exp of non-zero operands), where the
     * exact value that SymPy computes differs.
     */
    private static boolean overOrUnderflows(Expr e, Map<String, Double> point) {
        boolean[] found = {false};
        e.forEach(node -> {
            if (!(node instanceof Unary) && !(node instanceof Binary)) {
                return;
            }
            double v = Evaluator.evaluate(node, point);
            List<Double> operands = new ArrayList<>();
            if (node instanceof Unary u) {
                operands.add(Evaluator.evaluate(u.arg(), point));
            } else {
                Binary b = (Binary) node;
                operands.add(Evaluator.evaluate(b.left(), point));
                operands.add(Evaluator.evaluate(b.right(), point));
            }
            boolean finiteOperands = operands.stream().allMatch(Double::isFinite);
            boolean nonZeroOperands = operands.stream().allMatch(o -> o != 0.0);
            if (Double.isInfinite(v) && finiteOperands) {
                found[0] = true;
            }
            if (v != 0.0 && Math.abs(v) < Double.MIN_NORMAL) {
                found[0] = true;
            }
            boolean mayUnderflow = node instanceof Binary b && b.op() != BinaryOp.ADD && b.op() != BinaryOp.SUB
                    || node instanceof Unary u && u.op() == UnaryOp.EXP;
            if (v == 0.0 && mayUnderflow && nonZeroOperands && finiteOperands) {
                found[0] = true;
            }
        });
        return found[0];
    }

    // ------------------------------------------------------------------ goldens

    /** Formulas that show every rule, kept or left out, and the common shapes of search results. */
    private static final String[] GOLDEN = {
        "log(x)", "log(x^2 + 1)", "log(abs(x) + 1e-320)", "sqrt(x)", "sqrt(x^2 + y^2)", "sqrt(-x^2)",
        "x/(y - 1) + exp(x)", "exp(-0.5*x^2)", "(x - y)^0.49985", "x^y", "2^x", "(-2)^x", "x^-2 + x^3",
        "asin(sin(x)) + acos(x)", "cosh(x) - sinh(-x^2)", "log(exp(x))", "1/(x^2 + 1)", "(x + y)^2 - (x*y)^3",
        "sqrt(abs(x))*tanh(y)/cos(x)", "3.14159265*x^(-2) + 1.5e-10", "x/0 + log(-3)", "2.5"};

    @Test
    void exportsMatchTheirGoldenFiles() throws IOException {
        Expr special = Expr.add(Expr.mul(new Var("lambda"), new Var("np")), Expr.apply(UnaryOp.LOG, new Var("double")));
        Map<String, String> texts = new java.util.LinkedHashMap<>();
        StringBuilder python = new StringBuilder();
        StringBuilder c = new StringBuilder();
        StringBuilder sympy = new StringBuilder();
        StringBuilder sympyProtected = new StringBuilder();
        StringBuilder java = new StringBuilder();
        for (String f : GOLDEN) {
            Expr e = Parser.parse(f);
            python.append(f).append('\n').append(Printer.python(e, 6)).append("\n\n");
            c.append(f).append('\n').append(Printer.c(e, 6)).append("\n\n");
            sympy.append(f).append('\n').append(Printer.sympy(e, 6)).append("\n\n");
            sympyProtected.append(f).append('\n').append(Printer.sympyProtected(e, 6)).append("\n\n");
            java.append(f).append('\n').append(Printer.java(e, 6)).append("\n\n");
        }
        for (Expr e : List.of(special)) {
            String f = Printer.infix(e);
            python.append(f).append('\n').append(Printer.python(e, 6)).append("\n\n");
            c.append(f).append('\n').append(Printer.c(e, 6)).append("\n\n");
            sympy.append(f).append('\n').append(Printer.sympy(e, 6)).append("\n\n");
            sympyProtected.append(f).append('\n').append(Printer.sympyProtected(e, 6)).append("\n\n");
            java.append(f).append('\n').append(Printer.java(e, 6)).append("\n\n");
        }
        Expr model = Parser.parse("x/(y - 1) + log(x*y) + (x + y)^3 - 0.333333333*sinh(x - y)");
        texts.put("exports.py.txt", python.toString());
        texts.put("exports.c.txt", c.toString());
        texts.put("exports.sympy.txt", sympy.toString());
        texts.put("exports.sympy_protected.txt", sympyProtected.toString());
        texts.put("exports.java.txt", java.toString());
        texts.put("model.py", Printer.pythonFunction(model, 6, "dysymnet_model", List.of("x", "y", "z"))
                + "\n\n" + Printer.pythonFunction(special, 6, "keywords", List.of("lambda", "np", "double"))
                + "\n\n" + Printer.pythonFunction(Parser.parse("2.5"), 6, "constant", List.of("x")));
        texts.put("model.c", Printer.cFunction(model, 6, "dysymnet_model", List.of("x", "y", "z"))
                + "\n" + Printer.cFunction(special, 6, "keywords", List.of("lambda", "np", "double")));
        boolean update = Boolean.getBoolean("golden.update");
        for (Map.Entry<String, String> t : texts.entrySet()) {
            String resource = "/dysymnet/expr/exports/" + t.getKey();
            if (update) {
                Path p = Path.of("src/test/resources/dysymnet/expr/exports", t.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, t.getValue(), StandardCharsets.UTF_8);
                continue;
            }
            try (InputStream in = ExportTest.class.getResourceAsStream(resource)) {
                assertTrue(in != null, "missing golden file " + resource + " (run with -Dgolden.update=true)");
                String golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                assertEquals(golden, t.getValue(), "export text differs from " + resource
                        + " (if the change is intended, run with -Dgolden.update=true and review the diff)");
            }
        }
        Assumptions.assumeFalse(update, "golden files rewritten, not checked");
    }

    /**
     * The Python package's NumPy predict is checked against the jar's on these very formulas and points
     * ({@code python/tests/test_numpy_predict.py}): its fixture {@code python/tests/data/export_formulas.json} holds
     * them (the trees as a model file writes them, non-finite constants as {@code "NaN"}, {@code "Infinity"},
     * {@code "-Infinity"}), and must be the one this class generates today.
     */
    @Test
    void pythonFixtureHoldsTheseFormulas() throws IOException {
        Assumptions.assumeTrue(System.getProperty("gen.seed", "").isBlank(), "-Dgen.seed picks one formula");
        List<Long> seeds = new ArrayList<>();
        List<Expr> formulas = formulas(300, 100, seeds);
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode root = mapper.createObjectNode();
        root.put("comment", "ExportTest's formulas and points (core/src/test/java/dysymnet/expr/ExportTest.java, "
                + "pythonFixtureHoldsTheseFormulas writes this file with -Dgolden.update=true)");
        root.putArray("variables").add("x").add("y");
        com.fasterxml.jackson.databind.node.ArrayNode pts = root.putArray("points");
        for (double[] p : points()) {
            pts.addArray().add(p[0]).add(p[1]);
        }
        com.fasterxml.jackson.databind.node.ArrayNode list = root.putArray("formulas");
        for (Expr e : formulas) {
            com.fasterxml.jackson.databind.node.ObjectNode f = list.addObject();
            f.put("infix", Printer.infix(e));
            f.set("tree", tree(e));
        }
        String text = mapper.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        Path file = Path.of("../python/tests/data/export_formulas.json");
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(file, text, StandardCharsets.UTF_8);
            Assumptions.abort("the Python fixture rewritten, not checked");
        }
        Assumptions.assumeTrue(Files.isDirectory(file.getParent()), "no python/tests/data beside the core module");
        assertEquals(Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "", text, file
                + " is not this class's formulas (if the change is intended, run with -Dgolden.update=true)");
    }

    /** The tree as a model file writes it ({@code dysymnet.api.ExprJson}), non-finite constants as strings. */
    private static com.fasterxml.jackson.databind.JsonNode tree(Expr e) {
        com.fasterxml.jackson.databind.node.JsonNodeFactory f =
                com.fasterxml.jackson.databind.node.JsonNodeFactory.instance;
        if (e instanceof Const c) {
            double v = c.value();
            return Double.isFinite(v) ? f.numberNode(v)
                    : f.textNode(Double.isNaN(v) ? "NaN" : v > 0 ? "Infinity" : "-Infinity");
        }
        if (e instanceof Var v) {
            return f.textNode(v.name());
        }
        com.fasterxml.jackson.databind.node.ArrayNode a = f.arrayNode();
        if (e instanceof Unary u) {
            a.add(u.op() instanceof UnaryOp op ? op.name() : u.op().symbol()).add(tree(u.arg()));
        } else {
            Binary b = (Binary) e;
            a.add(b.op() instanceof BinaryOp op ? op.name() : b.op().symbol()).add(tree(b.left())).add(tree(b.right()));
        }
        return a;
    }

    @Test
    void functionFormsCheckTheirArguments() {
        Expr e = Parser.parse("x + y");
        assertThrows(IllegalArgumentException.class, () -> Printer.pythonFunction(e, "f", List.of("x")));
        assertThrows(IllegalArgumentException.class, () -> Printer.cFunction(e, "not a name", XY));
        assertThrows(IllegalArgumentException.class, () -> Printer.cFunction(e, "f", List.of("x", "y", "x")));
        assertThrows(IllegalArgumentException.class, () -> Printer.pythonFunction(e, 0, "f", XY));
        assertThrows(IllegalArgumentException.class, () -> Printer.cFunction(null, "f", XY));
        assertThrows(IllegalArgumentException.class, () -> Printer.pythonFunction(e, "lambda", XY));
        assertThrows(IllegalArgumentException.class, () -> Printer.cFunction(e, "exp", XY));
    }

    // ------------------------------------------------------------------ helpers

    /** The values at the points, as Java, Python and C write them in hexadecimal. */
    private static String hexList(double[][] points, int column, String format) {
        List<String> out = new ArrayList<>();
        for (double[] p : points) {
            double v = p[column];
            String hex = Double.isNaN(v) ? "NAN" : Double.isInfinite(v) ? (v > 0 ? "INFINITY" : "-INFINITY")
                    : Double.toHexString(v);
            out.add(String.format(format, hex));
        }
        return String.join(", ", out);
    }

    private static String pythonList(List<String> names) {
        return "[" + String.join(", ", names.stream().map(n -> "'" + n + "'").toList()) + "]";
    }

    private static String pythonString(String s) {
        return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    /** Lines {@code name v1 v2 ...} with values in C's %a or Python's float.hex notation. */
    private static Map<String, double[]> parseResults(String output) {
        Map<String, double[]> out = new HashMap<>();
        for (String line : output.split("\n")) {
            String[] parts = line.trim().split(" ");
            if (parts.length < 2) {
                continue;
            }
            double[] v = new double[parts.length - 1];
            for (int k = 1; k < parts.length; k++) {
                v[k - 1] = parseHex(parts[k]);
            }
            out.put(parts[0], v);
        }
        return out;
    }

    private static double parseHex(String s) {
        return switch (s) {
            case "inf" -> Double.POSITIVE_INFINITY;
            case "-inf" -> Double.NEGATIVE_INFINITY;
            case "nan", "-nan", "not-real" -> Double.NaN;
            default -> Double.parseDouble(s);
        };
    }

    /** The first line of the command's output, or null when it cannot run or fails. */
    private static String version(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? out.lines().findFirst().orElse("").trim() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Runs the command in {@code dir}; its standard output, or a failure with both streams. */
    private static String run(Path dir, String... command) throws IOException, InterruptedException {
        Path err = dir.resolve("stderr.txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", command) + " did not finish in 300 s");
        }
        if (p.exitValue() != 0) {
            fail(String.join(" ", command) + " failed (exit " + p.exitValue() + "): "
                    + Files.readString(err, StandardCharsets.UTF_8));
        }
        return out;
    }
}
