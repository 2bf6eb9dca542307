package dysymnet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.testing.Gen;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SymbolicCheckTest {
    private static final List<String> X = List.of("x");
    private static final List<String> XY = List.of("x", "y");

    private static SymbolicCheck.Verdict check(String model, String truth, List<String> vars, double lo, double hi) {
        double[] low = new double[vars.size()];
        double[] high = new double[vars.size()];
        java.util.Arrays.fill(low, lo);
        java.util.Arrays.fill(high, hi);
        return SymbolicCheck.check(Parser.parse(model), Parser.parse(truth), vars, low, high,
                new SplittableRandom(7));
    }

    private static void yes(String model, String truth, List<String> vars, double lo, double hi) {
        SymbolicCheck.Verdict v = check(model, truth, vars, lo, hi);
        assertTrue(v.symbolic(), model + " vs " + truth + ": " + v);
    }

    private static void no(String model, String truth, List<String> vars, double lo, double hi) {
        SymbolicCheck.Verdict v = check(model, truth, vars, lo, hi);
        assertFalse(v.symbolic(), model + " vs " + truth + ": " + v);
    }

    @Test
    void identicalUpToAlgebraIsDecidedByTheSimplifier() {
        assertEquals("algebra:difference", check("x+x", "2*x", X, -1, 1).how());
        assertEquals("algebra:difference", check("2*x + 3.5 + x*y", "y*x + 3*x - x", XY, -1, 1).how());
        assertEquals("algebra:ratio", check("6*x*y", "x*y", XY, -1, 1).how());
    }

    @Test
    void trigonometricIdentityIsFoundNumerically() {
        SymbolicCheck.Verdict v = check("sin(x)^2", "1 - cos(x)^2", X, -1, 1);
        assertTrue(v.symbolic(), v.toString());
        assertTrue(v.how().startsWith("numeric:"), v.toString());
        yes("2*sin(x)*cos(x)", "sin(2*x)", X, -3, 3);
        yes("log(x) + log(x+1)", "log(x^2 + x)", X, 1, 2);
        yes("exp(x)*exp(y)", "exp(x+y)", XY, -1, 1);
    }

    @Test
    void scaledAndShiftedCopiesAreSolutions() {
        String truth = "sin(x^2)*cos(x) - 0.75";
        yes("3.7*(sin(x^2)*cos(x) - 0.75)", truth, X, -1, 1);
        yes("sin(x^2)*cos(x) + 12.25", truth, X, -1, 1);
        yes("-0.5*sin(x^2)*cos(x) + 0.375", truth, X, -1, 1);
        // constants equal up to rounding in the last digits still count
        yes("2.0000000000001*x^3 + x", "2*x^3 + x", X, -1, 1);
    }

    @Test
    void taylorPolynomialAccurateOnTheDomainIsNotASolution() {
        String taylor = "x - x^3/6 + x^5/120 - x^7/5040";
        // the approximation is good to about 3e-6 on the domain, so R^2 would be essentially 1
        double[] xs = new double[201];
        double worst = 0;
        for (int i = 0; i < xs.length; i++) {
            double x = -1 + i / 100.0;
            double t = x - x * x * x / 6 + Math.pow(x, 5) / 120 - Math.pow(x, 7) / 5040;
            worst = Math.max(worst, Math.abs(t - Math.sin(x)));
        }
        assertTrue(worst < 1e-4, "the fixture is not the accurate approximation it should be: " + worst);
        no(taylor, "sin(x)", X, -1, 1);
    }

    @Test
    void wrongConstantIsNotASolution() {
        no("x^2 + 1.001*x", "x^2 + x", X, -1, 1);
        no("exp(1.001*x)", "exp(x)", X, -1, 1);
        no("x^0.4261", "x^0.426", X, 0, 2);
        no("sin(1.5*x)*cos(0.5001*y)", "sin(1.5*x)*cos(0.5*y)", XY, 0, 1);
        // off by one part in a million: close enough for any R^2 threshold, still not the formula
        no("1.000001*x^2 + x", "x^2 + x", X, -1, 1);
    }

    @Test
    void theDeviationTellsHowCloseANoWasAndALooserToleranceTurnsItIntoAYes() {
        Expr model = Parser.parse("x^3 + x^2 + 1.00000001*x");
        Expr truth = Parser.parse("x^3 + x^2 + x");
        double[] lo = {-1};
        double[] hi = {1};
        SymbolicCheck.Verdict strict = SymbolicCheck.check(model, truth, X, lo, hi, new SplittableRandom(3));
        assertFalse(strict.symbolic());
        assertTrue(strict.deviation() > 1e-9 && strict.deviation() < 1e-7, strict.toString());
        SymbolicCheck.Verdict loose = SymbolicCheck.check(model, truth, X, lo, hi, 1e-6, new SplittableRandom(3));
        assertTrue(loose.symbolic(), loose.toString());
        assertEquals(strict.deviation(), loose.deviation());
        assertEquals(0.0, check("x+x", "2*x", X, -1, 1).deviation());
    }

    @Test
    void otherNonSolutions() {
        no("0", "x", X, -1, 1);
        no("1e-12*x", "x", X, -1, 1);
        no("abs(x)", "x", X, 0, 1);           // equal on the domain, not on the widened domain
        no("x^2", "x", X, -1, 1);
        no("z", "x", X, -1, 1);                // a variable the problem does not have
    }

    @Test
    void theTruthIsComparedOnlyWhereItIsReal() {
        // sqrt is real for x >= 0 only; the widened domain [-2, 6] has negative x, where the protected model
        // (sqrt|x|) would differ from a model written with abs: both are compared only on x >= 0
        yes("sqrt(1.23*x)", "sqrt(1.23*x)", X, 0, 4);
        yes("1.1090536506409416*sqrt(abs(x))", "sqrt(1.23*x)", X, 0, 4);
    }

    @Test
    void undecidedWhenTheTruthIsNowhereReal() {
        SymbolicCheck.Verdict v = check("x", "log(-1 - x^2)", X, -1, 1);
        assertFalse(v.symbolic());
        assertEquals("no:undecided", v.how());
    }

    @Test
    void badArgumentsAreRejected() {
        Expr x = Parser.parse("x");
        assertThrows(IllegalArgumentException.class, () -> SymbolicCheck.check(x, x, X, new double[] {1},
                new double[] {0}, new SplittableRandom(1)));
        assertThrows(IllegalArgumentException.class, () -> SymbolicCheck.check(x, x, X, new double[] {0},
                new double[] {1}, 0.0, new SplittableRandom(1)));
        assertThrows(IllegalArgumentException.class, () -> SymbolicCheck.check(x, x, XY, new double[] {0},
                new double[] {1}, new SplittableRandom(1)));
    }

    static LongStream seeds() {
        return Gen.seeds(60);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void affineCopiesAreSolutionsAndPerturbedOnesAreNot(long seed) {
        SplittableRandom rng = Gen.rng(seed);
        double k = rng.nextDouble(0.1, 10);
        double c = rng.nextDouble(-10, 10);
        int digits = rng.nextInt(2, 7);
        Gen.check(seed, "k = " + k + ", c = " + c + ", digits = " + digits, () -> {
            double eps = Math.pow(10, -digits);
            String truth = "(x+1)^3/(x^2-x+1)";
            yes(k + "*" + "(" + truth + ")", truth, X, -1, 1);
            yes("(" + truth + ") + " + c, truth, X, -1, 1);
            no(k + "*(" + truth + ") + " + eps + "*x^2", truth, X, -1, 1);
            no("(" + truth + ")*(1 + " + eps + "*sin(x))", truth, X, -1, 1);
        });
    }
}
