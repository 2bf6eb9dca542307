package dysymnet.expr;

import java.util.ArrayList;
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

    /**
     * @param parameterized whether the refinable constants are parameters (else every constant is fixed)
     * @throws IllegalArgumentException if a variable of {@code e} is not among {@code names}
     */
    ExprProgram(Expr e, List<String> names, boolean parameterized) {
        Objects.requireNonNull(e, "e");
        Objects.requireNonNull(names, "names");
        Builder b = new Builder(names, parameterized);
        b.add(e, false);
        this.size = b.kind.size();
        this.kind = b.kind.toArray(new Kind[0]);
        this.left = toInts(b.left);
        this.right = toInts(b.right);
        this.index = toInts(b.index);
        this.uop = b.uop.toArray(new UnaryFunction[0]);
        this.bop = b.bop.toArray(new BinaryFunction[0]);
        this.constValue = new double[size];
        this.uniform = new boolean[size];
        this.hasParam = new boolean[size];
        for (int n = 0; n < size; n++) {
            constValue[n] = b.constValue.get(n);
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
        this.paramNode = toInts(b.paramNodes);
    }

    private static int[] toInts(List<Integer> list) {
        int[] a = new int[list.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = list.get(i);
        }
        return a;
    }

    /** Lays out the tree in post-order; parameters are numbered in pre-order, as {@link Constants} does. */
    private static final class Builder {
        final List<String> names;
        final boolean parameterized;
        final List<Kind> kind = new ArrayList<>();
        final List<Integer> left = new ArrayList<>();
        final List<Integer> right = new ArrayList<>();
        final List<Integer> index = new ArrayList<>();
        final List<UnaryFunction> uop = new ArrayList<>();
        final List<BinaryFunction> bop = new ArrayList<>();
        final List<Double> constValue = new ArrayList<>();
        final List<Integer> paramNodes = new ArrayList<>();

        Builder(List<String> names, boolean parameterized) {
            this.names = names;
            this.parameterized = parameterized;
        }

        /** Adds the subtree and returns its slot; {@code fixed} marks an integer exponent of {@code ^}. */
        int add(Expr e, boolean fixed) {
            if (e instanceof Const c) {
                boolean param = parameterized && !fixed;
                int idx = param ? paramNodes.size() : -1;
                int slot = slot(param ? Kind.PARAM : Kind.CONST, -1, -1, idx, null, null, c.value());
                if (param) {
                    paramNodes.add(slot);
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
                int a = add(u.arg(), false);
                return slot(Kind.UNARY, a, -1, -1, u.op(), null, 0.0);
            }
            Binary b = (Binary) e;
            // Pre-order numbering of parameters equals left-to-right leaf order, which post-order also visits.
            int a = add(b.left(), false);
            int c = add(b.right(), Constants.hasFixedExponent(b));
            return slot(Kind.BINARY, a, c, -1, null, b.op(), 0.0);
        }

        private int slot(Kind k, int l, int r, int idx, UnaryFunction u, BinaryFunction o, double v) {
            kind.add(k);
            left.add(l);
            right.add(r);
            index.add(idx);
            uop.add(u);
            bop.add(o);
            constValue.add(v);
            return kind.size() - 1;
        }
    }
}
