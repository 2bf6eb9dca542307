package dysymnet.units;

import dysymnet.data.Dataset;
import dysymnet.expr.Const;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.expr.Var;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Buckingham's Pi theorem on a fit's inputs: a product of inputs with the target's unit (the <em>factor</em>) and
 * the dimensionless products of the inputs (the <em>groups</em>), so that a consistent law is the factor times a
 * function of the groups alone: {@code y = factor * f(pi_1, ..., pi_k)}, with {@code k} the inputs less the rank of
 * their units' exponents. Eight inputs in five base units can leave two groups, and a function of two inputs is a
 * far smaller search than one of eight.
 *
 * <p>Computed exactly over the rationals: the exponent matrix (base units by inputs) is brought to reduced row
 * echelon form with the inputs in their order; the factor takes its exponents from the pivot inputs (the free ones
 * at zero), each group one free input to a positive power times powers of the pivot inputs, scaled to integer
 * exponents ({@code c/v} for a speed {@code c} after a speed {@code v}). Deterministic: the same inputs in the same order give the same groups.
 *
 * @param factor the product of inputs with the target's unit (the constant 1 for a dimensionless target)
 * @param groups the dimensionless products of the inputs, one per free input, in the inputs' order
 */
public record PiGroups(Expr factor, List<Expr> groups) {

    public PiGroups {
        groups = List.copyOf(groups);
    }

    /**
     * The factor and groups of {@code inputs} under {@code units}; null when the units do not allow a reduction: no
     * target unit, an input without a unit, a target unit that no product of the inputs has, or as many groups as
     * inputs (every input dimensionless: nothing is gained).
     */
    public static PiGroups of(List<String> inputs, Units units) {
        if (units == null || units.target() == null || inputs.isEmpty()) {
            return null;
        }
        int d = inputs.size();
        int rows = Dimension.BASES.size();
        // the augmented matrix: each base unit's exponent in each input, the target's last
        Rational[][] a = new Rational[rows][d + 1];
        for (int j = 0; j < d; j++) {
            Dimension u = units.of(inputs.get(j));
            if (u == null) {
                return null;
            }
            for (int i = 0; i < rows; i++) {
                a[i][j] = u.exponent(i);
            }
        }
        for (int i = 0; i < rows; i++) {
            a[i][d] = units.target().exponent(i);
        }
        int[] pivotOf = new int[d];
        java.util.Arrays.fill(pivotOf, -1);
        int rank = 0;
        for (int col = 0; col < d && rank < rows; col++) {
            int pick = -1;
            for (int i = rank; i < rows; i++) {
                if (!a[i][col].isZero()) {
                    pick = i;
                    break;
                }
            }
            if (pick < 0) {
                continue;
            }
            Rational[] t = a[pick];
            a[pick] = a[rank];
            a[rank] = t;
            Rational p = a[rank][col];
            for (int k = 0; k <= d; k++) {
                a[rank][k] = a[rank][k].divide(p);
            }
            for (int i = 0; i < rows; i++) {
                if (i != rank && !a[i][col].isZero()) {
                    Rational f = a[i][col];
                    for (int k = 0; k <= d; k++) {
                        a[i][k] = a[i][k].minus(f.times(a[rank][k]));
                    }
                }
            }
            pivotOf[col] = rank;
            rank++;
        }
        for (int i = rank; i < rows; i++) {
            if (!a[i][d].isZero()) {
                return null; // no product of the inputs has the target's unit
            }
        }
        if (rank == 0) {
            return null; // every input dimensionless: the groups are the inputs
        }
        Rational[] factor = new Rational[d];
        for (int j = 0; j < d; j++) {
            factor[j] = pivotOf[j] >= 0 ? a[pivotOf[j]][d] : Rational.ZERO;
        }
        List<Expr> groups = new ArrayList<>();
        for (int free = 0; free < d; free++) {
            if (pivotOf[free] >= 0) {
                continue;
            }
            Rational[] g = new Rational[d];
            for (int j = 0; j < d; j++) {
                g[j] = j == free ? Rational.ONE : pivotOf[j] >= 0 ? a[pivotOf[j]][free].negate() : Rational.ZERO;
            }
            groups.add(product(inputs, integral(g)));
        }
        return new PiGroups(product(inputs, factor), groups);
    }

