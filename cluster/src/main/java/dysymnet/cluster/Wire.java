package dysymnet.cluster;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import dysymnet.data.Dataset;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.Var;
import dysymnet.net.Trainer;
import dysymnet.search.ArchitecturePipeline;
import dysymnet.search.Candidate;
import dysymnet.search.Source;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The binary forms of the values dysymnet's tasks carry: formulas (exactly: constants by their bits, operators by
 * their enum names), data sets, candidates, a pipeline's result. Formulas are written in postfix order and read with
 * a stack, so their depth costs no stack frames. A user-defined operator is code, and is never sent: writing a
 * formula with one throws.
 */
public final class Wire {
    private static final byte CONST = 0;
    private static final byte VAR = 1;
    private static final byte UNARY = 2;
    private static final byte BINARY = 3;
    private static final byte NULL = 4;

    private Wire() {
    }

    /** Writes a formula (or null). */
    public static void writeExpr(ObjectDataOutput out, Expr e) throws IOException {
        if (e == null) {
            out.writeInt(1);
            out.writeByte(NULL);
            return;
        }
        List<Expr> postfix = new ArrayList<>(e.complexity());
        // iterative post-order: children before their node, left before right
        Deque<Object[]> stack = new ArrayDeque<>();
        stack.push(new Object[] {e, Boolean.FALSE});
        while (!stack.isEmpty()) {
            Object[] top = stack.pop();
            Expr n = (Expr) top[0];
            if ((Boolean) top[1] || n instanceof Const || n instanceof Var) {
                postfix.add(n);
                continue;
            }
            stack.push(new Object[] {n, Boolean.TRUE});
            if (n instanceof Unary u) {
                stack.push(new Object[] {u.arg(), Boolean.FALSE});
            } else {
                Binary b = (Binary) n;
                stack.push(new Object[] {b.right(), Boolean.FALSE});
                stack.push(new Object[] {b.left(), Boolean.FALSE});
            }
        }
        out.writeInt(postfix.size());
        for (Expr n : postfix) {
            if (n instanceof Const c) {
                out.writeByte(CONST);
                out.writeDouble(c.value());
            } else if (n instanceof Var v) {
                out.writeByte(VAR);
                out.writeString(v.name());
            } else if (n instanceof Unary u) {
                if (!(u.op() instanceof UnaryOp op)) {
                    throw new IllegalArgumentException("the user-defined function " + u.op().symbol()
                            + " is code and is not sent to cluster members");
                }
                out.writeByte(UNARY);
                out.writeString(op.name());
            } else {
                Binary b = (Binary) n;
                if (!(b.op() instanceof BinaryOp op)) {
                    throw new IllegalArgumentException("the user-defined function " + b.op().symbol()
                            + " is code and is not sent to cluster members");
                }
                out.writeByte(BINARY);
                out.writeString(op.name());
            }
        }
    }

    /** Reads a formula written by {@link #writeExpr} (null if null was written). */
    public static Expr readExpr(ObjectDataInput in) throws IOException {
        int n = in.readInt();
        if (n < 1) {
            throw new IOException("malformed formula: " + n + " nodes");
        }
        Deque<Expr> stack = new ArrayDeque<>();
        for (int i = 0; i < n; i++) {
            byte tag = in.readByte();
            switch (tag) {
                case NULL -> {
                    if (n != 1) {
                        throw new IOException("malformed formula: null inside");
                    }
                    return null;
                }
                case CONST -> stack.push(new Const(in.readDouble()));
                case VAR -> stack.push(new Var(in.readString()));
                case UNARY -> {
                    UnaryOp op = enumOf(UnaryOp.class, in.readString());
                    stack.push(new Unary(op, pop(stack)));
                }
                case BINARY -> {
                    BinaryOp op = enumOf(BinaryOp.class, in.readString());
                    Expr right = pop(stack);
                    Expr left = pop(stack);
                    stack.push(new Binary(op, left, right));
                }
                default -> throw new IOException("malformed formula: node tag " + tag);
            }
        }
        if (stack.size() != 1) {
            throw new IOException("malformed formula: " + stack.size() + " roots");
        }
        return stack.pop();
    }

