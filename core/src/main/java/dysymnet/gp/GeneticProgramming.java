package dysymnet.gp;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.expr.CompiledExpr;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.LevenbergMarquardtFitter;
import dysymnet.fit.Polisher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.random.RandomGenerator;

/**
 * A short run of genetic programming over formula trees: tournament selection, subtree crossover, subtree, point,
 * hoist and shrink mutation, elitism, within a size and depth cap ({@link Variation}).
 *
 * <p><b>Fitness</b> is the normalised MSE of the formula after the best linear scaling {@code a + b*f} (Keijzer's
 * linear scaling, in closed form), floored at {@value #EXACT_NMSE} so that every exact formula ties, times
 * {@code 1 + }{@value #PARSIMONY}{@code  * size}: among equally good formulas the smaller wins, and a larger one must
 * be better by about 2% per node. It is computed on at most {@value #MAX_FITNESS_ROWS} rows, evenly spaced (all rows
 * of small data), so a generation costs the same on 200,000 rows as on 1,000. With sample weights
 * ({@link Dataset#weights()}) the scaling is the weighted least-squares line and the error the weighted one; the
 * constants are fitted and polished on the weighted MSE too.
 *
 * <p><b>Constants</b>: in every generation the best {@code fitsPerGeneration} formulas not fitted before are written
 * as {@code a + b*f} with the scaling's coefficients, simplified, refined by Levenberg-Marquardt on at most
 * {@value #MAX_FIT_ROWS} evenly spaced rows (all rows of smaller data; a small iteration cap) and polished
 * ({@link Polisher}); the result goes back into the population in the formula's place (when within the caps and not
 * worse) and is one of the run's outputs, the formulas the search scores on all its rows.
 *
 * <p><b>Diversity</b>: an offspring that copies a formula already in its generation is mutated again (a few times at
 * most), or one very good formula and its copies take the population over within a few generations.
 *
 * <p><b>Determinism</b>: every random choice is drawn on the calling thread from the generator the run is given;
 * what runs in parallel (evaluations in a fixed number of chunks, constant fits) is a pure function of its input,
 * gathered in a fixed order, so the result does not depend on the number of threads. The budget is counted in
 * generations; the stop supplier (a time limit, a cancellation) is asked before every evaluation and inside every
 * constant fit, and ends the run with what it has. A run also ends once a fitted formula is exact
 * ({@link #SOLVED_NMSE}).
 *
 * <p>The simplifier is used only on the formulas whose constants are fitted: on the population it would cost more
 * than it saves. It may rewrite their arithmetic as it rewrites the networks' formulas ({@code x*x} as {@code x^2},
 * {@code x + -1*y} as {@code x - y}); the variation itself only ever adds the search space's operators.
 */
public final class GeneticProgramming {
    /**
     * Rows the fitness is computed on at most: enough to rank formulas (the constants are fitted on more, and the
     * search scores on all the rows), few enough that a generation of 1,000 formulas takes some tens of milliseconds.
     */
    public static final int MAX_FITNESS_ROWS = 128;
    /**
     * Rows the constants are fitted and polished on at most: the fits' cost grows with the rows (on the 10,000 rows
     * a search of large data works on they took two thirds of its first step), and 1,000 rows pin a formula's few
     * constants; as many as a network trains on by default ({@code search.Budget#DEFAULT_TRAIN_ROWS}), and at least
     * the benchmark suites' training rows, which are fitted as before.
     */
    public static final int MAX_FIT_ROWS = 1_000;
    /**
     * A run ends once a fitted formula's normalised error is below this: exact up to round-off (an exact formula
     * with refined constants reaches about 1e-30), nothing left to find.
     */
    public static final double SOLVED_NMSE = DataFacts.EXACT_NMSE;
    /** Normalised MSEs below this tie (round-off of an exact formula). */
    public static final double EXACT_NMSE = DataFacts.ROUND_OFF_NMSE;
    /** Relative fitness penalty per node. */
    public static final double PARSIMONY = 0.02;
    /** Depth cap of the trees. */
    public static final int MAX_DEPTH = 10;
    /** Depth of the random trees of the first generation at most. */
    static final int INITIAL_DEPTH = 4;
    /** Fixed chunks of a generation's evaluations, run in parallel: the result does not depend on the threads. */
    static final int CHUNKS = 8;
    /** Attempts to turn an offspring that copies a formula of its generation into a new one. */
    static final int DUPLICATE_RETRIES = 3;
    /** Tournament size. */
    static final int TOURNAMENT = 5;
    /** The best formulas of an island copied unchanged into the next generation. */
    static final int ELITE = 2;
    /** Levenberg-Marquardt iterations and evaluations of one constant fit. */
    static final int LM_ITERATIONS = 30;
    static final int LM_EVALUATIONS = 60;

