package dysymnet.expr;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * How much each operator of a formula costs, for a complexity other than the node count (as PySR's
 * {@code complexity_of_operators}): {@code exp} may cost 3 where {@code +} costs 1. The complexity of a formula is
 * the sum of its nodes' weights; a variable or a constant weighs 1, and so does every operator without a weight.
 * Without any weight ({@link #NONE}, the default) it is the node count, {@link Expr#complexity()}.
 *
 * <p>Weights are given by the operator's name in formulas: a built-in function ({@code sin}, {@code exp},
 * {@code log}, {@code sqrt}, {@code abs}...), {@code neg} for a negation, the arithmetic operators {@code + - * /},
 * {@code ^} (also spelled {@code pow}) for a power, whose exponent is a node of its own ({@code x^2} is {@code ^}
 * over {@code x} and {@code 2}), or the name of a user-defined function ({@link UserFunction}). A weight is a whole
 * number from 1 to {@value #MAX_WEIGHT}. Immutable.
 */
public final class ComplexityWeights {
    /** The largest weight of an operator. */
    public static final int MAX_WEIGHT = 1000;
    /** No weights: the complexity is the node count. */
    public static final ComplexityWeights NONE = new ComplexityWeights(new TreeMap<>());

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    private static final Set<String> ARITHMETIC = Set.of("+", "-", "*", "/", "^");

    private final Map<String, Integer> weights;

    private ComplexityWeights(TreeMap<String, Integer> weights) {
        this.weights = Collections.unmodifiableMap(weights);
    }

    /**
     * Weights by operator name ({@code pow} is read as {@code ^}); an empty map is {@link #NONE}.
     *
     * @throws IllegalArgumentException for a name that is neither an arithmetic operator nor a function's name, or a
     *                                  weight outside 1..{@value #MAX_WEIGHT}
     */
    public static ComplexityWeights of(Map<String, Integer> weights) {
        Objects.requireNonNull(weights, "weights");
        TreeMap<String, Integer> w = new TreeMap<>();
        for (Map.Entry<String, Integer> e : weights.entrySet()) {
            String name = canonical(e.getKey());
            Integer v = e.getValue();
            if (v == null || v < 1 || v > MAX_WEIGHT) {
                throw new IllegalArgumentException("complexity of '" + e.getKey() + "' must be a whole number from 1 "
                        + "to " + MAX_WEIGHT + ", got " + v);
            }
            if (w.put(name, v) != null) {
                throw new IllegalArgumentException("complexity of '" + name + "' is given twice");
            }
        }
        return w.isEmpty() ? NONE : new ComplexityWeights(w);
    }

    /** These weights with {@code operator}'s set to {@code weight} (replacing its weight if it had one). */
    public ComplexityWeights with(String operator, int weight) {
        TreeMap<String, Integer> w = new TreeMap<>(weights);
        w.remove(canonical(operator));
        w.put(operator, weight);
        return of(w);
    }

    /** The canonical name of an operator whose weight may be set: {@code pow} is {@code ^}. */
    private static String canonical(String name) {
        if (name == null) {
            throw new IllegalArgumentException("an operator's name must not be null");
        }
        String n = name.trim();
        if (n.equals("pow")) {
            return "^";
        }
        UnaryOp op = UnaryOp.byName(n);
        if (op != null) {
            return op.symbol(); // ln is log
        }
        if (ARITHMETIC.contains(n) || NAME.matcher(n).matches()) {
            return n;
        }
        throw new IllegalArgumentException("'" + name + "' is not an operator's name (+, -, *, /, ^, neg, or a "
                + "function such as exp)");
    }

    /**
     * Whether {@code name} (canonical) is the name of a built-in operator of formulas: {@code + - * / ^}, {@code neg}
     * or a built-in function.
     */
    public static boolean isBuiltIn(String name) {
        if (ARITHMETIC.contains(name) || name.equals("neg")) {
            return true;
        }
        UnaryOp op = UnaryOp.byName(name);
        return op != null && op.symbol().equals(name);
    }

    /** Whether no weight is set (the complexity is the node count). */
    public boolean isEmpty() {
        return weights.isEmpty();
    }

    /** The weights set, by canonical name, sorted. */
    public Map<String, Integer> weights() {
        return weights;
    }

    /** The weight of the operator named {@code name} (canonical): its weight, or 1. */
    public int weight(String name) {
        return weights.getOrDefault(name, 1);
    }

    /** The complexity of {@code e}: the sum of its nodes' weights ({@link Expr#complexity()} without weights). */
    public int complexity(Expr e) {
        if (weights.isEmpty()) {
            return e.complexity();
        }
        return (int) Math.min(Integer.MAX_VALUE, sum(e));
    }

    private long sum(Expr e) {
        if (e instanceof Unary u) {
            return weight(u.op() == UnaryOp.NEG ? "neg" : u.op().symbol()) + sum(u.arg());
        }
        if (e instanceof Binary b) {
            return weight(b.op().symbol()) + sum(b.left()) + sum(b.right());
        }
        return 1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ComplexityWeights w && w.weights.equals(weights);
    }

    @Override
    public int hashCode() {
        return weights.hashCode();
    }

    /** {@code exp=3,sin=2}, or {@code none}. */
    @Override
    public String toString() {
        if (weights.isEmpty()) {
            return "none";
        }
        StringBuilder sb = new StringBuilder();
        weights.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ",").append(k).append('=').append(v));
        return sb.toString();
    }
}
