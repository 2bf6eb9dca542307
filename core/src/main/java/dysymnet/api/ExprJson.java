package dysymnet.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.Var;

/**
 * Exact JSON form of an expression tree: a number for a constant, a string for a variable, and
 * {@code ["op", child...]} for an operator (op is the enum name of {@link UnaryOp} or {@link BinaryOp}). Unlike the
 * infix text, it restores the very same tree, so a loaded model computes bit-identical predictions.
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
            a.add(u.op().name());
            a.add(write(u.arg()));
        } else {
            Binary b = (Binary) e;
            a.add(b.op().name());
            a.add(write(b.left()));
            a.add(write(b.right()));
        }
        return a;
    }

    static Expr read(JsonNode n) {
        if (n == null || n.isNull()) {
            throw new IllegalArgumentException("missing expression tree");
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
        if (n.isArray() && n.size() >= 2 && n.get(0).isTextual()) {
            String op = n.get(0).textValue();
            if (n.size() == 2) {
                return new Unary(enumValue(UnaryOp.class, op), read(n.get(1)));
            }
            if (n.size() == 3) {
                return new Binary(enumValue(BinaryOp.class, op), read(n.get(1)), read(n.get(2)));
            }
        }
        throw new IllegalArgumentException("malformed expression tree node: " + n);
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String name) {
        try {
            return Enum.valueOf(type, name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown operator '" + name + "' in expression tree", e);
        }
    }
}