    /** The rows constants are fitted on: all of small data, {@link #MAX_FIT_ROWS} evenly spaced of larger. */
    private final Dataset fitRows;
    private final GpSettings settings;
    private final Variation variation;
    private final ConstantFitter fitter = new LevenbergMarquardtFitter(LM_ITERATIONS, LM_EVALUATIONS);
    private final Polisher polisher = new Polisher();
    private final List<String> names;
    private final double[][] columns;
    private final double[] y;
    /** The fitness rows' weights, null when unweighted. */
    private final double[] w;
    private final double meanY;
    private final double sumSquaresY;

    /**
     * What a run gave.
     *
     * @param formulas    the fitted formulas, in the order they were fitted: the candidates for the search
     * @param population  the last population, best first: the next run may go on from it
     * @param evaluations distinct formulas evaluated
     */
    public record Result(List<Expr> formulas, List<Expr> population, long evaluations) {
        public Result {
            formulas = List.copyOf(formulas);
            population = List.copyOf(population);
        }
    }

    public GeneticProgramming(Dataset data, Primitives primitives, GpSettings settings) {
        Objects.requireNonNull(data, "data");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.variation = new Variation(primitives, settings.maxSize(), MAX_DEPTH);
        this.names = data.names();
        this.fitRows = data.evenlySpaced(MAX_FIT_ROWS);
        Dataset thin = data.evenlySpaced(MAX_FITNESS_ROWS);
        this.columns = thin.columns();
        this.y = thin.y();
        this.w = thin.weights();
        int m = y.length;
        if (w == null) {
            double s = 0;
            for (double v : y) {
                s += v;
            }
            this.meanY = s / m;
            double ss = 0;
            for (double v : y) {
                ss += (v - meanY) * (v - meanY);
            }
            this.sumSquaresY = ss;
        } else {
            double s = 0;
            double sw = 0;
            for (int i = 0; i < m; i++) {
                s += w[i] * y[i];
                sw += w[i];
            }
            this.meanY = s / sw;
            double ss = 0;
            for (int i = 0; i < m; i++) {
                ss += w[i] * ((y[i] - meanY) * (y[i] - meanY));
            }
            this.sumSquaresY = ss;
        }
    }

    /** The variation operators of this run's primitives and caps. */
    public Variation variation() {
        return variation;
    }

    /**
     * Runs the GP.
     *
     * @param seeds       formulas to start from (those beyond the caps are left out), in a fixed order: they fill up to
     *                    half of the first generation
     * @param carried     a previous run's population (best first) filling the rest of the first generation, before
     *                    variants of the seeds and random formulas
     * @param generations generations of breeding after the first
     * @param rng         the run's generator: every random choice of the run is drawn from it, on the calling thread
     * @param pool        evaluates and fits in parallel (in {@value #CHUNKS} fixed chunks); null does it all on the
     *                    calling thread
     * @param stop        once true, the run ends with what it has
     */
    public Result run(List<Expr> seeds, List<Expr> carried, int generations, RandomGenerator rng,
                      ExecutorService pool, BooleanSupplier stop) {
        List<Expr> usable = new ArrayList<>();
        Set<Expr> seen = new HashSet<>();
        for (Expr e : seeds) {
            if (variation.fits(e) && seen.add(e)) {
                usable.add(e);
            }
        }
        Population p = new Population(settings.population(), rng, pool, stop);
        p.evolve(usable, carried, generations);
        List<Expr> last = new ArrayList<>();
        if (p.pop != null && p.evaluated) {
            for (Integer i : p.ranking()) {
                last.add(p.pop[i]);
            }
        }
        return new Result(p.out, last, p.cache.size());
    }

