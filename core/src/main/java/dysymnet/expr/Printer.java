package dysymnet.expr;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Prints expressions as text: the project's own infix syntax (read back by {@link Parser}), LaTeX, and the forms that
 * compute: SymPy, Java, Python with NumPy, and C.
 *
 * <p>Constants: with a {@code digits} argument they are rounded to that many significant digits; without one
 * ({@link #infix(Expr)} and the one-argument overloads) they print as the shortest decimal that reads back as
 * the same double. Integral values print without a fraction ({@code 2}; {@code 2.0} in Java, Python and C),
 * magnitudes from 1e-4 up to 1e15 without an exponent, others as {@code 1.5e-10}. In the infix, SymPy and LaTeX
 * forms a constant that is exactly a simple form of pi ({@code k*pi}, {@code pi/k}, {@code k/pi}, {@code 1/(k*pi)},
 * k to 12, computed as written: the values the polisher snaps to) prints as that form ({@code 2*pi*x}, not
 * {@code 6.283185307179586*x}). Parentheses are the fewest that keep the tree's grouping.
 *
 * <p>{@link #infix} output re-parses to an expression computing the same doubles (the printer writes
 * {@code a + (-b)} as {@code a - b} and {@code a - (-b)} as {@code a + b}, which IEEE arithmetic defines to be
 * equal; a negated constant may read back as a negative constant). Variable names are printed verbatim, so only
 * names that {@link Parser} reads as variables round-trip (not {@code pi}, {@code NaN}, {@code Infinity} or function
 * names).
 *
 * <p>Protected semantics. The forms that compute (protected SymPy, Java, NumPy, C) compute what {@link Evaluator}
 * (and so {@code Model.predict}) computes, protections included, at every point where that is finite: each rule
 * of {@link UnaryOp} and {@link BinaryOp} ({@code log(max(|x|, 1e-300))}, {@code sqrt(|x|)}, the clamps of exp,
 * sinh, cosh at 100 and of asin, acos at [-1, 1], {@code a / 0} computed as {@code a / 1e-300}, {@code |a|^b} for a
 * negative a and a non-integer b) is written out in the target's terms wherever it can change a value, and left out
 * where the formula's structure proves it cannot ({@code sqrt(x^2 + 1)}, {@code exp(-x^2)}, {@code y/(x^2 + 1)}), so
 * that the common case stays readable. With rounded constants the forms compute what the rounded formula
 * ({@code infix(e, digits)}) computes. How close: Java to the bit (the same {@code Math} calls in the same order);
 * NumPy and C up to their math libraries' last bits (squares and cubes are the same products); SymPy exactly the
 * protected function in real arithmetic, so it differs from the doubles by rounding and where the double
 * computation overflows or underflows. {@link #sympy}, the plain SymPy form, is the formula as mathematics: the
 * absolute values that dysymnet's log, sqrt and fractional powers take, but none of the clamps, floors and guards
 * ({@link #sympyProtected} has them), so it computes predict's numbers wherever none of those acts. LaTeX, for
 * reading, shows only the absolute values of log and sqrt (unless {@link #isNonNegative} proves the argument
 * non-negative).
 *
 * <p>This class is the entry point; each target is written by a class of its own ({@link InfixPrinter},
 * {@link SympyPrinter}, {@link LatexPrinter}, {@link JavaPrinter}, {@link PythonPrinter}, {@link CPrinter}) on the
 * common ground of {@link ExprPrinter} and, for the forms that compute, {@link ProtectedPrinter}.
 */
public final class Printer {
    private static final int EXACT = ExprPrinter.EXACT;
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private Printer() {
    }

    /** The formula in the project's infix syntax, constants printed exactly; {@code Parser.parse} reads it back. */
    public static String infix(Expr e) {
        return print(new InfixPrinter(EXACT), e);
    }

    /** The formula in the project's infix syntax with constants rounded to {@code significantDigits} (at least 1). */
    public static String infix(Expr e, int significantDigits) {
        return print(new InfixPrinter(checkDigits(significantDigits)), e);
    }

    /** The plain SymPy text with constants printed exactly; see {@link #sympy(Expr, int)}. */
    public static String sympy(Expr e) {
        return print(new SympyPrinter(false), e);
    }

    /**
     * The formula as mathematics, as text that SymPy's {@code sympify} reads with the variable names as symbols:
     * {@code **} for powers, SymPy function names ({@code Abs}, {@code asin}...), variables whose names SymPy
     * reserves as {@code Symbol('name')}. What dysymnet's functions mean for a negative argument is written where
     * the argument may be negative: {@code log(Abs(x))} (dysymnet's log is log|x|), {@code sqrt(Abs(x))},
     * {@code Abs(x)**0.5}, and for an exponent that is not a constant
     * {@code Piecewise((x**y, Eq(y, floor(y))), (Abs(x)**y, True))}; {@code log(x^2 + 1)} and {@code sqrt(x^2 + 1)}
     * print plainly. The numerical protections are left out (log's floor at 1e-300, the clamps of exp, sinh and cosh
     * at 100 and of asin and acos at [-1, 1], the guard against a zero denominator): {@code sympy.lambdify} with
     * NumPy computes predict's numbers wherever none of them acts, which is wherever predict is finite except at
     * log of 0, a zero denominator, and exp, sinh, cosh, asin or acos beyond their clamps, where the text gives the
     * mathematics' value ({@code -oo}, {@code zoo}, the unclamped or complex value). {@link #sympyProtected} writes
     * them too.
     */
    public static String sympy(Expr e, int digits) {
        return print(new SympyPrinter(false), rounded(e, digits));
    }

    /**
     * {@link #sympy(Expr, int)} for the rows of the data it was fitted on (column j of {@code columns} holds the
     * variable {@code names.get(j)}): an absolute value whose argument keeps one sign on every row (finite, and at
     * least 0 on all of them, or at most 0) is written as the argument, or its negation: {@code log(x**3 + x**2 + x +
     * 1)} for a fit on x &gt; -1, not {@code log(Abs(x**3 + x**2 + x + 1))}. Those are the same numbers on every
     * row, as the search treats them; away from the data the text is the analytic law, which predict (and
     * {@link #sympyProtected}, which keeps every absolute value) may not compute where the argument turns negative.
     *
     * @throws IllegalArgumentException if the columns do not match the names or have different lengths
     */
    public static String sympy(Expr e, int digits, List<String> names, double[][] columns) {
        Objects.requireNonNull(names, "names");
        Objects.requireNonNull(columns, "columns");
        if (columns.length != names.size()) {
            throw new IllegalArgumentException(
                    "columns has " + columns.length + " columns but names has " + names.size() + " entries");
        }
        SympyPrinter printer = new SympyPrinter(names, columns);
        return print(printer, printer.withoutSignDefiniteAbs(rounded(e, digits)));
    }

    /** The protected SymPy text with constants printed exactly; see {@link #sympyProtected(Expr, int)}. */
    public static String sympyProtected(Expr e) {
        return print(new SympyPrinter(true), e);
    }

    /**
     * {@link #sympy(Expr, int)} with the protections written out where they can change a value, so that SymPy
     * computes what predict computes wherever predict is finite (exactly, in real arithmetic):
     * {@code log(Max(Abs(x), 1e-300))}, {@code exp(Min(x, 100))}, {@code asin(Max(-1, Min(x, 1)))},
     * {@code x/Piecewise((1e-300, Eq(y, 0)), (y, True))}.
     */
    public static String sympyProtected(Expr e, int digits) {
        return print(new SympyPrinter(true), rounded(e, digits));
    }

    /** LaTeX with constants printed exactly; see {@link #latex(Expr, int)}. */
    public static String latex(Expr e) {
        return print(new LatexPrinter(EXACT), e);
    }

    /**
     * LaTeX math-mode text: {@code \frac}, {@code x^{2}}, {@code \sin\left(x\right)}, {@code \log\left|x\right|},
     * {@code \sqrt{\left|x\right|}}; names such as {@code theta1} or {@code E_n} become {@code \theta_{1}} and
     * {@code E_{n}}, multi-letter non-Greek names upright.
     */
    public static String latex(Expr e, int digits) {
        return print(new LatexPrinter(checkDigits(digits)), e);
    }

    /** A Java expression with constants printed exactly; see {@link #java(Expr, int)}. */
    public static String java(Expr e) {
        return print(new JavaPrinter(), e);
    }

    /**
     * A Java {@code double} expression that computes {@link Evaluator}'s bits: {@code Math} functions, the variable
     * names as identifiers (a keyword, {@code Math} or {@code Double} gets a {@code _} appended), squares and cubes
     * as products, the protections written out where they can change a value
     * ({@code Math.log(Math.max(Math.abs(x), 1e-300))}, {@code x / (y == 0.0 ? 1e-300 : y)},
     * {@code Math.pow(Math.abs(x), 0.5)}). An operand that a protection needs twice is written twice.
     */
    public static String java(Expr e, int digits) {
        return print(new JavaPrinter(), rounded(e, digits));
    }

    /** A NumPy expression with constants printed exactly; see {@link #python(Expr, int)}. */
    public static String python(Expr e) {
        return print(new PythonPrinter(), e);
    }

    /**
     * A Python expression over NumPy ({@code import numpy as np} assumed), vectorised: the variables may be numbers
     * or NumPy arrays. NumPy functions ({@code np.sin}, {@code np.arcsin}...), {@code np.power} for powers (no
     * exception where Python's {@code **} would raise one), the protections written out where they can change a
     * value ({@code np.log(np.maximum(np.abs(x), 1e-300))}, {@code np.exp(np.minimum(x, 100.0))},
     * {@code x / np.where(y == 0.0, 1e-300, y)}, {@code np.power(np.abs(x), 0.5)}). Division by zero and the like
     * are computed as NumPy does (with a warning, which {@link #pythonFunction} silences); an operand that a
     * protection needs twice is written twice. A variable whose name is a Python keyword or {@code np} gets a
     * {@code _} appended.
     */
    public static String python(Expr e, int digits) {
        return print(new PythonPrinter(), rounded(e, digits));
    }

    /** A C expression with constants printed exactly; see {@link #c(Expr, int)}. */
    public static String c(Expr e) {
        return print(new CPrinter(), e);
    }

    /**
     * A C99 {@code double} expression over {@code <math.h>}: {@code sin}, {@code fabs}..., squares and cubes as
     * products, the protections written out with conditional expressions where they can change a value
     * ({@code log(fabs(x) < 1e-300 ? 1e-300 : fabs(x))}, {@code exp(x > 100.0 ? 100.0 : x)},
     * {@code x / (y == 0.0 ? 1e-300 : y)}, {@code pow(fabs(x), 0.5)}). An operand that a protection needs twice is
     * written twice ({@link #cFunction} binds it to a local variable instead). A variable whose name is a C keyword
     * or a name of {@code <math.h>} gets a {@code _} appended.
     */
    public static String c(Expr e, int digits) {
        return print(new CPrinter(), rounded(e, digits));
    }

    /** {@link #pythonFunction(Expr, int, String, List)} with constants printed exactly. */
    public static String pythonFunction(Expr e, String name, List<String> parameters) {
        return pythonFunctionText(e, EXACT, name, parameters);
    }

    /**
     * A Python module text: {@code import numpy as np} and the definition of a function {@code name} of
     * {@code parameters} (in that order; every variable of {@code e} must be among them) that computes the formula
     * with NumPy, vectorised, as {@link #python(Expr, int)} writes it, each operand that a protection needs twice
     * bound to a local name first. Its docstring gives the formula and the protected rules the formula uses; the
     * arguments may be numbers or arrays (broadcast together), the result is a float64 array.
     *
     * @throws IllegalArgumentException if {@code name} is not a Python identifier (or is a keyword or {@code np}),
     *                                  or a variable of {@code e} is not a parameter
     */
    public static String pythonFunction(Expr e, int digits, String name, List<String> parameters) {
        return pythonFunctionText(e, checkDigits(digits), name, parameters);
    }

    private static String pythonFunctionText(Expr e, int digits, String name, List<String> parameters) {
        PythonPrinter p = new PythonPrinter();
        Expr f = checkFunction(e, digits, name, parameters, p);
        ProtectedPrinter.Body body = p.body(f, parameters);
        Map<String, String> ids = p.identifiers();
        String params = String.join(", ", parameters.stream().map(ids::get).toList());
        String in = "    ";
        StringBuilder sb = new StringBuilder();
        sb.append("import numpy as np\n\n\n");
        sb.append("def ").append(name).append('(').append(params).append("):\n");
        String formula = infix(f).replace("\\", "\\\\").replace("\"\"\"", "\\\"\"\"");
        sb.append(in).append("\"\"\"dysymnet formula: ").append(formula).append("\n\n");
        for (String line : header(f, digits, ids)) {
            sb.append(line.isEmpty() ? "" : in + line).append('\n');
        }
        sb.append(in).append("Arguments: numbers or NumPy arrays, broadcast together; returns a float64 NumPy")
                .append(" array.\n");
        sb.append(in).append("\"\"\"\n");
        for (String param : parameters) {
            String id = ids.get(param);
            sb.append(in).append(id).append(" = np.asarray(").append(id).append(", dtype=np.float64)\n");
        }
        sb.append(in).append("with np.errstate(all=\"ignore\"):\n");
        for (String statement : body.statements()) {
            sb.append(in).append(in).append(statement).append('\n');
        }
        String value = body.value();
        if (!f.variables().containsAll(parameters)) {
            // the value must have one entry per row even where the formula ignores some arguments
            value = "np.broadcast_to(" + value + ", np.broadcast_shapes("
                    + String.join(", ", parameters.stream().map(v -> ids.get(v) + ".shape").toList())
                    + ")).astype(np.float64)";
        }
        sb.append(in).append(in).append("return ").append(value).append('\n');
        return sb.toString();
    }

    /** {@link #cFunction(Expr, int, String, List)} with constants printed exactly. */
    public static String cFunction(Expr e, String name, List<String> parameters) {
        return cFunctionText(e, EXACT, name, parameters);
    }

    /**
     * A C99 translation unit: {@code #include <math.h>} and the definition of a function
     * {@code double name(double p1, double p2, ...)} of {@code parameters} (in that order; every variable of
     * {@code e} must be among them) that returns the formula as {@link #c(Expr, int)} writes it, each operand that a
     * protection needs twice bound to a local constant first. A comment gives the formula and the protected rules it
     * uses. Link with {@code -lm}; {@code -ffast-math} breaks the rules on NaN and infinity that the protections rely
     * on.
     *
     * @throws IllegalArgumentException if {@code name} is not a C identifier (or is a keyword or a name of
     *                                  {@code <math.h>}), or a variable of {@code e} is not a parameter
     */
    public static String cFunction(Expr e, int digits, String name, List<String> parameters) {
        return cFunctionText(e, checkDigits(digits), name, parameters);
    }

    private static String cFunctionText(Expr e, int digits, String name, List<String> parameters) {
        CPrinter p = new CPrinter();
        Expr f = checkFunction(e, digits, name, parameters, p);
        ProtectedPrinter.Body body = p.body(f, parameters);
        Map<String, String> ids = p.identifiers();
        StringBuilder sb = new StringBuilder();
        sb.append("#include <math.h>\n\n");
        sb.append("/*\n * dysymnet formula: ").append(infix(f).replace("*/", "* /")).append("\n *\n");
        for (String line : header(f, digits, ids)) {
            sb.append(line.isEmpty() ? " *" : " * " + line).append('\n');
        }
        sb.append(" * C99 or later; link with -lm. Do not compile with -ffast-math, which drops the rules on NaN")
                .append(" and\n * infinity that the protections rely on; -ffp-contract=off keeps a*b + c from being")
                .append(" fused.\n");
        sb.append(" */\n");
        sb.append("double ").append(name).append('(')
                .append(String.join(", ", parameters.stream().map(v -> "double " + ids.get(v)).toList()))
                .append(")\n{\n");
        for (String statement : body.statements()) {
            sb.append("    ").append(statement).append('\n');
        }
        sb.append("    return ").append(body.value()).append(";\n}\n");
        return sb.toString();
    }

    private static Expr checkFunction(Expr e, int digits, String name, List<String> parameters,
                                      ProtectedPrinter target) {
        if (e == null) {
            throw new IllegalArgumentException("expression must not be null");
        }
        if (name == null || !IDENTIFIER.matcher(name).matches() || target.reservedWords().contains(name)) {
            throw new IllegalArgumentException("function name must be an identifier and not a reserved word, got "
                    + name);
        }
        if (parameters == null || parameters.isEmpty() || new HashSet<>(parameters).size() != parameters.size()) {
            throw new IllegalArgumentException("parameters must be distinct names, at least one, got " + parameters);
        }
        for (String v : e.variables()) {
            if (!parameters.contains(v)) {
                throw new IllegalArgumentException("variable '" + v + "' is not among the parameters " + parameters);
            }
        }
        return digits == EXACT ? e : rounded(e, digits);
    }

    /** The comment lines common to the function forms: what they compute, the rules, renamed variables. */
    private static List<String> header(Expr f, int digits, Map<String, String> ids) {
        List<String> lines = new ArrayList<>();
        List<String> rules = ProtectedPrinter.rulesUsed(f);
        String end = rules.isEmpty() ? "." : ", protected operations included:";
        if (digits == EXACT) {
            lines.add("Computes what dysymnet's Model.predict computes for this formula" + end);
        } else {
            lines.add("Computes what dysymnet's Model.predict computes for this formula");
            lines.add("(constants rounded to " + digits + " significant digits)" + end);
        }
        if (!rules.isEmpty()) {
            for (String r : rules) {
                lines.add("  " + r);
            }
            lines.add("The code writes a protection out only where it can change the value.");
        }
        ids.forEach((variable, id) -> {
            if (!variable.equals(id)) {
                lines.add("The variable " + variable + " is the parameter " + id + ".");
            }
        });
        lines.add("");
        return lines;
    }

    /**
     * Whether {@code e} is non-negative (or NaN) at every point, judged from its structure alone under the
     * protected semantics: non-negative constants; functions by their {@link UnaryOp#sign()} (exp, abs, cosh, sqrt,
     * acos of anything; sinh, tanh, asin of a non-negative argument; the negation of a non-positive constant); sums,
     * products and quotients of non-negative terms; {@code a*a}; powers with an even or non-integer constant
     * exponent, or with a non-negative base. False means "not proven".
     */
    public static boolean isNonNegative(Expr e) {
        if (e instanceof Const) {
            return ((Const) e).value() >= 0.0;
        }
        if (e instanceof Var) {
            return false;
        }
        if (e instanceof Unary u) {
            return switch (u.op().sign()) {
                case NON_NEGATIVE -> true;
                case OF_ARGUMENT -> isNonNegative(u.arg());
                case OPPOSITE_OF_ARGUMENT -> u.arg() instanceof Const c && c.value() <= 0.0;
                case UNKNOWN -> false;
            };
        }
        Binary b = (Binary) e;
        if (!(b.op() instanceof BinaryOp op)) {
            return false; // a user-defined function
        }
        return switch (op) {
            case ADD, DIV -> isNonNegative(b.left()) && isNonNegative(b.right());
            case MUL -> b.left().equals(b.right()) || (isNonNegative(b.left()) && isNonNegative(b.right()));
            case POW -> {
                if (b.right() instanceof Const c) {
                    double p = c.value();
                    // Protected pow takes |a| for non-integer exponents, so only odd integers can give a sign.
                    boolean oddInteger = p == Math.rint(p) && Math.abs(p) < 0x1p53 && Math.abs(p % 2.0) == 1.0;
                    if (!Double.isNaN(p) && !oddInteger) {
                        yield true;
                    }
                }
                yield isNonNegative(b.left());
            }
            case SUB -> false;
        };
    }

    /**
     * {@code e} with every constant rounded to {@code digits} significant digits, as the printers write it, but for
     * the forms of pi ({@link ExprPrinter#piForm}), which they write exactly.
     */
    static Expr rounded(Expr e, int digits) {
        int d = checkDigits(digits);
        if (e instanceof Const c) {
            // a form of pi is not rounded: the infix form writes it as such at any digits
            return ExprPrinter.piForm(c.value()) != null ? c
                    : new Const(Double.parseDouble(ExprPrinter.number(c.value(), d)));
        }
        if (e instanceof Unary u) {
            return new Unary(u.op(), rounded(u.arg(), d));
        }
        if (e instanceof Binary b) {
            return new Binary(b.op(), rounded(b.left(), d), rounded(b.right(), d));
        }
        return e;
    }

    private static int checkDigits(int digits) {
        if (digits < 1) {
            throw new IllegalArgumentException("significant digits must be at least 1, got " + digits);
        }
        return digits;
    }

    private static String print(ExprPrinter p, Expr e) {
        if (e == null) {
            throw new IllegalArgumentException("expression must not be null");
        }
        return p.print(e);
    }
}
