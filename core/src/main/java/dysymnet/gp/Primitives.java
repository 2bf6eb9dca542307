package dysymnet.gp;

import dysymnet.expr.Binary;
import dysymnet.expr.BinaryFunction;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryFunction;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.Var;
import dysymnet.expr.NestingConstraints;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What the GP builds formulas from: the search space's own operators (a function unit as its {@link UnaryOp}, a power
 * unit as {@code u^p} with a fixed integer exponent, a binary unit as its {@link BinaryOp}; the identity adds
 * nothing; a user-defined function as a function or a binary operator), the data's variables and numeric constants.
 * Nothing else: the GP's variation never brings in an operator the user did not allow, nor a nesting the search
 * space forbids.
 */
public final class Primitives {
    private final List<UnaryFunction> functions;
    private final List<Integer> powers;
    private final List<BinaryFunction> binaries;
    private final List<String> variables;
    private final NestingConstraints nesting;

    private Primitives(List<UnaryFunction> functions, List<Integer> powers, List<BinaryFunction> binaries,
                       List<String> variables, NestingConstraints nesting) {
        this.functions = List.copyOf(functions);
        this.powers = List.copyOf(powers);
        this.binaries = List.copyOf(binaries);
        this.variables = List.copyOf(variables);
        this.nesting = Objects.requireNonNull(nesting, "nesting");
        if (this.variables.isEmpty()) {
            throw new IllegalArgumentException("the GP needs at least one variable");
        }
    }

    /**
     * The primitives of a search space's operator library over the data's variables, in the library's order, with
     * its nesting constraints: the GP's variation makes no formula that breaks them.
     */
    public static Primitives of(SearchSpace space, List<String> variables) {
        Objects.requireNonNull(space, "space");
        Primitives p = of(space.operators(), variables);
        return new Primitives(p.functions, p.powers, p.binaries, p.variables, space.forbiddenNesting());
    }

    /** The primitives of an operator library over the data's variables, in the library's order. */
    public static Primitives of(List<Operator> operators, List<String> variables) {
        Objects.requireNonNull(operators, "operators");
        Objects.requireNonNull(variables, "variables");
        List<UnaryFunction> f = new ArrayList<>();
        List<Integer> p = new ArrayList<>();
        List<BinaryFunction> b = new ArrayList<>();
        for (Operator op : operators) {
            if (op.isBinary()) {
                b.add(op.binaryOp());
            } else if (op.function() != null) {
                f.add(op.function());
            } else if (op.power() > 1) {
                p.add(op.power());
            }
        }
        return new Primitives(f, p, b, variables, NestingConstraints.NONE);
    }

    /** The nestings the GP must not make. */
    public NestingConstraints nesting() {
        return nesting;
    }

    public List<String> variables() {
        return variables;
    }

    public List<UnaryFunction> functions() {
        return functions;
    }

    public List<Integer> powers() {
        return powers;
    }

    public List<BinaryFunction> binaries() {
        return binaries;
    }

    /** Number of one-argument primitives (functions and powers). */
    public int unaryCount() {
        return functions.size() + powers.size();
    }

    /** The {@code k}-th one-argument primitive applied to {@code arg}: functions first, then powers. */
    public Expr unary(int k, Expr arg) {
        if (k < functions.size()) {
            return new Unary(functions.get(k), arg);
        }
        return new Binary(BinaryOp.POW, arg, new Const(powers.get(k - functions.size())));
    }

    /** Whether {@code e} is a power node with a fixed integer exponent, which the GP treats as one-argument. */
    static boolean isFixedPower(Expr e) {
        return e instanceof Binary b && b.op() == BinaryOp.POW && b.right() instanceof Const c
                && Double.isFinite(c.value()) && c.value() == Math.rint(c.value());
    }

    /** The {@code k}-th variable. */
    Expr variable(int k) {
        return new Var(variables.get(k));
    }
}