    /** Runs the tasks on the pool (or here) and returns their results in order; null when interrupted. */
    private static <T> List<T> all(List<Callable<T>> tasks, ExecutorService pool) {
        List<T> done = new ArrayList<>();
        try {
            if (pool == null || tasks.size() == 1) {
                for (Callable<T> t : tasks) {
                    done.add(t.call());
                }
            } else {
                List<Future<T>> futures = new ArrayList<>();
                for (Callable<T> t : tasks) {
                    futures.add(pool.submit(t));
                }
                for (Future<T> f : futures) {
                    done.add(f.get());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (ExecutionException e) {
            throw new IllegalStateException("GP task failed", e.getCause());
        } catch (Exception e) {
            throw new IllegalStateException("GP task failed", e);
        }
        return done;
    }

    /** The normalised MSE of {@code e} after the best linear scaling on the fitness rows, and the scaling. */
    double[] scaledError(Expr e) {
        double[] p;
        try {
            p = CompiledExpr.compile(e, names, y.length).values(columns);
        } catch (IllegalArgumentException ex) {
            return new double[] {Double.POSITIVE_INFINITY, 0, 0};
        }
        if (w != null) {
            return weightedScaledError(p);
        }
        int n = p.length;
        double mp = 0;
        for (double v : p) {
            mp += v;
        }
        mp /= n;
        if (!Double.isFinite(mp)) {
            return new double[] {Double.POSITIVE_INFINITY, 0, 0};
        }
        double cov = 0;
        double varP = 0;
        for (int i = 0; i < n; i++) {
            double d = p[i] - mp;
            cov += d * (y[i] - meanY);
            varP += d * d;
        }
        double denominator = sumSquaresY > 0 ? sumSquaresY : 1.0;
        if (!Double.isFinite(varP) || !Double.isFinite(cov)) {
            return new double[] {Double.POSITIVE_INFINITY, 0, 0};
        }
        if (varP <= 1e-300) {
            return new double[] {sumSquaresY / denominator, meanY, 0};
        }
        double b = cov / varP;
        double a = meanY - b * mp;
        double sse = 0;
        for (int i = 0; i < n; i++) {
            double r = y[i] - a - b * p[i];
            sse += r * r;
        }
        double nmse = sse / denominator;
        return Double.isFinite(nmse) ? new double[] {nmse, a, b} : new double[] {Double.POSITIVE_INFINITY, 0, 0};
    }

    /**
     * {@link #scaledError} with weights: the weighted least-squares line {@code a + b*p} through the predictions and
     * the weighted sum of squares normalised by the target's weighted sum of squares about its weighted mean.
     */
    private double[] weightedScaledError(double[] p) {
        int n = p.length;
        double mp = 0;
        double sw = 0;
        for (int i = 0; i < n; i++) {
            mp += w[i] * p[i];
            sw += w[i];
        }
        mp /= sw;
        if (!Double.isFinite(mp)) {
            return new double[] {Double.POSITIVE_INFINITY, 0, 0};
        }
        double cov = 0;
        double varP = 0;
        for (int i = 0; i < n; i++) {
            double d = p[i] - mp;
            cov += w[i] * (d * (y[i] - meanY));
            varP += w[i] * (d * d);
        }
        double denominator = sumSquaresY > 0 ? sumSquaresY : 1.0;
        if (!Double.isFinite(varP) || !Double.isFinite(cov)) {
            return new double[] {Double.POSITIVE_INFINITY, 0, 0};
        }
        if (varP <= 1e-300) {
            return new double[] {sumSquaresY / denominator, meanY, 0};
        }
        double b = cov / varP;
        double a = meanY - b * mp;
        double sse = 0;
        for (int i = 0; i < n; i++) {
            double r = y[i] - a - b * p[i];
            sse += w[i] * (r * r);
        }
        double nmse = sse / denominator;
        return Double.isFinite(nmse) ? new double[] {nmse, a, b} : new double[] {Double.POSITIVE_INFINITY, 0, 0};
    }

    /** Fitness (lower is better) of a formula with normalised error {@code nmse}. */
    static double fitness(double nmse, int size) {
        return Math.max(nmse, EXACT_NMSE) * (1 + PARSIMONY * size);
    }

    /** The population of one run and its outputs. */
    private final class Population {
        final int size;
        final RandomGenerator rng;
        final ExecutorService pool;
        final BooleanSupplier stop;
        final Map<Expr, double[]> cache = new HashMap<>();
        final Set<Expr> fitted = new HashSet<>();
        final List<Expr> out = new ArrayList<>();
        Expr[] pop;
        double[] fit;
        boolean solved;
        /** Whether {@link #fit} holds the fitness of {@link #pop} (false in the middle of a generation). */
        boolean evaluated;

        Population(int size, RandomGenerator rng, ExecutorService pool, BooleanSupplier stop) {
            this.size = size;
            this.rng = rng;
            this.pool = pool;
            this.stop = stop;
        }

        void evolve(List<Expr> seeds, List<Expr> carried, int generations) {
            pop = new Expr[size];
            int k = 0;
            for (; k < Math.min(seeds.size(), size / 2); k++) {
                pop[k] = seeds.get(k);
            }
            for (Expr e : carried) {
                if (k == size) {
                    break;
                }
                if (variation.fits(e)) {
                    pop[k++] = e;
                }
            }
            for (; k < size; k++) {
                if (!seeds.isEmpty() && rng.nextBoolean()) {
                    Expr s = seeds.get(rng.nextInt(seeds.size()));
                    pop[k] = rng.nextBoolean() ? variation.subtreeMutation(s, rng) : variation.pointMutation(s, rng);
                } else {
                    pop[k] = variation.ramped(rng, INITIAL_DEPTH);
                }
            }
            fit = new double[size];
            if (!evaluateAll() || !fitBest()) {
                return;
            }
            for (int g = 0; g < generations; g++) {
                breed();
                if (!evaluateAll() || !fitBest()) {
                    return;
                }
            }
        }

        /**
         * Evaluates the formulas of the population not evaluated before, in {@link #CHUNKS} fixed chunks (in
         * parallel on the pool), and sets every fitness; false when stopped.
         */
        boolean evaluateAll() {
            List<Expr> todo = new ArrayList<>();
            Set<Expr> queued = new HashSet<>();
            for (Expr e : pop) {
                if (!cache.containsKey(e) && queued.add(e)) {
                    todo.add(e);
                }
            }
            List<Callable<double[][]>> tasks = new ArrayList<>();
            int chunks = Math.min(CHUNKS, Math.max(1, todo.size()));
            for (int c = 0; c < chunks; c++) {
                List<Expr> part = todo.subList(c * todo.size() / chunks, (c + 1) * todo.size() / chunks);
                tasks.add(() -> {
                    double[][] r = new double[part.size()][];
                    for (int i = 0; i < r.length; i++) {
                        if (stop.getAsBoolean()) {
                            return null;
                        }
                        r[i] = scaledError(part.get(i));
                    }
                    return r;
                });
            }
            List<double[][]> results = all(tasks, pool);
            if (results == null) {
                return false;
            }
            int n = 0;
            for (double[][] r : results) {
                if (r == null) {
                    return false;
                }
                for (double[] v : r) {
                    cache.put(todo.get(n++), v);
                }
            }
            for (int i = 0; i < size; i++) {
                fit[i] = fitness(cache.get(pop[i])[0], pop[i].complexity());
            }
            evaluated = true;
            return !stop.getAsBoolean();
        }

        /** The population's indices from best to worst (ties by position). */
        Integer[] ranking() {
            Integer[] idx = new Integer[size];
            for (int i = 0; i < size; i++) {
                idx[i] = i;
            }
            Arrays.sort(idx, Comparator.comparingDouble((Integer i) -> fit[i]).thenComparingInt(i -> i));
            return idx;
        }

        /**
         * Fits the constants of the best formulas not fitted before (in parallel on the pool), records them as
         * outputs and puts them back in the population; false when stopped.
         */
        boolean fitBest() {
            List<Integer> chosen = new ArrayList<>();
            Set<Expr> picked = new HashSet<>();
            for (Integer i : ranking()) {
                if (chosen.size() == settings.fitsPerGeneration()) {
                    break;
                }
                Expr f = pop[i];
                double[] err = cache.get(f);
                if (fitted.contains(f) || !picked.add(f) || !Double.isFinite(err[0]) || err[2] == 0) {
                    continue;
                }
                chosen.add(i);
            }
            List<Callable<Expr>> tasks = new ArrayList<>();
            for (Integer i : chosen) {
                Expr f = pop[i];
                double[] err = cache.get(f);
                tasks.add(() -> fitConstants(f, err[1], err[2], stop));
            }
            List<Expr> results = all(tasks, pool);
            if (results == null) {
                return false;
            }
            for (int k = 0; k < chosen.size(); k++) {
                int i = chosen.get(k);
                fitted.add(pop[i]);
                Expr polished = results.get(k);
                out.add(polished);
                fitted.add(polished);
                double[] err = cache.computeIfAbsent(polished, GeneticProgramming.this::scaledError);
                if (err[0] <= SOLVED_NMSE) {
                    solved = true;
                }
                if (variation.fits(polished)) {
                    double f = fitness(err[0], polished.complexity());
                    if (f <= fit[i]) {
                        pop[i] = polished;
                        fit[i] = f;
                    }
                }
            }
            return !solved && !stop.getAsBoolean();
        }

        Expr offspring() {
            double r = rng.nextDouble();
            Expr a = tournament();
            if (r < 0.6) {
                return variation.crossover(a, tournament(), rng);
            } else if (r < 0.75) {
                return variation.subtreeMutation(a, rng);
            } else if (r < 0.9) {
                return variation.pointMutation(a, rng);
            } else if (r < 0.95) {
                return variation.hoist(a, rng);
            }
            return variation.shrink(a, rng);
        }

        Expr tournament() {
            int best = rng.nextInt(size);
            for (int t = 1; t < TOURNAMENT; t++) {
                int c = rng.nextInt(size);
                if (fit[c] < fit[best] || (fit[c] == fit[best] && c < best)) {
                    best = c;
                }
            }
            return pop[best];
        }

        void breed() {
            evaluated = false;
            Expr[] next = new Expr[size];
            Integer[] rank = ranking();
            int k = 0;
            for (; k < Math.min(ELITE, size); k++) {
                next[k] = pop[rank[k]];
            }
            Set<Expr> taken = new HashSet<>();
            for (int i = 0; i < k; i++) {
                taken.add(next[i]);
            }
            for (; k < size; k++) {
                Expr child = offspring();
                // a copy of a formula already in the generation is varied again (a few times at most): one very
                // good formula and its copies would otherwise take over the population within a few generations
                for (int retry = 0; retry < DUPLICATE_RETRIES && taken.contains(child); retry++) {
                    child = variation.subtreeMutation(child, rng);
                }
                taken.add(child);
                next[k] = child;
            }
            pop = next;
        }
    }

    /**
     * {@code a + b*f} with its constants refined and polished on the fitting rows: the formula the search scores.
     * A pure function of its arguments, so fits run in parallel without changing the result.
     */
    private Expr fitConstants(Expr f, double a, double b, BooleanSupplier stop) {
        Expr scaled = Simplifier.simplify(Expr.add(Expr.num(a), Expr.mul(Expr.num(b), f)));
        if (stop.getAsBoolean()) {
            return scaled;
        }
        Expr refined = Simplifier.simplify(fitter.fit(scaled, fitRows, stop).expression());
        return stop.getAsBoolean() ? refined : polisher.polish(refined, fitRows, stop);
    }
}
