package dysymnet.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Fuzzing the formula parser: any text parses or fails with a {@link ParseException} whose message is one line and
 * whose position is inside the text, never another exception; a formula that parses prints and re-parses to the
 * same function; random valid formulas, with constants of every kind (tiny, huge, negative zero, NaN, infinite),
 * print and read back computing the same doubles.
 *
 * <p>{@code mvn verify} checks the first {@value #QUICK_CASES} seeds of {@link Gen}'s fixed sequence for each kind
 * of input (about a second); the bench module's {@code fuzz} profile runs the long run, {@code -Dfuzz.cases=N}
 * seeds (docs/architecture.md, "Fuzz tests"). A failure names its seed; {@code -Dgen.seed=SEED} reruns that case.
 */
class ParserFuzzTest {
    static final int QUICK_CASES = 3000;

    private static int cases() {
        return Integer.getInteger("fuzz.cases", QUICK_CASES);
    }

    private static final String[] TOKENS = {
        "x", "y", "e", "x_1", "Tmax", "_", "pi", "NaN", "Infinity", "sin", "cos", "tan", "exp", "log", "ln", "sqrt",
        "sinh", "cosh", "tanh", "abs", "asin", "acos", "arcsin", "arccos", "foo",
        "0", "1", "2.5", ".5", "5.", "1e3", "1E-300", "1e999", "2e", "1.5e+", "007", "1..2",
        "+", "-", "*", "/", "^", "**", "***", "(", "(", ")", ")", "()", ",", " ", "\t", "\n", "=", "%", "!", "$",
        "é", "\u00B2", "\u2212", "\u0000", "\u0085", "\uD83D\uDE00",
    };

    @Test
    void randomCharactersParseOrFailWithOneLine() {
        Gen.seeds(cases()).forEach(seed -> {
            SplittableRandom rng = Gen.rng(seed);
            StringBuilder sb = new StringBuilder();
            int n = rng.nextInt(0, 60);
            for (int i = 0; i < n; i++) {
                int r = rng.nextInt(10);
                sb.appendCodePoint(r < 7 ? rng.nextInt(0x20, 0x7f) : r < 9 ? rng.nextInt(0, 0x20)
                        : rng.nextInt(0x80, 0x2FFFF));
            }
            parseOrFailCleanly(seed, sb.toString());
        });
    }

    @Test
    void randomTokenStreamsParseOrFailWithOneLine() {
        Gen.seeds(cases()).forEach(seed -> {
            SplittableRandom rng = Gen.rng(seed);
            StringBuilder sb = new StringBuilder();
            int n = rng.nextInt(0, 40);
            for (int i = 0; i < n; i++) {
                sb.append(TOKENS[rng.nextInt(TOKENS.length)]);
                if (rng.nextInt(3) == 0) {
                    sb.append(' ');
                }
            }
            parseOrFailCleanly(seed, sb.toString());
        });
    }

    @Test
    void randomFormulasPrintAndReadBackAsTheSameFunction() {
        Gen.seeds(cases()).forEach(seed -> {
            SplittableRandom rng = Gen.rng(seed);
            Expr e = formula(rng, rng.nextInt(0, 7));
            Map<String, Double> point = Map.of("x", value(rng), "y", value(rng), "e", value(rng), "x_1", value(rng));
            Gen.check(seed, ExprTestSupport.show(e) + " at " + point, () -> {
                String text = Printer.infix(e);
                Expr back = Parser.parse(text);
                assertSame(Evaluator.evaluate(e, point), Evaluator.evaluate(back, point), text);
                String again = Printer.infix(back);
                assertEquals(again, Printer.infix(Parser.parse(again)), "printing a re-parsed formula changed it");
            });
        });
    }

    private static void parseOrFailCleanly(long seed, String text) {
        Gen.check(seed, "'" + text + "'", () -> {
            Expr e;
            try {
                e = Parser.parse(text);
            } catch (ParseException ex) {
                String m = ex.getMessage();
                assertFalse(m.contains("\n") || m.contains("\r"), "message of more than one line: " + m);
                assertTrue(m.startsWith("at position " + ex.position() + ": "), m);
                assertTrue(ex.position() >= 0 && ex.position() <= text.length(), m);
                return;
            }
            // what parses prints as a formula that reads back as the same function
            Map<String, Double> point = new java.util.HashMap<>();
            collectVariables(e, point);
            String printed = Printer.infix(e);
            assertSame(Evaluator.evaluate(e, point), Evaluator.evaluate(Parser.parse(printed), point), printed);
        });
    }

    private static void collectVariables(Expr e, Map<String, Double> point) {
        if (e instanceof Var) {
            point.put(((Var) e).name(), 0.5 + point.size());
        } else if (e instanceof Unary) {
            collectVariables(((Unary) e).arg(), point);
        } else if (e instanceof Binary) {
            collectVariables(((Binary) e).left(), point);
            collectVariables(((Binary) e).right(), point);
        }
    }

    private static void assertSame(double expected, double actual, String text) {
        assertTrue(Double.isNaN(expected) ? Double.isNaN(actual) : expected == actual,
                () -> text + " reads back as " + actual + " instead of " + expected);
    }

    private static final String[] NAMES = {"x", "y", "e", "x_1"};

    private static Expr formula(SplittableRandom rng, int depth) {
        if (depth == 0 || rng.nextInt(5) == 0) {
            return rng.nextBoolean() ? new Var(NAMES[rng.nextInt(NAMES.length)]) : new Const(constant(rng));
        }
        if (rng.nextInt(3) == 0) {
            UnaryOp[] ops = UnaryOp.values();
            return new Unary(ops[rng.nextInt(ops.length)], formula(rng, depth - 1));
        }
        BinaryOp[] ops = BinaryOp.values();
        return new Binary(ops[rng.nextInt(ops.length)], formula(rng, depth - 1), formula(rng, depth - 1));
    }

    private static double constant(SplittableRandom rng) {
        switch (rng.nextInt(12)) {
            case 0:
                return Double.NaN;
            case 1:
                return rng.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            case 2:
                return -0.0;
            case 3:
                return Double.MIN_VALUE * rng.nextInt(1, 1000);
            case 4:
                return Double.MAX_VALUE / rng.nextInt(1, 1000);
            case 5:
                return Math.scalb(rng.nextDouble(-1, 1), rng.nextInt(-1074, 1024));
            case 6:
                return rng.nextInt(-10, 11);
            case 7:
                return Math.PI;
            default:
                return rng.nextDouble(-10, 10);
        }
    }

    private static double value(SplittableRandom rng) {
        return rng.nextInt(4) == 0 ? rng.nextInt(-3, 4) : rng.nextDouble(-5, 5);
    }
}
