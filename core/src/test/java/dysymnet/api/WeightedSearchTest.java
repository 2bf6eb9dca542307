package dysymnet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.gp.GpSettings;
import dysymnet.net.Operator;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link SymbolicRegressor#fit(double[][], double[], double[], String...)}: the whole search on weighted rows. */
class WeightedSearchTest {

    /** Rows of {@code x1*sin(x2) + 0.5*x1}, every tenth 30 above the law (an outlier). */
    record Data(double[][] x, double[] y, double[] clean, double[] w) {
        static Data of(int n, long seed) {
            SplittableRandom r = new SplittableRandom(seed);
            double[][] x = new double[n][2];
            double[] y = new double[n];
            double[] clean = new double[n];
            double[] w = new double[n];
            for (int i = 0; i < n; i++) {
                x[i][0] = r.nextDouble(-2, 2);
                x[i][1] = r.nextDouble(-3, 3);
                clean[i] = x[i][0] * Math.sin(x[i][1]) + 0.5 * x[i][0];
                boolean outlier = i % 10 == 4;
                y[i] = clean[i] + (outlier ? 30 : 0);
                w[i] = outlier ? 1e-12 : 1 + r.nextInt(3);
            }
            return new Data(x, y, clean, w);
        }

        /** Whether the model is the law on the rows (R^2 of the clean values within 1e-9 of 1). */
        boolean recovered(Model m) {
            return Metrics.r2(m.predict(x), clean) > 1 - 1e-9;
        }
    }

    private static SymbolicRegressor.Builder small(long seed) {
        return SymbolicRegressor.builder().seed(seed).threads(1).layers(1).widths(1, 2).batchSize(2).maxSteps(1)
                .operators(Operator.IDENTITY, Operator.SIN, Operator.MUL, Operator.ADD)
                .gp(GpSettings.builder().population(100).generations(2).quickGenerations(2).build());
    }

    @Test
    void outliersOfTinyWeightLeaveTheLawRecoverable() {
        int weighted = 0;
        int plain = 0;
        int seeds = 4;
        for (long seed = 1; seed <= seeds; seed++) {
            Data d = Data.of(80, seed);
            Model mw = small(seed).build().fit(d.x(), d.y(), d.w());
            Model mp = small(seed).build().fit(d.x(), d.y());
            weighted += d.recovered(mw) ? 1 : 0;
            plain += d.recovered(mp) ? 1 : 0;
            assertEquals("w", mw.provenance().data().weights());
            assertEquals(null, mp.provenance().data().weights());
        }
        assertTrue(weighted >= seeds - 1, weighted + " of " + seeds + " weighted fits found the law");
        assertTrue(plain <= 1, plain + " of " + seeds + " unweighted fits found the law through the outliers");
    }

    @Test
    void aSampledSearchCarriesTheWeights() {
        // 3,000 rows searched on 1,000, each network on 300 of them: the outliers' weights go with their rows
        Data d = Data.of(3_000, 7);
        Model m = small(7).searchRows(1_000).trainRows(300).build().fit(d.x(), d.y(), d.w());
        assertTrue(d.recovered(m), m::formula);
        // its scores are the weighted ones on all rows
        assertEquals(Metrics.mse(m.predict(d.x()), d.y(), d.w()), m.trainMse(), 1e-9 * Math.max(1e-30,
                m.trainMse()) + 1e-300);
    }

    @Test
    void theSameSeedGivesTheSameWeightedFitOnOneAndTwoThreads() {
        Data d = Data.of(60, 3);
        double[] y = d.clean().clone();
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < y.length; i++) {
            y[i] += 0.05 * r.nextGaussian();
        }
        SymbolicRegressor.Builder b = small(2).maxSteps(2).solveR2(1.1);
        Model one = b.threads(1).build().fit(d.x(), y, d.w());
        Model two = b.threads(2).build().fit(d.x(), y, d.w());
        assertEquals(one.expression(), two.expression());
        assertEquals(one.pareto(), two.pareto());
    }

    @Test
    void equalWeightsAreNoWeightsToTheBit() {
        Data d = Data.of(50, 4);
        double[] equal = new double[d.y().length];
        Arrays.fill(equal, 2.5);
        Model plain = small(1).build().fit(d.x(), d.y());
        Model weighted = small(1).build().fit(d.x(), d.y(), equal);
        assertEquals(plain.expression(), weighted.expression());
        assertEquals(plain.pareto(), weighted.pareto());
        assertEquals(Double.doubleToLongBits(plain.trainMse()), Double.doubleToLongBits(weighted.trainMse()));
        // the same data hashed; the fit says it was given weights
        assertEquals(plain.provenance().data().sha256(), weighted.provenance().data().sha256());
        assertEquals("w", weighted.provenance().data().weights());
    }

    @Test
    void theModelFileRecordsTheWeights() {
        Data d = Data.of(40, 5);
        Model m = small(1).build().fit(d.x(), d.y(), d.w());
        Model back = Model.fromJson(m.toJson());
        assertEquals("w", back.provenance().data().weights());
        assertEquals(m.provenance().data(), back.provenance().data());
        assertTrue(m.toJson().contains("\"weights\" : \"w\""), m.toJson());
        // a named column through a data set
        Dataset named = Dataset.fromRows(d.x(), d.y(), d.w(), Dataset.defaultNames(2)).withWeights(d.w(), "sigma2");
        assertEquals("sigma2", small(1).build().fit(named, "y").provenance().data().weights());
    }

    @Test
    void badWeightsAreRejected() {
        Data d = Data.of(20, 6);
        SymbolicRegressor reg = small(1).build();
        double[] w = d.w().clone();
        w[7] = -1;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> reg.fit(d.x(), d.y(), w));
        assertTrue(e.getMessage().contains("row 7"), e.getMessage());
        w[7] = 0;
        assertThrows(IllegalArgumentException.class, () -> reg.fit(d.x(), d.y(), w));
        assertThrows(IllegalArgumentException.class, () -> reg.fit(d.x(), d.y(), new double[3]));
    }
}
