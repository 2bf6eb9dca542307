package dysymnet.io.table;

import java.util.Locale;
import java.util.Set;

/** Classifies and parses the text of one cell. */
final class Cells {
    private static final Set<String> MISSING = Set.of("nan", "-nan", "+nan", "na", "n/a", "null", "none");
    private static final Set<String> INFINITE = Set.of("inf", "+inf", "-inf", "infinity", "+infinity", "-infinity");

    private Cells() {
    }

    /** Null for a decimal number, otherwise what the cell is (empty, missing, non-finite or text). */
    static CellProblem.Kind kind(String cell) {
        String s = cell.strip();
        if (s.isEmpty()) {
            return CellProblem.Kind.EMPTY;
        }
        if (isDecimal(s)) {
            return null;
        }
        String lower = s.toLowerCase(Locale.ROOT);
        if (MISSING.contains(lower)) {
            return CellProblem.Kind.MISSING;
        }
        if (INFINITE.contains(lower)) {
            return CellProblem.Kind.NON_FINITE;
        }
        return CellProblem.Kind.NOT_A_NUMBER;
    }

    /** The value of a cell for which {@link #kind} is null; may overflow to infinity (e.g. {@code 1e999}). */
    static double value(String cell) {
        String s = cell.strip();
        if (s.indexOf('d') >= 0 || s.indexOf('D') >= 0) {
            s = s.replace('d', 'e').replace('D', 'e');
        }
        return Double.parseDouble(s);
    }

    /**
     * Whether the cell is a number written with a decimal comma ({@code 1,5}, {@code -0,25}, {@code ,5e3}), which
     * the reader does not accept but recognises, to say so and to detect the delimiter and header around it.
     */
    static boolean isDecimalComma(String cell) {
        String s = cell.strip();
        int comma = s.indexOf(',');
        if (comma < 0 || s.indexOf(',', comma + 1) >= 0) {
            return false;
        }
        String point = s.substring(0, comma) + "." + s.substring(comma + 1);
        return comma + 1 < s.length() && isDigit(s.charAt(comma + 1)) && isDecimal(point);
    }

    /** Optional sign, digits with an optional point (at least one digit), optional exponent (e, E, or d, D). */
    static boolean isDecimal(String s) {
        int n = s.length();
        int i = 0;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
            i++;
        }
        int digits = 0;
        while (i < n && isDigit(s.charAt(i))) {
            i++;
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < n) {
            char c = s.charAt(i);
            if (c != 'e' && c != 'E' && c != 'd' && c != 'D') {
                return false;
            }
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exponentDigits = 0;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
                exponentDigits++;
            }
            if (exponentDigits == 0) {
                return false;
            }
        }
        return i == n;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
