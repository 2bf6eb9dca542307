package dysymnet.expr;

import dysymnet.expr.Bounds.Range;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The printers of the targets that compute ({@link SympyPrinter}, {@link JavaPrinter}, {@link PythonPrinter},
 * {@link CPrinter}): every protected rule of {@link UnaryOp#apply} and {@link BinaryOp#apply} is written out in the
 * target's terms wherever it can change a value, so that the text computes the numbers {@link Evaluator} computes,
 * and it is left out where {@link Bounds} prove that it cannot (no division guard for {@code x^2 + 1}, no clamp for
 * {@code exp(-x^2)}), so that the common case stays readable:
 * <ul>
 *   <li>{@code log(u)}: {@code log(max(|u|, TINY))}, without the absolute value when u is never negative and without
 *       the floor when |u| is never below {@link UnaryOp#TINY};</li>
 *   <li>{@code sqrt(u)}: {@code sqrt(|u|)}, without it when u is never negative (nor -0.0);</li>
 *   <li>{@code exp(u)}: {@code exp(min(u, 100))}; sinh and cosh clamp u to [-100, 100], asin and acos to [-1, 1];</li>
 *   <li>{@code a / b}: {@code a / (b == 0 ? TINY : b)} when b may be zero;</li>
 *   <li>{@code a ^ p} for a constant p: {@code a*a} and {@code a*a*a} for 2 and 3 in the targets that compute in
 *       double arithmetic (the products {@link BinaryOp#pow} computes), {@code |a|^p} for a non-integer p when a may
 *       be negative, otherwise pow; for an exponent b that is not a constant: {@code pow(b is an integer ? a : |a|,
 *       b)} when a may be negative.</li>
 * </ul>
 * A clamp keeps NaN a NaN as {@link Math#min} does. The constants are printed exactly: {@link Printer} rounds them
 * before printing when asked for fewer digits, so the bounds are those of the printed formula. The plain SymPy form
 * writes the absolute values only, none of the clamps, floors and guards ({@link #writesClamps}).
 *
 * <p>A guard may need an operand twice (a denominator is compared with zero and then divided by). As one
 * expression, the operand's text is repeated; in the function form ({@link #body}) an operand that is more than a
 * name or a number is bound to a local variable first, in statements before the returned expression.
 */
abstract class ProtectedPrinter extends InfixPrinter {

    /** A name or a number, or one call of one: cheap enough to repeat. */
    private static final Pattern CHEAP = Pattern.compile(
            "-?[\\w.]+(?:[eE][-+]?\\d+)?|[\\w.]+\\(-?[\\w.]+(?:[eE][-+]?\\d+)?\\)");
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private Bounds bounds;
    /** The identifier of each variable, for the targets that rename reserved words; null until prepared. */
    private Map<String, String> identifiers;
    /** Statements binding shared operands to local names (the function form), or null (one expression). */
    private List<String> statements;
    private String tempPrefix;
    private int temps;

    ProtectedPrinter() {
        super(EXACT);
    }

    /** A function body: statements that bind local names, then the value's expression. */
    record Body(List<String> statements, String value) {
    }

    /**
     * {@code e} as the body of a function whose parameters are {@code parameters} (every variable of e among them):
     * the operands that guards use twice bound to local names.
     */
    final Body body(Expr e, List<String> parameters) {
        identifiers = identifiers(parameters, reservedWords());
        statements = new ArrayList<>();
        tempPrefix = "t";
        while (clashes(tempPrefix, identifiers.values())) {
            tempPrefix = "_" + tempPrefix;
        }
        prepare(e);
        String value = render(e).text();
        return new Body(List.copyOf(statements), value);
    }

    private static boolean clashes(String prefix, Collection<String> names) {
        Pattern p = Pattern.compile(Pattern.quote(prefix) + "\\d+");
        return names.stream().anyMatch(n -> p.matcher(n).matches());
    }

    @Override
    void prepare(Expr e) {
        bounds = Bounds.of(e);
        if (identifiers == null) {
            identifiers = identifiers(new ArrayList<>(e.variables()), reservedWords());
        }
    }

    /** The identifier of each variable of the last printed formula or function (a copy). */
    final Map<String, String> identifiers() {
        return new LinkedHashMap<>(identifiers);
    }

    /**
     * An identifier for each name, distinct from each other and from {@code reserved}: the name itself when it is
     * one and not reserved, else the name with characters other than letters, digits and {@code _} replaced by
     * {@code _} (and a {@code _} in front of a leading digit), then {@code _} appended until it is free.
     */
    static Map<String, String> identifiers(List<String> names, Set<String> reserved) {
        Map<String, String> out = new LinkedHashMap<>();
        Set<String> taken = new HashSet<>();
        for (String name : names) {
            if (IDENTIFIER.matcher(name).matches() && !reserved.contains(name)) {
                out.put(name, name);
                taken.add(name);
            }
        }
        for (String name : names) {
            if (out.containsKey(name)) {
                continue;
            }
            String id = name.replaceAll("[^A-Za-z0-9_]", "_");
            if (id.isEmpty() || Character.isDigit(id.charAt(0))) {
                id = "_" + id;
            }
            while (reserved.contains(id) || taken.contains(id) || names.contains(id)) {
                id = id + "_";
            }
            out.put(name, id);
            taken.add(id);
        }
        return out;
    }

    /** Words a variable's identifier must not be (keywords, and names the printed text uses). */
    abstract Set<String> reservedWords();

    @Override
    Frag variable(String name) {
        return new Frag(identifiers.getOrDefault(name, name), ATOM);
    }

    /** The statement binding {@code name} to the value of {@code text}, in the function form. */
    abstract String bind(String name, String text);

    /**
     * {@code f} as an operand that will be written more than once: itself when it is cheap or in one-expression
     * mode, else a local name bound to it.
     */
    final Frag share(Frag f) {
        if (statements == null || CHEAP.matcher(f.text()).matches()) {
            return f;
        }
        String name = tempPrefix + (++temps);
        statements.add(bind(name, f.text()));
        return new Frag(name, ATOM);
    }

    // ------------------------------------------------------------------ the protected rules

    /**
     * Whether this printer writes the clamps, floors and guards: log's floor at {@link UnaryOp#TINY}, the clamps of
     * exp, sinh, cosh, asin and acos, and the division guard. Those stand in, at the edges, for values that are
     * infinite, complex or undefined in the mathematics; the absolute values of log, sqrt and fractional powers
     * are what these functions mean in dysymnet, and every printer writes them. True but for the plain SymPy form
     * ({@link Printer#sympy(Expr, int)}), which leaves them out.
     */
    boolean writesClamps() {
        return true;
    }

    @Override
    final Frag function(Unary u, Frag a) {
        UnaryOp op = (UnaryOp) u.op();
        Range r = bounds.range(u.arg());
        boolean clamps = writesClamps();
        Frag arg = switch (op) {
            case LOG -> {
                Double c = constantValue(u.arg());
                if (!clamps && c != null && Math.abs(c) < UnaryOp.TINY) {
                    // the floor of a number is a number: log(0) is the formula's log(1e-300) in either form
                    yield constant(UnaryOp.TINY);
                }
                Frag x = r.mayBeNegative() ? absolute(u.arg(), a) : a;
                yield !clamps || r.lo() >= UnaryOp.TINY || r.hi() <= -UnaryOp.TINY ? x : atLeast(x, UnaryOp.TINY);
            }
            case SQRT -> r.nonNegativeWithoutNegativeZero() ? a : absolute(u.arg(), a);
            case EXP -> clamps && r.hi() > UnaryOp.EXP_MAX ? atMost(a, UnaryOp.EXP_MAX) : a;
            case SINH, COSH -> clamps && (r.lo() < -UnaryOp.EXP_MAX || r.hi() > UnaryOp.EXP_MAX)
                    ? clamp(a, -UnaryOp.EXP_MAX, UnaryOp.EXP_MAX) : a;
            case ASIN, ACOS -> clamps && (r.lo() < -1.0 || r.hi() > 1.0) ? clamp(a, -1.0, 1.0) : a;
            case NEG, SIN, COS, TAN, TANH, ABS -> a;
        };
        return call(functionName(op), arg.text());
    }

    /**
     * A user-defined function as its definition writes it for this target ({@link #userForm}); its protections, if
     * any, are the user's.
     *
     * @throws IllegalArgumentException when the function has no form for this target
     */
    @Override
    final Frag userFunction(UserFunction f, List<Frag> args) {
        String template = userForm(f);
        if (template == null) {
            throw new IllegalArgumentException("the formula uses the user function '" + f.name() + "', which has no "
                    + formName() + " form (set it with UserFunction.Builder." + formName() + ")");
        }
        return filled(template, args);
    }

    /** The user function's template for this target, or null. */
    abstract String userForm(UserFunction f);

    /** The name of this target's form, as {@link UserFunction.Builder} calls it ({@code java}, {@code c}...). */
    abstract String formName();

    @Override
    final Frag quotient(Binary b, Frag l, Frag r) {
        Frag denominator = r;
        if (bounds.range(b.right()).mayBeZero()) {
            // a zero constant is the formula's 1e-300 in either form; a guard is for the protected forms
            Double c = constantValue(b.right());
            if (c != null) {
                denominator = constant(BinaryOp.protectDenominator(c));
            } else if (writesClamps()) {
                denominator = nonZero(r);
            }
        }
        return divide(l, denominator);
    }

    @Override
    final Frag power(Binary b, Frag l, Frag r) {
        boolean baseMayBeNegative = bounds.range(b.left()).mayBeNegative();
        Double p = constantValue(b.right());
        if (p == null) {
            return protectedPower(b.left(), l, r, baseMayBeNegative);
        }
        double v = p;
        if (v == 2.0) {
            return square(l);
        }
        if (v == 3.0) {
            return cube(l);
        }
        boolean integer = v == Math.rint(v) && !Double.isInfinite(v);
        return pow(!integer && baseMayBeNegative ? absolute(b.left(), l) : l, r);
    }

    /** The value of a constant or a negated constant (as the printers fold it), else null. */
    static Double constantValue(Expr e) {
        if (e instanceof Const c) {
            return c.value();
        }
        if (e instanceof Unary u && u.op() == UnaryOp.NEG && u.arg() instanceof Const c) {
            return -c.value();
        }
        return null;
    }

    /** {@code |a|} for the node {@code e} printed as {@code a}: a constant is folded. */
    final Frag abs(Expr e, Frag a) {
        Double c = constantValue(e);
        return c != null ? constant(Math.abs(c)) : abs(a);
    }

    /**
     * The sign that the sub-formula {@code e} keeps on the rows this printer writes for: 1 when it is at least 0 on
     * every row, -1 when it is at most 0 on every row, 0 when neither (or not finite on some row, or there are no
     * rows). Only the plain SymPy form on training rows has rows ({@link Printer#sympy(Expr, int, List,
     * double[][])}); the forms that compute predict's numbers everywhere have none.
     */
    int signOnRows(Expr e) {
        return 0;
    }

    /**
     * {@code |a|} for the node {@code e} printed as {@code a}: {@code a} itself, or its negation, where e keeps one
     * sign on the rows ({@link #signOnRows}); else the target's absolute value (a constant folded).
     */
    final Frag absolute(Expr e, Frag a) {
        int sign = constantValue(e) == null ? signOnRows(e) : 0;
        return sign > 0 ? a : sign < 0 ? negation(a) : abs(e, a);
    }

    /** The target's name of the textbook function {@code op}. */
    abstract String functionName(UnaryOp op);

    /** {@code |a|}: the target's absolute-value function. */
    Frag abs(Frag a) {
        return call(functionName(UnaryOp.ABS), a.text());
    }

    /** {@code max(a, bound)}, NaN when a is NaN. */
    abstract Frag atLeast(Frag a, double bound);

    /** {@code min(a, bound)}, NaN when a is NaN. */
    abstract Frag atMost(Frag a, double bound);

    /** {@code max(lo, min(a, hi))}, NaN when a is NaN. */
    abstract Frag clamp(Frag a, double lo, double hi);

    /**
     * The protected denominator: {@code b}, or {@link UnaryOp#TINY} where b is zero; by default the conditional
     * expression of the C family ({@code b == 0.0 ? TINY : b}).
     */
    Frag nonZero(Frag b) {
        Frag s = share(b);
        return new Frag(operand(s) + " == 0.0 ? " + constant(UnaryOp.TINY).text() + " : " + operand(s), CONDITIONAL);
    }

    /** {@code l / r}. */
    Frag divide(Frag l, Frag r) {
        return product(l, " / ", r);
    }

    /** {@code a^2} as the protected power computes it: {@code a*a}. */
    Frag square(Frag a) {
        Frag s = share(a);
        return product(s, s);
    }

    /** {@code a^3} as the protected power computes it: {@code (a*a)*a}. */
    Frag cube(Frag a) {
        Frag s = share(a);
        return product(product(s, s), s);
    }

    /** The textbook {@code a^p} (the caller has taken care of a negative base). */
    abstract Frag pow(Frag a, Frag p);

    /**
     * The protected {@code a^b} for an exponent that is not a constant: {@code |a|^b} where a is negative and b is
     * not an integer (only when {@code baseMayBeNegative}), with exactly the products of {@link BinaryOp#pow} for
     * b = 2 and 3 in targets that claim its bits.
     */
    abstract Frag protectedPower(Expr base, Frag a, Frag b, boolean baseMayBeNegative);

    /** {@code f} as an operand of a comparison or a branch of a conditional. */
    static String operand(Frag f) {
        return f.prec() == CONDITIONAL ? "(" + f.text() + ")" : f.text();
    }

    // ------------------------------------------------------------------ the rules, in words

    /**
     * One line for each protected rule of an operation that {@code e} uses, in the project's own notation, for the
     * comment that heads a function export; empty when it uses none.
     */
    static List<String> rulesUsed(Expr e) {
        EnumSet<UnaryOp> unary = EnumSet.noneOf(UnaryOp.class);
        EnumSet<BinaryOp> binary = EnumSet.noneOf(BinaryOp.class);
        Set<String> user = new java.util.TreeSet<>();
        e.forEach(n -> {
            if (n instanceof Unary u && u.op() instanceof UnaryOp op) {
                unary.add(op);
            } else if (n instanceof Binary b && b.op() instanceof BinaryOp op) {
                binary.add(op);
            } else if (n instanceof Unary u) {
                user.add(u.op().symbol());
            } else if (n instanceof Binary b) {
                user.add(b.op().symbol());
            }
        });
        String tiny = number(UnaryOp.TINY, EXACT);
        String max = number(UnaryOp.EXP_MAX, EXACT);
        List<String> lines = new ArrayList<>();
        if (unary.contains(UnaryOp.LOG)) {
            lines.add("log(u) is log(max(|u|, " + tiny + "))");
        }
        if (unary.contains(UnaryOp.SQRT)) {
            lines.add("sqrt(u) is sqrt(|u|)");
        }
        if (unary.contains(UnaryOp.EXP)) {
            lines.add("exp(u) is exp(min(u, " + max + "))");
        }
        for (UnaryOp op : List.of(UnaryOp.SINH, UnaryOp.COSH)) {
            if (unary.contains(op)) {
                lines.add(op.symbol() + "(u) clamps u to [-" + max + ", " + max + "]");
            }
        }
        for (UnaryOp op : List.of(UnaryOp.ASIN, UnaryOp.ACOS)) {
            if (unary.contains(op)) {
                lines.add(op.symbol() + "(u) clamps u to [-1, 1]");
            }
        }
        if (binary.contains(BinaryOp.DIV)) {
            lines.add("a / b is a / " + tiny + " where b == 0");
        }
        if (binary.contains(BinaryOp.POW)) {
            lines.add("a ^ b is |a| ^ b where a < 0 and b is not an integer (a^2 is a*a, a^3 is a*a*a)");
        }
        for (String name : user) {
            lines.add(name + " is a user-defined function, written as its definition gives it");
        }
        return lines;
    }
}
