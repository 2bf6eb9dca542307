package dysymnet.net;

import dysymnet.expr.NestingConstraints;
import dysymnet.expr.UnaryFunction;
import dysymnet.expr.UnaryOp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The architectures a search may sample: the possible numbers of hidden layers, the possible units per layer, and
 * the operator library units are drawn from. Immutable; layer counts and widths are kept sorted ascending, the
 * operators in the given order (the order of the controller's operator head).
 *
 * <p>Defaults are the paper's (Table "Hyperparameters for DySymNet"): layers {1..5}, widths {1..6}, operators
 * {+, -, *, sin, cos, tan, exp, log, cosh, square} plus identity.
 *
 * <p>Nesting constraints ({@link NestingConstraints}, none by default) forbid a function inside another: the
 * controller never samples an architecture in which a unit of a forbidden inner function feeds, through any layers, a
 * unit of its outer function, and no formula that breaks a rule is a candidate of the search.
 *
 * @param operators        the operator library, without duplicates
 * @param layers           possible numbers of hidden layers, each at least 1
 * @param widths           possible numbers of units per layer, each at least 1
 * @param forbiddenNesting functions that must not occur inside others; each rule names functions of the library
 */
public record SearchSpace(List<Operator> operators, List<Integer> layers, List<Integer> widths,
                          NestingConstraints forbiddenNesting) {

    /** The paper's operator library plus identity ({@code --operators paper}). */
    public static final List<Operator> PAPER_OPERATORS = List.of(
            Operator.IDENTITY, Operator.ADD, Operator.SUB, Operator.MUL, Operator.SIN, Operator.COS,
            Operator.TAN, Operator.EXP, Operator.LOG, Operator.COSH, Operator.SQUARE);
    /**
     * The default operator library: the paper's with protected division and square root, so that rational laws and
     * roots (most of physics: inverse squares, ratios, Lorentz factors) are reachable. Measured against the paper's
     * library in one session (docs/benchmarks, "Term regression"): 36 known laws of the standard suite 24 against
     * 20 exact, Nguyen 1-12 22 against 22, 20 AI Feynman problems 17 against 16 with test R^2 above 0.999.
     */
    public static final List<Operator> DEFAULT_OPERATORS = List.of(
            Operator.IDENTITY, Operator.ADD, Operator.SUB, Operator.MUL, Operator.DIV, Operator.SIN, Operator.COS,
            Operator.TAN, Operator.EXP, Operator.LOG, Operator.SQRT, Operator.COSH, Operator.SQUARE);
    /** The paper's layer-count library. */
    public static final List<Integer> DEFAULT_LAYERS = List.of(1, 2, 3, 4, 5);
    /** The paper's library of units per layer. */
    public static final List<Integer> DEFAULT_WIDTHS = List.of(1, 2, 3, 4, 5, 6);

    public SearchSpace {
        operators = checkedOperators(operators);
        layers = checkedSortedSet(layers, "layers", "layer count");
        widths = checkedSortedSet(widths, "widths", "width");
        forbiddenNesting = forbiddenNesting == null ? NestingConstraints.NONE : forbiddenNesting;
        List<String> functions = new ArrayList<>();
        for (Operator op : operators) {
            String f = functionName(op);
            if (f != null) {
                functions.add(f);
            }
        }
        for (String name : forbiddenNesting.names()) {
            if (!functions.contains(name)) {
                throw new IllegalArgumentException("forbidden nesting " + forbiddenNesting + ": '" + name + "' is not "
                        + "a function of the operator library (functions: " + String.join(", ", functions) + ")");
            }
        }
        if (!forbiddenNesting.isEmpty()) {
            Set<String> outer = new HashSet<>();
            forbiddenNesting.rules().forEach(r -> outer.add(r.outer()));
            if (operators.stream().allMatch(op -> outer.contains(functionName(op)))) {
                throw new IllegalArgumentException("forbidden nesting " + forbiddenNesting + ": every operator of the "
                        + "library has a function forbidden inside it, so a second layer could have no unit; add one "
                        + "that has none, such as id or +");
            }
        }
    }

    /** A search space without nesting constraints. */
    public SearchSpace(List<Operator> operators, List<Integer> layers, List<Integer> widths) {
        this(operators, layers, widths, NestingConstraints.NONE);
    }

    /**
     * The name in formulas of the function a unit applies, which nesting constraints may name: a built-in function
     * ({@code exp}) or a user-defined one of one or two arguments; null for the identity, negation, powers and the
     * arithmetic operators.
     */
    public static String functionName(Operator op) {
        if (op.userFunction() != null) {
            return op.userFunction().name();
        }
        UnaryFunction f = op.function();
        return f == null || f == UnaryOp.NEG ? null : f.symbol();
    }

    /** The paper's search space. */
    public static SearchSpace defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder preset with this space. */
    public Builder toBuilder() {
        return new Builder().operators(operators).layers(layers).widths(widths).forbiddenNesting(forbiddenNesting);
    }

    /** The {@code index}-th possible layer count, ascending. */
    public int layerCount(int index) {
        return layers.get(index);
    }

    /** The {@code index}-th possible width, ascending. */
    public int width(int index) {
        return widths.get(index);
    }

    /** The largest possible number of hidden layers. */
    public int maxLayerCount() {
        return layers.get(layers.size() - 1);
    }

    private static List<Integer> checkedSortedSet(List<Integer> values, String name, String what) {
        if (values == null || values.isEmpty()) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        int[] s = new int[values.size()];
        for (int i = 0; i < s.length; i++) {
            Integer v = values.get(i);
            if (v == null) {
                throw new IllegalArgumentException(name + " must not contain null");
            }
            s[i] = v;
        }
        Arrays.sort(s);
        for (int i = 0; i < s.length; i++) {
            if (s[i] < 1) {
                throw new IllegalArgumentException(name + ": every " + what + " must be >= 1, got " + s[i]);
            }
            if (i > 0 && s[i] == s[i - 1]) {
                throw new IllegalArgumentException(name + ": duplicate " + what + " " + s[i]);
            }
        }
        return Arrays.stream(s).boxed().toList();
    }

    private static List<Operator> checkedOperators(List<Operator> ops) {
        if (ops == null || ops.isEmpty()) {
            throw new IllegalArgumentException("operators must not be empty");
        }
        Set<Operator> seen = new HashSet<>();
        Set<String> labels = new HashSet<>();
        for (Operator op : ops) {
            if (op == null) {
                throw new IllegalArgumentException("operators must not contain null");
            }
            if (!seen.add(op)) {
                throw new IllegalArgumentException("operators: duplicate operator " + op.label());
            }
            if (!labels.add(op.label())) {
                throw new IllegalArgumentException("operators: two user functions are named " + op.label());
            }
        }
        return List.copyOf(ops);
    }

    /** Builder of a {@link SearchSpace}, starting from the paper's; validates in {@link #build()}. */
    public static final class Builder {
        private List<Operator> operators = DEFAULT_OPERATORS;
        private List<Integer> layers = DEFAULT_LAYERS;
        private List<Integer> widths = DEFAULT_WIDTHS;
        private NestingConstraints forbiddenNesting = NestingConstraints.NONE;

        private Builder() {
        }

        public Builder operators(List<Operator> v) {
            operators = v == null ? null : new ArrayList<>(v);
            return this;
        }

        public Builder operators(Operator... v) {
            return operators(v == null ? null : Arrays.asList(v));
        }

        public Builder layers(List<Integer> v) {
            layers = v == null ? null : new ArrayList<>(v);
            return this;
        }

        public Builder layers(int... v) {
            return layers(v == null ? null : Arrays.stream(v).boxed().toList());
        }

        public Builder widths(List<Integer> v) {
            widths = v == null ? null : new ArrayList<>(v);
            return this;
        }

        public Builder widths(int... v) {
            return widths(v == null ? null : Arrays.stream(v).boxed().toList());
        }

        /** Adds an operator to the library set so far. */
        public Builder addOperator(Operator op) {
            operators = operators == null ? new ArrayList<>() : new ArrayList<>(operators);
            operators.add(op);
            return this;
        }

        /** Functions that must not occur inside others (default none). */
        public Builder forbiddenNesting(NestingConstraints v) {
            forbiddenNesting = v;
            return this;
        }

        /** Adds a rule to the nesting constraints set so far. */
        public Builder addForbiddenNesting(NestingConstraints.Rule rule) {
            List<NestingConstraints.Rule> rules = new ArrayList<>(
                    forbiddenNesting == null ? List.of() : forbiddenNesting.rules());
            rules.add(rule);
            forbiddenNesting = NestingConstraints.of(rules);
            return this;
        }

        /** Validates and builds; throws IllegalArgumentException naming the offending setting. */
        public SearchSpace build() {
            return new SearchSpace(operators, layers, widths, forbiddenNesting);
        }
    }

    @Override
    public String toString() {
        List<String> ops = new ArrayList<>();
        for (Operator op : operators) {
            ops.add(op.label());
        }
        return "SearchSpace{operators=" + ops + ", layers=" + layers + ", widths=" + widths
                + (forbiddenNesting.isEmpty() ? "" : ", forbiddenNesting=" + forbiddenNesting) + "}";
    }
}