    private static Expr pop(Deque<Expr> stack) throws IOException {
        if (stack.isEmpty()) {
            throw new IOException("malformed formula: an operator without its operands");
        }
        return stack.pop();
    }

    private static <E extends Enum<E>> E enumOf(Class<E> type, String name) throws IOException {
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw new IOException("malformed formula: unknown operator " + name);
        }
    }

    /** Writes a data set (names, columns, target, weights as normalised, their name), exactly. */
    public static void writeDataset(ObjectDataOutput out, Dataset d) throws IOException {
        out.writeStringArray(d.names().toArray(new String[0]));
        for (int j = 0; j < d.features(); j++) {
            out.writeDoubleArray(d.column(j));
        }
        out.writeDoubleArray(d.y());
        out.writeDoubleArray(d.weights());
        out.writeString(d.weightsName());
    }

    public static Dataset readDataset(ObjectDataInput in) throws IOException {
        String[] names = in.readStringArray();
        double[][] x = new double[names.length][];
        for (int j = 0; j < names.length; j++) {
            x[j] = in.readDoubleArray();
        }
        double[] y = in.readDoubleArray();
        double[] w = in.readDoubleArray();
        String weightsName = in.readString();
        return Dataset.rebuilt(List.of(names), x, y, w, weightsName);
    }

    public static void writeCandidate(ObjectDataOutput out, Candidate c) throws IOException {
        writeExpr(out, c.expression());
        out.writeInt(c.complexity());
        out.writeDouble(c.mse());
        out.writeDouble(c.r2());
        out.writeDouble(c.reward());
        out.writeString(c.source().name());
        out.writeBoolean(c.architecture() != null);
        if (c.architecture() != null) {
            out.writeString(c.architecture());
        }
        out.writeInt(c.step());
    }

    public static Candidate readCandidate(ObjectDataInput in) throws IOException {
        Expr e = readExpr(in);
        int complexity = in.readInt();
        double mse = in.readDouble();
        double r2 = in.readDouble();
        double reward = in.readDouble();
        Source source = new Source(in.readString());
        String architecture = in.readBoolean() ? in.readString() : null;
        return new Candidate(e, complexity, mse, r2, reward, source, architecture, in.readInt());
    }

    /**
     * Writes a pipeline's result: its representative's position among its candidates, then the candidates, the
     * checkpoint losses and whether the network was given up.
     */
    public static void writeResult(ObjectDataOutput out, ArchitecturePipeline.Result r) throws IOException {
        int at = r.candidates().indexOf(r.representative());
        out.writeInt(at);
        if (at < 0) {
            writeCandidate(out, r.representative());
        }
        out.writeInt(r.candidates().size());
        for (Candidate c : r.candidates()) {
            writeCandidate(out, c);
        }
        out.writeDoubleArray(r.checkpoints());
        out.writeBoolean(r.gaveUp());
    }

    public static ArchitecturePipeline.Result readResult(ObjectDataInput in) throws IOException {
        int at = in.readInt();
        Candidate rep = at < 0 ? readCandidate(in) : null;
        int n = in.readInt();
        List<Candidate> all = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            all.add(readCandidate(in));
        }
        if (at >= n) {
            throw new IOException("malformed result: representative " + at + " of " + n);
        }
        double[] checkpoints = in.readDoubleArray();
        if (checkpoints == null || checkpoints.length != Trainer.CHECKPOINTS) {
            throw new IOException("malformed result: " + (checkpoints == null ? "no" : checkpoints.length)
                    + " checkpoint losses");
        }
        boolean gaveUp = in.readBoolean();
        return new ArchitecturePipeline.Result(at < 0 ? rep : all.get(at), all, checkpoints, gaveUp);
    }
}
