package dysymnet.terms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.expr.Simplifier;
import dysymnet.gp.Primitives;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import dysymnet.testing.Gen;
import dysymnet.units.Dimension;
import dysymnet.units.Units;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class TermRegressionTest {

    static LongStream seeds() {
        return Gen.seeds(25);
    }

    /** Data of the formula on random points of the box [lo, hi]^d. */
    static Dataset data(String formula, List<String> vars, int n, double lo, double hi, long seed) {
        Expr truth = Parser.parse(formula);
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[vars.size()][n];
        for (double[] c : x) {
            for (int i = 0; i < n; i++) {
                c[i] = r.nextDouble(lo, hi);
            }
        }
        double[] y = Evaluator.evaluate(truth, vars, x);
        return new Dataset(vars, x, y);
    }

    static TermRegression stage(Dataset d, List<Operator> ops) {
        return new TermRegression(d, Primitives.of(ops, d.names()), TermSettings.defaults());
    }

    static List<Operator> withDivision() {
        List<Operator> ops = new ArrayList<>(SearchSpace.PAPER_OPERATORS);
        ops.add(Operator.DIV);
        return ops;
    }

    /** The normalised MSE of a formula on the data. */
    static double nmse(Expr e, Dataset d) {
        double[] p = Evaluator.evaluate(e, d);
        double[] y = d.y();
        double mean = 0;
        for (double v : y) {
            mean += v / y.length;
        }
        double res = 0;
        double ss = 0;
        for (int i = 0; i < y.length; i++) {
            res += (p[i] - y[i]) * (p[i] - y[i]);
            ss += (y[i] - mean) * (y[i] - mean);
        }
        return res / ss;
    }

    /** The smallest formula of the list that fits the data up to round-off; null when none does. */
    static Expr smallestExact(List<Expr> formulas, Dataset d) {
        Expr best = null;
        for (Expr e : formulas) {
            if (nmse(e, d) < 1e-18 && (best == null || e.complexity() < best.complexity())) {
                best = e;
            }
        }
        return best;
    }

    /** A random sparse polynomial in x: 1-5 terms of degree 0-7, small integer or one-decimal coefficients. */
    static String randomPolynomial(SplittableRandom r) {
        int terms = 1 + r.nextInt(5);
        Set<Integer> degrees = new LinkedHashSet<>();
        while (degrees.size() < terms) {
            degrees.add(r.nextInt(8));
        }
        StringBuilder s = new StringBuilder();
        for (int deg : degrees) {
            double c = r.nextBoolean() ? 1 + r.nextInt(5) : Math.round(r.nextDouble(-3, 3) * 10) / 10.0;
            if (c == 0) {
                c = 2;
            }
            s.append(s.length() == 0 ? "" : " + ").append('(').append(c).append(")*x^").append(deg);
        }
        return s.toString();
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void everySparsePolynomialOfDegreeUpToSevenComesBackExactWithItsConstants(long seed) {
        SplittableRandom r = Gen.rng(seed);
        String poly = randomPolynomial(r);
        Dataset d = data(poly, List.of("x"), 30, -2, 2, seed);
        Expr truth = Simplifier.simplify(Parser.parse(poly));
        Gen.check(seed, poly, () -> {
            Expr found = smallestExact(stage(d, SearchSpace.PAPER_OPERATORS).run(List.of(), () -> false), d);
            assertTrue(found != null, "no exact formula");
            assertTrue(found.complexity() <= truth.complexity(),
                    "found " + found + " larger than the truth " + truth);
        });
    }

    /**
     * The candidates of a first run and of a run with seeds, on the calling thread and on a pool of three threads:
     * the sums' fits and finishing (and on more than {@link TermFitter#MAX_FIT_ROWS} rows their columns on all rows)
     * and the first run's families run as tasks, handed over in order, so every list is the same, in the same order.
     */
    @Test
    void runsOnAPoolHandOverTheCandidatesOfTheCallingThreadInTheSameOrder() {
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            for (int n : new int[] {40, 600}) {
                Dataset d = data("x*sin(y) + 0.5*x^2 + exp(0.3*y)", List.of("x", "y"), n, 0.5, 2, n);
                List<Expr> seeds = List.of(Parser.parse("1.1*sin(1.2*x) + y"), Parser.parse("x*cos(y) - 2*x"));
                TermRegression here = stage(d, withDivision());
                TermRegression there = stage(d, withDivision());
                for (List<Expr> s : List.of(List.<Expr>of(), seeds)) {
                    List<List<Expr>> a = new ArrayList<>();
                    List<List<Expr>> b = new ArrayList<>();
                    here.run(s, () -> false, a::add, null);
                    there.run(s, () -> false, b::add, pool);
                    assertFalse(a.isEmpty() || a.get(0).isEmpty(), n + " rows: no sums of the basis");
                    assertEquals(a, b, n + " rows, seeds " + s);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aPolynomialInTwoInputsAndASumOfFunctionsOfTheInputsComeBackExact() {
        Dataset poly = data("x^4 - x^3 + 0.5*y^2 - y", List.of("x", "y"), 40, -1, 1, 3);
        Expr p = smallestExact(stage(poly, SearchSpace.PAPER_OPERATORS).run(List.of(), () -> false), poly);
        assertEquals(Simplifier.simplify(Parser.parse("x^4 - x^3 + 0.5*y^2 - y")), p);
        Dataset funcs = data("1.5*exp(x) + 5*cos(y)", List.of("x", "y"), 40, -1, 1, 4);
        Expr f = smallestExact(stage(funcs, SearchSpace.PAPER_OPERATORS).run(List.of(), () -> false), funcs);
        assertEquals(Simplifier.simplify(Parser.parse("1.5*exp(x) + 5*cos(y)")), f);
    }

    @Test
    void ratiosOfPolynomialsComeBackExactOnlyWhenTheLibraryDivides() {
        for (String law : List.of("(x + 1)^3/(x^2 - x + 1)", "(x^5 - 3*x^3 + 1)/(x^2 + 1)", "8/(2 + x^2)")) {
            Dataset d = data(law, List.of("x"), 40, -2, 2, 5);
            Expr found = smallestExact(stage(d, withDivision()).run(List.of(), () -> false), d);
            assertTrue(found != null, law + ": no exact formula");
            assertTrue(found.complexity() <= 25, law + ": found " + found);
            for (Expr e : stage(d, SearchSpace.PAPER_OPERATORS).run(List.of(), () -> false)) {
                Set<dysymnet.expr.BinaryFunction> ops = new HashSet<>();
                e.forEach(n -> {
                    if (n instanceof dysymnet.expr.Binary b) {
                        ops.add(b.op());
                    }
                });
                assertFalse(ops.contains(BinaryOp.DIV), law + ": a division without '/' in the library: " + e);
            }
        }
    }

    @Test
    void aPowerLawInPositiveInputsComesBackExact() {
        Dataset d = data("3*x^1.5*y^-2*z^0.5", List.of("x", "y", "z"), 50, 0.5, 3, 6);
        Expr found = smallestExact(stage(d, SearchSpace.PAPER_OPERATORS).run(List.of(), () -> false), d);
        assertTrue(found != null, "no exact formula");
        assertTrue(found.complexity() <= 13, "found " + found);
    }

    /**
     * A random law that is a sum of simple terms only after a transform of the target: {@code exp} of a polynomial,
     * the reciprocal of a positive sum, the square root of a positive polynomial, {@code log} of a positive
     * polynomial, in one or two inputs on a positive box.
     */
    static String randomTransformedLaw(SplittableRandom r) {
        String x = "x";
        String a = String.valueOf(1 + r.nextInt(4));
        String b = String.valueOf(Math.round(r.nextDouble(0.2, 2) * 10) / 10.0);
        String sum = switch (r.nextInt(3)) {
            case 0 -> a + "*x^2 + " + b;
            case 1 -> a + "*x*y + " + b + "*y^2 + 1";
            default -> a + "*x^3 + " + b + "*y";
        };
        return switch (r.nextInt(4)) {
            case 0 -> "exp(-" + b + "*" + x + "^2 + 0.5*y)";
            case 1 -> "1/(" + sum + ")";
            case 2 -> "sqrt(" + sum + ")";
            default -> "log(" + sum + ")";
        };
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void aLawThatIsASumOnlyAfterATransformOfTheTargetComesBackExact(long seed) {
        SplittableRandom r = Gen.rng(seed);
        String law = randomTransformedLaw(r);
        Dataset d = data(law, List.of("x", "y"), 60, 0.5, 2, seed);
        List<Operator> ops = withDivision();
        ops.add(Operator.SQRT);
        Gen.check(seed, law, () -> {
            Primitives p = Primitives.of(ops, d.names());
            Expr found = smallestExact(new TermRegression(d, p, TermSettings.defaults()).run(List.of(), () -> false),
                    d);
            assertTrue(found != null, "no exact formula");
            assertTrue(found.complexity() <= Parser.parse(law).complexity() + 4, "found " + found);
            TermSettings off = TermSettings.builder().transforms(false).build();
            // (a reciprocal of a sum is a ratio of polynomials: found without the transforms too)
            List<Expr> without = new TermRegression(d, p, off).run(List.of(), () -> false);
            assertTrue(law.startsWith("1/") || smallestExact(without, d) == null,
                    "exact without the transforms");
        });
    }

    @Test
    @Tag("slow")
    void aPowerOfSomeInputsTimesATransformedSumOfTheOthersComesBackExactForMostLaws() {
        String[] powers = {"x", "x^2", "1/x", "sqrt(x)"};
        String[] rests = {"sqrt(y^2 + z^2)", "1/(y^2 - 0.5*z^2)", "exp(-y*z)"};
        int exact = 0;
        int runs = 0;
        List<Operator> ops = withDivision();
        ops.add(Operator.SQRT);
        for (int a = 0; a < powers.length; a++) {
            for (int b = 0; b < rests.length; b++) {
                String law = "1.5*" + powers[a] + "*" + rests[b];
                Dataset d = data(law, List.of("x", "y", "z"), 100, 1, 2.5, 100 + 4 * a + b);
                Primitives p = Primitives.of(ops, d.names());
                runs++;
                if (smallestExact(new TermRegression(d, p, TermSettings.defaults()).run(List.of(), () -> false), d)
                        != null) {
                    exact++;
                }
            }
        }
        // the exponent test on 100 random rows may miss a factor now and then (measured: 10 of 12 on 300 rows)
        assertTrue(exact >= 9, exact + " of " + runs + " exact");
    }

    @Test
    void productsOfAnInputAndAFunctionOfAnInputAndOfTwoFunctionsComeBackExact() {
        for (String law : List.of("2*sin(x)*cos(y) + x", "x*exp(y) - 1.5*y*cos(x)", "x*sin(x) + 0.5")) {
            List<String> vars = law.contains("y") ? List.of("x", "y") : List.of("x");
            Dataset d = data(law, vars, 60, -2, 2, 11);
            Primitives p = Primitives.of(SearchSpace.PAPER_OPERATORS, d.names());
            Expr found = smallestExact(new TermRegression(d, p, TermSettings.defaults()).run(List.of(), () -> false),
                    d);
            assertEquals(Simplifier.simplify(Parser.parse(law)), found, law);
            TermSettings off = TermSettings.builder().interactions(false).transforms(false).build();
            assertTrue(smallestExact(new TermRegression(d, p, off).run(List.of(), () -> false), d) == null,
                    law + ": exact without the products");
        }
    }

    /**
     * On noisy data no read-back of a transformed target is exact, and before the lack-of-fit test the law behind
     * {@code y^2 = m^2 c^2/(c^2 - v^2)} (a ratio whose denominator has no constant) was never among the candidates:
     * now it is, with its constants as close to the law as the noise allows, in most draws.
     */
    @Test
    @Tag("slow")
    void aTransformedLawOnNoisyDataIsAmongTheCandidates() {
        List<String> vars = List.of("m", "v", "c");
        Expr truth = Parser.parse("m/sqrt(1 - v^2/c^2)");
        int found = 0;
        int draws = 4;
        for (long seed = 1; seed <= draws; seed++) {
            SplittableRandom r = new SplittableRandom(seed);
            int n = 400;
            double[][] x = new double[3][n];
            for (int i = 0; i < n; i++) {
                x[0][i] = r.nextDouble(1, 5);
                x[1][i] = r.nextDouble(1, 2);
                x[2][i] = r.nextDouble(3, 10);
            }
            double[] f = Evaluator.evaluate(truth, vars, x);
            double ms = 0;
            for (double v : f) {
                ms += v * v / n;
            }
            double[] y = new double[n];
            for (int i = 0; i < n; i++) {
                y[i] = f[i] + 0.01 * Math.sqrt(ms) * r.nextGaussian();
            }
            Dataset clean = new Dataset(vars, x, f);
            Dataset noisy = new Dataset(vars, x, y);
            List<Operator> ops = withDivision();
            ops.add(Operator.SQRT);
            for (Expr e : new TermRegression(noisy, Primitives.of(ops, vars), TermSettings.defaults())
                    .run(List.of(), () -> false)) {
                // the law up to constants within the noise: far closer to the truth than the noise itself (8e-4)
                if (e.complexity() <= truth.complexity() + 6 && nmse(e, clean) < 3e-5) {
                    found++;
                    break;
                }
            }
        }
        assertTrue(found >= draws - 1, found + " of " + draws);
    }

    @Test
    void aRunHandsOverTheBasisSumsFirstAndEndsThereWhenItsCallerStops() {
        Dataset d = data("x^3 + x^2 + x", List.of("x"), 40, -1, 1, 13);
        List<List<Expr>> batches = new ArrayList<>();
        stage(d, withDivision()).run(List.of(), () -> !batches.isEmpty(), batches::add);
        assertEquals(1, batches.size());
        assertTrue(smallestExact(batches.get(0), d) != null, "the first batch holds the law");
        List<List<Expr>> all = new ArrayList<>();
        stage(d, withDivision()).run(List.of(), () -> false, all::add);
        assertTrue(all.size() > 3, "the first run has more families: " + all.size());
    }

    @Test
    void theTermsOfTheSeedsAreSummedWithNewCoefficients() {
        String law = "2*sin(1.3*x + y) - 0.5*sin(1.3*x - y)";
        Dataset d = data(law, List.of("x", "y"), 60, -2, 2, 7);
        TermRegression t = stage(d, SearchSpace.PAPER_OPERATORS);
        assertTrue(smallestExact(t.run(List.of(), () -> false), d) == null, "exact without the seeds' terms");
        List<Expr> seeds = List.of(Parser.parse("0.3*sin(1.3*x + y) + x"), Parser.parse("-4*sin(1.3*x - y)"));
        Expr found = smallestExact(t.run(seeds, () -> false), d);
        assertEquals(Simplifier.simplify(Parser.parse(law)), found);
        assertTrue(t.run(seeds, () -> false).isEmpty(), "the same seeds again bring nothing new");
    }

    @Test
    void onAWideTableTheProductsAndFunctionsOfTheStrongestInputsComeFirst() {
        // 12 inputs, 6 functions each: the basis and the products' basis are cut; the law's inputs are the last ones
        List<String> vars = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l");
        List<Operator> ops = new ArrayList<>(SearchSpace.PAPER_OPERATORS);
        ops.add(Operator.SQRT);
        for (String law : List.of("3*k*l + 2*j", "2*j*cos(l) + k", "1.5*sqrt(k) - j*l")) {
            Dataset d = data(law, vars, 300, 0.5, 2, 12);
            Expr found = smallestExact(stage(d, ops).run(List.of(), () -> false), d);
            assertEquals(Simplifier.simplify(Parser.parse(law)), found, law);
        }
    }

    /**
     * With units, the target divided by a product of inputs with its unit is fitted as a function of the inputs'
     * dimensionless groups (Buckingham's Pi theorem): a sum of two terms of degree three and four in five inputs is
     * a polynomial of degree two in two groups there, and comes back exact; without units it does not.
     */
    @Test
    void withUnitsALawIsFittedOnItsDimensionlessGroups() {
        List<String> vars = List.of("m", "v", "c", "h", "r");
        String law = "m*c^2 + 0.5*m*v^2*r/h";
        Dataset d = data(law, vars, 300, 0.5, 2, 13);
        Map<String, Dimension> cols = new LinkedHashMap<>();
        cols.put("m", Dimension.of(0, 0, 1, 0, 0));
        cols.put("v", Dimension.of(1, -1, 0, 0, 0));
        cols.put("c", Dimension.of(1, -1, 0, 0, 0));
        cols.put("h", Dimension.of(1, 0, 0, 0, 0));
        cols.put("r", Dimension.of(1, 0, 0, 0, 0));
        Units units = new Units(cols, Dimension.of(2, -2, 1, 0, 0), false);
        Primitives p = Primitives.of(withDivision(), d.names());
        DataFacts facts = DataFacts.of(d);
        Expr found = smallestExact(new TermRegression(facts, p, TermSettings.defaults(), units)
                .run(List.of(), () -> false), d);
        assertTrue(found != null, "no exact formula with units");
        assertTrue(smallestExact(new TermRegression(facts, p, TermSettings.defaults()).run(List.of(), () -> false),
                d) == null, "exact without units");
    }

    @Test
    void aBasisCutAtItsSizeCapStillRuns() {
        // 8 inputs and 7 functions: more fixed terms than the cap of 60
        List<String> vars = List.of("a", "b", "c", "d", "e", "f", "g", "h");
        Dataset d = data("a*b + c - 2*h", vars, 200, 0.5, 2, 10);
        List<Operator> ops = withDivision();
        ops.add(Operator.SQRT);
        Expr found = smallestExact(stage(d, ops).run(List.of(Parser.parse("a*b + sin(c)")), () -> false), d);
        assertTrue(found != null, "no exact formula");
    }

    @Test
    void aLibraryThatCannotAddGivesNothing() {
        Dataset d = data("x^2 + x", List.of("x"), 30, -1, 1, 8);
        assertTrue(stage(d, List.of(Operator.IDENTITY, Operator.MUL, Operator.SIN)).run(List.of(), () -> false)
                .isEmpty());
    }

    @Test
    void aLawOnRoundedDataIsNotDressedWithATermThatFitsTheRounding() {
        // x recorded to 6 decimals, y computed from the exact x: errors of about 1e-6 that a pole can chase
        int n = 40;
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double exact = -2 + 4.0 * i / (n - 1);
            x[i] = Math.round(exact * 1e6) / 1e6;
            y[i] = Math.round((2 * exact + 1) * 1e6) / 1e6;
        }
        Dataset d = new Dataset(List.of("x"), new double[][] {x}, y);
        List<Expr> seeds = List.of(Parser.parse("2*x + 1"), Parser.parse("0.1*tan(3.06*x) + x"));
        for (Expr e : stage(d, SearchSpace.PAPER_OPERATORS).run(seeds, () -> false)) {
            assertFalse(e.toString().contains("TAN"), "a term with a pole inside the data: " + e);
        }
    }

    @Test
    void aRefinedRatioReadsWithTheConstantOfItsDenominatorOne() {
        Expr drifted = Parser.parse("(-2.6*x^3 - 1.3*x)/(-1.3*x^2 - 1.3)");
        assertEquals(Simplifier.simplify(Parser.parse("(2*x^3 + x)/(x^2 + 1)")), Ratios.unitDenominator(drifted));
        Expr noConstant = Parser.parse("x/(2*x^2 + 3*x)");
        assertEquals(Simplifier.simplify(noConstant), Ratios.unitDenominator(noConstant));
    }

    @Test
    void splitTermsDropsCoefficientsAndConstants() {
        Set<Expr> out = new LinkedHashSet<>();
        TermBasis.splitTerms(Parser.parse("3*sin(x) - x^2/2 + 4 - (-(cos(y)*2))"), out);
        assertEquals(List.of(Parser.parse("sin(x)"), Parser.parse("x^2"), Parser.parse("cos(y)")),
                new ArrayList<>(out));
    }

    @Test
    void theDegreeFollowsTheNumberOfInputs() {
        assertEquals(8, TermBasis.degreeFor(1, TermBasis.MAX_MONOMIALS, TermBasis.MAX_DEGREE));
        assertEquals(7, TermBasis.degreeFor(2, TermBasis.MAX_MONOMIALS, TermBasis.MAX_DEGREE));
        assertEquals(4, TermBasis.degreeFor(3, TermBasis.MAX_MONOMIALS, TermBasis.MAX_DEGREE));
        assertEquals(1, TermBasis.degreeFor(10, TermBasis.MAX_MONOMIALS, TermBasis.MAX_DEGREE));
        assertEquals(35, TermBasis.monomials(List.of("x", "y"), 1, 7).size());
        assertEquals(TermBasis.monomialCount(3, 4), TermBasis.monomials(List.of("a", "b", "c"), 1, 4).size());
    }
}
