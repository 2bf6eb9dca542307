package dysymnet.terms;

import dysymnet.data.DataFacts;
import dysymnet.data.Dataset;
import dysymnet.data.NoiseLevel;
import dysymnet.data.Parallel;
import dysymnet.expr.BinaryFunction;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Expr;
import dysymnet.expr.Singularities;
import dysymnet.fit.Polisher;
import dysymnet.gp.Primitives;
import dysymnet.units.PiGroups;
import dysymnet.units.Units;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Formulas that are sums of simple terms, found by sparse linear least squares: a law linear in its coefficients
 * (a polynomial, {@code x*y + sin(x)}, {@code 1.5*exp(x) + 5*cos(y)}) has its coefficients fitted exactly and its
 * terms chosen by a path algorithm, in milliseconds, where a network or a GP needs many steps to shape each
 * coefficient. The basis, simplest first:
 * <ol>
 *   <li>the constant and the monomials of the inputs, up to the highest total degree whose count stays within
 *       {@value TermBasis#MAX_MONOMIALS} (degree 8 in one input, 7 in two, 4 in three);</li>
 *   <li>each one-argument function of the library applied to each input;</li>
 *   <li>a power law {@code prod x_j^a_j} with exponents rounded to halves, when the target and some inputs keep one
 *       sign (the exponents from a linear fit of {@code log|y|} on the {@code log|x_j|});</li>
 *   <li>the additive terms, without their coefficients, of the formulas the search found so far (the seeds of each
 *       run): a network's {@code sin(1.3*x + y)} and another's {@code sin(1.3*x - y)} can be summed here; not when
 *       the data show noise ({@link NoiseLevel}), where such sums fit the noise.</li>
 * </ol>
 * On the first run three more families are fitted:
 * <ul>
 *   <li>a basis of <em>products</em> ({@link TermSettings#interactions()}): the inputs, their functions, each input
 *       times each function of an input, each function of one input times each function of another
 *       ({@code x*sin(x)}, {@code sin(x)*cos(y)}, {@code y*log(x)}), at most
 *       {@value TermBasis#INTERACTION_BASIS_FACTOR} times {@link TermSettings#maxBasis()} columns;</li>
 *   <li>when the library divides and there are at most {@value Ratios#MAX_RATIONAL_FEATURES} inputs,
 *       <em>ratios</em> of polynomials {@code P/(m + Q)} ({@link Ratios}), linearised as {@code y*m = P - y*Q}, with
 *       the pivot {@code m} the constant (refined by Levenberg-Marquardt when not exact: the linearisation weighs the
 *       rows unevenly on noisy data) or a monomial of degree 1 or 2 (exact ratios only, or on noisy data the
 *       {@value Ratios#NOISE_LIKE_PER_PIVOT} simplest whose residual looks like noise, {@link TermFitter#noiseLike},
 *       refined), for denominators without a constant ({@code (m1*r1 + m2*r2)/(m1 + m2)});</li>
 *   <li><em>transformed targets</em> ({@link TargetTransform}, {@link TermSettings#transforms()}): the same fits of
 *       {@code log|y|}, {@code 1/y}, {@code y^2}, {@code exp(y)} or {@code sin(y)} where the transform is one-to-one on
 *       the targets and the library can write its inverse, read back as {@code exp(fit)}, {@code 1/fit},
 *       {@code sqrt(fit)}, ...: {@code exp(-x^2/2)/sqrt(2*pi)}, {@code x^y = exp(y*log(x))},
 *       {@code log(x + 1) + log(x^2 + 1) = log(x^3 + x^2 + x + 1)}, {@code m/sqrt(1 - v^2/c^2)}. Those exact on the
 *       target's scale are candidates; of the others the {@value DerivedTargets#REFINED_PER_TRANSFORM} most accurate
 *       of each transform, the smallest and, on noisy data, those whose residual looks like noise are refined on the
 *       target itself ({@link DerivedTargets#kept});</li>
 *   <li><em>separable power factors</em> ({@link DerivedTargets#separated}): the target divided by a power of the
 *       inputs that enter it as a power, fitted with the transforms;</li>
 *   <li>with units (a target unit given), the <em>dimensionless reduction</em> ({@link DerivedTargets#dimensionless},
 *       Buckingham's Pi theorem): the target divided by a product of inputs with its unit, fitted as a function of
 *       the inputs' dimensionless groups.</li>
 * </ul>
 * Columns that are (numerically) linear combinations of simpler ones are left out, and so are terms with a pole or a
 * log singularity inside the data's box ({@link Singularities}). Two paths of subsets ({@link SparsePath}: backward
 * elimination, forward selection) give one candidate per size up to {@link TermSettings#maxTerms()}, each path cut
 * where a term stops paying for itself ({@link SubsetSelection#worthwhile}: BIC with the risk inflation criterion's
 * penalty for the many columns searched), so that on noisy data the stage does not offer sums that fit the noise; so
 * is the power law with its exponents as fitted ({@link PowerLaw}).
 *
 * <p>With sample weights ({@link Dataset#weights()}) every least-squares fit here is weighted (each row of the
 * columns and the target times {@code sqrt(w_i)}: the paths, the criterion's residual sum of squares, the ratios'
 * linearisation, the power law's log-log fit), and the errors, refinements and polishing use the weighted MSE.
 *
 * <p>Paths are computed on at most {@value TermFitter#MAX_FIT_ROWS} evenly spaced rows; each candidate's
 * coefficients are then fitted on all rows and polished ({@link Polisher}), so an exact law reads with its exact
 * constants.
 * A run whose seeds bring no term the previous run did not have gives nothing new and is skipped. Deterministic: no
 * random choice, a fixed order everywhere.
 *
 * <p>Where each concern lives: {@link TermBasis} the basis (monomials, functions of the inputs, the seeds' terms, the
 * interactions' products), {@link PowerLaw} the power law, {@link SubsetSelection} the subsets and the weighted least
 * squares, {@link TermFitter} the fits of one target column (the sums and the families, finished or fit-only),
 * {@link Ratios} the ratios of polynomials, {@link DerivedTargets} the transformed targets and the separable factors.
 * This class holds the runs: the seeds' terms, the first run's families and the order in which they are handed over.
 */
public final class TermRegression {
    /** Seed formulas used per run at most, in the order given. */
    static final int MAX_SEEDS = 40;

    private final TermSettings settings;
    private final boolean canAdd;
    /**
     * Whether the data show noise ({@link NoiseLevel}): then the seeds' terms are not used. Measured on the ball
     * drops: sums of the networks' and the GP's terms fit the measurement noise and extrapolate worse than the
     * formulas themselves (docs/benchmarks).
     */
    private final boolean noisy;
    /** The fits of the search's target, each candidate finished. */
    private final TermFitter target;
    /** The first run's fits of targets derived from it. */
    private final DerivedTargets derived;
    private Set<Expr> lastSeedTerms;
    private boolean firstRunDone;

    /** The stage on {@code data} (its facts computed as needed). */
    public TermRegression(Dataset data, Primitives primitives, TermSettings settings) {
        this(DataFacts.of(Objects.requireNonNull(data, "data")), primitives, settings);
    }

    /** The stage on the data of {@code facts}: the search's, whose noise level and local differences it shares. */
    public TermRegression(DataFacts facts, Primitives primitives, TermSettings settings) {
        this(facts, primitives, settings, null);
    }

    /**
     * The stage on the data of {@code facts} with the data's units (null: none): with a target unit, the first run
     * also fits the dimensionless reduction ({@link DerivedTargets#dimensionless}) unless the settings switch it off
     * ({@link TermSettings#dimensionless()}).
     */
    public TermRegression(DataFacts facts, Primitives primitives, TermSettings settings, Units units) {
        Objects.requireNonNull(facts, "facts");
        this.settings = Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(primitives, "primitives");
        this.noisy = facts.noiseVariance() > 0;
        List<BinaryFunction> ops = primitives.binaries();
        this.canAdd = ops.contains(BinaryOp.ADD) || ops.contains(BinaryOp.SUB);
        this.target = TermFitter.finishing(facts, primitives, settings);
        this.derived = new DerivedTargets(target, primitives, settings,
                settings.dimensionless() ? PiGroups.of(facts.data().names(), units) : null);
    }

    /**
     * One run: the candidates of the basis with {@code seeds}' terms (and, on the first run, the other families).
     * Empty when the library cannot add, when the seeds bring no new term, or once {@code stop} says so.
     */
    public List<Expr> run(List<Expr> seeds, BooleanSupplier stop) {
        List<Expr> out = new ArrayList<>();
        run(seeds, stop, out::addAll);
        return out;
    }

    /**
     * {@link #run(List, BooleanSupplier)} handing each family's candidates to {@code sink} as they come, cheapest
     * family first (the sums of the basis, the power law, the products, the ratios, each transformed target, the
     * separable factors), so that a caller whose {@code stop} says a law is found ends the run there: a polynomial
     * law comes back in the time of the first family.
     */
    public void run(List<Expr> seeds, BooleanSupplier stop, Consumer<List<Expr>> sink) {
        run(seeds, stop, sink, null);
    }

    /**
     * {@link #run(List, BooleanSupplier, Consumer)} with the sums of the basis (every run's: their paths, and each
     * subset's fit and finishing, {@link TermFitter#sums}) and the first run's families after them (the power law,
     * the products, the ratios, each transformed target, the separable factors) computed in parallel on
     * {@code pool} (null: on the calling thread) and handed to {@code sink} in the same order, on the calling
     * thread ({@link Parallel#ordered}): once {@code stop} says so, the families not handed over yet are abandoned.
     * What {@code sink} receives does not depend on the threads as long as {@code stop} changes only through what
     * {@code sink} does (a search's "solved") or by time.
     */
    public void run(List<Expr> seeds, BooleanSupplier stop, Consumer<List<Expr>> sink, ExecutorService pool) {
        Objects.requireNonNull(seeds, "seeds");
        Objects.requireNonNull(stop, "stop");
        Objects.requireNonNull(sink, "sink");
        if (!canAdd) {
            return;
        }
        Set<Expr> seedTerms = new LinkedHashSet<>();
        for (Expr s : noisy ? List.<Expr>of() : seeds.subList(0, Math.min(seeds.size(), MAX_SEEDS))) {
            TermBasis.splitTerms(s, seedTerms);
        }
        seedTerms.removeAll(target.basis().fixed());
        boolean first = !firstRunDone;
        if (!first && seedTerms.equals(lastSeedTerms)) {
            return;
        }
        firstRunDone = true;
        lastSeedTerms = seedTerms;
        sink.accept(target.basisSums(seedTerms, stop, pool));
        if (!first) {
            return;
        }
        // the families in the order they were always handed over; each asks the stop it is given
        List<Function<BooleanSupplier, List<Expr>>> families = new ArrayList<>(target.familyTasks());
        if (settings.transforms()) {
            families.addAll(derived.transformTasks());
            families.add(derived::separated);
        }
        if (derived.hasDimensionless()) {
            families.add(derived::dimensionless);
        }
        Parallel.ordered(families, pool, stop, sink);
    }
}
