package dysymnet.units;

/**
 * An exact fraction {@code num/den} in lowest terms with a positive denominator: the exponent of a base dimension.
 * Exponents stay small (a formula's powers and roots), so {@code long} arithmetic with a check for overflow suffices.
 */
public record Rational(long num, long den) implements Comparable<Rational> {
    public static final Rational ZERO = new Rational(0, 1);
    public static final Rational ONE = new Rational(1, 1);
    public static final Rational HALF = new Rational(1, 2);

    public Rational {
        if (den == 0) {
            throw new ArithmeticException("zero denominator");
        }
        if (den < 0) {
            num = Math.negateExact(num);
            den = Math.negateExact(den);
        }
        long g = gcd(Math.abs(num), den);
        if (g > 1) {
            num /= g;
            den /= g;
        }
    }

    public static Rational of(long n) {
        return new Rational(n, 1);
    }

    public static Rational of(long num, long den) {
        return new Rational(num, den);
    }

    /**
     * The fraction of denominator at most {@code maxDen} within {@code tolerance} of {@code v}, or null when there is
     * none (an exponent such as 1.37 that no small fraction writes).
     */
    public static Rational near(double v, int maxDen, double tolerance) {
        if (!Double.isFinite(v) || Math.abs(v) > 1e6) {
            return null;
        }
        for (int d = 1; d <= maxDen; d++) {
            double n = Math.rint(v * d);
            if (Math.abs(n / d - v) <= tolerance) {
                return new Rational((long) n, d);
            }
        }
        return null;
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    public boolean isZero() {
        return num == 0;
    }

    public Rational plus(Rational o) {
        return new Rational(Math.addExact(Math.multiplyExact(num, o.den), Math.multiplyExact(o.num, den)),
                Math.multiplyExact(den, o.den));
    }

    public Rational minus(Rational o) {
        return plus(o.negate());
    }

    public Rational times(Rational o) {
        return new Rational(Math.multiplyExact(num, o.num), Math.multiplyExact(den, o.den));
    }

    public Rational divide(Rational o) {
        if (o.num == 0) {
            throw new ArithmeticException("division by zero");
        }
        return new Rational(Math.multiplyExact(num, o.den), Math.multiplyExact(den, o.num));
    }

    public Rational negate() {
        return new Rational(-num, den);
    }

    public double value() {
        return (double) num / den;
    }

    @Override
    public int compareTo(Rational o) {
        return Long.compare(Math.multiplyExact(num, o.den), Math.multiplyExact(o.num, den));
    }

    /** {@code 2}, {@code -1}, {@code 1/2}. */
    @Override
    public String toString() {
        return den == 1 ? Long.toString(num) : num + "/" + den;
    }
}
