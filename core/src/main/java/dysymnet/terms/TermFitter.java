package dysymnet.terms;

import static dysymnet.terms.SubsetSelection.rootWeights;
import static dysymnet.terms.SubsetSelection.scaled;
import static dysymnet.terms.SubsetSelection.subsets;
import static dysymnet.terms.SubsetSelection.scaledColumns;
import static dysymnet.terms.TermBasis.linearCombination;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.data.LocalDifferences;
import dysymnet.data.Metrics;
import dysymnet.data.NoiseLevel;
import dysymnet.data.Parallel;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.LevenbergMarquardtFitter;
import dysymnet.fit.Polisher;
import dysymnet.gp.Primitives;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Sums of terms fitted to one target column (its {@link TermBasis}, built on its rows): the sums of the basis
 * ({@link #basisSums}) and the first run's families ({@link #families}): the power law with its exponents as fitted,
 * the sums of the interactions' basis and the ratios of polynomials ({@link Ratios}). Used for the search's target
 * and, unchanged, for each target derived from it ({@link DerivedTargets}: a transformed target, the target divided
 * by a power-law factor).
 *
 * <p>Two modes. {@link #finishing} (the search's target): each candidate is finished ({@link #finish}: simplified,
 * polished by {@link Polisher}, so an exact law reads with its exact constants), and the power law and the ratios
 * that are not exact are refined by Levenberg-Marquardt on the target. {@link #fitOnly} (a derived target): the
 * candidates as fitted, only simplified; the search's stage reads them back and refines or finishes those it keeps
 * on the target's own scale.
 *
 * <p>Paths are computed on at most {@value #MAX_FIT_ROWS} evenly spaced rows ({@link SubsetSelection}); each
 * candidate's coefficients are then fitted on all rows. Every least-squares fit is weighted with the data's sample
 * weights.
 */
final class TermFitter {
    /** Rows the paths are computed on at most. */
    static final int MAX_FIT_ROWS = 400;
    /** Normalised MSEs below this are exact up to round-off (the GP's threshold). */
    static final double EXACT_NMSE = DataFacts.ROUND_OFF_NMSE;
    /** Levenberg-Marquardt iterations and evaluations of a ratio's or a power law's refinement. */
    static final int LM_ITERATIONS = 50;
    static final int LM_EVALUATIONS = 100;

    private final Dataset data;
    private final Dataset fitRows;
    private final TermSettings settings;
    private final List<String> names;
    private final boolean canDivide;
    private final TermBasis basis;
    /** Whether the candidates are finished and refined on this target ({@link #finishing}), or only fitted. */
    private final boolean finishes;
    private final Polisher polisher = new Polisher();
    private final ConstantFitter refiner = new LevenbergMarquardtFitter(LM_ITERATIONS, LM_EVALUATIONS);
    /** The target's variance, computed once. */
    private final double variance;
    private final Supplier<LocalDifferences> local;

    private TermFitter(Dataset data, Primitives primitives, TermSettings settings, boolean finishes,
                       Supplier<LocalDifferences> local) {
        this.data = data;
        this.variance = Metrics.variance(data);
        this.local = local;
        this.settings = settings;
        this.finishes = finishes;
        this.fitRows = data.evenlySpaced(MAX_FIT_ROWS);
        this.names = data.names();
        this.canDivide = primitives.binaries().contains(BinaryOp.DIV);
        this.basis = new TermBasis(names, fitRows, primitives, settings);
    }

    /**
     * The fits of the search's target: each candidate finished, those not exact refined on the target; the local
     * differences are the search's ({@link DataFacts#localDifferences()}, built on first use).
     */
    static TermFitter finishing(DataFacts facts, Primitives primitives, TermSettings settings) {
        return new TermFitter(facts.data(), primitives, settings, true, facts::localDifferences);
    }

    /**
     * The fits of a derived target, each candidate as fitted (simplified), none refined.
     *
     * @param local the search's target's local fits of the inputs ({@link #local()}), which the derived data share
     */
    static TermFitter fitOnly(Dataset data, Primitives primitives, TermSettings settings, LocalDifferences local) {
        Objects.requireNonNull(local, "local");
        return new TermFitter(data, primitives, settings, false, () -> local);
    }

    /** The data whose target is fitted. */
    Dataset data() {
        return data;
    }

    /** The rows the paths are computed on: at most {@value #MAX_FIT_ROWS} of the data's, evenly spaced. */
    Dataset fitRows() {
        return fitRows;
    }

    TermSettings settings() {
        return settings;
    }

    TermBasis basis() {
        return basis;
    }

    /** Whether this is a derived target's fit ({@link #fitOnly}): candidates as fitted, none refined. */
    boolean isFitOnly() {
        return !finishes;
    }

    /**
     * Every family at once, as a derived target's fit has them: the sums of the basis, then {@link #families}, each
     * family's candidates to {@code sink}.
     */
    void fit(BooleanSupplier stop, Consumer<List<Expr>> sink) {
        sink.accept(basisSums(Set.of(), stop, null));
        families(stop, sink);
    }

    /**
     * The candidates of the basis with the {@code extra} terms ({@link TermBasis#with}), their fits on all rows and
     * finishing on {@code pool} ({@link #sums}; null: here).
     */
    List<Expr> basisSums(Set<Expr> extra, BooleanSupplier stop, ExecutorService pool) {
        List<Expr> b = basis.with(extra);
        return sums(b, basis.groups(b), stop, pool);
    }

    /**
     * The first run's families after the basis, each family's candidates to {@code sink} unless {@code stop} says
     * so before it: the power law with its exponents as fitted (refined unless exact, when finishing), the sums of
     * the interactions' basis, and the ratios when the library divides and there are at most
     * {@value Ratios#MAX_RATIONAL_FEATURES} inputs.
     */
    void families(BooleanSupplier stop, Consumer<List<Expr>> sink) {
        for (Function<BooleanSupplier, List<Expr>> family : familyTasks()) {
            if (stop.getAsBoolean()) {
                return;
            }
            sink.accept(family.apply(stop));
        }
    }

    /**
     * The families of {@link #families}, each a pure function of the stop it is given (in that order, only those
     * that apply), so that they can run in parallel and be handed over in order.
     */
    List<Function<BooleanSupplier, List<Expr>>> familyTasks() {
        List<Function<BooleanSupplier, List<Expr>>> out = new ArrayList<>();
        Expr powerLaw = basis.powerLaw();
        if (powerLaw != null) {
            out.add(stop -> List.of(finish(exact(powerLaw) || !finishes ? powerLaw : refine(powerLaw, stop), stop)));
        }
        List<Expr> interactions = basis.interactions();
        if (!interactions.isEmpty()) {
            out.add(stop -> sums(interactions, basis.interactionGroups(), stop, null));
        }
        if (canDivide && names.size() <= Ratios.MAX_RATIONAL_FEATURES) {
            out.add(stop -> new Ratios(this).fit(stop));
        }
        return out;
    }

    /**
     * One candidate per path subset: the sums of basis terms with least-squares coefficients. The paths
     * ({@link SubsetSelection#subsets}, one task each), the terms' columns on all rows, and each subset's fit on all
     * rows and its finishing (the polish, most of the time) are pure tasks, run on {@code pool} (null: here; a task
     * already on the pool passes null, as no task may wait on the pool) and gathered in order, the candidates handed
     * over in the subsets' order ({@link Parallel#ordered}): they are those of the serial loop.
     */
    List<Expr> sums(List<Expr> basis, int[] groups, BooleanSupplier stop, ExecutorService pool) {
        // weighted least squares: every row (columns and target) times the square root of its weight
        double[] rootFit = rootWeights(fitRows);
        double[] rootAll = rootWeights(data);
        double[][] cols = scaledColumns(basis, fitRows, rootFit);
        double[] y = scaled(fitRows.y(), rootFit);
        double[] yAll = fitRows == data ? y : scaled(data.y(), rootAll);
        int[] kept = SparsePath.independent(cols, cols.length);
        List<int[]> subsets = subsets(cols, y, kept, groups, settings.maxTerms(), pool);
        // the columns on all rows of the terms the subsets use, each once (on the path rows they are the columns)
        Map<Integer, double[]> allRows = new HashMap<>();
        if (fitRows != data) {
            List<Integer> used = subsets.stream().flatMapToInt(Arrays::stream).distinct().boxed().toList();
            List<double[]> columns = Parallel.map(used.stream().<Callable<double[]>>map(
                    k -> () -> scaled(Evaluator.evaluate(basis.get(k), data), rootAll)).toList(), pool);
            for (int i = 0; i < used.size(); i++) {
                allRows.put(used.get(i), columns.get(i));
            }
        }
        List<Function<BooleanSupplier, Expr>> fits = new ArrayList<>();
        for (int[] subset : subsets) {
            fits.add(taskStop -> {
                List<Expr> terms = new ArrayList<>();
                double[][] full = new double[subset.length][];
                for (int k = 0; k < subset.length; k++) {
                    terms.add(basis.get(subset[k]));
                    full[k] = fitRows == data ? cols[subset[k]] : allRows.get(subset[k]);
                }
                int[] all = new int[full.length];
                Arrays.setAll(all, k -> k);
                double[] c = SparsePath.fit(full, all, yAll);
                return c == null ? null : finish(linearCombination(terms, c), taskStop);
            });
        }
        List<Expr> out = new ArrayList<>();
        Parallel.ordered(fits, pool, stop, e -> {
            if (e != null) {
                out.add(e);
            }
        });
        return out;
    }

    /**
     * Whether {@code e} fits all rows up to round-off (normalised MSE at most {@value #EXACT_NMSE}): then a
     * refinement could only move the constants along directions that change nothing (a ratio's common scale) and
     * spoil their reading.
     */
    boolean exact(Expr e) {
        return Metrics.mse(Evaluator.evaluate(e, data), data) <= EXACT_NMSE * variance;
    }

    /**
     * Whether {@code e}'s residual on {@code rows} looks like noise rather than a curve fit's smooth error: the
     * lack-of-fit test of {@link NoiseLevel#ofResidual}, which
     * lets a family whose members are kept only when exact keep a law on noisy data, where nothing is exact (a
     * residual not finite everywhere is not noise).
     */
    boolean noiseLike(Expr e, Dataset rows) {
        return NoiseLevel.ofResidual(local(), Evaluator.residual(e, rows), rows) > 0;
    }

    /**
     * The local linear fits of the inputs ({@link LocalDifferences}), for the lack-of-fit test of {@link #noiseLike}:
     * the search's, built on first use, which a derived target's fits share (same inputs).
     */
    LocalDifferences local() {
        return local.get();
    }

    /** Simplified, then (when finishing) polished and simplified again. */
    Expr finish(Expr e, BooleanSupplier stop) {
        Expr s = Simplifier.simplify(e);
        if (!finishes) {
            return s;
        }
        return Simplifier.simplify(polisher.polish(s, data, stop));
    }

    /** {@code e} with its constants refined by Levenberg-Marquardt on the data (weighted MSE). */
    Expr refine(Expr e, BooleanSupplier stop) {
        return refiner.fit(e, data, stop).expression();
    }
}
