package dysymnet.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import dysymnet.testing.UserFunctions;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * User-defined functions in formulas: printed as calls and read back, simplified as opaque calls, written by the
 * LaTeX form and refused by a target without a form; complexity weights and nesting constraints over formulas.
 */
class UserFunctionTest {

    private static final List<UserFunction> FUNCTIONS = List.of(UserFunctions.SOFTPLUS, UserFunctions.HYPOT);

    static LongStream seeds() {
        return Gen.seeds(300);
    }

    /** Infix text reads back (given the functions) as a formula computing the same doubles, simplified or not. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void infixRoundTripsAndSimplificationKeepsTheValues(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        Expr e = ExprTestSupport.randomWithUserFunctions(rng, rng.nextInt(1, 4));
        Gen.check(seed, ExprTestSupport.show(e), () -> {
            String text = Printer.infix(e);
            Expr back = Parser.parse(text, FUNCTIONS);
            Expr simplified = Simplifier.simplify(e);
            assertTrue(Printer.infix(simplified).contains("softplus") || Printer.infix(simplified).contains("hypot")
                    || simplified.variables().isEmpty(), "a user function was lost: " + Printer.infix(simplified));
            for (int k = 0; k < 10; k++) {
                Map<String, Double> p = Map.of("x", rng.nextDouble(-3, 3), "y", rng.nextDouble(-3, 3));
                double v = Evaluator.evaluate(e, p);
                assertEquals(Double.doubleToLongBits(v), Double.doubleToLongBits(Evaluator.evaluate(back, p)),
                        text + " read back as " + Printer.infix(back) + " at " + p);
                if (Double.isFinite(v)) {
                    double s = Evaluator.evaluate(simplified, p);
                    ExprTestSupport.Bounded b = ExprTestSupport.bounded(e, p);
                    if (Double.isFinite(b.error())) {
                        assertEquals(v, s, 64 * b.error() + 1e-12 * Math.abs(v),
                                "simplified to " + Printer.infix(simplified) + " at " + p);
                    }
                }
            }
        });
    }

    @Test
    void callsPrintInEveryTarget() {
        Expr e = Parser.parse("2*softplus(x + 1) - hypot(x, y^2)", FUNCTIONS);
        assertEquals("2*softplus(x + 1) - hypot(x, y^2)", Printer.infix(e));
        assertEquals("2.0 * Math.log1p(Math.exp(x + 1.0)) - Math.hypot(x, y * y)", Printer.java(e));
        assertEquals("2.0 * np.log1p(np.exp(x + 1.0)) - np.hypot(x, np.square(y))", Printer.python(e));
        assertEquals("2.0 * log1p(exp(x + 1.0)) - hypot(x, y * y)", Printer.c(e));
        assertTrue(Printer.latex(e).contains("\\log\\left(1 + e^{x + 1}\\right)"), Printer.latex(e));
        assertTrue(Printer.latex(e).contains("\\operatorname{hypot}\\left(x, y^{2}\\right)"), Printer.latex(e));
        // an argument that the template does not delimit is parenthesised; a template that is not one call too
        UserFunction twice = UserFunction.unary("twice", x -> 2 * x, x -> 2).java("2.0 * #1").build();
        assertEquals("(2.0 * (x + 1.0)) * y", Printer.java(Expr.mul(new Unary(twice, Parser.parse("x + 1")),
                new Var("y"))));
        String header = Printer.pythonFunction(e, "f", List.of("x", "y"));
        assertTrue(header.contains("softplus is a user-defined function"), header);
    }

    @Test
    void aTargetWithoutAFormRefusesTheFormula() {
        UserFunction bare = UserFunction.unary("bare", Math::atan, x -> 1 / (1 + x * x)).build();
        Expr e = Expr.add(new Unary(bare, new Var("x")), new Const(1));
        assertEquals("bare(x) + 1", Printer.infix(e));
        assertEquals("\\operatorname{bare}\\left(x\\right) + 1", Printer.latex(e));
        IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> Printer.c(e));
        assertTrue(ex.getMessage().contains("'bare'") && ex.getMessage().contains("UserFunction.Builder.c"),
                ex.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Printer.java(e));
        assertThrows(IllegalArgumentException.class, () -> Printer.python(e));
        assertThrows(IllegalArgumentException.class, () -> Printer.sympy(e));
    }

    @Test
    void definitionsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> UserFunction.unary("exp", Math::exp, Math::exp));
        assertThrows(IllegalArgumentException.class, () -> UserFunction.unary("Pow", Math::exp, Math::exp));
        assertThrows(IllegalArgumentException.class, () -> UserFunction.unary("2f", Math::exp, Math::exp));
        assertThrows(IllegalArgumentException.class, () -> UserFunction.unary("a-b", Math::exp, Math::exp));
        assertThrows(IllegalArgumentException.class, () -> UserFunction.unary("f", Math::exp, Math::exp).java("1.0"));
        assertThrows(IllegalArgumentException.class,
                () -> UserFunction.unary("f", Math::exp, Math::exp).java("#1 + #2"));
        assertThrows(IllegalArgumentException.class,
                () -> UserFunction.unary("f", Math::exp, Math::exp).c("exp(#1)\n"));
        UserFunction f = UserFunction.unary("f", Math::exp, Math::exp).build();
        assertThrows(IllegalArgumentException.class, () -> new Binary(f, new Var("x"), new Var("y")));
        assertThrows(IllegalArgumentException.class, () -> new Unary(UserFunctions.HYPOT, new Var("x")));
        assertThrows(IllegalStateException.class, () -> UserFunctions.HYPOT.apply(1.0));
        // wrong argument counts and unknown calls do not parse
        assertThrows(ParseException.class, () -> Parser.parse("hypot(x)", FUNCTIONS));
        assertThrows(ParseException.class, () -> Parser.parse("softplus(x, y)", FUNCTIONS));
        assertThrows(ParseException.class, () -> Parser.parse("softplus(x)"));
        assertThrows(ParseException.class, () -> Parser.parse("softplus + 1", FUNCTIONS));
        // equal by name and arity
        assertEquals(UserFunctions.SOFTPLUS, UserFunction.unary("softplus", x -> 0, x -> 0).build());
    }

    @Test
    void weightedComplexityIsTheSumOfTheNodesWeights() {
        Expr e = Parser.parse("exp(x) + 2*sin(x)^2 - softplus(-y)", FUNCTIONS);
        assertEquals(e.complexity(), ComplexityWeights.NONE.complexity(e));
        ComplexityWeights w = ComplexityWeights.of(Map.of("exp", 3, "sin", 2, "pow", 4, "softplus", 5, "neg", 2));
        // nodes: - + exp x * 2 ^ sin x 2 softplus neg y: 13 nodes, exp +2, sin +1, ^ +3, softplus +4, neg +1
        assertEquals(13, e.complexity());
        assertEquals(13 + 2 + 1 + 3 + 4 + 1, w.complexity(e));
        assertEquals(4, w.weight("^"));
        assertEquals(1, w.weight("+"));
        // setting a weight again replaces it, under any of its names
        ComplexityWeights v = ComplexityWeights.of(Map.of("^", 2)).with("exp", 3).with("pow", 4).with("ln", 2)
                .with("log", 5);
        assertEquals(Map.of("^", 4, "exp", 3, "log", 5), v.weights());
        assertThrows(IllegalArgumentException.class, () -> ComplexityWeights.of(Map.of("exp", 0)));
        assertThrows(IllegalArgumentException.class, () -> ComplexityWeights.of(Map.of("exp", 1001)));
        assertThrows(IllegalArgumentException.class, () -> ComplexityWeights.of(Map.of("e x", 2)));
        assertThrows(IllegalArgumentException.class, () -> ComplexityWeights.of(Map.of("pow", 2, "^", 3)));
        assertTrue(ComplexityWeights.isBuiltIn("exp") && ComplexityWeights.isBuiltIn("^")
                && ComplexityWeights.isBuiltIn("neg") && !ComplexityWeights.isBuiltIn("softplus"));
    }

    @Test
    void nestingConstraintsFindAForbiddenFunctionAtAnyDepth() {
        NestingConstraints c = NestingConstraints.of("exp:exp", "ln:ln", "sin:hypot");
        assertEquals("exp:exp,log:log,sin:hypot", c.toString());
        assertTrue(c.forbids("log", "log") && !c.forbids("exp", "log"));
        for (String ok : List.of("exp(x) + exp(y)", "log(exp(x))", "exp(log(x))*exp(2)", "hypot(sin(x), y)",
                "sin(x)*hypot(x, y)", "x^2")) {
            assertTrue(c.allows(Parser.parse(ok, FUNCTIONS)), ok);
        }
        for (String bad : List.of("exp(2*exp(x))", "exp(x + sin(exp(y)))", "log(1 + log(x)^2)",
                "sin(hypot(x, 1) + 1)", "3 + x*exp(y - exp(sin(x)))")) {
            assertFalse(c.allows(Parser.parse(bad, FUNCTIONS)), bad);
        }
        assertTrue(NestingConstraints.NONE.allows(Parser.parse("exp(exp(x))")));
        assertThrows(IllegalArgumentException.class, () -> NestingConstraints.parseRule("exp"));
        assertThrows(IllegalArgumentException.class, () -> NestingConstraints.parseRule("exp:"));
        assertThrows(IllegalArgumentException.class, () -> NestingConstraints.parseRule("exp:log:sin"));
        assertThrows(IllegalArgumentException.class, () -> NestingConstraints.parseRule("+:exp"));
    }
}
