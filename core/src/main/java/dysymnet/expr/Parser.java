package dysymnet.expr;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an infix formula, such as {@code exp(-theta**2/2)/sqrt(2*pi)}, into an {@link Expr}.
 *
 * <p>Syntax:
 * <ul>
 *   <li>binary operators {@code + - * / ^}, with {@code **} a synonym of {@code ^}; unary {@code -} and {@code +};
 *       parentheses; whitespace anywhere between tokens is ignored;</li>
 *   <li>precedence from loosest to tightest: {@code + -} (left associative), {@code * /} (left associative),
 *       unary sign, {@code ^} (right associative). So {@code -x^2} is {@code -(x^2)}, {@code 2^3^2} is
 *       {@code 2^(3^2)}, and an exponent may carry a sign: {@code x^-2}, and so may a factor: {@code 2*-x};</li>
 *   <li>numbers {@code 3}, {@code 1.5}, {@code .5}, {@code 5.}, {@code 1.5e-3}, {@code 2E10}; a unary minus
 *       applied to a constant yields a negative {@link Const};</li>
 *   <li>functions (one argument, in parentheses) named as {@link UnaryOp#byName} accepts: {@code sin cos tan exp
 *       log ln sqrt sinh cosh tanh abs asin acos arcsin arccos};</li>
 *   <li>with {@link #parse(String, Collection)}, the user-defined functions given, called with their one or two
 *       arguments: {@code softplus(x)}, {@code hypot(x, y - 1)};</li>
 *   <li>{@code pi} is the constant {@link Math#PI}; {@code NaN} and {@code Infinity} (exactly so spelled) are those
 *       double constants, so that every constant {@link Printer#infix} prints reads back;</li>
 *   <li>every other name {@code [A-Za-z_][A-Za-z0-9_]*} is a variable; in particular {@code e} is a variable,
 *       not Euler's number, because data sets use it as a column name.</li>
 * </ul>
 * Juxtaposition ({@code 2x}, {@code 3 4}) is an error. Errors are {@link ParseException}s carrying the position.
 * The parser is not thread-safe as an object, but {@link #parse} creates a fresh one per call.
 */
public final class Parser {

    /** Bound on nesting (parentheses, signs, exponents) so that hostile input fails cleanly, not by stack overflow. */
    private static final int MAX_DEPTH = 1000;

    private enum Kind { NUMBER, NAME, PLUS, MINUS, STAR, SLASH, CARET, LPAREN, RPAREN, COMMA, END }

    private final String text;
    /** The user-defined functions the text may call, by name. */
    private final Map<String, UserFunction> functions;
    private int pos;
    private int depth;

    private Kind kind;
    private int tokenStart;
    private String tokenText;
    private double tokenValue;

    private Parser(String text, Map<String, UserFunction> functions) {
        this.text = text;
        this.functions = functions;
    }

    /**
     * Parses a formula.
     *
     * @param text the formula, e.g. {@code "x^2 + sin(y)"}
     * @return its expression tree
     * @throws ParseException if the text is not a well-formed formula
     * @throws IllegalArgumentException if text is null
     */
    public static Expr parse(String text) {
        return parse(text, List.of());
    }

    /**
     * Parses a formula that may also call the given user-defined functions, as {@link Printer#infix} writes them:
     * {@code name(a)}, or {@code name(a, b)} for a function of two arguments.
     *
     * @throws ParseException if the text is not a well-formed formula (a call with the wrong number of arguments
     *                        included)
     * @throws IllegalArgumentException if text or functions is null, or two functions have the same name
     */
    public static Expr parse(String text, Collection<UserFunction> functions) {
        if (text == null) {
            throw new IllegalArgumentException("text must not be null");
        }
        if (functions == null) {
            throw new IllegalArgumentException("functions must not be null");
        }
        Map<String, UserFunction> byName = new HashMap<>();
        for (UserFunction f : functions) {
            if (byName.put(f.name(), f) != null) {
                throw new IllegalArgumentException("two user functions are named '" + f.name() + "'");
            }
        }
        Parser p = new Parser(text, byName);
        p.advance();
        Expr e = p.sum();
        if (p.kind != Kind.END) {
            throw p.error("expected an operator or end of input but found " + p.describeToken());
        }
        return e;
    }

    private Expr sum() {
        Expr left = product();
        while (kind == Kind.PLUS || kind == Kind.MINUS) {
            BinaryOp op = kind == Kind.PLUS ? BinaryOp.ADD : BinaryOp.SUB;
            advance();
            left = new Binary(op, left, product());
        }
        return left;
    }

    private Expr product() {
        Expr left = signed();
        while (kind == Kind.STAR || kind == Kind.SLASH) {
            BinaryOp op = kind == Kind.STAR ? BinaryOp.MUL : BinaryOp.DIV;
            advance();
            left = new Binary(op, left, signed());
        }
        return left;
    }

    private Expr signed() {
        if (kind == Kind.MINUS || kind == Kind.PLUS) {
            boolean minus = kind == Kind.MINUS;
            enter();
            advance();
            Expr operand = signed();
            depth--;
            if (!minus) {
                return operand;
            }
            if (operand instanceof Const) {
                return new Const(-((Const) operand).value());
            }
            return new Unary(UnaryOp.NEG, operand);
        }
        return power();
    }

    private Expr power() {
        Expr base = primary();
        if (kind == Kind.CARET) {
            enter();
            advance();
            // The exponent is parsed at the signed level: this gives right associativity and allows x^-2.
            Expr exponent = signed();
            depth--;
            return new Binary(BinaryOp.POW, base, exponent);
        }
        return base;
    }

    private Expr primary() {
        return switch (kind) {
            case NUMBER -> {
                double v = tokenValue;
                advance();
                yield new Const(v);
            }
            case NAME -> nameOrCall();
            case LPAREN -> {
                enter();
                advance();
                Expr inner = sum();
                expectClosing();
                depth--;
                yield inner;
            }
            case PLUS, MINUS, STAR, SLASH, CARET, RPAREN, COMMA, END ->
                    throw error("expected a number, variable, function or '(' but found " + describeToken());
        };
    }

    private Expr nameOrCall() {
        String name = tokenText;
        int nameStart = tokenStart;
        advance();
        UnaryOp op = UnaryOp.byName(name);
        UserFunction user = functions.get(name);
        if (user != null && kind == Kind.LPAREN) {
            enter();
            advance();
            Expr first = sum();
            Expr second = null;
            if (user.arity() == 2) {
                if (kind != Kind.COMMA) {
                    throw error("expected ',' and the second argument of '" + name + "' but found "
                            + describeToken());
                }
                advance();
                second = sum();
            }
            if (kind == Kind.COMMA) {
                throw error("'" + name + "' takes " + (user.arity() == 1 ? "one argument" : "two arguments"));
            }
            expectClosing();
            depth--;
            return second == null ? new Unary(user, first) : new Binary(user, first, second);
        }
        if (user != null) {
            throw error("expected '(' after function '" + name + "' but found " + describeToken());
        }
        if (kind == Kind.LPAREN) {
            if (op == null) {
                throw new ParseException(nameStart, "unknown function '" + name + "'");
            }
            enter();
            advance();
            Expr arg = sum();
            expectClosing();
            depth--;
            return new Unary(op, arg);
        }
        if (op != null) {
            throw error("expected '(' after function '" + name + "' but found " + describeToken());
        }
        return switch (name) {
            case "pi" -> new Const(Math.PI);
            case "NaN" -> new Const(Double.NaN);
            case "Infinity" -> new Const(Double.POSITIVE_INFINITY);
            default -> new Var(name);
        };
    }

    private void expectClosing() {
        if (kind != Kind.RPAREN) {
            throw error("expected ')' but found " + describeToken());
        }
        advance();
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw error("formula nested more than " + MAX_DEPTH + " levels deep");
        }
    }

    private ParseException error(String detail) {
        return new ParseException(tokenStart, detail);
    }

    private String describeToken() {
        return kind == Kind.END ? "end of input" : "'" + tokenText + "'";
    }

    /** Reads the next token into the kind/tokenStart/tokenText/tokenValue fields. */
    private void advance() {
        int n = text.length();
        while (pos < n && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
        tokenStart = pos;
        if (pos >= n) {
            kind = Kind.END;
            tokenText = "";
            return;
        }
        char c = text.charAt(pos);
        if (isDigit(c) || (c == '.' && pos + 1 < n && isDigit(text.charAt(pos + 1)))) {
            lexNumber();
            return;
        }
        if (isNameStart(c)) {
            int end = pos + 1;
            while (end < n && isNamePart(text.charAt(end))) {
                end++;
            }
            kind = Kind.NAME;
            tokenText = text.substring(pos, end);
            pos = end;
            return;
        }
        switch (c) {
            case '+' -> symbol(Kind.PLUS, 1);
            case '-' -> symbol(Kind.MINUS, 1);
            case '*' -> {
                if (pos + 1 < n && text.charAt(pos + 1) == '*') {
                    symbol(Kind.CARET, 2);
                } else {
                    symbol(Kind.STAR, 1);
                }
            }
            case '/' -> symbol(Kind.SLASH, 1);
            case '^' -> symbol(Kind.CARET, 1);
            case '(' -> symbol(Kind.LPAREN, 1);
            case ')' -> symbol(Kind.RPAREN, 1);
            case ',' -> {
                if (functions.isEmpty()) {
                    throw new ParseException(pos, "unexpected character ','");
                }
                symbol(Kind.COMMA, 1);
            }
            default -> throw new ParseException(pos,
                    "unexpected character '" + new String(Character.toChars(text.codePointAt(pos))) + "'");
        }
    }

    private void symbol(Kind k, int length) {
        kind = k;
        tokenText = text.substring(pos, pos + length);
        pos += length;
    }

    private void lexNumber() {
        int n = text.length();
        int end = pos;
        while (end < n && isDigit(text.charAt(end))) {
            end++;
        }
        if (end < n && text.charAt(end) == '.') {
            end++;
            while (end < n && isDigit(text.charAt(end))) {
                end++;
            }
        }
        // An 'e' only starts an exponent when digits follow; otherwise it is left to be read as a name.
        if (end < n && (text.charAt(end) == 'e' || text.charAt(end) == 'E')) {
            int k = end + 1;
            if (k < n && (text.charAt(k) == '+' || text.charAt(k) == '-')) {
                k++;
            }
            if (k < n && isDigit(text.charAt(k))) {
                end = k;
                while (end < n && isDigit(text.charAt(end))) {
                    end++;
                }
            }
        }
        kind = Kind.NUMBER;
        tokenText = text.substring(pos, end);
        tokenValue = Double.parseDouble(tokenText);
        pos = end;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isNameStart(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private static boolean isNamePart(char c) {
        return isNameStart(c) || isDigit(c);
    }
}
