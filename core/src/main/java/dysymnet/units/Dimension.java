package dysymnet.units;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A physical dimension: a vector of exact rational exponents over the base dimensions metre, second, kilogram,
 * kelvin and volt ({@link #BASES}), the base of AI Feynman's units table (its columns m, s, kg, T for kelvin, V). The
 * ampere is not a base here: {@code A = W/V = kg*m^2/(s^3*V)}. Immutable.
 */
public final class Dimension {
    /** The base units, in the order of the exponents. */
    public static final List<String> BASES = List.of("m", "s", "kg", "K", "V");
    public static final Dimension ONE = new Dimension(new Rational[] {Rational.ZERO, Rational.ZERO, Rational.ZERO,
        Rational.ZERO, Rational.ZERO});

    private final Rational[] exponents;

    private Dimension(Rational[] exponents) {
        this.exponents = exponents;
    }

    /** The dimension {@code m^m * s^s * kg^kg * K^k * V^v}. */
    public static Dimension of(long m, long s, long kg, long k, long v) {
        return of(Rational.of(m), Rational.of(s), Rational.of(kg), Rational.of(k), Rational.of(v));
    }

    /** The dimension of these exponents, one per base in the order of {@link #BASES}. */
    public static Dimension of(Rational... exponents) {
        if (exponents.length != BASES.size()) {
            throw new IllegalArgumentException("need " + BASES.size() + " exponents, got " + exponents.length);
        }
        return new Dimension(exponents.clone());
    }

    /** The base dimension of index {@code i} in {@link #BASES}. */
    public static Dimension base(int i) {
        Rational[] e = ONE.exponents.clone();
        e[i] = Rational.ONE;
        return new Dimension(e);
    }

    public Rational exponent(int i) {
        return exponents[i];
    }

    public boolean isDimensionless() {
        for (Rational r : exponents) {
            if (!r.isZero()) {
                return false;
            }
        }
        return true;
    }

    public Dimension times(Dimension o) {
        Rational[] e = new Rational[exponents.length];
        for (int i = 0; i < e.length; i++) {
            e[i] = exponents[i].plus(o.exponents[i]);
        }
        return new Dimension(e);
    }

    public Dimension divide(Dimension o) {
        Rational[] e = new Rational[exponents.length];
        for (int i = 0; i < e.length; i++) {
            e[i] = exponents[i].minus(o.exponents[i]);
        }
        return new Dimension(e);
    }

    public Dimension pow(Rational p) {
        Rational[] e = new Rational[exponents.length];
        for (int i = 0; i < e.length; i++) {
            e[i] = exponents[i].times(p);
        }
        return new Dimension(e);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Dimension d && Arrays.equals(exponents, d.exponents);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(exponents);
    }

    /**
     * The dimension in base units, positive powers first and the rest after one {@code /}: {@code m/s^2},
     * {@code kg*m^2/s^2}, {@code 1/s}, {@code m^(1/2)}; {@code 1} when dimensionless. {@link Units#parse} reads it
     * back.
     */
    @Override
    public String toString() {
        List<String> up = new ArrayList<>();
        List<String> down = new ArrayList<>();
        // kg first, as physicists write it
        int[] order = {2, 0, 1, 3, 4};
        for (int i : order) {
            Rational r = exponents[i];
            if (r.isZero()) {
                continue;
            }
            Rational a = r.num() < 0 ? r.negate() : r;
            String p = a.equals(Rational.ONE) ? BASES.get(i)
                    : BASES.get(i) + "^" + (a.den() == 1 ? a.toString() : "(" + a + ")");
            (r.num() < 0 ? down : up).add(p);
        }
        if (up.isEmpty() && down.isEmpty()) {
            return "1";
        }
        String num = up.isEmpty() ? "1" : String.join("*", up);
        if (down.isEmpty()) {
            return num;
        }
        return num + "/" + (down.size() == 1 ? down.get(0) : "(" + String.join("*", down) + ")");
    }
}
