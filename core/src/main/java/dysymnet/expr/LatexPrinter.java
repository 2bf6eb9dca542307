package dysymnet.expr;

import java.util.List;
import java.util.Map;

/**
 * LaTeX math-mode text: {@code \frac}, {@code x^{2}}, products by juxtaposition, functions as
 * {@link UnaryOp#latex(String, boolean)} writes them ({@code \sin\left(x\right)}, {@code \log\left|x\right|},
 * {@code \sqrt{\left|x\right|}}), numbers with an exponent as {@code 1.5 \cdot 10^{-10}}; names such as
 * {@code theta1} or {@code E_n} become {@code \theta_{1}} and {@code E_{n}}, multi-letter non-Greek names upright.
 */
final class LatexPrinter extends ExprPrinter {

    private static final Map<String, String> GREEK = Map.ofEntries(
            Map.entry("alpha", "\\alpha"), Map.entry("beta", "\\beta"), Map.entry("gamma", "\\gamma"),
            Map.entry("delta", "\\delta"), Map.entry("epsilon", "\\epsilon"), Map.entry("zeta", "\\zeta"),
            Map.entry("eta", "\\eta"), Map.entry("theta", "\\theta"), Map.entry("iota", "\\iota"),
            Map.entry("kappa", "\\kappa"), Map.entry("lambda", "\\lambda"), Map.entry("lambd", "\\lambda"),
            Map.entry("mu", "\\mu"), Map.entry("nu", "\\nu"), Map.entry("xi", "\\xi"), Map.entry("pi", "\\pi"),
            Map.entry("rho", "\\rho"), Map.entry("sigma", "\\sigma"), Map.entry("tau", "\\tau"),
            Map.entry("upsilon", "\\upsilon"), Map.entry("phi", "\\phi"), Map.entry("chi", "\\chi"),
            Map.entry("psi", "\\psi"), Map.entry("omega", "\\omega"), Map.entry("Gamma", "\\Gamma"),
            Map.entry("Delta", "\\Delta"), Map.entry("Theta", "\\Theta"), Map.entry("Lambda", "\\Lambda"),
            Map.entry("Xi", "\\Xi"), Map.entry("Pi", "\\Pi"), Map.entry("Sigma", "\\Sigma"),
            Map.entry("Upsilon", "\\Upsilon"), Map.entry("Phi", "\\Phi"), Map.entry("Psi", "\\Psi"),
            Map.entry("Omega", "\\Omega"));

    LatexPrinter(int digits) {
        super(digits);
    }

    @Override
    Frag constant(double v) {
        if (Double.isNaN(v)) {
            return new Frag("\\mathrm{NaN}", ATOM);
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? new Frag("\\infty", ATOM) : new Frag("-\\infty", SIGN);
        }
        PiForm pi = piForm(v);
        if (pi != null) {
            // \pi, 2\pi, \frac{\pi}{4}, \frac{3}{\pi}, \frac{1}{4\pi}
            String k = Integer.toString(pi.k());
            String text;
            if (pi.inverse()) {
                text = pi.over() ? "\\frac{1}{" + k + "\\pi}" : "\\frac{" + k + "}{\\pi}";
            } else {
                text = pi.over() ? "\\frac{\\pi}{" + k + "}" : pi.k() == 1 ? "\\pi" : k + "\\pi";
            }
            return pi.negative() ? new Frag("-" + text, SIGN) : new Frag(text, pi.bare() ? ATOM : PRODUCT);
        }
        String s = number(v, digits);
        int e = s.indexOf('e');
        if (e >= 0) {
            String mantissa = s.substring(0, e);
            String power = "10^{" + s.substring(e + 1) + "}";
            if (mantissa.equals("1")) {
                return new Frag(power, POWER);
            }
            if (mantissa.equals("-1")) {
                return new Frag("-" + power, SIGN);
            }
            return new Frag(mantissa + " \\cdot " + power, mantissa.startsWith("-") ? SIGN : PRODUCT);
        }
        return plain(s);
    }

    @Override
    Frag variable(String name) {
        return new Frag(latexName(name), ATOM);
    }

    @Override
    Frag negation(Frag a) {
        return new Frag("-" + parenIf(a, a.prec() <= SUM || a.prec() == SIGN || a.startsWithMinus()), SIGN);
    }

    @Override
    Frag function(Unary u, Frag a) {
        return new Frag(((UnaryOp) u.op()).latex(a.text(), showsAbs(u)), ATOM);
    }

    /** The function's LaTeX form, or {@code \operatorname{name}\left(a, b\right)}. */
    @Override
    Frag userFunction(UserFunction f, List<Frag> args) {
        if (f.latexForm() != null) {
            return new Frag(fill(f.latexForm(), args), ATOM);
        }
        return new Frag("\\operatorname{" + f.name().replace("_", "\\_") + "}\\left("
                + String.join(", ", args.stream().map(Frag::text).toList()) + "\\right)", ATOM);
    }

    @Override
    Frag product(Frag l, Frag r) {
        String left = parenIf(l, l.prec() <= SUM);
        String right = parenIf(r, r.prec() <= SUM || r.startsWithMinus());
        // Juxtaposition would glue digits together ("x 2" reads as x2), so numbers get an explicit dot.
        char first = right.charAt(0);
        String sep = (first >= '0' && first <= '9') || first == '.' ? " \\cdot " : " ";
        return new Frag(left + sep + right, PRODUCT);
    }

    @Override
    Frag quotient(Binary b, Frag l, Frag r) {
        return new Frag("\\frac{" + l.text() + "}{" + r.text() + "}", PRODUCT);
    }

    @Override
    Frag power(Binary b, Frag l, Frag r) {
        return new Frag(parenIf(l, l.prec() < ATOM || l.startsWithMinus()) + "^{" + r.text() + "}", POWER);
    }

    @Override
    String parenIf(Frag f, boolean condition) {
        return condition ? "\\left(" + f.text() + "\\right)" : f.text();
    }

    /**
     * LaTeX for a variable name: {@code x1} to {@code x_{1}}, {@code E_n} to {@code E_{n}}, {@code theta} to
     * {@code \theta}, {@code rho_c_0} to {@code \rho_{c_{0}}}, other multi-letter words upright.
     */
    static String latexName(String name) {
        int underscore = name.indexOf('_');
        if (underscore > 0 && underscore < name.length() - 1) {
            return latexWord(name.substring(0, underscore)) + "_{" + latexName(name.substring(underscore + 1)) + "}";
        }
        if (underscore < 0) {
            int k = name.length();
            while (k > 0 && Character.isDigit(name.charAt(k - 1))) {
                k--;
            }
            if (k > 0 && k < name.length()) {
                return latexWord(name.substring(0, k)) + "_{" + name.substring(k) + "}";
            }
            return latexWord(name);
        }
        return "\\mathrm{" + name.replace("_", "\\_") + "}";
    }

    private static String latexWord(String word) {
        String greek = GREEK.get(word);
        if (greek != null) {
            return greek;
        }
        return word.length() == 1 ? word : "\\mathrm{" + word + "}";
    }
}
