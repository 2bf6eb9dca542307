package dysymnet.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.expr.Constants;
import dysymnet.expr.Parser;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DimensionCheckTest {
    private static final Dimension M = UnitText.parse("m");

    /** x in metres, t in seconds, g in m/s^2, w dimensionless; the target in {@code target}. */
    private static Units units(String target, boolean pureConstants) {
        Map<String, Dimension> cols = new LinkedHashMap<>();
        cols.put("x", M);
        cols.put("t", UnitText.parse("s"));
        cols.put("g", UnitText.parse("m/s^2"));
        cols.put("w", Dimension.ONE);
        return new Units(cols, target == null ? null : UnitText.parse(target), pureConstants);
    }

    private static DimensionCheck.Result check(String formula, String target, boolean pureConstants) {
        DimensionCheck.Result r = DimensionCheck.check(Parser.parse(formula), units(target, pureConstants));
        assertEquals(r.consistent(), DimensionCheck.consistent(Parser.parse(formula), units(target, pureConstants)));
        return r;
    }

    private static boolean ok(String formula, String target, boolean pureConstants) {
        return check(formula, target, pureConstants).consistent();
    }

    @Test
    void dimensionsOfProductsPowersAndRoots() {
        assertEquals(M, check("g*t^2/2", null, true).dimension());
        assertEquals(UnitText.parse("m/s"), check("sqrt(x*g)", null, true).dimension());
        assertEquals(UnitText.parse("m^(1/2)"), check("x^0.5", null, true).dimension());
        assertEquals(UnitText.parse("m^3"), check("x^3", null, true).dimension());
        assertEquals(UnitText.parse("1/s^2"), check("g/x", null, true).dimension());
        assertEquals(Dimension.ONE, check("exp(-x/(g*t^2))", null, true).dimension());
        assertEquals(M, check("-abs(x)", null, true).dimension());
        assertTrue(ok("x - g*t^2", "m", true));
        assertTrue(ok("(x^(1/3))^3", "m", true));
        assertEquals(UnitText.parse("m^(1/3)"), check("x^(1/3)", null, true).dimension());
    }

    @Test
    void inconsistentFormulasSayWhy() {
        assertFalse(ok("x + t", null, false));
        assertTrue(check("x + t", null, false).problem().contains("adds"));
        assertFalse(ok("sin(x)", null, false));
        assertEquals("sin of a quantity in m", check("sin(x)", null, false).problem());
        assertFalse(ok("exp(t)", null, false));
        assertFalse(ok("log(g)", null, false));
        assertFalse(ok("x^1.37", null, false));
        assertFalse(ok("x^w", null, false));
        assertFalse(ok("w^t", null, false));
        assertTrue(ok("w^w", null, false));
        assertFalse(ok("x*t", "m", false));
        assertEquals("the formula is in m*s, the target in m", check("x*t", "m", false).problem());
        assertTrue(check("x + t", null, false).constants().isEmpty());
    }

    @Test
    void freeConstantsTakeWhatUnitMakesTheFormulaConsistent() {
        // each additive term's constant absorbs a unit; the law's unit is the target's
        assertTrue(ok("2.5*x + 1.5", "s", false));
        assertNull(check("2.5*x + 1.5", null, false).dimension());
        assertTrue(ok("sin(3*x)", null, false));
        assertTrue(ok("sin(3*x)*t", "s", false));
        assertFalse(ok("sin(3*x)*t", "m", false));
        // the 1 is added to a length, so the sine's argument is a length
        assertFalse(ok("sin(x + 1)", null, false));
        assertFalse(ok("x + t + 1", null, false));
        // but a constant factor lets the time become a length
        assertTrue(ok("x + t*2 + 1", null, false));
        assertTrue(ok("x + 2*t", "m", false));
        // a constant to a power no small fraction writes can only be a pure number
        assertFalse(ok("2^1.37*t", "m", false));
        assertTrue(ok("2^1.37*t*3", "m", false));
        assertTrue(ok("(2*x)^1.37", null, false));
    }

    @Test
    void dimensionlessConstantsArePureNumbers() {
        assertFalse(ok("2.5*x + 1.5", "m", true));
        assertTrue(ok("2.5*x + 1.5*x", "m", true));
        assertFalse(ok("4.9*t^2", "m", true));
        assertTrue(ok("0.5*g*t^2", "m", true));
        assertFalse(ok("sin(3*x)", null, true));
        assertTrue(ok("sin(3*w)", null, true));
    }

    @Test
    void eachConstantGetsItsUnitWhereTheFormulaPinsItDown() {
        assertEquals(List.of(UnitText.parse("m/s^2")), check("4.9*t^2", "m", false).constants());
        assertEquals(Arrays.asList(UnitText.parse("s/m"), UnitText.parse("s")),
                check("2.5*x + 1.5", "s", false).constants());
        // two constants in one product: only their product's unit is known
        assertEquals(Arrays.asList(null, null), check("2*(3*x)", "s", false).constants());
        // a constant added to a length is a length, whatever the target
        assertEquals(List.of(M), check("sin(x/(x + 1.5))", null, false).constants());
        assertEquals(List.of(Dimension.ONE, Dimension.ONE), check("0.7*g + 2.5*g", "m/s^2", false).constants());
        // the order is that of Constants.values; a fixed integer exponent is no constant
        String f = "1.5*x^2 + 2.5*sqrt(x)*t^0.5";
        assertEquals(Constants.count(Parser.parse(f)), check(f, "m", false).constants().size());
        assertEquals(Arrays.asList(UnitText.parse("1/m"), UnitText.parse("m^(1/2)/s^(1/2)"), Dimension.ONE),
                check(f, "m", false).constants());
        assertEquals(List.of(Dimension.ONE, Dimension.ONE), check("1.5*x + 2.5*x", "m", true).constants());
    }
}
