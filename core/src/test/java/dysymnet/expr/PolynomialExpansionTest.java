package dysymnet.expr;

import static dysymnet.expr.ExprTestSupport.show;
import static dysymnet.expr.Simplifier.simplify;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Expansion of polynomial sub-expressions by the simplifier. */
class PolynomialExpansionTest {

    private static Expr p(String text) {
        return Parser.parse(text);
    }

    private static void assertSimplifies(String expected, String input) {
        Expr e = p(input);
        Expr got = simplify(e);
        Expr want = simplify(p(expected));
        assertEquals(want, got, () -> input + " simplified to " + Printer.infix(got) + ", expected " + expected);
    }

    /** The terms of a sum (left-associated chain of + and -), each without its sign. */
    private static List<Expr> terms(Expr e) {
        List<Expr> out = new ArrayList<>();
        while (e instanceof Binary && (((Binary) e).op() == BinaryOp.ADD || ((Binary) e).op() == BinaryOp.SUB)) {
            out.add(0, ((Binary) e).right());
            e = ((Binary) e).left();
        }
        out.add(0, e);
        return out;
    }

    private static void assertSameFunction(Expr a, Expr b, double... xs) {
        for (double x : xs) {
            double va = Evaluator.evaluate(a, Map.of("x", x));
            double vb = Evaluator.evaluate(b, Map.of("x", x));
            assertEquals(va, vb, 1e-9 * Math.max(1.0, Math.abs(va)), "at x = " + x);
        }
    }

