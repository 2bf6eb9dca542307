package dysymnet.cli;

import dysymnet.net.Operator;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** Parsing of the command line's set and list values ({@code 1-5}, {@code 1,2,4}, {@code sin,cos,*}). */
final class Sets {
    private Sets() {
    }

    /** Integers as {@code 1-5}, {@code 1..5}, {@code 2,3,5} or a mix; all at least {@code min}. */
    static int[] integers(String option, String text, int min) {
        TreeSet<Integer> out = new TreeSet<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            try {
                int dots = p.indexOf("..");
                int dash = p.indexOf('-', 1);
                if (dots > 0 || dash > 0) {
                    String a = dots > 0 ? p.substring(0, dots) : p.substring(0, dash);
                    String b = dots > 0 ? p.substring(dots + 2) : p.substring(dash + 1);
                    int lo = Integer.parseInt(a.trim());
                    int hi = Integer.parseInt(b.trim());
                    if (hi < lo) {
                        throw new UserError(option + ": empty range '" + p + "'");
                    }
                    if (hi - lo > 1000) {
                        throw new UserError(option + ": range '" + p + "' is too large");
                    }
                    for (int v = lo; v <= hi; v++) {
                        out.add(v);
                    }
                } else {
                    out.add(Integer.parseInt(p));
                }
            } catch (NumberFormatException e) {
                throw new UserError(option + ": '" + p + "' is not an integer or a range like 1-5");
            }
        }
        if (out.isEmpty()) {
            throw new UserError(option + ": no value given");
        }
        if (out.first() < min) {
            throw new UserError(option + ": values must be at least " + min + ", got " + out.first());
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Operators by label, comma separated. */
    static List<Operator> operators(String text) {
        List<Operator> ops = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            Operator op;
            try {
                op = Operator.parse(p);
            } catch (IllegalArgumentException e) {
                throw new UserError("--operators: " + e.getMessage());
            }
            if (ops.contains(op)) {
                throw new UserError("--operators: '" + p + "' is listed twice");
            }
            ops.add(op);
        }
        if (ops.isEmpty()) {
            throw new UserError("--operators: no operator given");
        }
        return ops;
    }
}
