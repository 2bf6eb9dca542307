package dysymnet.expr;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Nestings a search must not produce (as PySR's {@code nested_constraints} with a count of 0): a rule
 * {@code outer:inner} forbids {@code inner} anywhere inside an argument of {@code outer}, at any depth, so
 * {@code exp:exp} forbids {@code exp(x + exp(y))} and {@code log:exp} forbids {@code log(2*exp(x))}. Rules name
 * functions: the built-in ones ({@code sin}, {@code exp}, {@code log}, {@code sqrt}...) and user-defined ones of one
 * or two arguments ({@link UserFunction}); the arithmetic operators and powers are not constrained. Immutable; the
 * rules keep the order given, without repeats.
 */
public final class NestingConstraints {
    /** No constraint. */
    public static final NestingConstraints NONE = new NestingConstraints(List.of());

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

    /**
     * One forbidden nesting: no {@code inner} inside {@code outer}.
     *
     * @param outer the enclosing function's name
     * @param inner the name of the function that must not occur in its arguments
     */
    public record Rule(String outer, String inner) {
        public Rule {
            outer = checkedName(outer);
            inner = checkedName(inner);
        }

        /** {@code outer:inner}. */
        @Override
        public String toString() {
            return outer + ":" + inner;
        }
    }

    private final List<Rule> rules;
    /** The names in the rules, each once; bit k of a mask stands for the k-th. */
    private final List<String> names;
    /** For the k-th name, the mask of the names forbidden inside it. */
    private final long[] forbiddenInside;

    private NestingConstraints(List<Rule> rules) {
        this.rules = Collections.unmodifiableList(new ArrayList<>(new LinkedHashSet<>(rules)));
        Set<String> n = new LinkedHashSet<>();
        for (Rule r : this.rules) {
            n.add(r.outer());
            n.add(r.inner());
        }
        if (n.size() > Long.SIZE - 1) {
            throw new IllegalArgumentException("nesting constraints may name at most " + (Long.SIZE - 1) + " functions");
        }
        this.names = List.copyOf(n);
        this.forbiddenInside = new long[names.size()];
        for (Rule r : this.rules) {
            forbiddenInside[names.indexOf(r.outer())] |= 1L << names.indexOf(r.inner());
        }
    }

    /** The constraints of these rules ({@link #NONE} when there is none). */
    public static NestingConstraints of(List<Rule> rules) {
        Objects.requireNonNull(rules, "rules");
        for (Rule r : rules) {
            Objects.requireNonNull(r, "rule");
        }
        return rules.isEmpty() ? NONE : new NestingConstraints(rules);
    }

    /** The constraints of rules written {@code outer:inner}, e.g. {@code of("exp:exp", "log:log")}. */
    public static NestingConstraints of(String... rules) {
        List<Rule> out = new ArrayList<>();
        for (String r : rules) {
            out.add(parseRule(r));
        }
        return of(out);
    }

    /**
     * A rule written {@code outer:inner}.
     *
     * @throws IllegalArgumentException when it is not two function names joined by a colon
     */
    public static Rule parseRule(String text) {
        if (text == null) {
            throw new IllegalArgumentException("a nesting rule must not be null");
        }
        int colon = text.indexOf(':');
        if (colon < 0 || text.indexOf(':', colon + 1) >= 0) {
            throw new IllegalArgumentException("'" + text + "' is not a nesting rule OUTER:INNER such as exp:exp");
        }
        return new Rule(text.substring(0, colon).trim(), text.substring(colon + 1).trim());
    }

    private static String checkedName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a nesting rule names functions (exp, log, a user function...), got "
                    + (name == null ? "null" : "'" + name + "'"));
        }
        UnaryOp op = UnaryOp.byName(name);
        return op != null ? op.symbol() : name; // ln is log
    }

    /** Whether there is no rule. */
    public boolean isEmpty() {
        return rules.isEmpty();
    }

    public List<Rule> rules() {
        return rules;
    }

    /** The function names the rules use, each once. */
    public List<String> names() {
        return names;
    }

    /** Whether {@code inner} is forbidden inside {@code outer}. */
    public boolean forbids(String outer, String inner) {
        int o = names.indexOf(outer);
        int i = names.indexOf(inner);
        return o >= 0 && i >= 0 && (forbiddenInside[o] & (1L << i)) != 0;
    }

    /** Whether {@code e} has none of the forbidden nestings. */
    public boolean allows(Expr e) {
        return rules.isEmpty() || mask(e) >= 0;
    }

    /** The names the rules use that occur in {@code e}, as a mask; -1 when a rule is broken inside. */
    private long mask(Expr e) {
        long inside;
        String name;
        if (e instanceof Unary u) {
            inside = mask(u.arg());
            name = u.op().symbol();
        } else if (e instanceof Binary b) {
            long l = mask(b.left());
            long r = l < 0 ? -1 : mask(b.right());
            inside = r < 0 ? -1 : l | r;
            name = b.op().symbol();
        } else {
            return 0;
        }
        if (inside < 0) {
            return -1;
        }
        int k = names.indexOf(name);
        if (k < 0) {
            return inside;
        }
        if ((inside & forbiddenInside[k]) != 0) {
            return -1;
        }
        return inside | (1L << k);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NestingConstraints c && c.rules.equals(rules);
    }

    @Override
    public int hashCode() {
        return rules.hashCode();
    }

    /** The rules joined by commas ({@code exp:exp,log:log}), or {@code none}. */
    @Override
    public String toString() {
        return rules.isEmpty() ? "none" : String.join(",", rules.stream().map(Rule::toString).toList());
    }
}
