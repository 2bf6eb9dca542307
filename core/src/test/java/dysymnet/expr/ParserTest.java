package dysymnet.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ParserTest {

    private static final Expr X = new Var("x");
    private static final Expr Y = new Var("y");

    // ------------------------------------------------------------------ benchmark files

    /** One benchmark formula with the sampling box of each of its variables. */
    private record Problem(String name, String formula, List<String> vars, double[] low, double[] high) {
    }

    @Test
    void parsesEveryStandardBenchmarkAndRoundTripsThroughPrinter() throws IOException {
        List<Problem> problems = new ArrayList<>();
        for (String[] row : readCsv("/standard.csv")) {
            // name,group,expression,variables,low,high,points
            List<String> vars = List.of(row[3].trim().split("\\s+"));
            double[] low = new double[vars.size()];
            double[] high = new double[vars.size()];
            java.util.Arrays.fill(low, Double.parseDouble(row[4]));
            java.util.Arrays.fill(high, Double.parseDouble(row[5]));
            problems.add(new Problem(row[0], row[2], vars, low, high));
        }
        assertEquals(70, problems.size());
        checkAll(problems);
    }

    @Test
    void parsesEveryFeynmanEquationAndRoundTripsThroughPrinter() throws IOException {
        List<Problem> problems = new ArrayList<>();
        for (String[] row : readCsv("/FeynmanEquations.csv")) {
            // Filename,Number,Output,Formula,# variables,v1_name,v1_low,v1_high,...
            int n = Integer.parseInt(row[4]);
            List<String> vars = new ArrayList<>();
            double[] low = new double[n];
            double[] high = new double[n];
            for (int j = 0; j < n; j++) {
                vars.add(row[5 + 3 * j]);
                low[j] = Double.parseDouble(row[6 + 3 * j]);
                high[j] = Double.parseDouble(row[7 + 3 * j]);
            }
            problems.add(new Problem(row[0], row[3], vars, low, high));
        }
        assertEquals(100, problems.size());
        checkAll(problems);
    }

    private static void checkAll(List<Problem> problems) {
        SplittableRandom rng = new SplittableRandom(20240721L);
        for (Problem p : problems) {
            Expr e;
            try {
                e = Parser.parse(p.formula());
            } catch (ParseException ex) {
                fail(p.name() + ": cannot parse '" + p.formula() + "': " + ex.getMessage());
                return;
            }
            Set<String> used = new LinkedHashSet<>();
            collectVars(e, used);
            assertTrue(p.vars().containsAll(used), p.name() + ": undeclared variables in " + used);

            String printed = Printer.infix(e);
            Expr back = Parser.parse(printed);
            assertEquals(printed, Printer.infix(back), p.name() + ": printing is not stable");
            for (int k = 0; k < 20; k++) {
                Map<String, Double> point = new HashMap<>();
                for (int j = 0; j < p.vars().size(); j++) {
                    point.put(p.vars().get(j), p.low()[j] + (p.high()[j] - p.low()[j]) * rng.nextDouble());
                }
                double expected = eval(e, point);
                double actual = eval(back, point);
                assertTrue(close(expected, actual),
                        p.name() + ": '" + printed + "' gives " + actual + " instead of " + expected + " at " + point);
            }
        }
    }

    @Test
    void feynmanFormulasMeanWhatTheySay() {
        double theta = 1.3;
        assertEquals(Math.exp(-theta * theta / 2) / Math.sqrt(2 * Math.PI),
                eval(Parser.parse("exp(-theta**2/2)/sqrt(2*pi)"), Map.of("theta", theta)), 1e-15);
        // 1/2*m*... is (1/2)*m*..., as in NumPy
        assertEquals(0.5 * 3 * 4, eval(Parser.parse("1/2*m*v**2"), Map.of("m", 3.0, "v", 2.0)), 1e-15);
        assertEquals(Math.asin(0.5 * Math.sin(2.0)),
                eval(Parser.parse("arcsin(n*sin(theta2))"), Map.of("n", 0.5, "theta2", 2.0)), 1e-15);
        assertEquals(2 * Math.log(3.0 / 2.0),
                eval(Parser.parse("n*ln(V2/V1)"), Map.of("n", 2.0, "V1", 2.0, "V2", 3.0)), 1e-15);
    }

    // ------------------------------------------------------------------ grammar

    @Test
    void precedenceAndAssociativity() {
        Expr a = new Var("a");
        Expr b = new Var("b");
        Expr c = new Var("c");
        assertEquals(new Unary(UnaryOp.NEG, Expr.pow(X, Expr.num(2))), Parser.parse("-x^2"));
        assertEquals(Expr.pow(Expr.num(2), Expr.pow(Expr.num(3), Expr.num(2))), Parser.parse("2^3^2"));
        assertEquals(512.0, eval(Parser.parse("2^3^2"), Map.of()));
        assertEquals(Expr.sub(Expr.sub(a, b), c), Parser.parse("a-b-c"));
        assertEquals(Expr.div(Expr.div(a, b), c), Parser.parse("a/b/c"));
        assertEquals(Expr.pow(X, Expr.num(-2)), Parser.parse("x**-2"));
        assertEquals(Expr.pow(X, Expr.num(-2)), Parser.parse("x^-2"));
        assertEquals(Expr.mul(Expr.num(2), new Unary(UnaryOp.NEG, X)), Parser.parse("2*-x"));
        assertEquals(Expr.add(a, Expr.mul(b, c)), Parser.parse("a+b*c"));
        assertEquals(Expr.mul(Expr.add(a, b), c), Parser.parse("(a+b)*c"));
        assertEquals(Expr.sub(Expr.mul(a, b), Expr.div(c, X)), Parser.parse("a*b - c/x"));
        assertEquals(Expr.mul(new Unary(UnaryOp.NEG, X), Y), Parser.parse("-x*y"));
        assertEquals(Expr.pow(X, Expr.pow(Y, Expr.num(-1))), Parser.parse("x^y^-1"));
        assertEquals(X, Parser.parse("+x"));
        assertEquals(X, Parser.parse("((x))"));
        assertEquals(new Unary(UnaryOp.NEG, new Unary(UnaryOp.NEG, X)), Parser.parse("--x"));
    }

    @Test
    void minusOnAConstantGivesANegativeConstant() {
        assertEquals(Expr.num(-3), Parser.parse("-3"));
        assertEquals(Expr.num(-2.5), Parser.parse(" - 2.5 "));
        assertEquals(Expr.num(-Math.PI), Parser.parse("-pi"));
        assertEquals(Expr.num(3), Parser.parse("--3"));
        // the power binds first: -(3^2), not (-3)^2
        assertEquals(new Unary(UnaryOp.NEG, Expr.pow(Expr.num(3), Expr.num(2))), Parser.parse("-3^2"));
        assertEquals(Expr.sub(X, Expr.num(-3)), Parser.parse("x - -3"));
    }

    @Test
    void numbersNamesAndFunctions() {
        assertEquals(Expr.num(1.5e-3), Parser.parse("1.5e-3"));
        assertEquals(Expr.num(0.5), Parser.parse(".5"));
        assertEquals(Expr.num(5.0), Parser.parse("5."));
        assertEquals(Expr.num(2e10), Parser.parse("2E10"));
        assertEquals(Expr.num(1e3), Parser.parse("1e+3"));
        assertEquals(Expr.num(Math.PI), Parser.parse("pi"));
        assertEquals(new Var("e"), Parser.parse("e"));
        assertEquals(Expr.mul(Expr.num(2), new Var("e")), Parser.parse("2*e"));
        assertEquals(Expr.pow(Expr.num(2), new Var("e")), Parser.parse("2^e"));
        for (String name : List.of("x1", "E_n", "gamma", "lambd", "I", "theta1", "_t", "rho_c_0", "pin", "exp1")) {
            assertEquals(new Var(name), Parser.parse(name));
        }
        assertTrue(Double.isNaN(((Const) Parser.parse("NaN")).value()));
        assertEquals(Expr.num(Double.NEGATIVE_INFINITY), Parser.parse("-Infinity"));
        String[][] functions = {
            {"sin", "SIN"}, {"cos", "COS"}, {"tan", "TAN"}, {"exp", "EXP"}, {"log", "LOG"}, {"ln", "LOG"},
            {"sqrt", "SQRT"}, {"sinh", "SINH"}, {"cosh", "COSH"}, {"tanh", "TANH"}, {"abs", "ABS"},
            {"arcsin", "ASIN"}, {"arccos", "ACOS"}, {"asin", "ASIN"}, {"acos", "ACOS"}};
        for (String[] f : functions) {
            assertEquals(new Unary(UnaryOp.valueOf(f[1]), X), Parser.parse(f[0] + "( x )"), f[0]);
        }
        assertEquals(Expr.pow(new Unary(UnaryOp.SIN, X), Expr.num(2)), Parser.parse("sin(x)**2"));
        assertEquals(Parser.parse("x^2+3*y"), Parser.parse(" \tx ^ 2\n+ 3 *y "));
    }

    // ------------------------------------------------------------------ errors

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "sin(x         | 5 | expected ')' but found end of input",
        "x+            | 2 | expected a number, variable, function or '(' but found end of input",
        "3 4           | 2 | expected an operator or end of input but found '4'",
        "2x            | 1 | expected an operator or end of input but found 'x'",
        "x $ y         | 2 | unexpected character '$'",
        ")             | 0 | expected a number, variable, function or '(' but found ')'",
        "sinn(x)       | 0 | unknown function 'sinn'",
        "\"\"          | 0 | expected a number, variable, function or '(' but found end of input",
        "\"   \"       | 3 | expected a number, variable, function or '(' but found end of input",
        "sin x         | 4 | expected '(' after function 'sin' but found 'x'",
        "x * * y       | 4 | expected a number, variable, function or '(' but found '*'",
        "(x+1))        | 5 | expected an operator or end of input but found ')'",
        "x**           | 3 | expected a number, variable, function or '(' but found end of input",
        "sin(x, y)     | 5 | unexpected character ','",
        "exp           | 3 | expected '(' after function 'exp' but found end of input",
        "1.5.2         | 3 | expected an operator or end of input but found '.2'",
        "x + .        | 4 | unexpected character '.'",
        "x(y)          | 0 | unknown function 'x'",
    })
    void malformedInputReportsPositionAndReason(String text, int position, String detail) {
        ParseException ex = assertThrows(ParseException.class, () -> Parser.parse(text));
        assertEquals(position, ex.position(), ex.getMessage());
        assertEquals(detail, ex.detail());
        assertEquals("at position " + position + ": " + detail, ex.getMessage());
    }

    @Test
    void hostileNestingFailsCleanly() {
        String deep = "(".repeat(5000) + "x" + ")".repeat(5000);
        ParseException ex = assertThrows(ParseException.class, () -> Parser.parse(deep));
        assertTrue(ex.getMessage().contains("nested"), ex.getMessage());
        assertThrows(ParseException.class, () -> Parser.parse("-".repeat(5000) + "x"));
        assertEquals(X, Parser.parse("(".repeat(200) + "x" + ")".repeat(200)));
    }

    @Test
    void nullTextIsRejected() {
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> Parser.parse(null));
        assertTrue(ex.getMessage().contains("text"));
    }

    // ------------------------------------------------------------------ helpers

    private static List<String[]> readCsv(String resource) throws IOException {
        List<String[]> rows = new ArrayList<>();
        try (InputStream in = ParserTest.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing test resource " + resource);
            }
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            r.readLine();
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (!line.isBlank()) {
                    rows.add(line.split(",", -1));
                }
            }
        }
        return rows;
    }

    private static void collectVars(Expr e, Set<String> into) {
        if (e instanceof Var) {
            into.add(((Var) e).name());
        } else if (e instanceof Unary) {
            collectVars(((Unary) e).arg(), into);
        } else if (e instanceof Binary) {
            collectVars(((Binary) e).left(), into);
            collectVars(((Binary) e).right(), into);
        }
    }

    static boolean close(double expected, double actual) {
        if (Double.isNaN(expected) || Double.isNaN(actual)) {
            return Double.isNaN(expected) && Double.isNaN(actual);
        }
        if (expected == actual) {
            return true;
        }
        return Math.abs(expected - actual) <= 1e-12 * Math.max(Math.abs(expected), Math.abs(actual));
    }

    /** Point evaluation with the protected semantics of UnaryOp/BinaryOp. */
    private static double eval(Expr e, Map<String, Double> point) {
        return Evaluator.evaluate(e, point);
    }
}
