package dysymnet.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One line of {@code results.csv}: one run of one problem with one seed, noise level and ablation.
 *
 * <p>Missing values (not applicable, or the run failed) are NaN / -1 / null here and empty cells in the file.
 *
 * @param suite       suite name
 * @param problem     problem name
 * @param group       benchmark group
 * @param seed        seed of the data split and of the search
 * @param noise       noise level: Gaussian noise of sd {@code noise * RMS(y)} on the training target
 * @param ablation    the {@link Ablation}'s name: {@code none}, {@code no-refine}, {@code no-gp}, ...
 * @param r2Test      R^2 on the (noise-free) test set
 * @param mseTest     MSE on the test set
 * @param r2Train     R^2 on the training set as fitted (with its noise)
 * @param mseTrain    MSE on the training set as fitted
 * @param complexity  node count of the chosen formula, -1 when missing
 * @param seconds     wall time of the fit
 * @param networks    networks trained, -1 when missing
 * @param stop        why the search stopped
 * @param symbolic    symbolic solution (see {@link SymbolicCheck}); null without a truth or on failure
 * @param symbolicHow how the symbolic check decided, "" when not run
 * @param symbolicDev the check's relative deviation ({@link SymbolicCheck.Verdict#deviation()}); NaN when not run
 * @param acc099      test R^2 &gt; 0.99 (the paper's RQ3); null on failure
 * @param acc0999     test R^2 &gt; 0.999 (SRBench's accuracy solution); null on failure
 * @param nTrain      training rows, -1 when missing
 * @param nTest       test rows, -1 when missing
 * @param timeLimit   the run's time limit in seconds, 0 for none
 * @param maxSteps    the run's controller step limit
 * @param config      fingerprint of every setting of the run but its seed and noise level (search settings after
 *                    the ablation, and the suite's data options): runs with other settings are other runs
 * @param expression  the chosen formula, constants exact (reads back with the Parser); "" on failure
 * @param truth       the ground truth as given, "" when unknown
 * @param modelAMse   test MSE of physics model A (balls suite only)
 * @param modelBMse   test MSE of physics model B (balls suite only)
 * @param modelCMse   test MSE of physics model C (balls suite only)
 * @param olsR2Test   test R^2 of ordinary least squares with an intercept fitted on the run's training rows (its
 *                    noise included; {@link Ols}); NaN when it could not be fitted, or in a file written before the
 *                    column existed
 * @param olsMseTest  test MSE of that least-squares line
 * @param error       "" for a finished run, else the exception in one line
 * @param sourceSeconds the seconds each formula source had, {@code network=41.2;gp=12.0;terms=3.1}
 *                    ({@link dysymnet.search.SourceAccount}); "" when not recorded
 */
public record ResultRow(String suite, String problem, String group, long seed, double noise, String ablation,
                        double r2Test, double mseTest, double r2Train, double mseTrain, int complexity,
                        double seconds, long networks, String stop, Boolean symbolic, String symbolicHow,
                        double symbolicDev, Boolean acc099, Boolean acc0999, int nTrain, int nTest, double timeLimit, int maxSteps,
                        String config, String expression, String truth, double modelAMse, double modelBMse, double modelCMse,
                        double olsR2Test, double olsMseTest, String error, String sourceSeconds) {

    /** A row without the sources' seconds. */
    public ResultRow(String suite, String problem, String group, long seed, double noise, String ablation,
                     double r2Test, double mseTest, double r2Train, double mseTrain, int complexity,
                     double seconds, long networks, String stop, Boolean symbolic, String symbolicHow,
                     double symbolicDev, Boolean acc099, Boolean acc0999, int nTrain, int nTest, double timeLimit,
                     int maxSteps, String config, String expression, String truth, double modelAMse, double modelBMse,
                     double modelCMse, double olsR2Test, double olsMseTest, String error) {
        this(suite, problem, group, seed, noise, ablation, r2Test, mseTest, r2Train, mseTrain, complexity, seconds,
                networks, stop, symbolic, symbolicHow, symbolicDev, acc099, acc0999, nTrain, nTest, timeLimit, maxSteps,
                config, expression, truth, modelAMse, modelBMse, modelCMse, olsR2Test, olsMseTest, error, "");
    }

    /** The column names of {@code results.csv}, in order. */
    public static final List<String> COLUMNS = List.of("suite", "problem", "group", "seed", "noise", "ablation",
            "r2_test", "mse_test", "r2_train", "mse_train", "complexity", "seconds", "networks", "stop", "symbolic",
            "symbolic_how", "symbolic_dev", "acc_099", "acc_0999", "n_train", "n_test", "time_limit", "max_steps", "config", "expression",
            "truth", "model_a_mse", "model_b_mse", "model_c_mse", "ols_r2_test", "ols_mse_test", "error", "source_seconds");

    /**
     * Columns a file written by an earlier version may lack: read, their cells are empty (NaN); opened for appending,
     * such a file is first rewritten with every column ({@link ResultsFile#open}).
     */
    public static final List<String> ADDED_COLUMNS = List.of("ols_r2_test", "ols_mse_test", "source_seconds");

    /** The identity of a run: rows with equal keys are the same run (the later one wins). */
    public String key() {
        return key(suite, problem, seed, noise, ablation, config);
    }

    /** The key of a run: its problem, seed, noise level, ablation and every other setting ({@code config}). */
    public static String key(String suite, String problem, long seed, double noise, String ablation, String config) {
        return suite + '\u0000' + problem + '\u0000' + seed + '\u0000' + Double.toString(noise) + '\u0000' + ablation
                + '\u0000' + config;
    }

    /** The same row with the least-squares line's test R^2 and MSE. */
    public ResultRow withOls(double r2, double mse) {
        return new ResultRow(suite, problem, group, seed, noise, ablation, r2Test, mseTest, r2Train, mseTrain,
                complexity, seconds, networks, stop, symbolic, symbolicHow, symbolicDev, acc099, acc0999, nTrain, nTest,
                timeLimit, maxSteps, config, expression, truth, modelAMse, modelBMse, modelCMse, r2, mse, error,
                sourceSeconds);
    }

    /** Whether the run failed. */
    public boolean failed() {
        return !error.isEmpty();
    }

    /** The cells of the row, in the order of {@link #COLUMNS}. */
    public List<String> cells() {
        List<String> c = new ArrayList<>(COLUMNS.size());
        c.add(suite);
        c.add(problem);
        c.add(group);
        c.add(Long.toString(seed));
        c.add(num(noise));
        c.add(ablation);
        c.add(num(r2Test));
        c.add(num(mseTest));
        c.add(num(r2Train));
        c.add(num(mseTrain));
        c.add(complexity < 0 ? "" : Integer.toString(complexity));
        c.add(num(seconds));
        c.add(networks < 0 ? "" : Long.toString(networks));
        c.add(stop);
        c.add(bool(symbolic));
        c.add(symbolicHow);
        c.add(num(symbolicDev));
        c.add(bool(acc099));
        c.add(bool(acc0999));
        c.add(nTrain < 0 ? "" : Integer.toString(nTrain));
        c.add(nTest < 0 ? "" : Integer.toString(nTest));
        c.add(num(timeLimit));
        c.add(Integer.toString(maxSteps));
        c.add(config);
        c.add(expression);
        c.add(truth);
        c.add(num(modelAMse));
        c.add(num(modelBMse));
        c.add(num(modelCMse));
        c.add(num(olsR2Test));
        c.add(num(olsMseTest));
        c.add(error);
        c.add(sourceSeconds);
        return c;
    }

    /**
     * Reads a row from its cells by column name.
     *
     * @throws IllegalArgumentException if a cell is malformed
     */
    public static ResultRow fromCells(Map<String, String> m) {
        return new ResultRow(str(m, "suite"), str(m, "problem"), str(m, "group"), lng(m, "seed", 0),
                dbl(m, "noise"), str(m, "ablation"), dbl(m, "r2_test"), dbl(m, "mse_test"), dbl(m, "r2_train"),
                dbl(m, "mse_train"), (int) lng(m, "complexity", -1), dbl(m, "seconds"), lng(m, "networks", -1),
                str(m, "stop"), boolOf(m, "symbolic"), str(m, "symbolic_how"), dbl(m, "symbolic_dev"), boolOf(m, "acc_099"),
                boolOf(m, "acc_0999"), (int) lng(m, "n_train", -1), (int) lng(m, "n_test", -1),
                dbl(m, "time_limit"), (int) lng(m, "max_steps", 0), str(m, "config"), str(m, "expression"), str(m, "truth"),
                dbl(m, "model_a_mse"), dbl(m, "model_b_mse"), dbl(m, "model_c_mse"), dbl(m, "ols_r2_test"),
                dbl(m, "ols_mse_test"), str(m, "error"), str(m, "source_seconds"));
    }

    /** NaN as an empty cell, other values in full precision ({@code Infinity} spelled out). */
    static String num(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    private static String bool(Boolean b) {
        return b == null ? "" : b ? "1" : "0";
    }

    private static String str(Map<String, String> m, String k) {
        String v = m.get(k);
        return v == null ? "" : v;
    }

    private static double dbl(Map<String, String> m, String k) {
        String v = str(m, k).trim();
        if (v.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("column " + k + ": not a number: " + v);
        }
    }

    private static long lng(Map<String, String> m, String k, long missing) {
        String v = str(m, k).trim();
        if (v.isEmpty()) {
            return missing;
        }
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("column " + k + ": not an integer: " + v);
        }
    }

    private static Boolean boolOf(Map<String, String> m, String k) {
        String v = str(m, k).trim().toLowerCase(Locale.ROOT);
        switch (v) {
            case "":
                return null;
            case "1":
            case "true":
                return Boolean.TRUE;
            case "0":
            case "false":
                return Boolean.FALSE;
            default:
                throw new IllegalArgumentException("column " + k + ": not 0 or 1: " + v);
        }
    }
}
