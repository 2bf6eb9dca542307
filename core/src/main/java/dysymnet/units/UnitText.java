package dysymnet.units;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a unit text into its {@link Dimension}: SI units and their products, quotients and powers.
 *
 * <p>Syntax: factors joined by {@code *}, {@code ·} or a space (a product) and by {@code /} (a quotient; {@code m/s/s}
 * is {@code m/s^2}), each a unit symbol, {@code 1}, or a parenthesised text, with an optional power: {@code ^2},
 * {@code ^-1}, {@code **2}, {@code ^0.5}, {@code ^(1/2)}, {@code ²}, {@code ⁻¹}. Unit symbols: the base units
 * {@code m s g K V}; {@code A N J W Pa C Hz Ω} (or {@code ohm}) {@code S F Wb T H eV L} (litre); {@code min h}
 * (hour) and the dimensionless {@code rad sr}; each of the first two groups with an SI prefix ({@code Y Z E P T G M
 * k h da d c m µ u n p f a z y}: {@code km}, {@code ms}, {@code kg}, {@code µs}, {@code kPa}). A prefix scales but does
 * not change a dimension, which is all this reads. A symbol is read whole before a prefix is tried ({@code Pa} is the
 * pascal, {@code min} the minute, {@code T} the tesla; the kelvin is {@code K}).
 */
public final class UnitText {
    private static final Map<String, Dimension> PREFIXABLE = new LinkedHashMap<>();
    private static final Map<String, Dimension> PLAIN = new LinkedHashMap<>();
    private static final List<String> PREFIXES = List.of("da", "Y", "Z", "E", "P", "T", "G", "M", "k", "h", "d", "c",
            "m", "\u00B5", "\u03BC", "u", "n", "p", "f", "a", "z", "y");

    static {
        Dimension m = Dimension.of(1, 0, 0, 0, 0);
        Dimension s = Dimension.of(0, 1, 0, 0, 0);
        Dimension kg = Dimension.of(0, 0, 1, 0, 0);
        Dimension k = Dimension.of(0, 0, 0, 1, 0);
        Dimension v = Dimension.of(0, 0, 0, 0, 1);
        Dimension n = kg.times(m).divide(s.times(s));
        Dimension j = n.times(m);
        Dimension w = j.divide(s);
        Dimension a = w.divide(v);
        Dimension c = a.times(s);
        Dimension ohm = v.divide(a);
        Dimension wb = v.times(s);
        PREFIXABLE.put("m", m);
        PREFIXABLE.put("s", s);
        PREFIXABLE.put("g", kg);
        PREFIXABLE.put("K", k);
        PREFIXABLE.put("V", v);
        PREFIXABLE.put("A", a);
        PREFIXABLE.put("N", n);
        PREFIXABLE.put("J", j);
        PREFIXABLE.put("W", w);
        PREFIXABLE.put("Pa", n.divide(m.times(m)));
        PREFIXABLE.put("C", c);
        PREFIXABLE.put("Hz", Dimension.ONE.divide(s));
        PREFIXABLE.put("\u03A9", ohm);
        PREFIXABLE.put("\u2126", ohm);
        PREFIXABLE.put("ohm", ohm);
        PREFIXABLE.put("S", Dimension.ONE.divide(ohm));
        PREFIXABLE.put("F", c.divide(v));
        PREFIXABLE.put("Wb", wb);
        PREFIXABLE.put("T", wb.divide(m.times(m)));
        PREFIXABLE.put("H", wb.divide(a));
        PREFIXABLE.put("eV", j);
        PREFIXABLE.put("L", m.pow(Rational.of(3)));
        PLAIN.put("min", s);
        PLAIN.put("h", s);
        PLAIN.put("rad", Dimension.ONE);
        PLAIN.put("sr", Dimension.ONE);
    }

    private final String text;
    private int pos;

    private UnitText(String text) {
        this.text = text;
    }

