package dysymnet.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class UnaryOpTest {

    @Test
    void coshFromOneExponentialIsWithinTwoUlpsOfTheLibrarysOverTheClampedRange() {
        SplittableRandom r = Gen.rng(1);
        for (int i = 0; i < 200_000; i++) {
            double x = i % 2 == 0 ? r.nextDouble(-3, 3) : r.nextDouble(-UnaryOp.EXP_MAX, UnaryOp.EXP_MAX);
            double want = Math.cosh(x);
            double got = UnaryOp.COSH.apply(x);
            assertTrue(Math.abs(got - want) <= 2 * Math.ulp(want), "cosh(" + x + "): " + got + " vs " + want);
            assertEquals(got, UnaryOp.SINH.derivative(x), "sinh's derivative is cosh at " + x);
        }
        assertEquals(1.0, UnaryOp.COSH.apply(0.0));
        assertEquals(Math.cosh(UnaryOp.EXP_MAX), UnaryOp.COSH.apply(1e300), 2 * Math.ulp(Math.cosh(UnaryOp.EXP_MAX)));
    }
}
