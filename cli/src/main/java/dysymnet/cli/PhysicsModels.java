package dysymnet.cli;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Parser;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.FitResult;
import dysymnet.fit.LevenbergMarquardtFitter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The three physics models of the ball-drop comparison (de Silva et al. 2020, used in the DySymNet paper), fitted
 * to training data with the project's constant refiner from several starting points.
 */
public final class PhysicsModels {
    private PhysicsModels() {
    }

    /** A fitted physics model. */
    public record Fitted(String name, String form, Expr expression, double trainMse) {
        public double[] predict(double[] t) {
            return Evaluator.evaluate(expression, List.of("t"), new double[][] {t});
        }
    }

    /** Model A: cubic polynomial. */
    public static final String A = "c0 + c1*t + c2*t^2 + c3*t^3";
    /** Model B: with an exponential term. */
    public static final String B = "c0 + c1*t + c2*exp(c3*t)";
    /** Model C: free fall with quadratic drag. */
    public static final String C = "c0 + c1*log(cosh(c2*t))";

    /** Fits models A, B and C to height {@code h} against time {@code t} (the formulas' variable is t). */
    public static List<Fitted> fitAll(double[] t, double[] h) {
        Dataset d = new Dataset(List.of("t"), new double[][] {t}, h);
        double h0 = h[0];
        List<Fitted> out = new ArrayList<>();
        List<String> starts = new ArrayList<>();
        for (double c : new double[] {0.0, 1.0}) {
            starts.add(fmt("%s + %s*t + %s*t^2 + %s*t^3", h0, c, -4.9, c));
        }
        out.add(best("Model A", A, starts, d));
        starts.clear();
        for (double c3 : new double[] {-2, -1, -0.5, -0.1, 0.1, 0.5, 1, 2}) {
            for (double c2 : new double[] {-10, -1, 1, 10}) {
                starts.add(fmt("%s + %s*t + %s*exp(%s*t)", h0 - c2, 0.0, c2, c3));
            }
        }
        out.add(best("Model B", B, starts, d));
        starts.clear();
        for (double c2 : new double[] {0.05, 0.1, 0.3, 0.6, 1, 2, 4}) {
            // for small c2*t, c1*log(cosh(c2*t)) ~ c1*c2^2*t^2/2 = -g/2*t^2: start from c1 = -g/c2^2
            starts.add(fmt("%s + %s*log(cosh(%s*t))", h0, -9.81 / (c2 * c2), c2));
        }
        out.add(best("Model C", C, starts, d));
        return out;
    }

    private static String fmt(String f, Object... v) {
        Object[] s = new Object[v.length];
        for (int i = 0; i < v.length; i++) {
            s[i] = "(" + v[i] + ")";
        }
        return String.format(Locale.ROOT, f, s);
    }

    private static Fitted best(String name, String form, List<String> starts, Dataset d) {
        ConstantFitter fitter = new LevenbergMarquardtFitter();
        Fitted best = null;
        for (String s : starts) {
            Expr e = Parser.parse(s);
            FitResult r = fitter.fit(e, d);
            double mse = Metrics.mse(Evaluator.evaluate(r.expression(), d), d.y());
            if (Double.isFinite(mse) && (best == null || mse < best.trainMse())) {
                best = new Fitted(name, form, r.expression(), mse);
            }
        }
        if (best == null) {
            Expr e = Parser.parse(starts.get(0));
            best = new Fitted(name, form, e, Double.POSITIVE_INFINITY);
        }
        return best;
    }
}
