package dysymnet.expr;

import static dysymnet.expr.Expr.add;
import static dysymnet.expr.Expr.apply;
import static dysymnet.expr.Expr.div;
import static dysymnet.expr.Expr.mul;
import static dysymnet.expr.Expr.num;
import static dysymnet.expr.Expr.pow;
import static dysymnet.expr.Expr.sub;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PrinterTest {

    private static final Expr X = new Var("x");
    private static final Expr Y = new Var("y");
    private static final Expr Z = new Var("z");

    private static Expr neg(Expr e) {
        return apply(UnaryOp.NEG, e);
    }

    // ------------------------------------------------------------------ infix round trip

    static LongStream seeds() {
        return Gen.seeds(200);
    }

    static LongStream fewerSeeds() {
        return Gen.seeds(100);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void infixReparsesToTheSameFunction(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        Expr e = randomTree(rng);
        Map<String, Double> point = Map.of("x", coordinate(rng), "y", coordinate(rng), "z", coordinate(rng));
        Gen.check(seed, ExprTestSupport.show(e) + " at " + point, () -> {
            String text = Printer.infix(e);
            Expr back = Parser.parse(text);
            double expected = eval(e, point);
            double actual = eval(back, point);
            assertTrue(same(expected, actual), text + " gives " + actual + " instead of " + expected);
            // the first print may normalise signs (x - (-x) can come back as x + x); from then on it is a fixed point
            String normalised = Printer.infix(back);
            assertEquals(normalised, Printer.infix(Parser.parse(normalised)),
                    "printing a re-parsed formula must not change it");
        });
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("fewerSeeds")
    void roundedInfixStillParsesAndIsStable(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        Expr e = randomTree(rng);
        int digits = rng.nextInt(1, 7);
        Gen.check(seed, ExprTestSupport.show(e) + " with " + digits + " digits", () -> {
            // The first print of an arbitrary tree may normalise signs (-x - (-x) can come back as -x + x); from then
            // on printing and parsing must be a fixed point.
            String text = Printer.infix(Parser.parse(Printer.infix(e, digits)), digits);
            assertEquals(text, Printer.infix(Parser.parse(text), digits));
        });
    }

    // ------------------------------------------------------------------ generator of arbitrary trees

    private static final String[] VARIABLES = {"x", "y", "z"};
    private static final double[] SPECIAL = {0.0, -0.0, 1.0, -1.0, 2.0, 3.0, -2.0, 0.5, Math.PI, 0.1, 1e-10, -1e-300,
        4.9e-324, 1e300, -1.5e300, Double.MAX_VALUE, 1e15, 123456789012345.0, 1e-5, 0.0001, -0.00012345, 1e22,
        Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    private static final UnaryOp[] UNARY = UnaryOp.values();
    private static final BinaryOp[] BINARY = BinaryOp.values();

    /**
     * A tree of depth 0-5 built with the raw constructors (no folding): each level keeps its subtree (1 in 4), applies
     * a unary operator (1 in 4) or a binary one (2 in 4) to fresh subtrees; leaves are x, y, z or constants, the
     * constants weighted 3:3:3:1 among special values (signed zero, subnormals, huge, NaN, infinities), integers in
     * [-9, 9], decimals in [-100, 100], and any finite double.
     */
    static Expr randomTree(SplittableRandom rng) {
        return tree(rng, rng.nextInt(6));
    }

    private static Expr tree(SplittableRandom rng, int depth) {
        if (depth == 0) {
            return rng.nextBoolean() ? new Var(VARIABLES[rng.nextInt(VARIABLES.length)]) : new Const(constant(rng));
        }
        switch (rng.nextInt(4)) {
            case 0:
                return tree(rng, depth - 1);
            case 1:
                return new Unary(UNARY[rng.nextInt(UNARY.length)], tree(rng, depth - 1));
            default:
                return new Binary(BINARY[rng.nextInt(BINARY.length)], tree(rng, depth - 1), tree(rng, depth - 1));
        }
    }

    private static double constant(SplittableRandom rng) {
        int kind = rng.nextInt(10);
        if (kind < 3) {
            return SPECIAL[rng.nextInt(SPECIAL.length)];
        }
        if (kind < 6) {
            return rng.nextInt(-9, 10);
        }
        if (kind < 9) {
            double v = rng.nextDouble(-100, 100);
            return rng.nextBoolean() ? Math.round(v * 100) / 100.0 : v;
        }
        double any;
        do {
            any = Double.longBitsToDouble(rng.nextLong());
        } while (!Double.isFinite(any));
        return any;
    }

    /** A point coordinate in [-4, 4], now and then exactly an edge, zero or one. */
    private static double coordinate(SplittableRandom rng) {
        if (rng.nextInt(8) == 0) {
            double[] edges = {-4, -1, 0, 1, 4};
            return edges[rng.nextInt(edges.length)];
        }
        return rng.nextDouble(-4, 4);
    }

    // ------------------------------------------------------------------ infix layout

    @Test
    void parenthesesFollowPrecedenceAndAssociativity() {
        Expr a = new Var("a");
        Expr b = new Var("b");
        Expr c = new Var("c");
        assertEquals("a - (b - c)", Printer.infix(sub(a, sub(b, c))));
        assertEquals("a - b - c", Printer.infix(sub(sub(a, b), c)));
        assertEquals("a + (b + c)", Printer.infix(add(a, add(b, c))));
        assertEquals("a/(b*c)", Printer.infix(div(a, mul(b, c))));
        assertEquals("a/b*c", Printer.infix(mul(div(a, b), c)));
        assertEquals("(a + b)^2", Printer.infix(pow(add(a, b), num(2))));
        assertEquals("(a^b)^c", Printer.infix(pow(pow(a, b), c)));
        assertEquals("a^b^c", Printer.infix(pow(a, pow(b, c))));
        assertEquals("a^(b*c)", Printer.infix(pow(a, mul(b, c))));
        assertEquals("-x^2", Printer.infix(neg(pow(X, num(2)))));
        assertEquals("(-x)^2", Printer.infix(pow(neg(X), num(2))));
        assertEquals("(-2)^x", Printer.infix(pow(num(-2), X)));
        assertEquals("x^(-2)", Printer.infix(pow(X, num(-2))));
        assertEquals("x + 3", Printer.infix(sub(X, num(-3))));
        assertEquals("x - 3", Printer.infix(add(X, num(-3))));
        assertEquals("x - y*z", Printer.infix(add(X, neg(mul(Y, Z)))));
        assertEquals("x + (y - z)", Printer.infix(sub(X, neg(sub(Y, Z)))));
        assertEquals("x*(-y)", Printer.infix(mul(X, neg(Y))));
        assertEquals("-x*y", Printer.infix(mul(neg(X), Y)));
        assertEquals("-(x*y)", Printer.infix(neg(mul(X, Y))));
        assertEquals("-(-x)", Printer.infix(neg(neg(X))));
        assertEquals("-(x + y)", Printer.infix(neg(add(X, Y))));
        assertEquals("-3*x", Printer.infix(mul(num(-3), X)));
        assertEquals("sin(x + 1)^2", Printer.infix(pow(apply(UnaryOp.SIN, add(X, num(1))), num(2))));
        assertEquals("exp(-0.5*x^2)", Printer.infix(apply(UnaryOp.EXP, mul(num(-0.5), pow(X, num(2))))));
        assertEquals("abs(x) + asin(y)", Printer.infix(add(apply(UnaryOp.ABS, X), apply(UnaryOp.ASIN, Y))));
    }

    @Test
    void constantsPrintShortestExactlyByDefault() {
        String[][] cases = {
            {"2", "2.0"}, {"-2", "-2.0"}, {"0.1", "0.1"}, {"0.3333333333333333", String.valueOf(1.0 / 3)},
            {"1e-10", "1e-10"}, {"1.5e-7", "1.5e-7"}, {"0.0001", "1e-4"}, {"1e-5", "0.00001"},
            {"123456789", "123456789"}, {"123456789012345", "123456789012345"}, {"1e15", "1e15"},
            {"1.2345e20", "1.2345e20"}, {"12345678.5", "12345678.5"}, {"pi", String.valueOf(Math.PI)},
            {"0", "0"}, {"-0", "-0.0"}, {"4.9e-324", "4.9e-324"}, {"1.7976931348623157e308", "1.7976931348623157e308"},
            {"NaN", "NaN"}, {"Infinity", "Infinity"}, {"-Infinity", "-Infinity"}};
        for (String[] c : cases) {
            double v = Double.parseDouble(c[1]);
            String text = Printer.infix(num(v));
            assertEquals(c[0], text, c[1]);
            assertEquals(Double.doubleToLongBits(v),
                    Double.doubleToLongBits(((Const) Parser.parse(text)).value()), "reads back " + text);
        }
    }

    /**
     * The constants the polisher and the curves snap to pi print as forms of pi, at any digits, and read back as the
     * same double; a constant merely near one stays a number.
     */
    @Test
    void constantsThatArePiFormsPrintAsThem() {
        Map<String, Double> cases = new java.util.LinkedHashMap<>();
        cases.put("2*pi", 2 * Math.PI);
        cases.put("12*pi", 12 * Math.PI);
        cases.put("pi/4", Math.PI / 4);
        cases.put("3/pi", 3 / Math.PI);
        cases.put("1/pi", 1 / Math.PI);
        cases.put("1/(4*pi)", 1 / (4 * Math.PI));
        cases.put("-1/(8*pi)", -1 / (8 * Math.PI));
        cases.put("-3*pi", -3 * Math.PI);
        for (Map.Entry<String, Double> c : cases.entrySet()) {
            double v = c.getValue();
            assertEquals(c.getKey(), Printer.infix(num(v)));
            assertEquals(c.getKey(), Printer.infix(num(v), 3));
            assertEquals(Double.doubleToLongBits(v), Double.doubleToLongBits(Evaluator.evaluate(Parser.parse(c.getKey()),
                    Map.of())), "reads back " + c.getKey());
        }
        assertEquals("2*pi*x", Printer.infix(mul(num(2 * Math.PI), X)));
        assertEquals("sin(x/(2*pi))", Printer.infix(apply(UnaryOp.SIN, div(X, num(2 * Math.PI)))));
        assertEquals("(2*pi)^x", Printer.infix(pow(num(2 * Math.PI), X)));
        assertEquals("x - 2*pi", Printer.infix(add(X, num(-2 * Math.PI))));
        assertEquals("\\frac{1}{4\\pi}", Printer.latex(num(1 / (4 * Math.PI))));
        assertEquals("2*pi*x", Printer.sympy(mul(num(2 * Math.PI), X), 6));
        // near a form of pi, or a form beyond 12: a number
        assertEquals("6.2832", Printer.infix(num(6.2832)));
        assertEquals("43.982297150257104", Printer.infix(num(14 * Math.PI)));
        assertEquals("6.283185307179585", Printer.infix(num(Math.nextDown(2 * Math.PI))));
    }

    @Test
    void digitsRoundConstants() {
        assertEquals("3.14", Printer.infix(num(3.14159265), 3));
        assertEquals("3.1416", Printer.infix(num(3.14159265), 5));
        assertEquals("2", Printer.infix(num(2.0), 3));
        assertEquals("2", Printer.infix(num(1.9999999), 4));
        assertEquals("1230", Printer.infix(num(1234.5678), 3));
        assertEquals("1.23e-5", Printer.infix(num(0.000012345), 3));
        assertEquals("-0.667", Printer.infix(num(-2.0 / 3), 3));
        assertEquals("1.8e20", Printer.infix(num(1.75e20), 2));
        assertEquals("10", Printer.infix(num(9.96), 2));
        assertEquals("1.7976931348623157e308", Printer.infix(num(Double.MAX_VALUE), 2), "must not round to infinity");
        assertEquals("2.72*x^0.5 - 1.41", Printer.infix(sub(mul(num(Math.E), pow(X, num(0.5))), num(Math.sqrt(2))), 3));
        assertEquals("x + 0.333", Printer.infix(sub(X, num(-1.0 / 3)), 3));
        assertThrows(IllegalArgumentException.class, () -> Printer.infix(X, 0));
        assertThrows(IllegalArgumentException.class, () -> Printer.sympy(X, -1));
        assertThrows(IllegalArgumentException.class, () -> Printer.infix(null));
    }

    // ------------------------------------------------------------------ SymPy, LaTeX, Java goldens

    @Test
    void sympyGoldens() {
        // the formula as mathematics: the absolute values that dysymnet's log, sqrt and fractional powers take, where
        // the argument may be negative, and none of the clamps, floors and guards
        assertEquals("log(Abs(x))", Printer.sympy(apply(UnaryOp.LOG, X), 6));
        assertEquals("log(Abs(x**3 + x**2 + x + 1))", Printer.sympy(Parser.parse("log(x^3 + x^2 + x + 1)"), 6));
        assertEquals("log(x**2 + 1)", Printer.sympy(Parser.parse("log(x^2 + 1)"), 6));
        assertEquals("log(exp(x) + 1)", Printer.sympy(apply(UnaryOp.LOG, add(apply(UnaryOp.EXP, X), num(1))), 6));
        assertEquals("exp(y)", Printer.sympy(Parser.parse("exp(y)"), 6));
        assertEquals("(k_G + m)*sin(x)/L", Printer.sympy(Parser.parse("(k_G + m)*sin(x)/L"), 6));
        assertEquals("sqrt(Abs(x - 1))", Printer.sympy(apply(UnaryOp.SQRT, sub(X, num(1))), 6));
        assertEquals("sqrt(x**2 + y**2)", Printer.sympy(apply(UnaryOp.SQRT, add(pow(X, num(2)), pow(Y, num(2)))), 6));
        assertEquals("Abs(x - y)**0.5", Printer.sympy(Parser.parse("(x - y)^0.5"), 6));
        assertEquals("Abs(x)**3 + asin(y) - acos(z)",
                Printer.sympy(sub(add(pow(apply(UnaryOp.ABS, X), num(3)), apply(UnaryOp.ASIN, Y)),
                        apply(UnaryOp.ACOS, Z)), 6));
        assertEquals("3.14*x**(-2)/(1 + y)", Printer.sympy(div(mul(num(3.14159265), pow(X, num(-2))), add(num(1), Y)), 3));
        assertEquals("-sinh(x)**2 + Piecewise(((-2)**y, Eq(y, floor(y))), (2**y, True))",
                Printer.sympy(add(neg(pow(apply(UnaryOp.SINH, X), num(2))), pow(num(-2), Y)), 6));
        assertEquals("Symbol('I')*Symbol('gamma') + E_n*lambd", Printer.sympy(add(mul(new Var("I"), new Var("gamma")),
                mul(new Var("E_n"), new Var("lambd"))), 6));
        assertEquals("x*1.5e-10 + nan - oo", Printer.sympy(sub(add(mul(X, num(1.5e-10)), num(Double.NaN)),
                num(Double.POSITIVE_INFINITY)), 6));
        assertEquals("tanh(x) - cos(y)*tan(z)", Printer.sympy(sub(apply(UnaryOp.TANH, X),
                mul(apply(UnaryOp.COS, Y), apply(UnaryOp.TAN, Z))), 6));
        assertEquals("0.1*x", Printer.sympy(mul(num(0.1), X)));
    }

    @Test
    void plainSympyOnRowsDropsAnAbsoluteValueWhoseArgumentKeepsOneSign() {
        // Nguyen-7's training rows: 20 points in [0, 2]
        double[] x = new double[20];
        for (int i = 0; i < x.length; i++) {
            x[i] = 2.0 * i / (x.length - 1);
        }
        List<String> names = List.of("x", "y");
        double[][] rows = {x, java.util.Arrays.stream(x).map(v -> v - 3.0).toArray()};
        Expr nguyen7 = Parser.parse("log(x^3 + x^2 + x + 1)");
        assertEquals("log(x**3 + x**2 + x + 1)", Printer.sympy(nguyen7, 6, names, rows));
        // y = x - 3 is negative on every row: |y| is -y; sqrt, a fractional power, abs and a power of a variable
        assertEquals("sqrt(-y)", Printer.sympy(apply(UnaryOp.SQRT, Y), 6, names, rows));
        assertEquals("x**0.5 + (-y)**1.5", Printer.sympy(Parser.parse("x^0.5 + y^1.5"), 6, names, rows));
        assertEquals("x - y", Printer.sympy(Parser.parse("abs(x) + abs(y)"), 6, names, rows));
        assertEquals("(x + 1)**y", Printer.sympy(Parser.parse("(x + 1)^y"), 6, names, rows));
        // a sign change on the rows (x - 1), or a value that is not finite (log(x) at 0), keeps the absolute value
        assertEquals("log(Abs(x - 1))", Printer.sympy(Parser.parse("log(x - 1)"), 6, names, rows));
        assertEquals("sqrt(Abs(log(x)))", Printer.sympy(Parser.parse("sqrt(log(x))"), 6, names, rows));
        assertEquals("Abs(x - 1)**0.5", Printer.sympy(Parser.parse("(x - 1)^0.5"), 6, names, rows));
        // without rows, and in the protected form, nothing changes
        assertEquals("log(Abs(x**3 + x**2 + x + 1))", Printer.sympy(nguyen7, 6));
        assertEquals("log(Max(Abs(x**3 + x**2 + x + 1), 1e-300))", Printer.sympyProtected(nguyen7, 6));
        assertThrows(IllegalArgumentException.class, () -> Printer.sympy(nguyen7, 6, names, new double[][] {x}));
    }

    @Test
    void sympyProtectedGoldens() {
        assertEquals("log(Max(Abs(x), 1e-300))", Printer.sympyProtected(apply(UnaryOp.LOG, X), 6));
        assertEquals("log(Max(Abs(x**3 + x**2 + x + 1), 1e-300))",
                Printer.sympyProtected(Parser.parse("log(x^3 + x^2 + x + 1)"), 6));
        assertEquals("log(exp(Min(x, 100)) + 1)",
                Printer.sympyProtected(apply(UnaryOp.LOG, add(apply(UnaryOp.EXP, X), num(1))), 6));
        assertEquals("(k_G + m)*sin(x)/Piecewise((1e-300, Eq(L, 0)), (L, True))",
                Printer.sympyProtected(Parser.parse("(k_G + m)*sin(x)/L"), 6));
        assertEquals("sqrt(Abs(x - 1))", Printer.sympyProtected(apply(UnaryOp.SQRT, sub(X, num(1))), 6));
        assertEquals("sqrt(x**2 + y**2)",
                Printer.sympyProtected(apply(UnaryOp.SQRT, add(pow(X, num(2)), pow(Y, num(2)))), 6));
        assertEquals("Abs(x)**3 + asin(Max(-1, Min(y, 1))) - acos(Max(-1, Min(z, 1)))",
                Printer.sympyProtected(sub(add(pow(apply(UnaryOp.ABS, X), num(3)), apply(UnaryOp.ASIN, Y)),
                        apply(UnaryOp.ACOS, Z)), 6));
        assertEquals("3.14*x**(-2)/Piecewise((1e-300, Eq(1 + y, 0)), (1 + y, True))",
                Printer.sympyProtected(div(mul(num(3.14159265), pow(X, num(-2))), add(num(1), Y)), 3));
        assertEquals("3.14*x**(-2)/(1 + y**2)", Printer.sympyProtected(div(mul(num(3.14159265), pow(X, num(-2))),
                add(num(1), pow(Y, num(2)))), 3));
        assertEquals("-sinh(Max(-100, Min(x, 100)))**2 + Piecewise(((-2)**y, Eq(y, floor(y))), (2**y, True))",
                Printer.sympyProtected(add(neg(pow(apply(UnaryOp.SINH, X), num(2))),
                pow(num(-2), Y)), 6));
        assertEquals("0.1*x", Printer.sympyProtected(mul(num(0.1), X)));
    }

    @Test
    void latexGoldens() {
        assertEquals("\\log\\left|x\\right|", Printer.latex(apply(UnaryOp.LOG, X), 4));
        assertEquals("\\log\\left(x^{2} + 1\\right)", Printer.latex(apply(UnaryOp.LOG, add(pow(X, num(2)), num(1))), 4));
        assertEquals("\\sqrt{\\left|x\\right|}", Printer.latex(apply(UnaryOp.SQRT, X), 4));
        assertEquals("\\sqrt{\\cosh\\left(x\\right)}", Printer.latex(apply(UnaryOp.SQRT, apply(UnaryOp.COSH, X)), 4));
        assertEquals("\\frac{\\sin\\left(x\\right)}{y + 1}", Printer.latex(div(apply(UnaryOp.SIN, X), add(Y, num(1))), 4));
        assertEquals("2.5 x^{2} \\cdot 3", Printer.latex(mul(mul(num(2.5), pow(X, num(2))), num(3)), 4));
        assertEquals("\\left(x + 1\\right)^{-2}", Printer.latex(pow(add(X, num(1)), num(-2)), 4));
        assertEquals("\\left(\\frac{x}{y}\\right)^{2}", Printer.latex(pow(div(X, Y), num(2)), 4));
        assertEquals("x - 3 \\left(-y\\right)", Printer.latex(add(X, neg(mul(num(3), neg(Y)))), 4));
        assertEquals("-\\left(x + y\\right) + \\left|z\\right|",
                Printer.latex(add(neg(add(X, Y)), apply(UnaryOp.ABS, Z)), 4));
        assertEquals("\\gamma E_{n} \\theta_{1} x_{1} \\mathrm{kb} \\rho_{c_{0}} \\lambda \\omega_{0} \\mathrm{Int}_{0}",
                Printer.latex(mul(mul(mul(mul(mul(mul(mul(mul(new Var("gamma"), new Var("E_n")), new Var("theta1")),
                        new Var("x1")), new Var("kb")), new Var("rho_c_0")), new Var("lambd")), new Var("omega_0")),
                        new Var("Int_0")), 4));
        assertEquals("1.5 \\cdot 10^{-10} x + 10^{20}", Printer.latex(add(mul(num(1.5e-10), X), num(1e20)), 4));
        assertEquals("\\arcsin\\left(x\\right) \\exp\\left(-x\\right)",
                Printer.latex(mul(apply(UnaryOp.ASIN, X), apply(UnaryOp.EXP, neg(X))), 4));
    }

    @Test
    void javaGoldens() {
        assertEquals("Math.log(Math.max(Math.abs(x), 1e-300))", Printer.java(apply(UnaryOp.LOG, X), 6));
        assertEquals("Math.log(x * x + 1.0)", Printer.java(apply(UnaryOp.LOG, add(pow(X, num(2)), num(1))), 6));
        assertEquals("Math.log(Math.max(Math.exp(Math.min(x, 100.0)), 1e-300))",
                Printer.java(apply(UnaryOp.LOG, apply(UnaryOp.EXP, X)), 6));
        assertEquals("Math.sqrt(Math.abs(x - 1.0))", Printer.java(apply(UnaryOp.SQRT, sub(X, num(1))), 6));
        assertEquals("Math.sqrt(x * x + 1.0)", Printer.java(apply(UnaryOp.SQRT, add(pow(X, num(2)), num(1))), 6));
        assertEquals("1.0 / 2.0 * (x * x * x)", Printer.java(mul(div(num(1), num(2)), pow(X, num(3))), 6));
        assertEquals("(x + y) * (x + y) - Math.pow(Math.abs(x), 0.333)",
                Printer.java(sub(pow(add(X, Y), num(2)), pow(X, num(1.0 / 3))), 3));
        assertEquals("-Math.sin(x) * (-y) + 2.5e-7", Printer.java(sub(mul(neg(apply(UnaryOp.SIN, X)), neg(Y)),
                num(-2.5e-7)), 6));
        assertEquals("Math.abs(x) / Double.POSITIVE_INFINITY", Printer.java(div(apply(UnaryOp.ABS, X),
                num(Double.POSITIVE_INFINITY)), 6));
        assertEquals("Math.pow(x == Math.rint(x) ? -2.0 : 2.0, x)", Printer.java(pow(num(-2), X), 6));
        assertEquals("x / (y == 0.0 ? 1e-300 : y) + Math.exp(-(x * x))",
                Printer.java(add(div(X, Y), apply(UnaryOp.EXP, neg(pow(X, num(2))))), 6));
    }

    @Test
    void nonNegativityIsProvenOnlyWhereItHolds() {
        Expr[] yes = {num(2), num(0), apply(UnaryOp.EXP, X), apply(UnaryOp.ABS, X), apply(UnaryOp.COSH, X),
            apply(UnaryOp.SQRT, X), pow(X, num(2)), pow(X, num(-4)), pow(X, num(0.5)), mul(X, X),
            add(pow(X, num(2)), num(1)), div(apply(UnaryOp.EXP, X), num(3)), apply(UnaryOp.TANH, apply(UnaryOp.ABS, X)),
            neg(num(-1)), pow(apply(UnaryOp.EXP, X), Y)};
        Expr[] no = {X, num(-1), num(Double.NaN), pow(X, num(3)), mul(X, Y), sub(pow(X, num(2)), num(1)),
            apply(UnaryOp.LOG, apply(UnaryOp.EXP, X)), apply(UnaryOp.SIN, X), apply(UnaryOp.TANH, X), pow(X, Y),
            neg(X), add(apply(UnaryOp.EXP, X), X)};
        for (Expr e : yes) {
            assertTrue(Printer.isNonNegative(e), Printer.infix(e));
        }
        for (Expr e : no) {
            assertFalse(Printer.isNonNegative(e), Printer.infix(e));
        }
    }

    // ------------------------------------------------------------------ helpers

    private static boolean same(double expected, double actual) {
        if (Double.isNaN(expected) || Double.isNaN(actual)) {
            return Double.isNaN(expected) && Double.isNaN(actual);
        }
        if (expected == actual) {
            return true; // also equal infinities
        }
        return Math.abs(expected - actual) <= 1e-12 * Math.max(Math.abs(expected), Math.abs(actual));
    }

    /** Point evaluation with the protected semantics of UnaryOp/BinaryOp. */
    private static double eval(Expr e, Map<String, Double> point) {
        if (e instanceof Const) {
            return ((Const) e).value();
        }
        if (e instanceof Var) {
            return point.get(((Var) e).name());
        }
        if (e instanceof Unary) {
            Unary u = (Unary) e;
            return u.op().apply(eval(u.arg(), point));
        }
        Binary b = (Binary) e;
        return b.op().apply(eval(b.left(), point), eval(b.right(), point));
    }
}