    /** The name of group {@code g} (0-based) as a column of the {@link #reduced} data: {@code pi1}, {@code pi2}, ... */
    public static String groupName(int g) {
        return "pi" + (g + 1);
    }

    /**
     * The reduced problem of {@code data}: one column per group ({@link #groupName}), the target divided by the factor,
     * the weights as they are; null when there is no group, or when the factor, a quotient or a group is not finite
     * on a row (the reduction does not hold there).
     */
    public Dataset reduced(Dataset data) {
        double[] z = targetOverFactor(data);
        if (z == null || groups.isEmpty()) {
            return null;
        }
        List<String> names = new ArrayList<>();
        double[][] x = new double[groups.size()][];
        for (int g = 0; g < x.length; g++) {
            names.add(groupName(g));
            x[g] = Evaluator.evaluate(groups.get(g), data);
            if (!java.util.Arrays.stream(x[g]).allMatch(Double::isFinite)) {
                return null;
            }
        }
        return new Dataset(names, x, z, data.weights());
    }

    /** The target of {@code data} divided by the factor row by row; null when a quotient is not finite. */
    public double[] targetOverFactor(Dataset data) {
        return over(data, factor);
    }

    /** The target of {@code data} divided by {@code factor} row by row; null when a quotient is not finite. */
    public static double[] over(Dataset data, Expr factor) {
        double[] f = Evaluator.evaluate(factor, data);
        double[] z = new double[f.length];
        for (int i = 0; i < z.length; i++) {
            z[i] = data.y()[i] / f[i];
            if (!Double.isFinite(z[i])) {
                return null;
            }
        }
        return z;
    }

    /**
     * A formula of the groups ({@link #groupName}) written in the inputs and multiplied by the factor, simplified, the
     * powers of the inputs in {@code positive} (those positive on every row: {@link PowerMerge#positive}) merged
     * ({@code I1*sqrt(I2/I1)} reads {@code sqrt(I1*I2)}).
     */
    public Expr written(Expr ofGroups, Set<String> positive) {
        Map<String, Expr> byName = new HashMap<>();
        for (int g = 0; g < groups.size(); g++) {
            byName.put(groupName(g), groups.get(g));
        }
        Expr inInputs = ofGroups.mapVariables(v -> byName.getOrDefault(v.name(), v));
        return PowerMerge.merged(Simplifier.simplify(Expr.mul(factor, inInputs)), positive);
    }

    /** {@code v} times the least common multiple of its denominators: integer exponents, their signs kept. */
    private static Rational[] integral(Rational[] v) {
        long lcm = 1;
        for (Rational r : v) {
            lcm = lcm / gcd(lcm, r.den()) * r.den();
        }
        Rational[] out = new Rational[v.length];
        for (int j = 0; j < v.length; j++) {
            out[j] = v[j].times(Rational.of(lcm));
        }
        return out;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? Math.abs(a) : gcd(b, a % b);
    }

    /**
     * {@code prod x^e} over the non-zero exponents in the map's order, positive powers over negative ones
     * ({@code x*y^2/z}), the constant 1 when all are zero.
     */
    public static Expr product(Map<String, Rational> exponents) {
        Expr numerator = null;
        Expr denominator = null;
        for (Map.Entry<String, Rational> x : exponents.entrySet()) {
            Rational e = x.getValue();
            if (e.isZero()) {
                continue;
            }
            Rational magnitude = e.num() < 0 ? e.negate() : e;
            Expr v = new Var(x.getKey());
            Expr term = magnitude.equals(Rational.ONE) ? v : Expr.pow(v, new Const(magnitude.value()));
            if (e.num() > 0) {
                numerator = numerator == null ? term : Expr.mul(numerator, term);
            } else {
                denominator = denominator == null ? term : Expr.mul(denominator, term);
            }
        }
        Expr top = numerator == null ? new Const(1) : numerator;
        return denominator == null ? top : Expr.div(top, denominator);
    }

    /** {@link #product} of the inputs with these exponents, in the inputs' order. */
    private static Expr product(List<String> inputs, Rational[] exponents) {
        Map<String, Rational> m = new LinkedHashMap<>();
        for (int j = 0; j < inputs.size(); j++) {
            m.put(inputs.get(j), exponents[j]);
        }
        return product(m);
    }
}
