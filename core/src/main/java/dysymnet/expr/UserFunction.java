package dysymnet.expr;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import java.util.regex.Pattern;

/**
 * A function of one or two arguments defined by the user of the library, such as {@code softplus(x)} or
 * {@code hypot(x, y)}: its name, its value and derivative (the partial derivatives for two arguments), and how the
 * targets that compute write it. It is used like a built-in function everywhere: as a network unit
 * ({@code net.Operator.of}), in formulas (a {@link Unary} or {@link Binary} node, written as a call
 * {@code name(a)} or {@code name(a, b)} in the infix syntax, which {@link Parser#parse(String, java.util.Collection)}
 * reads back), by the evaluator, the fitters, the GP, the term regression (a one-argument function of each input is
 * a basis column) and the exports.
 *
 * <p>The value is the function's whole definition: the search and {@code Model.predict} compute exactly what it
 * returns, and the printed forms must compute the same numbers (wherever it is finite), protections included, as the
 * built-in functions' forms do. A form is a template in which {@code #1} (and {@code #2}) stand for the arguments,
 * e.g. {@code Math.log1p(Math.exp(#1))} for Java or {@code np.logaddexp(0.0, #1)} for NumPy; an argument placed
 * alone in a call's parentheses or between commas is written as it is, elsewhere in parentheses. A target without a
 * form cannot export a formula that uses the function ({@link IllegalArgumentException} naming the form), except
 * LaTeX, which writes {@code \operatorname{name}\left(a, b\right)} by default.
 *
 * <p>The function must be pure and thread-safe (the search evaluates it on several threads), and should be defined
 * and finite wherever possible: a NaN or an infinity makes a formula's error infinite, so such formulas lose. The
 * derivative is what the networks train with and what the constant fitters use; the library trusts it (a test
 * against finite differences is the user's best friend). Nothing is known to the simplifier about the function
 * beyond its value: it folds the function of a constant into a number and otherwise keeps it as it is.
 *
 * <p>Two user functions are equal when they have the same name and number of arguments: a search (and a model
 * file) knows each function by its name.
 */
public final class UserFunction implements UnaryFunction, BinaryFunction {

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");
    /**
     * Names a user function must not take: the built-in functions (and their aliases), the enum names of the
     * expression tree's JSON form, the parser's constants, and the operator labels of the command line.
     */
    private static final Set<String> RESERVED = Set.of(
            "neg", "sin", "cos", "tan", "exp", "log", "ln", "sqrt", "sinh", "cosh", "tanh", "abs", "asin", "acos",
            "arcsin", "arccos", "add", "sub", "mul", "div", "pow", "pi", "nan", "infinity", "id", "identity",
            "square", "cube", "pow2", "pow3", "paper", "default");

    private final String name;
    private final int arity;
    private final DoubleUnaryOperator value1;
    private final DoubleUnaryOperator derivative1;
    private final DoubleBinaryOperator value2;
    private final DoubleBinaryOperator dLeft2;
    private final DoubleBinaryOperator dRight2;
    private final String sympy;
    private final String latex;
    private final String java;
    private final String numpy;
    private final String c;

    private UserFunction(Builder b) {
        this.name = b.name;
        this.arity = b.arity;
        this.value1 = b.value1;
        this.derivative1 = b.derivative1;
        this.value2 = b.value2;
        this.dLeft2 = b.dLeft2;
        this.dRight2 = b.dRight2;
        this.sympy = b.sympy;
        this.latex = b.latex;
        this.java = b.java;
        this.numpy = b.numpy;
        this.c = b.c;
    }

    /**
     * A function of one argument.
     *
     * @param name       its name in formulas: letters, digits and {@code _}, starting with a letter, not the name of
     *                   a built-in function or operator
     * @param value      the function
     * @param derivative its derivative
     */
    public static Builder unary(String name, DoubleUnaryOperator value, DoubleUnaryOperator derivative) {
        Builder b = new Builder(name, 1);
        b.value1 = Objects.requireNonNull(value, "value");
        b.derivative1 = Objects.requireNonNull(derivative, "derivative");
        return b;
    }

