package dysymnet.cli;

import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/**
 * Parsing of the command line's set and list values ({@code 1-5}, {@code 1,2,4}, {@code sin,cos,*}): the one parser
 * of integer sets and ranges, used for layers, widths and the bench's seeds.
 */
public final class Sets {
    /** A range may span at most this many values. */
    static final long MAX_RANGE = 10_000;

    private Sets() {
    }

    /** Integers as {@code 1-5}, {@code 1..5}, {@code 2,3,5} or a mix, ascending and distinct; all at least {@code min}. */
    public static int[] integers(String option, String text, int min) {
        return Arrays.stream(longs(option, text, min)).mapToInt(v -> {
            if (v > Integer.MAX_VALUE) {
                throw new UserError(option + ": " + v + " is too large");
            }
            return (int) v;
        }).toArray();
    }

    /**
     * Whole numbers as {@code 1-5}, {@code 1..5}, {@code 2,3,5} or a mix (a leading minus is a sign, so
     * {@code -3--1} is a range of negative numbers), ascending and distinct; all at least {@code min}.
     */
    public static long[] longs(String option, String text, long min) {
        TreeSet<Long> out = new TreeSet<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            if (p.isEmpty()) {
                throw new UserError(option + ": '" + text + "' has an empty item");
            }
            try {
                int dots = p.indexOf("..");
                int dash = p.indexOf('-', 1);
                if (dots > 0 || dash > 0) {
                    String a = dots > 0 ? p.substring(0, dots) : p.substring(0, dash);
                    String b = dots > 0 ? p.substring(dots + 2) : p.substring(dash + 1);
                    long lo = Long.parseLong(a.trim());
                    long hi = Long.parseLong(b.trim());
                    if (hi < lo) {
                        throw new UserError(option + ": empty range '" + p + "' (ranges go upwards)");
                    }
                    if (hi - lo >= MAX_RANGE || hi - lo < 0) {
                        throw new UserError(option + ": range '" + p + "' spans more than " + MAX_RANGE + " values");
                    }
                    for (long v = lo; v <= hi; v++) {
                        out.add(v);
                    }
                } else {
                    out.add(Long.parseLong(p));
                }
            } catch (NumberFormatException e) {
                throw new UserError(option + ": '" + p + "' is not an integer or a range like 1-5");
            }
        }
        if (out.first() < min) {
            throw new UserError(option + ": values must be at least " + min + ", got " + out.first());
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * Operators by label, comma separated; the words {@code paper} and {@code default} stand for those libraries
     * ({@code paper,/} is the paper's library with division).
     */
    public static List<Operator> operators(String text) {
        List<Operator> ops = new ArrayList<>();
        List<Operator> listed = new ArrayList<>();
        for (String part : text.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            List<Operator> named = switch (p) {
                case "paper" -> SearchSpace.PAPER_OPERATORS;
                case "default" -> SearchSpace.DEFAULT_OPERATORS;
                default -> null;
            };
            if (named != null) {
                for (Operator op : named) {
                    if (!ops.contains(op)) {
                        ops.add(op);
                    }
                }
                continue;
            }
            Operator op;
            try {
                op = Operator.parse(p);
            } catch (IllegalArgumentException e) {
                throw new UserError("--operators: " + e.getMessage());
            }
            if (listed.contains(op)) {
                throw new UserError("--operators: '" + p + "' is listed twice");
            }
            listed.add(op);
            if (!ops.contains(op)) {
                ops.add(op);
            }
        }
        if (ops.isEmpty()) {
            throw new UserError("--operators: no operator given");
        }
        return ops;
    }
}
