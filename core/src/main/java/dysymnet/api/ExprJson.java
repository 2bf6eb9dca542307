package dysymnet.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryFunction;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryFunction;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.UserFunction;
import dysymnet.expr.Var;
import java.util.Map;

/**
 * Exact JSON form of an expression tree: a number for a constant, a string for a variable, and
 * {@code ["op", child...]} for an operator (op is the enum name of {@link UnaryOp} or {@link BinaryOp}, or the
 * name of a {@link UserFunction}, which is read back only when its definition is given). Unlike the
 * infix text, it restores the very same tree, so a loaded model computes bit-identical predictions; the one
 * exception is a constant that is not finite, which {@link Model#toJson()} writes as {@code null} and which reads
 * back as NaN (the search does not produce such constants).
 */
final class ExprJson {
    private ExprJson() {
    }

    static JsonNode write(Expr e) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (e instanceof Const) {
            return f.numberNode(((Const) e).value());
        }
        if (e instanceof Var) {
            return f.textNode(((Var) e).name());
        }
        ArrayNode a = f.arrayNode();
        if (e instanceof Unary) {
            Unary u = (Unary) e;
            a.add(u.op() instanceof UnaryOp op ? op.name() : u.op().symbol());
            a.add(write(u.arg()));
        } else {
            Binary b = (Binary) e;
            a.add(b.op() instanceof BinaryOp op ? op.name() : b.op().symbol());
            a.add(write(b.left()));
            a.add(write(b.right()));
        }
        return a;
    }

    /**
     * The tree a {@link #write} produced. A {@code null} constant reads as NaN: JSON has no non-finite numbers, so
     * {@link Model#toJson()} writes them as {@code null} (files of earlier builds wrote the strings {@code "NaN"},
     * {@code "Infinity"}, {@code "-Infinity"}, which are read too).
     *
     * @throws IllegalArgumentException for a malformed tree, with a one-line message naming the node's place,
     *                                  e.g. {@code tree[2][1]}
     */
    static Expr read(JsonNode n) {
        return read(n, Map.of());
    }

    /** {@link #read(JsonNode)} of a tree that may call the user-defined functions given by name. */
    static Expr read(JsonNode n, Map<String, UserFunction> functions) {
        if (n == null || n.isMissingNode() || n.isNull()) {
            throw new IllegalArgumentException("missing expression tree");
        }
        return read(n, "tree", functions);
    }

    private static Expr read(JsonNode n, String at, Map<String, UserFunction> functions) {
        if (n == null || n.isNull()) {
            return new Const(Double.NaN);
        }
        if (n.isNumber()) {
            return new Const(n.doubleValue());
        }
        if (n.isTextual()) {
            String t = n.textValue();
            // non-finite constants are written by Jackson as strings
            return switch (t) {
                case "NaN" -> new Const(Double.NaN);
                case "Infinity" -> new Const(Double.POSITIVE_INFINITY);
                case "-Infinity" -> new Const(Double.NEGATIVE_INFINITY);
                default -> new Var(t);
            };
        }
        if (!n.isArray() || n.size() == 0 || !n.get(0).isTextual()) {
            throw new IllegalArgumentException(at + ": expected a number, a variable name or [\"OPERATOR\", "
                    + "argument...], got " + shorten(n));
        }
        String op = n.get(0).textValue();
        int args = n.size() - 1;
        UnaryFunction unary = enumValue(UnaryOp.class, op);
        BinaryFunction binary = enumValue(BinaryOp.class, op);
        UserFunction user = functions.get(op);
        if (unary == null && binary == null && user != null) {
            unary = user.arity() == 1 ? user : null;
            binary = user.arity() == 2 ? user : null;
        }
        if (unary == null && binary == null) {
            throw new IllegalArgumentException(at + ": unknown operator '" + op + "' in expression tree"
                    + (op.matches("[A-Za-z][A-Za-z0-9_]*") && !op.equals(op.toUpperCase(java.util.Locale.ROOT))
                    ? " (a user-defined function? read the model with its definition, Model.load(file, functions))"
                    : ""));
        }
        int wanted = unary != null ? 1 : 2;
        if (args != wanted) {
            throw new IllegalArgumentException(at + ": operator " + op + " takes " + wanted
                    + (wanted == 1 ? " argument" : " arguments") + ", got " + args + ": " + shorten(n));
        }
        if (unary != null) {
            return new Unary(unary, read(n.get(1), at + "[1]", functions));
        }
        return new Binary(binary, read(n.get(1), at + "[1]", functions), read(n.get(2), at + "[2]", functions));
    }

    private static String shorten(JsonNode n) {
        String s = n.toString();
        return s.length() <= 80 ? s : s.substring(0, 77) + "...";
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String name) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(name)) {
                return e;
            }
        }
        return null;
    }
}
