package dysymnet.api;

import dysymnet.controller.ControllerConfig;
import dysymnet.data.Dataset;
import dysymnet.expr.ComplexityWeights;
import dysymnet.expr.NestingConstraints;
import dysymnet.expr.Printer;
import dysymnet.expr.UserFunction;
import dysymnet.gp.GpSettings;
import dysymnet.terms.TermSettings;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;
import dysymnet.net.TrainConfig;
import dysymnet.search.Budget;
import dysymnet.search.Refinement;
import dysymnet.search.Refiner;
import dysymnet.search.BatchTrainer;
import dysymnet.search.SearchListener;
import dysymnet.search.Selection;
import dysymnet.search.Settings;
import dysymnet.units.Dimension;
import dysymnet.units.UnitText;
import dysymnet.units.Units;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The library's entry point: a symbolic regressor configured by a builder.
 *
 * <pre>{@code
 * SymbolicRegressor reg = SymbolicRegressor.builder().seed(42).maxSteps(50).build();
 * Model model = reg.fit(x, y, "t");            // x[i][j]: row i, feature j
 * System.out.println(model.formula(6));        // e.g. 1.5*t^2 + 0.3
 * double[] yHat = model.predict(xNew);
 * }</pre>
 */
public final class SymbolicRegressor {
    private final Settings settings;
    private final SearchListener listener;
    private final BatchTrainer trainer;
    private final Units units;
    private volatile FitPipeline running;
    private volatile boolean cancelRequested;

