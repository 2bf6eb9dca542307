package dysymnet.io.table;

import dysymnet.expr.UnaryOp;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Turns column names into variable names that formulas can use: {@code [A-Za-z_][A-Za-z0-9_]*}, unique, and
 * not a function or constant name.
 *
 * <p>Rules, applied in order: accents are removed ({@code é -> e}); each run of other characters becomes one
 * {@code _}, with leading and trailing {@code _} produced this way dropped ({@code time (s) -> time_s}); a
 * leading digit gets a {@code _} prefix ({@code 2x -> _2x}); a reserved word gets a {@code _} suffix
 * ({@code sin -> sin_}, {@code pi -> pi_}); a name left empty becomes {@code col<index>}; a repeated name gets
 * {@code _2}, {@code _3}, ... appended.
 */
public final class VariableNames {
    private static final Pattern VALID = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern INVALID_RUN = Pattern.compile("[^A-Za-z0-9_]+");
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");
    /** Words a formula parser reads as something other than a variable, besides the function names. */
    private static final Set<String> RESERVED_WORDS = Set.of("pi", "e", "inf", "nan", "Inf", "NaN");

    private VariableNames() {
    }

    /** Whether {@code name} can be used as a variable as it is. */
    public static boolean isValid(String name) {
        return name != null && VALID.matcher(name).matches() && !isReserved(name);
    }

    /** Whether {@code name} is a function name (sin, log, ln, arcsin, ...) or a constant (pi, e, inf, nan). */
    public static boolean isReserved(String name) {
        return RESERVED_WORDS.contains(name) || UnaryOp.byName(name) != null;
    }

    /** Sanitises each name (see the class comment); the result has the same size and order, all unique. */
    public static List<String> sanitise(List<String> names) {
        List<String> out = new ArrayList<>(names.size());
        Set<String> used = new HashSet<>();
        // valid names keep their exact spelling, so they are claimed first and never get a suffix
        for (String n : names) {
            if (isValid(n)) {
                used.add(n);
            }
        }
        Set<String> claimedValid = new HashSet<>();
        for (int j = 0; j < names.size(); j++) {
            String original = names.get(j);
            String name;
            if (isValid(original) && claimedValid.add(original)) {
                name = original;
            } else {
                String base = isValid(original) ? original : sanitiseOne(original, j + 1);
                name = base;
                for (int k = 2; used.contains(name); k++) {
                    name = base + "_" + k;
                }
                used.add(name);
            }
            out.add(name);
        }
        return out;
    }

    private static String sanitiseOne(String original, int index) {
        String s = original == null ? "" : original.strip();
        s = MARKS.matcher(Normalizer.normalize(s, Normalizer.Form.NFD)).replaceAll("");
        s = INVALID_RUN.matcher(s).replaceAll("_");
        int start = 0;
        int end = s.length();
        // strip only the underscores that replacement produced at the ends, not ones the user wrote
        if (end > 0 && s.charAt(0) == '_' && !original.strip().startsWith("_")) {
            start = 1;
        }
        if (end > start && s.charAt(end - 1) == '_' && !original.strip().endsWith("_")) {
            end--;
        }
        s = s.substring(start, end);
        if (s.isEmpty()) {
            return "col" + index;
        }
        if (Character.isDigit(s.charAt(0))) {
            s = "_" + s;
        }
        if (isReserved(s)) {
            s = s + "_";
        }
        return s;
    }
}
