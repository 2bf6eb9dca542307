package dysymnet.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Var;
import dysymnet.testing.Gen;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ParetoFrontTest {

    /** A candidate of the given size (a chain of sums) and error. */
    private static Candidate cand(int complexity, double mse) {
        Expr e = new Var("x");
        while (e.complexity() + 2 <= complexity) {
            e = Expr.add(e, new Const(e.complexity()));
        }
        if (e.complexity() < complexity) {
            e = Expr.apply(dysymnet.expr.UnaryOp.SIN, e);
        }
        assertEquals(complexity, e.complexity());
        return new Candidate(e, complexity, mse, 1 - mse, 1 / (1 + mse), Source.NETWORK, "[id]", 0);
    }

    @Test
    void frontKeepsOnlyNonDominatedCandidatesByComplexity() {
        List<Candidate> all = List.of(cand(5, 1.0), cand(3, 2.0), cand(7, 1.5), cand(9, 0.1), cand(3, 3.0),
                cand(1, 10.0), cand(11, Double.POSITIVE_INFINITY));
        ParetoFront f = ParetoFront.of(all);
        assertEquals(4, f.candidates().size());
        assertEquals(1, f.candidates().get(0).complexity());
        assertEquals(3, f.candidates().get(1).complexity());
        assertEquals(2.0, f.candidates().get(1).mse());
        assertEquals(5, f.candidates().get(2).complexity());
        assertEquals(9, f.candidates().get(3).complexity());
        assertEquals(0.1, f.mostAccurate().mse());
    }

    @Test
    void chooseTakesTheSimplestWithinTheFactorOfTheBest() {
        ParetoFront f = ParetoFront.of(List.of(cand(3, 5.0), cand(5, 1.4), cand(9, 1.0)));
        // 1.4 <= 1.5 * 1.0: the simpler candidate wins
        assertEquals(5, f.choose(100.0, Selection.defaults()).complexity());
        // with factor 1 only the most accurate qualifies
        assertEquals(9, f.choose(100.0, 1.0, 0.0, Integer.MAX_VALUE).complexity());
        // a huge factor takes the simplest
        assertEquals(3, f.choose(100.0, 10.0, 0.0, Integer.MAX_VALUE).complexity());
    }

    @Test
    void errorsBelowTheFloorCountAsExact() {
        // two exact fits: the simpler one is chosen although its error is 1000 times larger
        ParetoFront f = ParetoFront.of(List.of(cand(5, 1e-26), cand(13, 1e-29), cand(3, 0.5)));
        assertEquals(5, f.choose(1.0, Selection.defaults()).complexity());
    }

    @Test
    void emptyFrontChoosesNothingAndBadSettingsAreRejected() {
        ParetoFront f = ParetoFront.of(List.of(cand(3, Double.POSITIVE_INFINITY)));
        assertTrue(f.isEmpty());
        assertNull(f.choose(1.0, Selection.defaults()));
        ParetoFront g = ParetoFront.of(List.of(cand(3, 1.0)));
        assertThrows(IllegalArgumentException.class, () -> g.choose(1.0, 0.5, 0.0, Integer.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> g.choose(1.0, 1.5, -1.0, Integer.MAX_VALUE));
    }

    static LongStream seeds() {
        return Gen.seeds(200);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void chosenIsOnTheFrontAndWithinTheLimit(long seed) {
        SplittableRandom r = Gen.rng(seed);
        int n = r.nextInt(1, 31);
        List<Candidate> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            all.add(cand(1 + r.nextInt(20), Math.pow(10, -8 * r.nextDouble())));
        }
        String input = all.stream().map(c -> "(" + c.complexity() + ", " + c.mse() + ")")
                .collect(Collectors.joining(" ", n + " candidates ", ""));
        Gen.check(seed, input, () -> {
            ParetoFront f = ParetoFront.of(all);
            Candidate c = f.choose(1.0, Selection.defaults());
            assertTrue(f.candidates().contains(c));
            double m = f.mostAccurate().mse();
            assertTrue(c.mse() <= Math.max(1.5 * m, m + 1e-12), () -> "chose " + c.mse() + ", best " + m);
            // no candidate at all is both simpler and at least as accurate
            for (Candidate o : all) {
                assertTrue(!(o.complexity() < c.complexity() && o.mse() <= c.mse()),
                        () -> "(" + o.complexity() + ", " + o.mse() + ") beats the chosen (" + c.complexity() + ", "
                                + c.mse() + ")");
            }
            // every candidate left out is matched or beaten by one on the front
            for (Candidate o : all) {
                assertTrue(f.candidates().stream().anyMatch(k -> k.complexity() <= o.complexity()
                        && k.mse() <= o.mse()), () -> "(" + o.complexity() + ", " + o.mse() + ") is not covered");
            }
            // front is strictly increasing in complexity and strictly decreasing in error
            for (int i = 1; i < f.candidates().size(); i++) {
                assertTrue(f.candidates().get(i).complexity() > f.candidates().get(i - 1).complexity());
                assertTrue(f.candidates().get(i).mse() < f.candidates().get(i - 1).mse());
            }
        });
    }
}
