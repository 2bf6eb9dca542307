package dysymnet.gp;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.data.SharedWork;
import dysymnet.expr.CompiledExpr;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.LevenbergMarquardtFitter;
import dysymnet.fit.Polisher;
import dysymnet.units.DimensionCheck;
import dysymnet.units.Units;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
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
 * what runs in parallel (evaluations in blocks of {@value #BLOCK} members, constant fits) is a pure function of its
 * input, gathered in a fixed order, so the result does not depend on the number of threads. The budget is counted in
 * generations; the stop supplier (a time limit, a cancellation) is asked before every evaluation and inside every
 * constant fit, and ends the run with what it has. A run also ends once a fitted formula is exact
 * ({@link #SOLVED_NMSE}).
 *
 * <p><b>Threads</b>: the variation and selection draw from the one generator, so they run on the calling thread, one
 * offspring after another; what can leave that thread does. The parallel work is shared by the calling thread and at
 * most {@code threads - 1} tasks of the pool (so a run keeps to the threads it is given), each taking the next piece
 * not taken yet: no thread hands work to another and waits for it to wake up. A generation's members are evaluated
 * in blocks of {@value #BLOCK} while the generation is still being bred: a block can be taken by the pool's tasks
 * as soon as its members are bred, and the calling thread, once the generation is complete, takes those left. The
 * blocks look their members up in the shared cache of errors, evaluate those not there and compute each member's
 * fitness and variation positions ({@link Trees#positions}, which the next generation's tournaments and operators
 * use), so the calling thread neither hashes nor walks the trees of a generation for it; the constant fits, shared
 * the same way, score their results too. Each evaluation is a pure function of its formula,
 * so which block computes a formula first changes no number.
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
    /**
     * Members per evaluation task: small enough that a block is handed over soon after the calling thread has bred
     * it (the pool evaluates the generation while the rest of it is bred), large enough that a task is more than its
     * hand-over. The result does not depend on it.
     */
    static final int BLOCK = 32;
    /** Attempts to turn an offspring that copies a formula of its generation into a new one. */
    static final int DUPLICATE_RETRIES = 3;
    /** Tournament size. */
    static final int TOURNAMENT = 5;
    /** The best formulas of an island copied unchanged into the next generation. */
    static final int ELITE = 2;
    /** Levenberg-Marquardt iterations and evaluations of one constant fit. */
    static final int LM_ITERATIONS = 30;
    static final int LM_EVALUATIONS = 60;

    /**
     * Each thread's work arrays for {@link #scaledError}: a generation evaluates a thousand formulas, each once, and
     * their block buffers (a column of the fitness rows per node) were the largest part, about a third, of what a
     * search on Nguyen's problems allocated.
     */
    private static final ThreadLocal<CompiledExpr.Scratch> SCRATCH =
            ThreadLocal.withInitial(CompiledExpr.Scratch::new);

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
        this(data, primitives, settings, null);
    }

    /**
     * A GP whose offspring and random formulas are all dimensionally consistent in themselves under {@code units}
     * ({@link DimensionCheck} without the target's unit, which the linear scaling of the fitness and the fitted
     * constants give a formula): a variation that breaks the units is refused like one beyond the size cap. Null:
     * no units, the GP of {@link #GeneticProgramming(Dataset, Primitives, GpSettings)} to the bit.
     */
    public GeneticProgramming(Dataset data, Primitives primitives, GpSettings settings, Units units) {
        Objects.requireNonNull(data, "data");
        this.settings = Objects.requireNonNull(settings, "settings");
        Units inside = units == null ? null : new Units(units.columns(), null, units.dimensionlessConstants());
        this.variation = new Variation(primitives, settings.maxSize(), MAX_DEPTH,
                inside == null ? null : e -> DimensionCheck.consistent(e, inside));
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
     * @param pool        evaluates and fits in parallel with the calling thread (in blocks of {@value #BLOCK}
     *                    members); null does it all on the calling thread
     * @param threads     the threads the run may use, the calling thread included: at most {@code threads - 1} tasks
     *                    of the pool work beside it (ignored without a pool; 1 does it all on the calling thread);
     *                    the result is the same for any value
     * @param stop        once true, the run ends with what it has
     */
    public Result run(List<Expr> seeds, List<Expr> carried, int generations, RandomGenerator rng,
                      ExecutorService pool, int threads, BooleanSupplier stop) {
        List<Expr> usable = new ArrayList<>();
        Set<Expr> seen = new HashSet<>();
        for (Expr e : seeds) {
            if (variation.fits(e) && seen.add(e)) {
                usable.add(e);
            }
        }
        Population p = new Population(settings.population(), rng, pool, threads, stop);
        p.evolve(usable, carried, generations);
        List<Expr> last = new ArrayList<>();
        if (p.pop != null && p.evaluated) {
            Ranking r = p.ranking();
            for (int i = r.next(); i >= 0; i = r.next()) {
                last.add(p.pop[i]);
            }
        }
        return new Result(p.out, last, p.cache.size());
    }

    /**
     * The normalised MSE of {@code e} after the best linear scaling on the fitness rows, and the scaling: the
     * (weighted) least-squares line {@code a + b*p} through the predictions and the (weighted) sum of squares
     * normalised by the target's (weighted) sum of squares about its (weighted) mean.
     */
    double[] scaledError(Expr e) {
        double[] p;
        try {
            p = CompiledExpr.compile(e, names, y.length, SCRATCH.get()).values(columns);
        } catch (IllegalArgumentException ex) {
            return new double[] {Double.POSITIVE_INFINITY, 0, 0};
        }
        // with weights the weighted least-squares line and error; without, every weight is 1 (1 * x is x, and n ones
        // sum to n exactly: the same numbers as the unweighted formulas)
        int n = p.length;
        double mp = 0;
        double sw = 0;
        for (int i = 0; i < n; i++) {
            double wi = w == null ? 1 : w[i];
            mp += wi * p[i];
            sw += wi;
        }
        mp /= sw;
        if (!Double.isFinite(mp)) {
            return new double[] {Double.POSITIVE_INFINITY, 0, 0};
        }
        double cov = 0;
        double varP = 0;
        for (int i = 0; i < n; i++) {
            double wi = w == null ? 1 : w[i];
            double d = p[i] - mp;
            cov += wi * (d * (y[i] - meanY));
            varP += wi * (d * d);
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
            sse += (w == null ? 1 : w[i]) * (r * r);
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
        /** Evaluation blocks that may run while the calling thread breeds: the pool's threads but that one. */
        final int beside;
        final BooleanSupplier stop;
        /** Every formula's {@link #scaledError}: read and filled by the evaluation blocks, in parallel. */
        final Map<Expr, double[]> cache = new ConcurrentHashMap<>();
        final Set<Expr> fitted = new HashSet<>();
        final List<Expr> out = new ArrayList<>();
        Expr[] pop;
        double[] fit;
        /** The variation positions ({@link Trees#positions}) of each member of {@link #pop}. */
        Trees.Positions[] nodes;
        boolean solved;
        /** Whether {@link #fit} holds the fitness of {@link #pop} (false in the middle of a generation). */
        boolean evaluated;

        Population(int size, RandomGenerator rng, ExecutorService pool, int threads, BooleanSupplier stop) {
            this.size = size;
            this.rng = rng;
            this.pool = pool;
            this.beside = pool == null ? 0 : Math.max(0, threads - 1);
            this.stop = stop;
        }

        void evolve(List<Expr> seeds, List<Expr> carried, int generations) {
            Expr[] first = new Expr[size];
            Evaluation evaluation = new Evaluation(first);
            int k = 0;
            for (; k < Math.min(seeds.size(), size / 2); k++) {
                first[k] = seeds.get(k);
            }
            for (Expr e : carried) {
                if (k == size) {
                    break;
                }
                if (variation.fits(e)) {
                    first[k++] = e;
                }
            }
            evaluation.bred(k);
            for (; k < size; k++) {
                if (!seeds.isEmpty() && rng.nextBoolean()) {
                    Expr s = seeds.get(rng.nextInt(seeds.size()));
                    first[k] = rng.nextBoolean() ? variation.subtreeMutation(s, rng) : variation.pointMutation(s, rng);
                } else {
                    first[k] = variation.ramped(rng, INITIAL_DEPTH);
                }
                evaluation.bred(k + 1);
            }
            if (!settle(first, evaluation) || !fitBest()) {
                return;
            }
            for (int g = 0; g < generations; g++) {
                if (!breed() || !fitBest()) {
                    return;
                }
            }
        }

        /**
         * Makes {@code members} the population once {@code evaluation} (of them) is complete; false when stopped
         * (the population is then not {@link #evaluated}).
         */
        boolean settle(Expr[] members, Evaluation evaluation) {
            pop = members;
            evaluated = false;
            if (!evaluation.finish()) {
                return false;
            }
            fit = evaluation.fitness;
            nodes = evaluation.nodes;
            evaluated = true;
            return !stop.getAsBoolean();
        }

        /** The population's indices from best to worst, ties by position. */
        Ranking ranking() {
            return new Ranking(fit);
        }

        /**
         * Fits the constants of the best formulas not fitted before (in parallel on the pool), records them as
         * outputs and puts them back in the population; false when stopped.
         */
        boolean fitBest() {
            List<Integer> chosen = new ArrayList<>();
            Set<Expr> picked = new HashSet<>();
            Ranking ranking = ranking();
            for (int i = ranking.next(); i >= 0 && chosen.size() < settings.fitsPerGeneration(); i = ranking.next()) {
                Expr f = pop[i];
                double[] err = cache.get(f);
                if (fitted.contains(f) || !picked.add(f) || !Double.isFinite(err[0]) || err[2] == 0) {
                    continue;
                }
                chosen.add(i);
            }
            Scored[] results = new Scored[chosen.size()];
            SharedWork fits = new SharedWork(chosen.size(), pool, beside, k -> {
                Expr f = pop[chosen.get(k)];
                double[] err = cache.get(f);
                Expr polished = fitConstants(f, err[1], err[2], stop);
                results[k] = new Scored(polished, scaledError(polished));
                return true;
            });
            if (!fits.finish()) {
                return false;
            }
            for (int k = 0; k < chosen.size(); k++) {
                int i = chosen.get(k);
                fitted.add(pop[i]);
                Expr polished = results[k].formula();
                out.add(polished);
                fitted.add(polished);
                // the same numbers whether the cache had them or not: the error is a pure function of the formula
                double[] err = results[k].error();
                cache.putIfAbsent(polished, err);
                if (err[0] <= SOLVED_NMSE) {
                    solved = true;
                }
                if (variation.fits(polished)) {
                    double f = fitness(err[0], polished.complexity());
                    if (f <= fit[i]) {
                        pop[i] = polished;
                        fit[i] = f;
                        nodes[i] = Trees.positions(polished);
                    }
                }
            }
            return !solved && !stop.getAsBoolean();
        }

        Expr offspring() {
            double r = rng.nextDouble();
            int a = tournament();
            if (r < 0.6) {
                int b = tournament();
                return variation.crossover(pop[a], nodes[a], nodes[b], rng);
            } else if (r < 0.75) {
                return variation.subtreeMutation(pop[a], nodes[a], rng);
            } else if (r < 0.9) {
                return variation.pointMutation(pop[a], nodes[a], rng);
            } else if (r < 0.95) {
                return variation.hoist(pop[a], nodes[a], rng);
            }
            return variation.shrink(pop[a], nodes[a], rng);
        }

        /** The index of a tournament's winner. */
        int tournament() {
            int best = rng.nextInt(size);
            for (int t = 1; t < TOURNAMENT; t++) {
                int c = rng.nextInt(size);
                if (fit[c] < fit[best] || (fit[c] == fit[best] && c < best)) {
                    best = c;
                }
            }
            return best;
        }

        /** Breeds the next generation and makes it the population, evaluated; false when stopped. */
        boolean breed() {
            Expr[] next = new Expr[size];
            Evaluation evaluation = new Evaluation(next);
            Ranking rank = ranking();
            int k = 0;
            for (; k < Math.min(ELITE, size); k++) {
                next[k] = pop[rank.next()];
            }
            Set<Expr> taken = new HashSet<>();
            for (int i = 0; i < k; i++) {
                taken.add(next[i]);
            }
            evaluation.bred(k);
            for (; k < size; k++) {
                Expr child = offspring();
                // a copy of a formula already in the generation is varied again (a few times at most): one very
                // good formula and its copies would otherwise take over the population within a few generations
                for (int retry = 0; retry < DUPLICATE_RETRIES && taken.contains(child); retry++) {
                    child = variation.subtreeMutation(child, rng);
                }
                taken.add(child);
                next[k] = child;
                evaluation.bred(k + 1);
            }
            return settle(next, evaluation);
        }

        /**
         * The evaluation of one generation's members as they are bred: their fitness and variation positions, in
         * blocks of {@value #BLOCK} members, each a pure piece of work (the cache's errors, and the formulas not there
         * evaluated and added), shared ({@link SharedWork}): a block can be taken by a task of the pool once its members
         * are bred ({@link #bred}), and the calling thread takes the blocks left once the generation is complete
         * ({@link #finish}).
         */
        final class Evaluation {
            final Expr[] members;
            final double[] fitness;
            final Trees.Positions[] nodes;
            final SharedWork blocks;

            Evaluation(Expr[] members) {
                this.members = members;
                this.fitness = new double[members.length];
                this.nodes = new Trees.Positions[members.length];
                this.blocks = new SharedWork((members.length + BLOCK - 1) / BLOCK, pool, beside, this::block);
            }

            /** The first {@code count} members are bred: their full blocks can be evaluated. */
            void bred(int count) {
                blocks.available(count / BLOCK);
            }

            /** Evaluates the members, with the pool's help; false when stopped. */
            boolean finish() {
                return blocks.finish();
            }

            /** Evaluates block {@code b}: false when stopped before it was done. */
            private boolean block(int b) {
                for (int i = b * BLOCK; i < Math.min(members.length, (b + 1) * BLOCK); i++) {
                    Expr e = members[i];
                    double[] err = cache.get(e);
                    if (err == null) {
                        if (stop.getAsBoolean()) {
                            return false;
                        }
                        err = scaledError(e);
                        cache.putIfAbsent(e, err);
                    }
                    fitness[i] = fitness(err[0], e.complexity());
                    nodes[i] = Trees.positions(e);
                }
                return true;
            }
        }
    }

    /** A formula and its {@link #scaledError}. */
    private record Scored(Expr formula, double[] error) {
    }

    /**
     * The indices of a population from best to worst fitness (ties by position), taken one at a time from a binary
     * heap: the elites and the formulas to fit are the first few, found without sorting the whole population (the
     * order is a total one, so it is the sorted order).
     */
    static final class Ranking {
        private final double[] fit;
        private final int[] heap;
        private int size;

        Ranking(double[] fit) {
            this.fit = fit;
            this.size = fit.length;
            this.heap = new int[size];
            for (int i = 0; i < size; i++) {
                heap[i] = i;
            }
            for (int i = size / 2 - 1; i >= 0; i--) {
                down(i);
            }
        }

        /** The next index, -1 once every one was given. */
        int next() {
            if (size == 0) {
                return -1;
            }
            int top = heap[0];
            heap[0] = heap[--size];
            down(0);
            return top;
        }

        private boolean before(int a, int b) {
            int c = Double.compare(fit[a], fit[b]);
            return c < 0 || (c == 0 && a < b);
        }

        private void down(int i) {
            while (true) {
                int l = 2 * i + 1;
                if (l >= size) {
                    return;
                }
                int m = l + 1 < size && before(heap[l + 1], heap[l]) ? l + 1 : l;
                if (!before(heap[m], heap[i])) {
                    return;
                }
                int t = heap[i];
                heap[i] = heap[m];
                heap[m] = t;
                i = m;
            }
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
