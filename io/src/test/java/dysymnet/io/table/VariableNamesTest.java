package dysymnet.io.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.testing.Gen;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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

    static LongStream seeds() {
        return Gen.seeds(200);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void alwaysValidAndUnique(long seed) {
        List<String> names = randomNames(Gen.rng(seed));
        Gen.check(seed, quoted(names), () -> {
            List<String> out = VariableNames.sanitise(names);
            assertEquals(names.size(), out.size());
            assertEquals(out.size(), new HashSet<>(out).size(), () -> "not unique: " + quoted(out));
            for (int j = 0; j < out.size(); j++) {
                String n = out.get(j);
                assertTrue(VariableNames.isValid(n), () -> "not valid: '" + n + "'");
                // a name that is valid as it is keeps its spelling the first time it occurs
                if (VariableNames.isValid(names.get(j)) && names.indexOf(names.get(j)) == j) {
                    assertEquals(names.get(j), n);
                }
            }
        });
    }

    // ------------------------------------------------------------------ generator of column names

    /** Names that stress the rules: reserved words, suffix look-alikes, digits first, empty or blank. */
    private static final String[] TRICKY = {"", " ", "_", "__", "x", "x_2", "x_3", "X", "sin", "sin_", "pi", "e", "E",
        "ln", "nan", "NaN", "inf", "col1", "col2", "2x", "_2x", "a b", "a_b", "a-b", "time (s)", "vélocité", "%%"};

    private static final String PUNCTUATION = " _-()[]%/.,;:'\"\t";

    /** Up to 8 names, each a tricky one, a repeat of an earlier one, or a random string of mixed characters. */
    private static List<String> randomNames(SplittableRandom rng) {
        int size = rng.nextInt(9);
        List<String> names = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            int kind = rng.nextInt(10);
            if (kind < 3) {
                names.add(TRICKY[rng.nextInt(TRICKY.length)]);
            } else if (kind < 4 && !names.isEmpty()) {
                names.add(names.get(rng.nextInt(names.size())));
            } else {
                names.add(randomString(rng));
            }
        }
        return names;
    }

    /** 0-20 characters (now and then up to 255) drawn from ASCII, Latin-1, Greek, CJK, controls and emoji. */
    private static String randomString(SplittableRandom rng) {
        int length = rng.nextInt(10) == 0 ? rng.nextInt(256) : rng.nextInt(21);
        StringBuilder sb = new StringBuilder();
        while (sb.length() < length) {
            switch (rng.nextInt(8)) {
                case 0:
                case 1:
                    sb.append((char) rng.nextInt('a', 'z' + 1));
                    break;
                case 2:
                    sb.append((char) rng.nextInt('A', 'Z' + 1));
                    break;
                case 3:
                    sb.append((char) rng.nextInt('0', '9' + 1));
                    break;
                case 4:
                    sb.append(PUNCTUATION.charAt(rng.nextInt(PUNCTUATION.length())));
                    break;
                case 5:
                    sb.append((char) rng.nextInt(0xC0, 0x180)); // accented Latin letters
                    break;
                case 6:
                    int[] block = {0x0391, 0x4E00, 0x0301, 0x0000, 0x2070};
                    int start = block[rng.nextInt(block.length)];
                    sb.append((char) (start + rng.nextInt(32))); // Greek, CJK, combining marks, controls, super/subscripts
                    break;
                default:
                    sb.appendCodePoint(rng.nextInt(0x1F600, 0x1F650)); // emoji: a surrogate pair
                    break;
            }
        }
        return sb.toString();
    }

    private static String quoted(List<String> names) {
        return names.stream().map(n -> "\"" + n.replace("\t", "\\t") + "\"").collect(Collectors.joining(", ", "[", "]"));
    }
}
