package dysymnet.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class UnitTextTest {
    private static final Dimension M = Dimension.of(1, 0, 0, 0, 0);
    private static final Dimension S = Dimension.of(0, 1, 0, 0, 0);
    private static final Dimension KG = Dimension.of(0, 0, 1, 0, 0);

    private static Dimension p(String text) {
        return UnitText.parse(text);
    }

    @Test
    void productsQuotientsAndPowers() {
        assertEquals(Dimension.of(1, -2, 0, 0, 0), p("m/s^2"));
        assertEquals(Dimension.of(2, -2, 1, 0, 0), p("kg*m^2/s^2"));
        assertEquals(p("kg*m^2/s^2"), p("kg m² s⁻²"));
        assertEquals(p("kg*m^2/s^2"), p("kg·m**2/s**2"));
        assertEquals(p("m/s^2"), p("m/s/s"));
        assertEquals(p("m/s^2"), p("m / (s*s)"));
        assertEquals(p("m/s^2"), p("m*s^-2"));
        assertEquals(Dimension.ONE.divide(S), p("1/s"));
        assertEquals(Dimension.ONE, p("1"));
        assertEquals(M.pow(Rational.HALF), p("m^(1/2)"));
        assertEquals(M.pow(Rational.HALF), p("m^0.5"));
        assertEquals(M.pow(Rational.of(-3, 2)), p("m^(-3/2)"));
    }

    @Test
    void derivedUnitsAndPrefixes() {
        assertEquals(p("kg*m/s^2"), p("N"));
        assertEquals(p("N*m"), p("J"));
        assertEquals(p("J/s"), p("W"));
        assertEquals(p("N/m^2"), p("Pa"));
        assertEquals(p("A*s"), p("C"));
        assertEquals(p("W/A"), p("V"));
        assertEquals(p("J/C"), p("V"));
        assertEquals(Dimension.of(0, 0, 0, 0, 1), p("V"));
        assertEquals(Dimension.of(0, 0, 0, 1, 0), p("K"));
        assertEquals(p("1/s"), p("Hz"));
        assertEquals(p("V/A"), p("ohm"));
        assertEquals(p("V*s/m^2"), p("T"));
        assertEquals(M, p("km"));
        assertEquals(S, p("ms"));
        assertEquals(KG, p("g"));
        assertEquals(KG, p("kg"));
        assertEquals(S, p("µs"));
        assertEquals(p("Pa"), p("kPa"));
        assertEquals(S, p("min"));
        assertEquals(Dimension.ONE, p("rad"));
        assertNotEquals(p("m"), p("s"));
    }

    @Test
    void errorsNameTheUnitOrThePlace() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> p("m/foo"));
        assertTrue(e.getMessage().contains("unknown unit 'foo'"), e.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> p("mol")).getMessage().contains("'mol'"));
        for (String bad : List.of("", " ", "m/", "m^", "m^x", "(m", "m)", "m^(1/0)", "2m", "m+s")) {
            IllegalArgumentException x = assertThrows(IllegalArgumentException.class, () -> p(bad), bad);
            assertTrue(!x.getMessage().contains("\n"), x.getMessage());
        }
    }

    @Test
    void printedDimensionsReadBack() {
        for (String t : List.of("m/s^2", "kg*m^2/s^2", "V", "1/s", "m^(1/2)", "1", "kg/(m*s^2)", "K*V^-2*m^(3/2)")) {
            Dimension d = p(t);
            assertEquals(d, p(d.toString()), t + " printed as " + d);
        }
        assertEquals("m/s^2", p("m/s^2").toString());
        assertEquals("kg*m^2/s^2", p("J").toString());
        assertEquals("1", p("m/m").toString());
    }
}