    private SymbolicRegressor(Settings settings, SearchListener listener, BatchTrainer trainer, Units units) {
        this.settings = settings;
        this.listener = listener;
        this.trainer = trainer;
        this.units = units;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The units of the data this regressor fits ({@link Builder#units(Units)}), or null when none were given. */
    public Units units() {
        return units;
    }

    /** The complete settings of the searches this regressor runs. */
    public Settings settings() {
        return settings;
    }

    /**
     * Fits a formula to rows {@code x[i][j]} and targets {@code y[i]}.
     *
     * @param names feature names (default x, or x1..xd)
     * @throws IllegalArgumentException on empty data, ragged rows, a length mismatch or a non-finite value
     */
    public Model fit(double[][] x, double[] y, String... names) {
        return fit(x, y, null, names);
    }

    /**
     * Fits a formula to rows {@code x[i][j]} and targets {@code y[i]} with sample weights {@code w[i]}: every error
     * the search minimises, compares and reports is the weighted mean squared error {@code sum w r^2 / sum w} (the
     * networks' training loss, the constants' refinement, elimination and polishing, the GP's and the term
     * regression's fits, the Pareto front, the choice, the model's MSE and R^2), so a row of weight 2 counts as two
     * copies of it. Only the ratios of the weights matter (they are normalised to mean 1); equal weights, or null,
     * give the unweighted fit to the bit. For measurements of known standard deviations {@code sigma_i}, the weights
     * are {@code 1 / sigma_i^2}.
     *
     * @param w     one positive finite weight per row, or null for none
     * @param names feature names (default x, or x1..xd)
     * @throws IllegalArgumentException on empty data, ragged rows, a length mismatch, a non-finite value, or a
     *                                  weight that is not a positive finite number (naming its row)
     */
    public Model fit(double[][] x, double[] y, double[] w, String... names) {
        Objects.requireNonNull(x, "x");
        Objects.requireNonNull(y, "y");
        if (x.length == 0) {
            throw new IllegalArgumentException("x has no rows");
        }
        int d = x[0] == null ? 0 : x[0].length;
        if (d == 0) {
            throw new IllegalArgumentException("x has no feature columns");
        }
        List<String> n = names == null || names.length == 0 ? Dataset.defaultNames(d) : Arrays.asList(names);
        if (n.size() != d) {
            throw new IllegalArgumentException("got " + n.size() + " names for " + d + " features");
        }
        return fit(Dataset.fromRows(x, y, w, n), "y");
    }

    /**
     * Fits a formula to a data set, weighted when the data set has weights ({@link Dataset#weights()}; see
     * {@link #fit(double[][], double[], double[], String...)}: the model's provenance records the weights' name);
     * {@code targetName} only labels the model. A sampled search ({@link Budget#searchRows()},
     * {@link Budget#trainRows()}) samples rows with their weights. Columns of extreme magnitude (beyond
     * about 1e±38 for the target, 1e±19 for a feature) are searched scaled by a power of two and the formulas mapped
     * back ({@link Scaling}).
     *
     * @throws NoFormulaException when the search found no formula that is finite on the data (for instance when the
     *                            budget ended before the first network was trained)
     */
    public Model fit(Dataset data, String targetName) {
        Objects.requireNonNull(data, "data");
        if (data.rows() < 2) {
            throw new IllegalArgumentException("need at least 2 rows, got " + data.rows());
        }
        FitPipeline pipeline = new FitPipeline(settings, listener, trainer, units);
        running = pipeline;
        if (cancelRequested) {
            pipeline.cancel();
        }
        try {
            return pipeline.fit(data, targetName);
        } finally {
            running = null;
            cancelRequested = false;
        }
    }

    /** Stops a running {@link #fit}; it then returns the best model found so far. */
    public void cancel() {
        cancelRequested = true;
        FitPipeline s = running;
        if (s != null) {
            s.cancel();
        }
    }

    /**
     * Builder of a regressor: the settings group by group ({@link #space}, {@link #controller}, {@link #training},
     * {@link #refinement}, {@link #selection}, {@link #budget}) or one at a time; every setting has a documented
     * default.
     */
    public static final class Builder {
        private SearchSpace.Builder space = SearchSpace.builder();
        private ControllerConfig.Builder controller = ControllerConfig.builder();
        private TrainConfig training = TrainConfig.defaults();
        private Refinement.Builder refinement = Refinement.builder();
        private Selection.Builder selection = Selection.builder();
        private Budget.Builder budget = Budget.builder();
        private GpSettings.Builder gp = GpSettings.builder();
        private TermSettings.Builder terms = TermSettings.builder();
        private long seed;
        private int threads = Runtime.getRuntime().availableProcessors();
        private SearchListener listener = SearchListener.NONE;
        private BatchTrainer trainer;
        private Units units;
        private Boolean dimensionlessConstants;

        /** Every setting at once (replaces all set before). */
        public Builder settings(Settings s) {
            Objects.requireNonNull(s, "settings");
            space = s.space().toBuilder();
            controller = s.controller().toBuilder();
            training = s.training();
            refinement = s.refinement().toBuilder();
            selection = s.selection().toBuilder();
            budget = s.budget().toBuilder();
            gp = s.gp().toBuilder();
            terms = s.terms().toBuilder();
            seed = s.seed();
            threads = s.threads();
            return this;
        }

        /** The search space whole (replaces operators, layers and widths set before). */
        public Builder space(SearchSpace s) {
            space = s.toBuilder();
            return this;
        }

        /**
         * Operator library the units are drawn from (default: {@link SearchSpace#DEFAULT_OPERATORS}); a user-defined
         * function's unit is {@code Operator.of(f)}.
         */
        public Builder operators(List<Operator> ops) {
            space.operators(ops);
            return this;
        }

        public Builder operators(Operator... ops) {
            return operators(Arrays.asList(ops));
        }

        /**
         * Adds a user-defined function of one or two arguments to the operator library set so far (the default
         * library unless {@link #operators} was called): networks get units of it, and the GP, the term regression
         * (a one-argument function of each input is a basis column), the fitters and the exports use it like a
         * built-in function.
         */
        public Builder addOperator(UserFunction f) {
            space.addOperator(Operator.of(f));
            return this;
        }

        /**
         * Functions that must not occur inside others (default none), as rules {@code outer:inner}: the controller
         * samples no architecture that could nest them, the GP makes no such formula, and no formula that breaks a
         * rule is a candidate (see {@link NestingConstraints}).
         */
        public Builder forbiddenNesting(NestingConstraints c) {
            space.forbiddenNesting(c);
            return this;
        }

        /** Adds the rule that {@code inner} must not occur inside {@code outer} (e.g. exp inside exp). */
        public Builder forbidNesting(String outer, String inner) {
            space.addForbiddenNesting(new NestingConstraints.Rule(outer, inner));
            return this;
        }

        /** Possible numbers of hidden layers (default 1..5). */
        public Builder layers(int... counts) {
            space.layers(counts);
            return this;
        }

        /** Possible numbers of units per layer (default 1..6). */
        public Builder widths(int... widths) {
            space.widths(widths);
            return this;
        }

        /** The controller's settings whole (replaces policyGradient set before). */
        public Builder controller(ControllerConfig c) {
            controller = Objects.requireNonNull(c, "controller").toBuilder();
            return this;
        }

        /** False samples architectures uniformly (the ablation without policy gradient). */
        public Builder policyGradient(boolean on) {
            controller.policyGradient(on);
            return this;
        }

        /** Settings for training each sampled network. */
        public Builder training(TrainConfig t) {
            training = Objects.requireNonNull(t, "training");
            return this;
        }

        /** The refinement settings whole (replaces refiner, polish and elimination set before). */
        public Builder refinement(Refinement r) {
            refinement = Objects.requireNonNull(r, "refinement").toBuilder();
            return this;
        }

        public Builder refiner(Refiner r) {
            refinement.refiner(r);
            return this;
        }

        /** Snap refined constants to the simplest values the data allow (default on). */
        public Builder polish(boolean on) {
            refinement.polish(on);
            return this;
        }

        /**
         * Backward elimination with refitting from each refined formula and each small dense network (default on;
         * see {@link dysymnet.fit.Eliminator}).
         */
        public Builder elimination(boolean on) {
            refinement.elimination(on);
            return this;
        }

        /** The selection settings whole (replaces selectionFactor and maxComplexity set before). */
        public Builder selection(Selection s) {
            selection = Objects.requireNonNull(s, "selection").toBuilder();
            return this;
        }

        public Builder selectionFactor(double f) {
            selection.factor(f);
            return this;
        }

        /**
         * How the complexity of a formula is counted (default: its nodes): with weights, the sum of its operators'
         * weights, every operator without a weight and every leaf weighing 1. Every candidate's complexity, the Pareto
         * front, the choice and {@link #maxComplexity} use it (see {@link ComplexityWeights}).
         */
        public Builder complexityWeights(ComplexityWeights w) {
            selection.complexityWeights(w);
            return this;
        }

        /**
         * Sets the complexity weight of one operator, by its name in formulas ({@code exp}, {@code +}, {@code ^},
         * {@code neg}, a user function's name), from 1 to {@value ComplexityWeights#MAX_WEIGHT}.
         */
        public Builder complexityOf(String operator, int weight) {
            selection.complexityOf(operator, weight);
            return this;
        }

        /**
         * The chosen formula has at most this complexity (its nodes, unless weighted): a hard cap (the target's mean
         * when nothing is that small); read-offs above four times it are not refined (default 100).
         */
        public Builder maxComplexity(int n) {
            selection.maxComplexity(n);
            return this;
        }

        /**
         * Whether the noise estimated from the data sets how much training error counts as a fit, so that the
         * simplest formula within it is chosen (default true; {@code dysymnet.choice.NoiseFloor}).
         */
        public Builder noiseAwareSelection(boolean on) {
            selection.noiseAware(on);
            return this;
        }

        /** Whether formulas that blow up just outside the data are passed over (default true). */
        public Builder extrapolationGuard(boolean on) {
            selection.extrapolationGuard(on);
            return this;
        }

        /**
         * Whether the formula is chosen by how well it predicts rows it was not fitted to (default true): with one
         * feature, the later rows in the feature's order from constants refitted on the earlier ones; with several,
         * five-fold cross-validation ({@link Selection#validation()}).
         */
        public Builder validation(boolean on) {
            selection.validation(on);
            return this;
        }

        /** The budget whole (replaces maxSteps, batchSize, timeLimit, solveR2, searchRows and trainRows set before). */
        public Builder budget(Budget b) {
            budget = Objects.requireNonNull(b, "budget").toBuilder();
            return this;
        }

        public Builder batchSize(int n) {
            budget.batchSize(n);
            return this;
        }

        /** Steps at most, or 0 (the default) for as many as the budget allows ({@link Budget#maxSteps()}). */
        public Builder maxSteps(int n) {
            budget.maxSteps(n);
            return this;
        }

        /** How the steps divide the work among the formula sources (default: every source in every step). */
        public Builder allocation(Budget.Allocation a) {
            budget.allocation(Objects.requireNonNull(a, "allocation"));
            return this;
        }

        /** Wall-time budget (null for none). */
        public Builder timeLimit(Duration d) {
            budget.timeLimit(d);
            return this;
        }

        /** Training R^2 at which the search stops as solved (default 1, i.e. exact in double precision; see {@link Budget}). */
        public Builder solveR2(double r2) {
            budget.solveR2(r2);
            return this;
        }

        /** The genetic-programming stage's settings whole (replaces geneticProgramming set before). */
        public Builder gp(GpSettings g) {
            gp = Objects.requireNonNull(g, "gp").toBuilder();
            return this;
        }

        /** False switches the genetic-programming stage off (the networks alone; default on). */
        public Builder geneticProgramming(boolean on) {
            gp.enabled(on);
            return this;
        }

        /** The term-regression stage's settings whole (replaces termRegression set before). */
        public Builder terms(TermSettings t) {
            terms = Objects.requireNonNull(t, "terms").toBuilder();
            return this;
        }

        /**
         * False switches the sparse term-regression stage off (sums of terms and ratios of polynomials fitted by
         * linear least squares; default on).
         */
        public Builder termRegression(boolean on) {
            terms.enabled(on);
            return this;
        }

        /**
         * The search works on a fixed random sample of at most this many rows (seeded by the seed); the chosen
         * formula's constants are then refined on up to 100,000 rows and it is scored on all (default 10,000; 0 for
         * all rows).
         */
        public Builder searchRows(int n) {
            budget.searchRows(n);
            return this;
        }

        /**
         * Each network trains on its own random sample of at most this many of the rows the search works on (drawn
         * from the seed; the same on any number of threads), its formulas are refined on the same sample and scored
         * on all the search's rows; data of at most this many rows train every network on all rows (default 1,000;
         * 0 for all rows). Training and refinement cost time in proportion to the rows, so this sets how many
         * networks a search of large data trains.
         */
        public Builder trainRows(int n) {
            budget.trainRows(n);
            return this;
        }

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** Worker threads (default: all cores); a step-budgeted result does not depend on it. */
        public Builder threads(int n) {
            threads = n;
            return this;
        }

        public Builder listener(SearchListener l) {
            listener = l == null ? SearchListener.NONE : l;
            return this;
        }

        /**
         * Where each controller step's networks are trained (default null: on this process's {@link #threads}), for
         * instance the members of a cluster (the {@code cluster} module's {@code ClusterTrainer}). Not a setting: the
         * same seed and step budget give the same model whichever trainer runs them.
         */
        public Builder trainer(BatchTrainer t) {
            trainer = t;
            return this;
        }

        /**
         * The units of the data's columns (null: none, the default): the final choice then reports a dimensionally
         * consistent formula whenever the search found one, and the model checks its formula and gives each
         * constant's unit ({@link Model#unitCheck()}). Every feature needs a unit (a fit without one throws
         * IllegalArgumentException); the target's is optional. Not a setting: without units every result is as before.
         */
        public Builder units(Units u) {
            units = u;
            return this;
        }

        /**
         * The units as unit texts ({@link UnitText}: {@code "m/s^2"}, {@code "kg*m^2/s^2"}, {@code "N"}, {@code "1"}
         * for a dimensionless column) by feature name, and the target's (null: not given).
         *
         * @throws IllegalArgumentException naming the column whose unit text cannot be read
         */
        public Builder units(Map<String, String> features, String target) {
            Map<String, Dimension> cols = new LinkedHashMap<>();
            for (Map.Entry<String, String> e : features.entrySet()) {
                cols.put(e.getKey(), parse(e.getKey(), e.getValue()));
            }
            units = new Units(cols, target == null ? null : parse("the target", target), false);
            return this;
        }

        private static Dimension parse(String what, String text) {
            try {
                return UnitText.parse(text);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unit of " + what + ": " + e.getMessage(), e);
            }
        }

        /**
         * Whether the formulas' constants are pure numbers (true) or may each carry a unit (false, the default); see
         * {@link dysymnet.units.DimensionCheck}. Acts only with units; unset, the units' own mode holds.
         */
        public Builder dimensionlessConstants(boolean on) {
            dimensionlessConstants = on;
            return this;
        }

        /** The settings as set so far; invalid settings throw IllegalArgumentException saying which and why. */
        public Settings settings() {
            return new Settings(space.build(), controller.build(), training, refinement.build(), selection.build(),
                    budget.build(), gp.build(), terms.build(), seed, threads);
        }

        /** Builds the regressor; invalid settings throw IllegalArgumentException saying which and why. */
        public SymbolicRegressor build() {
            return new SymbolicRegressor(settings(), listener, trainer,
                    units == null || dimensionlessConstants == null ? units
                            : units.withDimensionlessConstants(dimensionlessConstants));
        }
    }
}
