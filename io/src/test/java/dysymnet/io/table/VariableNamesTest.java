package dysymnet.io.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

class VariableNamesTest {
    @Test
    void examples() {
        assertEquals(List.of("time_s", "_2x", "sin_", "pi_", "e_", "ln_", "col7", "velocite", "x", "_a_", "E"),
                VariableNames.sanitise(List.of("time (s)", "2x", "sin", "pi", "e", "ln", "%%", "vélocité", "x",
                        "_a_", "E")));
    }

    @Test
    void validNamesKeepTheirSpellingAndCollisionsGetSuffixes() {
        assertEquals(List.of("a_b_2", "a_b", "a_b_3"), VariableNames.sanitise(List.of("a b", "a_b", "a-b")));
        assertEquals(List.of("x", "x_2", "x_3"), VariableNames.sanitise(List.of("x", "x", "x")));
    }

    @Test
    void reservedWords() {
        assertTrue(VariableNames.isReserved("sqrt"));
        assertTrue(VariableNames.isReserved("arcsin"));
        assertFalse(VariableNames.isReserved("mass"));
        assertFalse(VariableNames.isValid("2x"));
        assertTrue(VariableNames.isValid("x_2"));
    }

    @Property(tries = 200)
    void alwaysValidAndUnique(@ForAll @Size(max = 8) List<String> names) {
        List<String> out = VariableNames.sanitise(names);
        assertEquals(names.size(), out.size());
        assertEquals(out.size(), new HashSet<>(out).size());
        for (String n : out) {
            assertTrue(VariableNames.isValid(n), n);
        }
    }
}