    @Test
    void aProductOfSumsHugeAsATreeIsLeftAsItIsAtOnce() {
        // a sum that is 2^40 terms as a tree (shared sub-trees, as in a network's read-off) times a small sum: far
        // above the expansion's size bound, so it must be given back without being looked at as a whole
        Expr sum = p("x + y");
        for (int i = 0; i < 40; i++) {
            sum = Expr.add(sum, sum);
        }
        Expr product = Expr.mul(sum, p("x + 1"));
        Expr out = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> PolynomialExpansion.expand(product, true));
        assertSame(product, out);
    }

    @Test
    void aProductOfManySumsIsNotExpandedBeyondTheTermBound() {
        // (x1 + 1)(x2 + 1)...(x12 + 1) has 4096 monomials, far above the bound: it stays as it is
        StringBuilder b = new StringBuilder("(x1 + 1)");
        for (int k = 2; k <= 12; k++) {
            b.append("*(x").append(k).append(" + 1)");
        }
        Expr e = p(b.toString());
        Expr s = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> simplify(e));
        assertEquals(e.complexity(), s.complexity(), () -> Printer.infix(s));
    }

    @Test
    void networkReadOffCollapsesToACubic() {
        // The shape of a formula read off a network for x^3 + x^2 + x; the constants are chosen so that the x^4
        // coefficient cancels exactly (0.25 * 2^2 - 1 = 0) as it does, up to noise, in the trained network.
        Expr e = p("(0.74051*x^2 + 0.18018*(0.45512*x + 1.8158)^2)*(0.25*(2*x + 1.4806)^2 - x^2) - 0.471");
        Expr s = simplify(e);
        assertEquals(4, terms(s).size(), () -> Printer.infix(s));
        assertTrue(s.complexity() <= 19, () -> Printer.infix(s) + " has complexity " + s.complexity());
        assertSameFunction(e, s, -3, -1.5, -0.2, 0, 0.7, 2, 5);
        // the coefficients, by hand: a = 0.74051 + 0.18018*0.45512^2, b = 2*0.18018*0.45512*1.8158,
        // d = 0.18018*1.8158^2; second factor = 1.4806*x + 0.25*1.4806^2
        double a = 0.74051 + 0.18018 * 0.45512 * 0.45512;
        double b = 2 * 0.18018 * 0.45512 * 1.8158;
        double d = 0.18018 * 1.8158 * 1.8158;
        double f = 1.4806;
        double g = 0.25 * 1.4806 * 1.4806;
        Expr expected = p(a * f + "*x^3 + " + (a * g + b * f) + "*x^2 + " + (b * g + d * f) + "*x + " + (d * g - 0.471));
        assertSameFunction(expected, s, -3, -1, 0, 1, 3);
    }

    @Test
    void networkReadOffWithNoiseKeepsItsSmallQuarticTerm() {
        // With the literal constants the x^4 coefficient is about -1.3e-5, not zero: the simplifier never drops it
        // (that would change the function), but the result is still the expanded quartic, much smaller than the input.
        Expr e = p("(0.74051*x^2 + 0.18018*(0.45512*x + 1.8158)^2)*(0.36195*(1.1995*x + 1.4806)^2 - 0.52079*x^2)"
                + " - 0.471");
        Expr s = simplify(e);
        assertEquals(5, terms(s).size(), () -> Printer.infix(s));
        assertEquals(23, s.complexity(), () -> Printer.infix(s));
        assertSameFunction(e, s, -3, -1.5, -0.2, 0, 0.7, 2, 5);
    }

    @Test
    void productsOfSumsExpandWhenNotLarger() {
        assertSimplifies("x^2 - y^2", "(x+y)*(x-y)");
        assertSimplifies("2*x", "(x+1)^2 - x^2 - 1");
        assertSimplifies("sin(x)", "sin(x)*(sin(x)+1) - sin(x)^2");
        assertSimplifies("x^3 + x^2 + x", "x*(x*(x+1)+1)");
        assertSimplifies("exp(x)", "exp(x)*(x+1) - x*exp(x)");
        assertSimplifies("x*y + y + 1", "(x+1)*(y+1) - x");
        assertEquals(p("x^2 - y^2"), simplify(p("(x+y)*(x-y)")));
        assertEquals(p("2*x"), simplify(p("(x+1)^2 - x^2 - 1")));
    }

    @Test
    void argumentsOfFunctionsAreExpanded() {
        assertEquals(p("sin(2*x + 1)"), simplify(p("sin((x+1)^2 - x^2)")));
        assertSimplifies("exp(x*y) + 1", "exp((x+y)^2 - x^2 - y^2 - x*y) + 1");
    }

    @Test
    void expansionThatWouldGrowIsNotDone() {
        assertEquals(p("(x + y + z)^6"), simplify(p("(x+y+z)^6")));
        assertEquals(p("(x + 1)^2"), simplify(p("(x+1)^2")));
        assertEquals(p("(x + 1)*(x + 2)"), simplify(p("(x+1)*(x+2)")));
        assertEquals(p("(1.2*x + 0.3)^3"), simplify(p("(1.2*x+0.3)^3")));
        // above the power bound nothing is expanded, even where it would cancel
        Expr big = simplify(p("(x+1)^9 - x^9"));
        assertTrue(big.complexity() <= 9, () -> Printer.infix(big));
    }

    @Test
    void onlyTheTermsThatCancelAreExpanded() {
        // (x+y+z)^6 stays factored while the other two products cancel to 2*x*y
        Expr s = simplify(p("(x+y+z)^6 + (x+y)^2 - x^2 - y^2"));
        assertEquals(p("(x + y + z)^6 + 2*x*y"), s, () -> Printer.infix(s));
    }

    @Test
    void hugeTreesAreStillSimplified() {
        // 2^10 leaves: expansion is skipped above the node bound, the rest still runs
        Expr e = p("x + 1");
        for (int k = 0; k < 10; k++) {
            e = Expr.mul(e, Expr.add(e, Expr.num(k)));
        }
        Expr big = e;
        Expr s = simplify(big);
        // still simplified (the "+ 0" of the first factor goes, at least), and still the same function
        assertTrue(s.complexity() < big.complexity(), () -> big.complexity() + " -> " + s.complexity());
        for (double x : new double[] {-1.3, -0.2, 0.01, 0.3}) {
            double want = Evaluator.evaluate(big, Map.of("x", x));
            double got = Evaluator.evaluate(s, Map.of("x", x));
            assertEquals(want, got, 1e-9 * Math.abs(want), "at x = " + x);
        }
    }

    // ------------------------------------------------------------------------ properties on polynomial trees

    /** A random tree made mostly of sums, products and small powers of sums, sometimes with sin(x) as an atom. */
    static Expr randomPolynomial(RandomGenerator rng, int depth) {
        if (depth == 0 || rng.nextDouble() < 0.2) {
            double r = rng.nextDouble();
            if (r < 0.35) {
                return Expr.var("x");
            }
            if (r < 0.6) {
                return Expr.var("y");
            }
            if (r < 0.7) {
                return Expr.apply(UnaryOp.SIN, Expr.var("x"));
            }
            if (r < 0.85) {
                return Expr.num(rng.nextInt(-3, 4));
            }
            return Expr.num(Math.round(rng.nextDouble(-3, 3) * 10000) / 10000.0);
        }
        double r = rng.nextDouble();
        if (r < 0.35) {
            return Expr.mul(randomPolynomial(rng, depth - 1), randomPolynomial(rng, depth - 1));
        }
        if (r < 0.6) {
            return Expr.add(randomPolynomial(rng, depth - 1), randomPolynomial(rng, depth - 1));
        }
        if (r < 0.75) {
            return Expr.sub(randomPolynomial(rng, depth - 1), randomPolynomial(rng, depth - 1));
        }
        if (r < 0.9) {
            return Expr.pow(randomPolynomial(rng, depth - 1), Expr.num(rng.nextInt(0, 5)));
        }
        if (r < 0.95) {
            return Expr.apply(UnaryOp.NEG, randomPolynomial(rng, depth - 1));
        }
        return Expr.apply(UnaryOp.SIN, randomPolynomial(rng, depth - 1));
    }

    static LongStream seeds() {
        return Gen.seeds(200);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void expansionKeepsTheValue(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        Expr e = randomPolynomial(rng, 4);
        Gen.check(seed, show(e), () -> {
            Expr s = simplify(e);
            for (int k = 0; k < 8; k++) {
                Map<String, Double> pt = Map.of("x", rng.nextDouble(-3, 3), "y", rng.nextDouble(-3, 3));
                ExprTestSupport.Bounded o = ExprTestSupport.bounded(e, pt);
                ExprTestSupport.Bounded v = ExprTestSupport.bounded(s, pt);
                if (!Double.isFinite(o.value()) || Math.abs(o.value()) > 1e12 || !(o.error() < 1e-3)
                        || !(v.error() < 1e-3)) {
                    continue;
                }
                double tol = 1e-9 * Math.abs(o.value()) + 1e-12 + 16 * (o.error() + v.error());
                double diff = Math.abs(v.value() - o.value());
                assertTrue(diff <= tol, () -> "at " + pt + ": " + o.value() + " but simplified " + show(s) + " = "
                        + v.value() + " (tolerance " + tol + ")");
            }
        });
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void expansionIsIdempotentAndDoesNotGrow(long seed) {
        Expr e = randomPolynomial(Gen.rng(seed), 4);
        Gen.check(seed, show(e), () -> {
            Expr once = simplify(e);
            Expr twice = simplify(once);
            assertEquals(once, twice, () -> show(once) + " -> " + show(twice));
            assertTrue(once.complexity() <= e.complexity(),
                    () -> e.complexity() + " -> " + show(once) + " (" + once.complexity() + ")");
        });
    }
}
