package dysymnet.terms;

import static dysymnet.terms.SubsetSelection.rootWeights;
import static dysymnet.terms.SubsetSelection.scaled;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.expr.Var;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The power law through the rows, {@code c * prod x_j^a_j} over the inputs of one sign, fitted as a linear
 * function of the logs (weighted: each row of the logs times {@code sqrt(w_i)}). The term regression uses it three
 * ways: with its exponents rounded to halves as a term of the basis ({@link #roundedTerm}), with its exponents as
 * fitted as a candidate of the first run ({@link #formula}), and the inputs whose exponents are near a half-integer
 * as the factor of a separable law ({@link #cleanFactor}, {@link DerivedTargets}).
 *
 * @param inputs    the inputs of one sign, by index
 * @param exponents their exponents as fitted
 * @param factor    {@code c}, with the target's sign
 */
record PowerLaw(List<Integer> inputs, double[] exponents, double factor) {
    /** A power law is tried when the log-log fit explains at least this share of the variance of log|y|. */
    static final double POWER_LAW_R2 = 0.9;

    /**
     * The fit on the rows; null when the target changes sign or is 0 somewhere, no input keeps one sign, or the
     * log-log fit explains less than {@value #POWER_LAW_R2} of the variance of log|y|.
     */
    static PowerLaw fit(Dataset rows) {
        double[] y = rows.y();
        int n = y.length;
        double sign = Math.signum(y[0]);
        if (sign == 0) {
            return null;
        }
        double[] logY = new double[n];
        for (int i = 0; i < n; i++) {
            if (Math.signum(y[i]) != sign) {
                return null;
            }
            logY[i] = Math.log(Math.abs(y[i]));
        }
        List<Integer> inputs = new ArrayList<>();
        List<double[]> cols = new ArrayList<>();
        double[] ones = new double[n];
        Arrays.fill(ones, 1);
        cols.add(ones);
        for (int j = 0; j < rows.features(); j++) {
            double[] x = rows.column(j);
            double s = Math.signum(x[0]);
            double[] lx = new double[n];
            boolean oneSign = s != 0;
            for (int i = 0; i < n && oneSign; i++) {
                oneSign = Math.signum(x[i]) == s;
                lx[i] = Math.log(Math.abs(x[i]));
            }
            if (oneSign) {
                inputs.add(j);
                cols.add(lx);
            }
        }
        if (inputs.isEmpty() || n <= cols.size()) {
            return null;
        }
        double[][] c = cols.toArray(new double[0][]);
        int[] all = SparsePath.independent(c, c.length);
        if (all.length != c.length) {
            return null;
        }
        double[] root = rootWeights(rows);
        double[] b;
        if (root == null) {
            b = SparsePath.fit(c, all, logY);
        } else {
            double[][] sc = new double[c.length][];
            for (int k = 0; k < c.length; k++) {
                sc[k] = scaled(c[k], root);
            }
            b = SparsePath.fit(sc, all, scaled(logY, root));
        }
        if (b == null || !(Metrics.variance(logY) > 0)) {
            return null;
        }
        double[] fitted = new double[n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < b.length; k++) {
                fitted[i] += b[k] * c[k][i];
            }
        }
        if (Metrics.r2(fitted, logY, rows.weights()) < POWER_LAW_R2) {
            return null;
        }
        return new PowerLaw(inputs, Arrays.copyOfRange(b, 1, b.length), sign * Math.exp(b[0]));
    }

    /** {@code c * prod x_j^a_j} with the exponents as fitted; null when all are 0. */
    Expr formula(List<String> names) {
        Expr term = product(names, false);
        return term == null ? null : Expr.mul(new Const(factor), term);
    }

    /**
     * {@code prod x_j^a_j} over the inputs whose exponent is within {@code tolerance} of a non-zero half-integer,
     * rounded; null when there is none, or when every input is one (the power law itself).
     */
    Expr cleanFactor(List<String> names, double tolerance) {
        Expr term = null;
        int count = 0;
        for (int k = 0; k < inputs.size(); k++) {
            double a = Math.rint(2 * exponents[k]) / 2;
            if (a == 0 || Math.abs(a - exponents[k]) > tolerance) {
                continue;
            }
            count++;
            Var x = new Var(names.get(inputs.get(k)));
            Expr f = a == 1 ? x : Expr.pow(x, new Const(a));
            term = term == null ? f : Expr.mul(term, f);
        }
        return count == 0 || count == names.size() ? null : Simplifier.simplify(term);
    }

    /** The term alone, {@code prod x_j^a_j}, exponents rounded to halves, simplified; null when all are 0. */
    Expr roundedTerm(List<String> names) {
        Expr term = product(names, true);
        return term == null ? null : Simplifier.simplify(term);
    }

    private Expr product(List<String> names, boolean rounded) {
        Expr term = null;
        for (int k = 0; k < inputs.size(); k++) {
            double a = rounded ? Math.rint(2 * exponents[k]) / 2 : exponents[k];
            if (a == 0) {
                continue;
            }
            Expr f = Expr.pow(new Var(names.get(inputs.get(k))), new Const(a));
            term = term == null ? f : Expr.mul(term, f);
        }
        return term;
    }
}
