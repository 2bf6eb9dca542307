package dysymnet.expr;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The flat program a {@link CompiledExpr} runs: the tree laid out in post-order (children before parents), one slot
 * per node, with what each slot computes and from which slots, whether it is the same for every row (no variable
 * below it: a scalar) and whether a parameter lies below it (it needs an adjoint). Parameters are the refinable
 * constants of {@link Constants}, numbered in its pre-order.
 */
final class ExprProgram {
    /** What a slot computes. */
    enum Kind {
        /** A fixed constant. */
        CONST,
        /** A parameter {@code theta[index]}. */
        PARAM,
        /** The variable column {@code columns[index]}. */
        VAR,
        /** {@code uop(left)}. */
        UNARY,
        /** {@code bop(left, right)}. */
        BINARY
    }

    final int size;
    final Kind[] kind;
    final int[] left;
    final int[] right;
    final int[] index;
    final UnaryFunction[] uop;
    final BinaryFunction[] bop;
    /** The value of a constant or parameter slot as written in the expression. */
    final double[] constValue;
    /** No variable below: the slot is one scalar for all rows. */
    final boolean[] uniform;
    /** A parameter below: the slot needs an adjoint column. */
    final boolean[] hasParam;
    /** The slot of each parameter. */
    final int[] paramNode;

    /** Slots filled and parameters numbered so far, while the constructor lays the tree out. */
    private int filled;
    private int params;

    /**
     * @param parameterized whether the refinable constants are parameters (else every constant is fixed)
     * @throws IllegalArgumentException if a variable of {@code e} is not among {@code names}
     */
    ExprProgram(Expr e, List<String> names, boolean parameterized) {
        Objects.requireNonNull(e, "e");
        Objects.requireNonNull(names, "names");
        // one slot per node: the arrays are filled in place, no list of boxed numbers on the way
        this.size = e.complexity();
        this.kind = new Kind[size];
        this.left = new int[size];
        this.right = new int[size];
        this.index = new int[size];
        this.uop = new UnaryFunction[size];
        this.bop = new BinaryFunction[size];
        this.constValue = new double[size];
        this.uniform = new boolean[size];
        this.hasParam = new boolean[size];
        int[] paramSlots = new int[size];
        add(e, false, names, parameterized, paramSlots);
        this.paramNode = Arrays.copyOf(paramSlots, params);
        for (int n = 0; n < size; n++) {
            switch (kind[n]) {
                case CONST -> uniform[n] = true;
                case PARAM -> {
                    uniform[n] = true;
                    hasParam[n] = true;
                }
                case VAR -> {
                    // a column: neither uniform nor parameterized
                }
                case UNARY -> {
                    uniform[n] = uniform[left[n]];
                    hasParam[n] = hasParam[left[n]];
                }
                case BINARY -> {
                    uniform[n] = uniform[left[n]] && uniform[right[n]];
                    hasParam[n] = hasParam[left[n]] || hasParam[right[n]];
                }
            }
        }
    }

    /**
     * Lays out the subtree in post-order and returns its slot; parameters are numbered in pre-order, as
     * {@link Constants} does ({@code fixed} marks an integer exponent of {@code ^}, never a parameter).
     */
    private int add(Expr e, boolean fixed, List<String> names, boolean parameterized, int[] paramSlots) {
        if (e instanceof Const c) {
            boolean param = parameterized && !fixed;
            int slot = slot(param ? Kind.PARAM : Kind.CONST, -1, -1, param ? params : -1, null, null, c.value());
            if (param) {
                paramSlots[params++] = slot;
            }
            return slot;
        }
        if (e instanceof Var v) {
            String name = v.name();
            int j = names.indexOf(name);
            if (j < 0) {
                throw new IllegalArgumentException(
                        "variable '" + name + "' of the expression is not among the names " + names);
            }
            return slot(Kind.VAR, -1, -1, j, null, null, 0.0);
        }
        if (e instanceof Unary u) {
            int a = add(u.arg(), false, names, parameterized, paramSlots);
            return slot(Kind.UNARY, a, -1, -1, u.op(), null, 0.0);
        }
        Binary b = (Binary) e;
        // Pre-order numbering of parameters equals left-to-right leaf order, which post-order also visits.
        int a = add(b.left(), false, names, parameterized, paramSlots);
        int c = add(b.right(), Constants.hasFixedExponent(b), names, parameterized, paramSlots);
        return slot(Kind.BINARY, a, c, -1, null, b.op(), 0.0);
    }

    private int slot(Kind k, int l, int r, int idx, UnaryFunction u, BinaryFunction o, double v) {
        int n = filled++;
        kind[n] = k;
        left[n] = l;
        right[n] = r;
        index[n] = idx;
        uop[n] = u;
        bop[n] = o;
        constValue[n] = v;
        return n;
    }
}
