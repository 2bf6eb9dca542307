package dysymnet.terms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryOp;
import dysymnet.search.Budget;
import dysymnet.search.Search;
import dysymnet.search.SearchResult;
import dysymnet.search.Settings;
import dysymnet.search.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.QRDecomposition;
import org.hipparchus.linear.RealVector;
import org.junit.jupiter.api.Test;

/** Straight lines in the inputs: least squares on all of them, and the path to it, are always candidates. */
class LinearModelsTest {

    /** A table no other family writes well: a step in x0, a slope in x1 and x2, noise, and four inputs that do nothing. */
    private static Dataset table(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int d = 7;
        List<String> names = new ArrayList<>();
        double[][] x = new double[d][n];
        for (int j = 0; j < d; j++) {
            names.add("x" + j);
            for (int i = 0; i < n; i++) {
                x[j][i] = r.nextDouble(-2, 3);
            }
        }
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = 4 + (x[0][i] > 0.5 ? 2.5 : 0) + 0.9 * x[1][i] - 0.3 * x[2][i] + 0.4 * r.nextGaussian();
        }
        return new Dataset(names, x, y);
    }

    /** Ordinary least squares with intercept on all inputs: the training MSE. */
    private static double olsMse(Dataset data) {
        int n = data.rows();
        int d = data.features();
        double[][] a = new double[n][d + 1];
        for (int i = 0; i < n; i++) {
            a[i][0] = 1;
            for (int j = 0; j < d; j++) {
                a[i][j + 1] = data.column(j)[i];
            }
        }
        RealVector b = new QRDecomposition(new Array2DRowRealMatrix(a, false)).getSolver()
                .solve(new ArrayRealVector(data.y()));
        double[] p = new Array2DRowRealMatrix(a, false).operate(b).toArray();
        return Metrics.mse(p, data.y());
    }

    /** Whether {@code e} is a constant plus constants times inputs: no function, no product of two inputs. */
    private static boolean linear(Expr e) {
        boolean[] ok = {true};
        e.forEach(node -> {
            if (node instanceof Unary u && u.op() != UnaryOp.NEG) {
                ok[0] = false;
            } else if (node instanceof Binary b && (b.op() == BinaryOp.MUL || b.op() == BinaryOp.DIV)
                    && !(b.left() instanceof Const) && !(b.right() instanceof Const)) {
                ok[0] = false;
            }
        });
        return ok[0];
    }

    @Test
    void ordinaryLeastSquaresOnAllInputsAndTheForwardPathAreCandidates() {
        for (long seed = 1; seed <= 3; seed++) {
            Dataset d = table(60, seed);
            List<Expr> linear = LinearModels.fit(d, () -> false);
            assertEquals(d.features(), linear.size(), "one model per number of inputs, 1.." + d.features());
            double ols = olsMse(d);
            Expr all = linear.get(linear.size() - 1);
            assertEquals(ols, Metrics.mse(Evaluator.evaluate(all, d), d.y()), 1e-6 * ols,
                    "the last is least squares on every input");
            double previous = Double.POSITIVE_INFINITY;
            for (Expr e : linear) {
                assertTrue(linear(e), e.toString());
                double mse = Metrics.mse(Evaluator.evaluate(e, d), d.y());
                assertTrue(mse <= previous * (1 + 1e-9), "each input added lowers the error: " + e);
                previous = mse;
            }
            // the path takes the inputs that matter first
            Expr two = linear.get(1);
            assertEquals(Set.of("x0", "x1"), two.variables(), "seed " + seed + ": " + two);
        }
    }

    @Test
    void fewRowsCapTheInputs() {
        Dataset d = table(6, 4);
        assertEquals(4, LinearModels.fit(d, () -> false).size(), "at most rows - 2 inputs");
    }

    @Test
    void theSearchOffersThemFirstWithinAnyBudget() {
        Dataset d = table(80, 5);
        // a budget that is over before the search starts
        Settings settings = Settings.builder().seed(1)
                .budget(Budget.builder().maxSteps(1).timeLimit(java.time.Duration.ofNanos(1)).build()).build();
        SearchResult r = new Search(settings, null).run(d);
        double ols = olsMse(d);
        assertTrue(r.candidates().stream().anyMatch(c -> c.source().equals(Source.LINEAR)
                && Math.abs(c.mse() - ols) <= 1e-6 * ols && linear(c.expression())),
                "least squares on all inputs is a candidate within any budget");
        // and the answer is a line, not the target's mean
        assertTrue(linear(r.chosen().expression()) && r.chosen().r2() > 0.5, r.chosen().toString());
    }
}