    /**
     * A function of two arguments, written as a call {@code name(a, b)}.
     *
     * @param name   its name (as for {@link #unary})
     * @param value  the function
     * @param dLeft  its partial derivative with respect to the first argument
     * @param dRight its partial derivative with respect to the second argument
     */
    public static Builder binary(String name, DoubleBinaryOperator value, DoubleBinaryOperator dLeft,
                                 DoubleBinaryOperator dRight) {
        Builder b = new Builder(name, 2);
        b.value2 = Objects.requireNonNull(value, "value");
        b.dLeft2 = Objects.requireNonNull(dLeft, "dLeft");
        b.dRight2 = Objects.requireNonNull(dRight, "dRight");
        return b;
    }

    /** The function's name in formulas. */
    public String name() {
        return name;
    }

    /** 1 or 2. */
    public int arity() {
        return arity;
    }

    @Override
    public String symbol() {
        return name;
    }

    @Override
    public double apply(double x) {
        return one().value1.applyAsDouble(x);
    }

    @Override
    public double derivative(double x) {
        return one().derivative1.applyAsDouble(x);
    }

    @Override
    public double apply(double a, double b) {
        return two().value2.applyAsDouble(a, b);
    }

    @Override
    public double dLeft(double a, double b) {
        return two().dLeft2.applyAsDouble(a, b);
    }

    @Override
    public double dRight(double a, double b) {
        return two().dRight2.applyAsDouble(a, b);
    }

    private UserFunction one() {
        if (arity != 1) {
            throw new IllegalStateException(name + " takes two arguments");
        }
        return this;
    }

    private UserFunction two() {
        if (arity != 2) {
            throw new IllegalStateException(name + " takes one argument");
        }
        return this;
    }

    @Override
    public UnaryOp.Parity parity() {
        return UnaryOp.Parity.NONE;
    }

    @Override
    public UnaryOp.Sign sign() {
        return UnaryOp.Sign.UNKNOWN;
    }

    @Override
    public boolean actsOnAbsoluteValue() {
        return false;
    }

    /** The function is its own definition: its value is the "textbook" one everywhere. */
    @Override
    public boolean agreesWithTextbook(double x) {
        return true;
    }

    @Override
    public boolean agreesWithTextbook(double a, double b) {
        return true;
    }

    /** The SymPy template, or null. */
    public String sympyForm() {
        return sympy;
    }

    /** The LaTeX template, or null (then {@code \operatorname{name}\left(...\right)}). */
    public String latexForm() {
        return latex;
    }

    /** The Java template, or null. */
    public String javaForm() {
        return java;
    }

    /** The NumPy template, or null. */
    public String numpyForm() {
        return numpy;
    }

    /** The C template, or null. */
    public String cForm() {
        return c;
    }