    /**
     * The dimension of {@code text}.
     *
     * @throws IllegalArgumentException with a one-line message naming the unknown unit or the place of the error
     */
    public static Dimension parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty unit (write 1 for a dimensionless quantity)");
        }
        UnitText p = new UnitText(text.strip());
        Dimension d = p.product();
        if (p.pos < p.text.length()) {
            throw p.error("unexpected '" + p.text.charAt(p.pos) + "'");
        }
        return d;
    }

    /** The dimension of the unit symbol {@code symbol} alone (a prefix allowed), or null when it is none. */
    public static Dimension symbol(String symbol) {
        Dimension d = PLAIN.get(symbol);
        if (d == null) {
            d = PREFIXABLE.get(symbol);
        }
        if (d == null) {
            for (String pre : PREFIXES) {
                if (symbol.length() > pre.length() && symbol.startsWith(pre)) {
                    d = PREFIXABLE.get(symbol.substring(pre.length()));
                    if (d != null) {
                        break;
                    }
                }
            }
        }
        return d;
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at character " + (pos + 1) + " of unit '" + text + "'");
    }

    private void skipSpaces() {
        while (pos < text.length() && text.charAt(pos) == ' ') {
            pos++;
        }
    }

    private Dimension product() {
        Dimension d = power();
        while (true) {
            int before = pos;
            skipSpaces();
            if (pos >= text.length()) {
                return d;
            }
            char ch = text.charAt(pos);
            if (ch == '/') {
                pos++;
                d = d.divide(power());
            } else if ((ch == '*' && !text.startsWith("**", pos)) || ch == '·' || ch == '⋅') {
                pos++;
                d = d.times(power());
            } else if (pos > before && (startsFactor(ch))) {
                d = d.times(power());
            } else {
                pos = before;
                return d;
            }
        }
    }

    private static boolean startsFactor(char ch) {
        return Character.isLetter(ch) || ch == '(' || ch == 'Ω' || ch == 'µ' || ch == '1';
    }

    private Dimension power() {
        skipSpaces();
        Dimension base = primary();
        int afterBase = pos;
        skipSpaces();
        if (pos < text.length() && (text.charAt(pos) == '^' || text.startsWith("**", pos))) {
            pos += text.charAt(pos) == '^' ? 1 : 2;
            skipSpaces();
            return base.pow(exponent());
        }
        pos = afterBase;
        int start = pos;
        StringBuilder sup = new StringBuilder();
        while (pos < text.length() && superscript(text.charAt(pos)) != null) {
            sup.append(superscript(text.charAt(pos)));
            pos++;
        }
        if (sup.length() > 0) {
            try {
                return base.pow(Rational.of(Long.parseLong(sup.toString())));
            } catch (NumberFormatException e) {
                pos = start;
                throw error("bad power");
            }
        }
        return base;
    }

    private static String superscript(char ch) {
        return switch (ch) {
            case '⁰' -> "0";
            case '¹' -> "1";
            case '²' -> "2";
            case '³' -> "3";
            case '⁴' -> "4";
            case '⁵' -> "5";
            case '⁶' -> "6";
            case '⁷' -> "7";
            case '⁸' -> "8";
            case '⁹' -> "9";
            case '⁻' -> "-";
            default -> null;
        };
    }

    private Rational exponent() {
        if (pos < text.length() && text.charAt(pos) == '(') {
            pos++;
            skipSpaces();
            Rational num = number();
            skipSpaces();
            if (pos < text.length() && text.charAt(pos) == '/') {
                pos++;
                skipSpaces();
                Rational den = number();
                if (den.isZero()) {
                    throw error("zero denominator");
                }
                num = num.divide(den);
                skipSpaces();
            }
            if (pos >= text.length() || text.charAt(pos) != ')') {
                throw error("missing ')'");
            }
            pos++;
            return num;
        }
        return number();
    }

    private Rational number() {
        int start = pos;
        if (pos < text.length() && (text.charAt(pos) == '-' || text.charAt(pos) == '+')) {
            pos++;
        }
        while (pos < text.length() && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '.')) {
            pos++;
        }
        String s = text.substring(start, pos);
        try {
            BigDecimal b = new BigDecimal(s);
            if (b.scale() > 6 || b.abs().compareTo(BigDecimal.valueOf(1000)) > 0) {
                throw new NumberFormatException();
            }
            BigInteger unscaled = b.unscaledValue();
            long den = BigInteger.TEN.pow(Math.max(0, b.scale())).longValueExact();
            return b.scale() >= 0 ? Rational.of(unscaled.longValueExact(), den)
                    : Rational.of(b.toBigIntegerExact().longValueExact());
        } catch (NumberFormatException | ArithmeticException e) {
            pos = start;
            throw error("expected a power");
        }
    }

    private Dimension primary() {
        if (pos >= text.length()) {
            throw error("missing unit");
        }
        char ch = text.charAt(pos);
        if (ch == '(') {
            pos++;
            Dimension d = product();
            skipSpaces();
            if (pos >= text.length() || text.charAt(pos) != ')') {
                throw error("missing ')'");
            }
            pos++;
            return d;
        }
        if (ch == '1') {
            pos++;
            return Dimension.ONE;
        }
        int start = pos;
        while (pos < text.length() && (Character.isLetter(text.charAt(pos)))) {
            pos++;
        }
        if (pos == start) {
            throw error("unexpected '" + ch + "'");
        }
        String name = text.substring(start, pos);
        Dimension d = symbol(name);
        if (d == null) {
            pos = start;
            throw new IllegalArgumentException("unknown unit '" + name + "' in '" + text + "' (SI symbols such as m, s, "
                    + "kg, K, V, N, J, W, Pa, C, A, Hz, with a prefix such as k, m, µ)");
        }
        return d;
    }
}
