package dysymnet.expr;

import static dysymnet.expr.ExprTestSupport.c;
import static dysymnet.expr.ExprTestSupport.show;
import static dysymnet.expr.ExprTestSupport.x;
import static dysymnet.expr.ExprTestSupport.y;
import static dysymnet.expr.Simplifier.simplify;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SimplifierTest {

    @Test
    void aSimplificationGivesUpOnceStopped() {
        // 2^30 copies of sin(x) + cos(y) as a tree: simplifying it whole would take hours
        Expr e = Expr.add(Expr.apply(UnaryOp.SIN, x()), Expr.apply(UnaryOp.COS, y()));
        for (int i = 0; i < 30; i++) {
            e = Expr.add(Expr.mul(c(0.5), e), Expr.mul(c(0.5), e));
        }
        Expr huge = e;
        long deadline = System.nanoTime() + 200_000_000L;
        Expr out = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> Simplifier.simplify(huge, () -> System.nanoTime() >= deadline));
        assertNull(out);
    }

    @Test
    void aStopNeverAskedForChangesNothing() {
        Gen.seeds(100).forEach(seed -> {
            Expr e = ExprTestSupport.random(Gen.rng(seed), 5);
            Gen.check(seed, show(e), () -> assertEquals(simplify(e), Simplifier.simplify(e, () -> false)));
        });
    }

    private static Expr add(Expr a, Expr b) {
        return Expr.add(a, b);
    }

    private static Expr sub(Expr a, Expr b) {
        return Expr.sub(a, b);
    }

    private static Expr mul(Expr a, Expr b) {
        return Expr.mul(a, b);
    }

    private static Expr div(Expr a, Expr b) {
        return Expr.div(a, b);
    }

    private static Expr pow(Expr a, Expr b) {
        return Expr.pow(a, b);
    }

    private static Expr neg(Expr a) {
        return Expr.apply(UnaryOp.NEG, a);
    }

    private static Expr sin(Expr a) {
        return Expr.apply(UnaryOp.SIN, a);
    }

    private static void assertSimplifies(Expr expected, Expr input) {
        Expr got = simplify(input);
        assertEquals(expected, got, () -> show(input) + " simplified to " + show(got) + ", expected " + show(expected));
    }

    @Test
    void takesNegativeCoefficientsOutOfEvenAndOddFunctions() {
        assertEquals(Parser.parse("cos(2*x)"), simplify(Parser.parse("cos(-2*x)")));
        assertEquals(Parser.parse("log(x)"), simplify(Parser.parse("log(-x)")));
        assertEquals(simplify(Parser.parse("-sin(x^2)")), simplify(Parser.parse("sin(-x^2)")));
        assertEquals(simplify(Parser.parse("sin(x^2)*cos(x) - 0.75")),
                simplify(Parser.parse("-0.75 - cos(-1*x)*sin(-1*x^2)")));
        // a sum is left as it is, and exp is neither even nor odd
        Expr sumArgument = simplify(Parser.parse("sin(-x - 1)"));
        assertTrue(sumArgument instanceof Unary && ((Unary) sumArgument).op() == UnaryOp.SIN, show(sumArgument));
        assertEquals(Parser.parse("exp(-x)"), simplify(Parser.parse("exp(-x)")));
    }

    @Test
    void writesExpOfLogAsAPowerAndTakesConstantsOutOfRoots() {
        assertEquals(simplify(Parser.parse("x^0.5")), simplify(Parser.parse("exp(0.5*log(x))")));
        assertEquals(simplify(Parser.parse("x^2")), simplify(Parser.parse("exp(2*log(x))")));
        assertEquals(simplify(Parser.parse("abs(x)^3")), simplify(Parser.parse("exp(3*log(x))")));
        assertEquals(simplify(Parser.parse("2*x^0.5")), simplify(Parser.parse("(4*x)^0.5")));
        assertEquals(simplify(Parser.parse("2*x^0.5")), simplify(Parser.parse("(-4*x)^0.5")));
        // the read-off of a network that computes sqrt(x) through exp and log: one constant left, next to x^0.5
        Expr e = simplify(Parser.parse("1.68*exp(0.5*log(0.3542*x))"));
        assertEquals(5, e.complexity(), show(e));
        assertEquals(1.68 * Math.sqrt(0.3542) * Math.sqrt(2.5), Evaluator.evaluate(e, Map.of("x", 2.5)), 1e-12);
        // negative or large exponents stay as they are (exp's clamp would differ from the power)
        assertEquals(Parser.parse("exp(-0.5*log(x))"), simplify(Parser.parse("exp(-0.5*log(x))")));
        assertEquals(Parser.parse("exp(5*log(x))"), simplify(Parser.parse("exp(5*log(x))")));
    }

    static LongStream seeds() {
        return Gen.seeds(300);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void simplificationKeepsTheValue(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        Expr e = ExprTestSupport.random(rng, 5);
        Gen.check(seed, show(e), () -> {
            Expr s = simplify(e);
            for (int k = 0; k < 8; k++) {
                Map<String, Double> p = Map.of("x", rng.nextDouble(-3, 3), "y", rng.nextDouble(-3, 3));
                ExprTestSupport.Bounded o = ExprTestSupport.bounded(e, p);
                ExprTestSupport.Bounded v = ExprTestSupport.bounded(s, p);
                if (!Double.isFinite(o.value()) || Math.abs(o.value()) > 1e12 || !(o.error() < 1e-3)
                        || !(v.error() < 1e-3)) {
                    continue;
                }
                double tol = 1e-9 * Math.abs(o.value()) + 1e-12 + 16 * (o.error() + v.error());
                double diff = Math.abs(v.value() - o.value());
                assertTrue(diff <= tol, () -> "at " + p + ": " + o.value() + " but simplified " + show(s) + " = "
                        + v.value() + " (tolerance " + tol + ")");
            }
        });
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void simplificationIsIdempotent(long seed) {
        Expr e = ExprTestSupport.random(Gen.rng(seed), 5);
        Gen.check(seed, show(e), () -> {
            Expr once = simplify(e);
            Expr twice = simplify(once);
            assertEquals(once, twice, () -> show(once) + " -> " + show(twice));
        });
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void complexityDoesNotGrow(long seed) {
        Expr e = ExprTestSupport.random(Gen.rng(seed), 5);
        Gen.check(seed, show(e), () -> {
            Expr s = simplify(e);
            assertTrue(s.complexity() <= e.complexity(),
                    () -> e.complexity() + " -> " + show(s) + " (" + s.complexity() + ")");
        });
    }

    @Test
    void likeFactorsMerge() {
        assertSimplifies(pow(x(), c(2)), mul(x(), x()));
        assertSimplifies(pow(x(), c(3)), mul(pow(x(), c(2)), x()));
        assertSimplifies(pow(x(), c(5)), mul(pow(x(), c(2)), pow(x(), c(3))));
    }

    @Test
    void likeTermsMerge() {
        assertSimplifies(mul(c(5), x()), add(mul(c(2), x()), mul(c(3), x())));
        assertSimplifies(mul(c(2), x()), add(x(), x()));
        assertSimplifies(neg(x()), sub(x(), mul(c(2), x())));
    }

    @Test
    void identities() {
        assertSimplifies(x(), mul(x(), c(1)));
        assertSimplifies(x(), mul(c(1), x()));
        assertSimplifies(x(), add(x(), c(0)));
        assertSimplifies(c(0), mul(x(), c(0)));
        assertSimplifies(c(0), sub(x(), x()));
        assertSimplifies(c(1), div(x(), x()));
        assertSimplifies(x(), pow(x(), c(1)));
        assertSimplifies(c(1), pow(x(), c(0)));
        assertSimplifies(x(), neg(neg(x())));
        assertSimplifies(x(), sub(add(x(), y()), y()));
    }

    @Test
    void nestedConstantsFold() {
        // ((2 + 3) * x) * (4 / 2) -> 10*x
        assertSimplifies(mul(c(10), x()), mul(mul(add(c(2), c(3)), x()), div(c(4), c(2))));
        assertSimplifies(c(Math.sin(2.0) + 1.0), add(sin(c(2)), c(1)));
        // 0.5*(1.2*x + 0*y) + 0.25*(4*x): the shape of a network read-off
        Expr readOff = add(mul(c(0.5), add(mul(c(1.2), x()), mul(c(0), y()))), mul(c(0.25), mul(c(4), x())));
        assertSimplifies(mul(c(0.5 * 1.2 + 1.0), x()), readOff);
        assertSimplifies(add(mul(c(0.6), x()), c(1.5)), mul(c(0.5), add(mul(c(1.2), x()), c(3))));
    }

    @Test
    void divisionByConstantBecomesMultiplication() {
        assertSimplifies(mul(c(0.25), x()), div(x(), c(4)));
        assertSimplifies(div(x(), y()), mul(x(), pow(y(), c(-1))));
        assertSimplifies(div(c(2), x()), div(c(2), x()));
        assertSimplifies(div(x(), mul(y(), sin(x()))), div(div(x(), y()), sin(x())));
    }

    @Test
    void printsBackNaturally() {
        // x + (-2)*y -> x - 2*y ; a + (-c)*b -> a - c*b
        assertSimplifies(sub(x(), mul(c(2), y())), add(x(), mul(c(-2), y())));
        assertSimplifies(sub(y(), x()), sub(y(), x()));
        assertSimplifies(sub(c(1), x()), add(neg(x()), c(1)));
        assertSimplifies(sub(x(), c(2)), add(x(), c(-2)));
        // polynomial terms by degree
        Expr poly = add(add(mul(c(1.78), x()), mul(c(3.39), pow(x(), c(3)))), mul(c(2.12), pow(x(), c(2))));
        assertSimplifies(add(add(mul(c(3.39), pow(x(), c(3))), mul(c(2.12), pow(x(), c(2)))), mul(c(1.78), x())),
                poly);
    }

    @Test
    void orderDoesNotMatter() {
        assertEquals(simplify(add(x(), y())), simplify(add(y(), x())));
        assertEquals(add(x(), y()), simplify(add(y(), x())));
        assertEquals(simplify(mul(mul(x(), c(2)), y())), simplify(mul(mul(y(), x()), c(2))));
        assertEquals(mul(mul(c(2), x()), y()), simplify(mul(mul(y(), x()), c(2))));
        assertEquals(simplify(add(sin(x()), mul(x(), y()))), simplify(add(mul(y(), x()), sin(x()))));
    }

    @Test
    void fractionalPowersAreNotMerged() {
        Expr half = pow(x(), c(0.5));
        Expr s = simplify(mul(half, half));
        // x^0.5 * x^0.5 is |x| under the protected power, not x
        assertEquals(pow(half, c(2)), s);
        assertEquals(3.0, Evaluator.evaluate(s, Map.of("x", -3.0)), 1e-12);
    }

    @Test
    void powersOfProductsAndQuotients() {
        assertSimplifies(pow(mul(x(), y()), c(-4)), pow(pow(mul(x(), y()), c(-1)), c(4)));
        assertSimplifies(pow(div(x(), y()), c(2)), div(pow(x(), c(2)), pow(y(), c(2))));
        assertSimplifies(pow(mul(x(), y()), c(2)), mul(pow(y(), c(2)), pow(x(), c(2))));
        assertSimplifies(div(c(3), pow(x(), c(2))), mul(x(), div(c(3), pow(x(), c(3)))));
        assertSimplifies(pow(x(), c(-2)), div(x(), pow(x(), c(3))));
    }

    @Test
    void integerExponentsStayIntegers() {
        Expr s = simplify(mul(c(3), pow(mul(c(2), x()), c(2))));
        assertSimplifies(mul(c(12), pow(x(), c(2))), mul(c(3), pow(mul(c(2), x()), c(2))));
        assertEquals(1, Constants.count(s));
    }

    @Test
    void complexityDecreasesOrStays() {
        Expr[] inputs = {
            mul(x(), x()), add(x(), x()), sub(y(), x()), neg(x()), div(x(), c(2)), mul(c(2), add(x(), y())),
            pow(mul(x(), y()), c(2)), pow(x(), c(-2)), div(x(), pow(x(), c(3))), add(mul(c(0.5), add(x(), y())), x()),
        };
        for (Expr e : inputs) {
            Expr s = simplify(e);
            assertTrue(s.complexity() <= e.complexity(), () -> show(e) + " -> " + show(s));
        }
        assertTrue(simplify(mul(mul(x(), x()), x())).complexity() < 5);
    }
}