    /**
     * {@code template} with {@code #1} and {@code #2} replaced by the arguments: as they are where the placeholder
     * stands alone in a call's parentheses or between commas ({@code f(#1, #2)}), or is delimited by braces (LaTeX
     * {@code e^{#1}}); else by {@code parenthesised.get(k)}.
     */
    static String fill(String template, List<String> plain, List<String> parenthesised) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < template.length()) {
            char ch = template.charAt(i);
            if (ch == '#' && i + 1 < template.length() && (template.charAt(i + 1) == '1'
                    || template.charAt(i + 1) == '2')) {
                int k = template.charAt(i + 1) - '1';
                boolean alone = opens(template, i - 1) && closes(template, i + 2);
                sb.append(alone ? plain.get(k) : parenthesised.get(k));
                i += 2;
            } else {
                sb.append(ch);
                i++;
            }
        }
        return sb.toString();
    }

    /** Whether the text before {@code end} (inclusive), spaces skipped, ends with an opening delimiter. */
    private static boolean opens(String t, int end) {
        int j = end;
        while (j >= 0 && t.charAt(j) == ' ') {
            j--;
        }
        return j >= 0 && (t.charAt(j) == '(' || t.charAt(j) == ',' || t.charAt(j) == '{');
    }

    /** Whether the text from {@code start}, spaces skipped, starts with a closing delimiter. */
    private static boolean closes(String t, int start) {
        int j = start;
        while (j < t.length() && t.charAt(j) == ' ') {
            j++;
        }
        return j < t.length() && (t.charAt(j) == ')' || t.charAt(j) == ',' || t.charAt(j) == '}');
    }

    /**
     * The canonical order of the operators of formula nodes, {@code a} and {@code b} both built in (constants of the
     * same enum) or user functions: the built-in ones in their declaration order, then the user functions by name.
     */
    static int order(Object a, Object b) {
        if (a instanceof Enum<?> x && b instanceof Enum<?> y) {
            return Integer.compare(x.ordinal(), y.ordinal());
        }
        if (a instanceof Enum<?> || b instanceof Enum<?>) {
            return a instanceof Enum<?> ? -1 : 1;
        }
        return ((UserFunction) a).name.compareTo(((UserFunction) b).name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UserFunction f && f.name.equals(name) && f.arity == arity;
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + arity;
    }

    @Override
    public String toString() {
        return name + (arity == 1 ? "(x)" : "(x, y)");
    }

    /** Builder of a {@link UserFunction}: the printed forms, then {@link #build()}. */
    public static final class Builder {
        private final String name;
        private final int arity;
        private DoubleUnaryOperator value1;
        private DoubleUnaryOperator derivative1;
        private DoubleBinaryOperator value2;
        private DoubleBinaryOperator dLeft2;
        private DoubleBinaryOperator dRight2;
        private String sympy;
        private String latex;
        private String java;
        private String numpy;
        private String c;

        private Builder(String name, int arity) {
            if (name == null || !NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("a user function's name must be letters, digits and _, starting "
                        + "with a letter, got " + (name == null ? "null" : "'" + name + "'"));
            }
            if (RESERVED.contains(name.toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("'" + name + "' is the name of a built-in function or operator; "
                        + "give the user function another name");
            }
            this.name = name;
            this.arity = arity;
        }

        /** The SymPy form, e.g. {@code log(1 + exp(#1))} (SymPy's {@code sympify} must read it). */
        public Builder sympy(String template) {
            sympy = checked(template, "sympy");
            return this;
        }

        /** The LaTeX form, e.g. {@code \log\left(1 + e^{#1}\right)}. */
        public Builder latex(String template) {
            latex = checked(template, "latex");
            return this;
        }

        /** The Java form, a {@code double} expression, e.g. {@code Math.log1p(Math.exp(#1))}. */
        public Builder java(String template) {
            java = checked(template, "java");
            return this;
        }

        /** The NumPy form, vectorised ({@code import numpy as np}), e.g. {@code np.logaddexp(0.0, #1)}. */
        public Builder numpy(String template) {
            numpy = checked(template, "numpy");
            return this;
        }

        /** The C99 form over {@code <math.h>}, e.g. {@code log1p(exp(#1))}. */
        public Builder c(String template) {
            c = checked(template, "c");
            return this;
        }

        private String checked(String template, String form) {
            if (template == null || template.isBlank()) {
                throw new IllegalArgumentException(name + ": the " + form + " form must not be empty");
            }
            if (template.indexOf('\n') >= 0 || template.indexOf('\r') >= 0) {
                throw new IllegalArgumentException(name + ": the " + form + " form must be one line");
            }
            if (!template.contains("#1") && (arity == 1 || !template.contains("#2"))) {
                throw new IllegalArgumentException(name + ": the " + form + " form must use its argument"
                        + (arity == 1 ? " #1" : "s #1 and #2") + ", got '" + template + "'");
            }
            if (arity == 1 && template.contains("#2")) {
                throw new IllegalArgumentException(name + ": the " + form + " form of a one-argument function has "
                        + "no #2, got '" + template + "'");
            }
            return template;
        }

        public UserFunction build() {
            return new UserFunction(this);
        }
    }
}
