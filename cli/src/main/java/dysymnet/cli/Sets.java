package dysymnet.cli;

import dysymnet.expr.ComplexityWeights;
import dysymnet.expr.NestingConstraints;
import dysymnet.expr.UnaryOp;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Parsing of the command line's set and list values ({@code 1-5}, {@code 1,2,4}, {@code sin,cos,*},
 * {@code exp=3,sin=2}, {@code exp:exp,log:log}): the one parser of integer sets and ranges, used for layers, widths
 * and the bench's seeds, of operator lists, complexity weights and nesting constraints.
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

    /** The operator names {@code --complexity-of} accepts, for its messages. */
    static final String WEIGHT_NAMES = "+, -, *, /, ^ (or pow), neg, sin, cos, tan, exp, log, sqrt, sinh, cosh, tanh, "
            + "abs, asin, acos";

    /** The functions {@code --forbid-nesting} accepts, for its messages. */
    static final String NESTING_NAMES = "sin, cos, tan, exp, log, sqrt, sinh, cosh, tanh, abs";

    /**
     * Complexity weights as {@code exp=3,sin=2,/=2}: each item an operator's name in formulas and a whole number from
     * 1 to {@value ComplexityWeights#MAX_WEIGHT}.
     */
    public static ComplexityWeights complexityWeights(String text) {
        String option = "--complexity-of";
        Map<String, Integer> w = new LinkedHashMap<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            int eq = p.lastIndexOf('=');
            if (eq <= 0 || eq == p.length() - 1) {
                throw new UserError(option + ": '" + p + "' is not NAME=WEIGHT, e.g. exp=3");
            }
            String name = p.substring(0, eq).trim();
            String value = p.substring(eq + 1).trim();
            int v;
            try {
                v = Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new UserError(option + ": the weight of '" + name + "' must be a whole number, got '" + value
                        + "'");
            }
            ComplexityWeights one;
            try {
                one = ComplexityWeights.of(Map.of(name, v));
            } catch (IllegalArgumentException e) {
                throw new UserError(option + ": " + e.getMessage());
            }
            String canonical = one.weights().keySet().iterator().next();
            if (!ComplexityWeights.isBuiltIn(canonical)) {
                throw new UserError(option + ": unknown operator '" + name + "' (known: " + WEIGHT_NAMES + ")");
            }
            if (w.put(canonical, v) != null) {
                throw new UserError(option + ": '" + name + "' is given twice");
            }
        }
        return ComplexityWeights.of(w);
    }

    /** Nesting constraints as {@code exp:exp,log:log}: each item OUTER:INNER, two functions. */
    public static NestingConstraints nesting(String text) {
        String option = "--forbid-nesting";
        List<NestingConstraints.Rule> rules = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            NestingConstraints.Rule r;
            try {
                r = NestingConstraints.parseRule(p);
            } catch (IllegalArgumentException e) {
                throw new UserError(option + ": '" + p + "' is not OUTER:INNER, two functions such as exp:exp");
            }
            for (String f : List.of(r.outer(), r.inner())) {
                UnaryOp op = UnaryOp.byName(f);
                if (op == null) {
                    throw new UserError(option + ": unknown function '" + f + "' in '" + p + "' (functions: "
                            + NESTING_NAMES + ")");
                }
            }
            if (rules.contains(r)) {
                throw new UserError(option + ": '" + p + "' is given twice");
            }
            rules.add(r);
        }
        return NestingConstraints.of(rules);
    }
}
