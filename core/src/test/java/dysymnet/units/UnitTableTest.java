package dysymnet.units;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UnitTableTest {
    @Test
    void readsExponentsLikeAiFeynmansTable() {
        Map<String, Dimension> u = UnitTable.parse(List.of("Variable,Units,m,s,kg,T,V",
                "a,Acceleration,1,-2,0,0,0", "q,Charge,2,-2,1,0,-1", "T,Temperature,0,0,0,1,0", "", "r,Root,1/2,0,0,0,0"));
        assertEquals(List.of("a", "q", "T", "r"), List.copyOf(u.keySet()));
        assertEquals(UnitText.parse("m/s^2"), u.get("a"));
        assertEquals(UnitText.parse("C"), u.get("q"));
        assertEquals(UnitText.parse("K"), u.get("T"));
        assertEquals(UnitText.parse("m^(1/2)"), u.get("r"));
    }

    @Test
    void readsUnitTextsWithOrWithoutHeader() {
        assertEquals(Map.of("t", UnitText.parse("s"), "g", UnitText.parse("m/s^2")),
                UnitTable.parse(List.of("name,unit", "t,s", "g,m/s^2")));
        assertEquals(Map.of("t", UnitText.parse("s"), "h", UnitText.parse("m")),
                UnitTable.parse(List.of("t\ts", "# comment", "h\tkm")));
    }

    @Test
    void badTablesAreOneLineNamingTheLine() {
        String dup = message(List.of("name,unit", "t,s", "t,m"));
        assertTrue(dup.startsWith("line 3: t in m") && dup.contains("line 2"), dup);
        assertTrue(message(List.of("t,s", "h,furlong")).startsWith("line 2: h: unknown unit 'furlong'"));
        assertTrue(message(List.of("Variable,m,s,kg,T,V", "a,1,x,0,0,0")).startsWith("line 2, column s: exponent 'x'"));
        assertTrue(message(List.of("Variable,m,s,kg,T,V", "a,1,0")).startsWith("line 2: 3 cells"));
        assertTrue(message(List.of("", "# nothing")).contains("no units"));
        // the same unit twice is no conflict
        assertEquals(1, UnitTable.parse(List.of("t,s", "t,ms")).size());
    }

    private static String message(List<String> lines) {
        String m = assertThrows(IllegalArgumentException.class, () -> UnitTable.parse(lines)).getMessage();
        assertTrue(!m.contains("\n"), m);
        return m;
    }
}
