package dysymnet.api;

import dysymnet.controller.ControllerConfig;
import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.fit.Metrics;
import dysymnet.net.Operator;
import dysymnet.net.TrainConfig;
import dysymnet.search.Candidate;
import dysymnet.search.Refiner;
import dysymnet.search.Search;
import dysymnet.search.SearchConfig;
import dysymnet.search.SearchListener;
import dysymnet.search.SearchResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

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
    private final SearchConfig config;
    private final SearchListener listener;
    private volatile Search running;
    private volatile boolean cancelRequested;

    private SymbolicRegressor(SearchConfig config, SearchListener listener) {
        this.config = config;
        this.listener = listener;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The complete configuration of the searches this regressor runs. */
    public SearchConfig config() {
        return config;
    }

    /**
     * Fits a formula to rows {@code x[i][j]} and targets {@code y[i]}.
     *
     * @param names feature names (default x, or x1..xd)
     * @throws IllegalArgumentException on empty data, ragged rows, a length mismatch or a non-finite value
     */
    public Model fit(double[][] x, double[] y, String... names) {
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
        return fit(Dataset.fromRows(x, y, n), "y");
    }

    /** Fits a formula to a data set; {@code targetName} only labels the model. */
    public Model fit(Dataset data, String targetName) {
        Objects.requireNonNull(data, "data");
        if (data.rows() < 2) {
            throw new IllegalArgumentException("need at least 2 rows, got " + data.rows());
        }
        Search search = new Search(config, listener);
        running = search;
        if (cancelRequested) {
            search.cancel();
        }
        SearchResult r;
        try {
            r = search.run(data);
        } finally {
            running = null;
            cancelRequested = false;
        }
        Candidate chosen = r.chosen();
        if (chosen == null) {
            // nothing finite was found (every network failed): fall back to the mean, a valid model
            double mean = Arrays.stream(data.y()).average().orElse(0.0);
            double mse = Metrics.mse(constant(mean, data.rows()), data.y());
            chosen = new Candidate(new dysymnet.expr.Const(mean), 1, mse, 0.0, Metrics.reward(mse), "", 0);
        }
        double[] pred = Evaluator.evaluate(chosen.expression(), data);
        return new Model(chosen.expression(), data.names(), targetName, Metrics.mse(pred, data.y()),
                Metrics.r2(pred, data.y()), r.front().candidates(), r.meanRewards(), r.bestRewards(), config.seed(),
                describe(config), r.elapsed().toNanos() / 1e9, r.networksTrained(), r.stopReason().name());
    }

    private static double[] constant(double v, int n) {
        double[] a = new double[n];
        Arrays.fill(a, v);
        return a;
    }

    /** Stops a running {@link #fit}; it then returns the best model found so far. */
    public void cancel() {
        cancelRequested = true;
        Search s = running;
        if (s != null) {
            s.cancel();
        }
    }

    static Map<String, String> describe(SearchConfig c) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("operators", c.controller().operators().stream().map(Operator::label).collect(Collectors.joining(",")));
        m.put("layers", join(c.controller().layerCounts()));
        m.put("widths", join(c.controller().widths()));
        m.put("batch_size", Integer.toString(c.batchSize()));
        m.put("max_steps", Integer.toString(c.maxSteps()));
        m.put("time_limit_seconds", c.timeLimit() == null ? "none" : Double.toString(c.timeLimit().toMillis() / 1e3));
        m.put("solve_r2", Double.toString(c.solveR2()));
        m.put("seed", Long.toString(c.seed()));
        m.put("refiner", c.refiner().name());
        m.put("policy_gradient", Boolean.toString(c.policyGradient()));
        m.put("selection_factor", Double.toString(c.selectionFactor()));
        m.put("max_complexity", Integer.toString(c.maxComplexity()));
        m.put("polish", Boolean.toString(c.polish()));
        m.put("elimination", Boolean.toString(c.elimination()));
        m.put("controller", c.controller().toString());
        m.put("training", c.training().toString());
        return m;
    }

    private static String join(int[] v) {
        return Arrays.stream(v).mapToObj(Integer::toString).collect(Collectors.joining(","));
    }

    /** Builder of a regressor; every setting has a documented default. */
    public static final class Builder {
        private final SearchConfig.Builder search = SearchConfig.builder();
        private ControllerConfig.Builder controller = ControllerConfig.builder();
        private TrainConfig training = TrainConfig.builder().build();
        private SearchListener listener = SearchListener.NONE;

        /** Operator library the controller picks unit operators from (default: the paper's). */
        public Builder operators(List<Operator> ops) {
            controller.operators(new ArrayList<>(ops));
            return this;
        }

        public Builder operators(Operator... ops) {
            return operators(Arrays.asList(ops));
        }

        /** Possible numbers of hidden layers (default 1..5). */
        public Builder layers(int... counts) {
            controller.layerCounts(counts);
            return this;
        }

        /** Possible numbers of units per layer (default 1..6). */
        public Builder widths(int... widths) {
            controller.widths(widths);
            return this;
        }

        /** The controller's settings wholesale (replaces operators, layers and widths set before). */
        public Builder controller(ControllerConfig.Builder c) {
            controller = Objects.requireNonNull(c, "controller");
            return this;
        }

        /** Settings for training each sampled network. */
        public Builder training(TrainConfig t) {
            training = Objects.requireNonNull(t, "training");
            return this;
        }

        public Builder batchSize(int n) {
            search.batchSize(n);
            return this;
        }

        public Builder maxSteps(int n) {
            search.maxSteps(n);
            return this;
        }

        /** Wall-time budget (null for none). */
        public Builder timeLimit(Duration d) {
            search.timeLimit(d);
            return this;
        }

        /** Training R^2 at which the search stops as solved (default 1, i.e. exact in double precision; see {@link SearchConfig}). */
        public Builder solveR2(double r2) {
            search.solveR2(r2);
            return this;
        }

        public Builder seed(long seed) {
            search.seed(seed);
            return this;
        }

        public Builder threads(int n) {
            search.threads(n);
            return this;
        }

        public Builder refiner(Refiner r) {
            search.refiner(r);
            return this;
        }

        /** False samples architectures uniformly (the ablation without policy gradient). */
        public Builder policyGradient(boolean on) {
            search.policyGradient(on);
            return this;
        }

        public Builder selectionFactor(double f) {
            search.selectionFactor(f);
            return this;
        }

        /** The chosen formula has at most this many nodes when any candidate does (default 100). */
        public Builder maxComplexity(int n) {
            search.maxComplexity(n);
            return this;
        }

        /** Snap refined constants to the simplest values the data allow (default on). */
        public Builder polish(boolean on) {
            search.polish(on);
            return this;
        }

        /**
         * Backward elimination with refitting from each refined formula and each small dense network (default on;
         * see {@link dysymnet.fit.Eliminator}).
         */
        public Builder elimination(boolean on) {
            search.elimination(on);
            return this;
        }

        public Builder listener(SearchListener l) {
            listener = l == null ? SearchListener.NONE : l;
            return this;
        }

        /** Builds the regressor; invalid settings throw IllegalArgumentException saying which and why. */
        public SymbolicRegressor build() {
            SearchConfig c = search.controller(controller.build()).training(training).build();
            return new SymbolicRegressor(c, listener);
        }
    }
}
