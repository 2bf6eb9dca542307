package dysymnet.terms;

import dysymnet.data.Dataset;
import dysymnet.data.LocalDifferences;
import dysymnet.data.Metrics;
import dysymnet.data.NoiseLevel;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryFunction;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import dysymnet.expr.Singularities;
import dysymnet.expr.Unary;
import dysymnet.expr.UnaryFunction;
import dysymnet.expr.UnaryOp;
import dysymnet.expr.Var;
import dysymnet.fit.ConstantFitter;
import dysymnet.fit.LevenbergMarquardtFitter;
import dysymnet.fit.Polisher;
import dysymnet.gp.GeneticProgramming;
import dysymnet.gp.Primitives;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Formulas that are sums of simple terms, found by sparse linear least squares: a law linear in its coefficients
 * (a polynomial, {@code x*y + sin(x)}, {@code 1.5*exp(x) + 5*cos(y)}) has its coefficients fitted exactly and its
 * terms chosen by a path algorithm, in milliseconds, where a network or a GP needs many steps to shape each
 * coefficient. The basis, simplest first:
 * <ol>
 *   <li>the constant and the monomials of the inputs, up to the highest total degree whose count stays within
 *       {@value #MAX_MONOMIALS} (degree 8 in one input, 7 in two, 4 in three);</li>
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
 *       {@value #INTERACTION_BASIS_FACTOR} times {@link TermSettings#maxBasis()} columns;</li>
 *   <li>when the library divides and there are at most {@value #MAX_RATIONAL_FEATURES} inputs, <em>ratios</em> of
 *       polynomials {@code P/(m + Q)}, linearised as {@code y*m = P - y*Q}, with the pivot {@code m} the constant
 *       (refined by Levenberg-Marquardt when not exact: the linearisation weighs the rows unevenly on noisy data)
 *       or a monomial of degree 1 or 2 (exact ratios only, or on noisy data the
 *       {@value #NOISE_LIKE_PER_PIVOT} simplest whose residual looks like noise, {@link #noiseLike}, refined), for
 *       denominators without a constant ({@code (m1*r1 + m2*r2)/(m1 + m2)});</li>
 *   <li><em>transformed targets</em> ({@link TargetTransform}, {@link TermSettings#transforms()}): the same fits of
 *       {@code log|y|}, {@code 1/y}, {@code y^2}, {@code exp(y)} or {@code sin(y)} where the transform is one-to-one on
 *       the targets and the library can write its inverse, read back as {@code exp(fit)}, {@code 1/fit},
 *       {@code sqrt(fit)}, ...: {@code exp(-x^2/2)/sqrt(2*pi)}, {@code x^y = exp(y*log(x))},
 *       {@code log(x + 1) + log(x^2 + 1) = log(x^3 + x^2 + x + 1)}, {@code m/sqrt(1 - v^2/c^2)}. Those exact on the
 *       target's scale are candidates; of the others the {@value #REFINED_PER_TRANSFORM} most accurate of each
 *       transform, the smallest and, on noisy data, those whose residual looks like noise are refined on the target
 *       itself ({@link #kept});</li>
 *   <li><em>separable power factors</em> ({@link #separated}): the target divided by a power of the inputs that enter
 *       it as a power, fitted with the transforms.</li>
 * </ul>
 * Columns that are (numerically) linear combinations of simpler ones are left out, and so are terms with a pole or a
 * log singularity inside the data's box ({@link Singularities}). Two paths of subsets ({@link SparsePath}: backward
 * elimination, forward selection) give one candidate per size up to {@link TermSettings#maxTerms()}, each path cut
 * where a term stops paying for itself ({@link #worthwhile}: BIC with the risk inflation criterion's penalty for the
 * many columns searched), so that on noisy data the stage does not offer sums that fit the noise; so is the power
 * law with its exponents as fitted.
 *
 * <p>With sample weights ({@link Dataset#weights()}) every least-squares fit here is weighted (each row of the
 * columns and the target times {@code sqrt(w_i)}: the paths, the criterion's residual sum of squares, the ratios'
 * linearisation, the power law's log-log fit), and the errors, refinements and polishing use the weighted MSE.
 *
 * <p>Paths are computed on at most {@value #MAX_FIT_ROWS} evenly spaced rows; each candidate's coefficients are then
 * fitted on all rows and polished ({@link Polisher}), so an exact law reads with its exact constants.
 * A run whose seeds bring no term the previous run did not have gives nothing new and is skipped. Deterministic: no
 * random choice, a fixed order everywhere.
 */
public final class TermRegression {
    /** Rows the paths are computed on at most. */
    static final int MAX_FIT_ROWS = 400;
    /** Monomials of the basis at most: fixes the polynomial degree for the number of inputs. */
    static final int MAX_MONOMIALS = 40;
    /** The highest polynomial degree tried. */
    static final int MAX_DEGREE = 8;
    /** Ratios of polynomials are fitted for at most this many inputs. */
    static final int MAX_RATIONAL_FEATURES = 5;
    /** Terms (monomials with the constant) of a ratio's numerator and of its denominator at most. */
    static final int MAX_NUMERATOR_TERMS = 35;
    static final int MAX_DENOMINATOR_TERMS = 10;
    static final int MAX_NUMERATOR_DEGREE = 6;
    static final int MAX_DENOMINATOR_DEGREE = 4;
    /** Pivots of a ratio's linearisation: the constant and the denominator's monomials up to this degree. */
    static final int MAX_PIVOT_DEGREE = 2;
    /** A seed formula's terms larger than this are left out (they are the curve-fitting parts). */
    static final int MAX_SEED_TERM_SIZE = 25;
    /** Seed formulas used per run at most, in the order given. */
    static final int MAX_SEEDS = 40;
    /** A power law is tried when the log-log fit explains at least this share of the variance of log|y|. */
    static final double POWER_LAW_R2 = 0.9;
    /** Normalised MSEs below this are exact up to round-off (the GP's threshold). */
    static final double EXACT_NMSE = GeneticProgramming.EXACT_NMSE;
    /** Levenberg-Marquardt iterations and evaluations of a ratio's or a power law's refinement. */
    static final int LM_ITERATIONS = 50;
    static final int LM_EVALUATIONS = 100;

    /** Columns of the interactions' basis at most, as a multiple of {@link TermSettings#maxBasis()}. */
    static final int INTERACTION_BASIS_FACTOR = 2;
    /** Smallest candidates of a derived target refined besides those of lowest BIC ({@link #kept}). */
    static final int REFINED_SMALLEST = 4;
    /** A power-law exponent within this of a half-integer marks its input as a separable factor. */
    static final double SEPARABLE_EXPONENT = 0.05;
    /** Candidates of each target transform refined on the target's own scale when not exact, the most accurate. */
    static final int REFINED_PER_TRANSFORM = 2;
    /** Candidates of a derived target whose residual looks like noise refined at most, the simplest. */
    static final int REFINED_NOISE_LIKE = 6;
    /** Ratios of a pivot other than the constant kept when not exact but noise-like at most, the simplest. */
    static final int NOISE_LIKE_PER_PIVOT = 2;

    private final Dataset data;
    private final Dataset fitRows;
    private final TermSettings settings;
    private final Primitives primitives;
    /**
     * What this stage fits: the search's target, or a target derived from it for the search's stage
     * ({@link #transformed}, {@link #separated}); a derived fit does no refinement or polishing, which the search's
     * stage does on the target's own scale for the candidates it keeps.
     */
    private enum Role {
        /** The search's target: every family, each candidate finished. */
        SEARCH,
        /** The target divided by a power-law factor: transforms, no further factor, no finishing. */
        FACTOR,
        /** A transformed target: no transform, no factor, no finishing. */
        TRANSFORMED
    }

    private final Role role;
    private final boolean inner;
    /** The power law's fit on the rows (null when there is none). */
    private final PowerLaw powerLawFit;
    /**
     * The interactions' basis, fitted on the first run: the constant, the inputs, the library functions of the
     * inputs, each input times each function of an input, each function of one input times each function of
     * another; {@link #interactionGroups} ends its kinds.
     */
    private final List<Expr> interactions;
    private final int[] interactionGroups;
    private final List<String> names;
    private final boolean canAdd;
    private final boolean canDivide;
    /** The basis without the seeds' terms: the constant first, then monomials, functions of inputs, power law. */
    private final List<Expr> fixedBasis;
    /** Where the functions of the inputs start in the basis, and where the power law (or the seeds' terms) start. */
    private final int functionsStart;
    private final int functionsEnd;
    private final Polisher polisher = new Polisher();
    private final ConstantFitter refiner = new LevenbergMarquardtFitter(LM_ITERATIONS, LM_EVALUATIONS);
    /**
     * Whether the data show noise ({@link NoiseLevel}): then the seeds' terms are not used. Measured on the ball
     * drops: sums of the networks' and the GP's terms fit the measurement noise and extrapolate worse than the
     * formulas themselves (docs/benchmarks).
     */
    private final boolean noisy;
    /** The power law with its exponents as fitted (a candidate of the first run), or null. */
    private final Expr powerLaw;
    private Set<Expr> lastSeedTerms;
    private boolean firstRunDone;
    /**
     * The local linear fits of the inputs ({@link LocalDifferences}), for the lack-of-fit test of {@link #noiseLike};
     * built on first use and shared with the derived fits (same inputs).
     */
    private LocalDifferences local;

    public TermRegression(Dataset data, Primitives primitives, TermSettings settings) {
        this(data, primitives, settings, Role.SEARCH, null);
    }

    private TermRegression(Dataset data, Primitives primitives, TermSettings settings, Role role,
                           LocalDifferences local) {
        this.data = Objects.requireNonNull(data, "data");
        this.local = local;
        this.settings = Objects.requireNonNull(settings, "settings");
        this.primitives = Objects.requireNonNull(primitives, "primitives");
        this.role = role;
        this.inner = role != Role.SEARCH;
        this.fitRows = data.evenlySpaced(MAX_FIT_ROWS);
        this.noisy = NoiseLevel.variance(data) > 0;
        this.names = data.names();
        List<BinaryFunction> ops = primitives.binaries();
        this.canAdd = ops.contains(BinaryOp.ADD) || ops.contains(BinaryOp.SUB);
        this.canDivide = ops.contains(BinaryOp.DIV);
        boolean canMultiply = ops.contains(BinaryOp.MUL);
        List<Expr> basis = new ArrayList<>();
        basis.add(new Const(1));
        List<Expr> functions = new ArrayList<>();
        List<Integer> functionInput = new ArrayList<>();
        for (UnaryFunction f : primitives.functions()) {
            if (f == UnaryOp.NEG) {
                continue;
            }
            for (int j = 0; j < names.size(); j++) {
                Expr t = new Unary(f, new Var(names.get(j)));
                if (!Singularities.inside(t, fitRows)) {
                    functions.add(t);
                    functionInput.add(j);
                }
            }
        }
        int degree = canMultiply ? degreeFor(names.size(), MAX_MONOMIALS, MAX_DEGREE) : 1;
        basis.addAll(monomials(names, 1, degree));
        this.functionsStart = basis.size();
        basis.addAll(functions);
        this.functionsEnd = basis.size();
        PowerLaw fit = PowerLaw.fit(fitRows);
        this.powerLawFit = fit;
        this.powerLaw = fit == null ? null : fit.formula(names);
        Expr law = fit != null && (canMultiply || names.size() == 1) ? fit.roundedTerm(names) : null;
        if (law != null && !basis.contains(law)) {
            basis.add(law);
        }
        this.fixedBasis = List.copyOf(basis);
        List<Expr> inter = new ArrayList<>();
        inter.add(new Const(1));
        for (String v : names) {
            inter.add(new Var(v));
        }
        inter.addAll(functions);
        int simple = inter.size();
        if (canMultiply) {
            for (String v : names) {
                for (Expr f : functions) {
                    inter.add(Expr.mul(new Var(v), f));
                }
            }
        }
        int products = inter.size();
        if (canMultiply) {
            for (int a = 0; a < functions.size(); a++) {
                for (int b = a + 1; b < functions.size(); b++) {
                    if (!functionInput.get(a).equals(functionInput.get(b)) || names.size() == 1) {
                        inter.add(Expr.mul(functions.get(a), functions.get(b)));
                    }
                }
            }
        }
        int cap = INTERACTION_BASIS_FACTOR * settings.maxBasis() + 1;
        this.interactions = canMultiply && settings.interactions()
                ? List.copyOf(inter.subList(0, Math.min(cap, inter.size()))) : List.of();
        this.interactionGroups = new int[] {simple, products, interactions.size()};
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
        Objects.requireNonNull(seeds, "seeds");
        Objects.requireNonNull(stop, "stop");
        Objects.requireNonNull(sink, "sink");
        if (!canAdd) {
            return;
        }
        Set<Expr> seedTerms = new LinkedHashSet<>();
        for (Expr s : noisy ? List.<Expr>of() : seeds.subList(0, Math.min(seeds.size(), MAX_SEEDS))) {
            splitTerms(s, seedTerms);
        }
        seedTerms.removeAll(fixedBasis);
        boolean first = !firstRunDone;
        if (!first && seedTerms.equals(lastSeedTerms)) {
            return;
        }
        firstRunDone = true;
        lastSeedTerms = seedTerms;
        List<Expr> basis = new ArrayList<>(fixedBasis);
        for (Expr t : seedTerms) {
            if (basis.size() >= settings.maxBasis() + 1) {
                break;
            }
            if (!Singularities.inside(t, fitRows)) {
                basis.add(t);
            }
        }
        if (basis.size() > settings.maxBasis() + 1) {
            basis = basis.subList(0, settings.maxBasis() + 1);
        }
        sink.accept(sums(basis, new int[] {functionsStart, functionsEnd, fixedBasis.size(), basis.size()}, stop));
        if (!first) {
            return;
        }
        if (powerLaw != null && !stop.getAsBoolean()) {
            sink.accept(List.of(finish(exact(powerLaw) || inner ? powerLaw
                    : refiner.fit(powerLaw, data, stop).expression(), stop)));
        }
        if (!interactions.isEmpty() && !stop.getAsBoolean()) {
            sink.accept(sums(interactions, interactionGroups, stop));
        }
        if (canDivide && names.size() <= MAX_RATIONAL_FEATURES && !stop.getAsBoolean()) {
            sink.accept(ratios(stop));
        }
        if (settings.transforms() && role != Role.TRANSFORMED) {
            transformed(stop, sink);
        }
        if (settings.transforms() && role == Role.SEARCH && !stop.getAsBoolean()) {
            sink.accept(separated(stop));
        }
    }

    /**
     * The first run's candidates for each transformed target ({@link TargetTransform}) the library can invert, read
     * back on the target's scale ({@link #kept}).
     */
    private void transformed(BooleanSupplier stop, Consumer<List<Expr>> sink) {
        double[] y = data.y();
        double sign = TargetTransform.sign(y);
        for (TargetTransform h : TargetTransform.values()) {
            if (stop.getAsBoolean()) {
                break;
            }
            if (!h.available(primitives) || !h.applies(y)) {
                continue;
            }
            double[] z = h.apply(y);
            if (!Arrays.stream(z).allMatch(Double::isFinite) || !(Metrics.variance(z) > 0)) {
                continue;
            }
            List<Expr> back = new ArrayList<>();
            Dataset derived = data.withTarget(z);
            List<Expr> fits = new TermRegression(derived, primitives, settings, Role.TRANSFORMED, local())
                    .run(List.of(), stop);
            for (Expr t : fits) {
                back.add(h.inverse(t, sign, data));
            }
            sink.accept(kept(back, fits, derived, stop));
        }
    }

    /**
     * Laws that are a power of some inputs times a function of the others ({@code q*Ef/(m*(w0^2 - w^2))},
     * {@code m*sqrt(x^2 + y^2 + z^2)}): the target divided by the power-law factor of the inputs whose fitted
     * exponents are within {@value #SEPARABLE_EXPONENT} of a half-integer (the factor of such a law is fitted with
     * its own exponents, the others' are blurred by the rest), fitted with every family but this one, and multiplied
     * back ({@link #kept}).
     */
    private List<Expr> separated(BooleanSupplier stop) {
        if (powerLawFit == null || names.size() < 2 || stop.getAsBoolean()) {
            return List.of();
        }
        Expr factor = powerLawFit.cleanFactor(names, SEPARABLE_EXPONENT);
        if (factor == null) {
            return List.of();
        }
        double[] f = Evaluator.evaluate(factor, data);
        double[] z = new double[f.length];
        for (int i = 0; i < z.length; i++) {
            z[i] = data.y()[i] / f[i];
        }
        if (!Arrays.stream(z).allMatch(Double::isFinite) || !(Metrics.variance(z) > 0)) {
            return List.of();
        }
        List<Expr> back = new ArrayList<>();
        Dataset derived = data.withTarget(z);
        List<Expr> fits = new TermRegression(derived, primitives, settings, Role.FACTOR, local()).run(List.of(), stop);
        for (Expr t : fits) {
            back.add(Expr.mul(factor, t));
        }
        return kept(back, fits, derived, stop);
    }

    /**
     * Of the candidates of a derived target read back on the target's scale (or with inner constants to refine):
     * those exact there, finished, and the {@value #REFINED_PER_TRANSFORM} others of the lowest BIC (few constants
     * for their error: a small sum whose inner constants are off beats a large one that curve-fits) refined by
     * Levenberg-Marquardt on the target itself, with the {@value #REFINED_SMALLEST} smallest and, on noisy data, the
     * (at most {@value #REFINED_NOISE_LIKE}, simplest first) whose residual looks like noise ({@link #noiseLike}) on
     * the derived target ({@code fits} on {@code derived}, one per candidate) or on the target; all of them as they
     * are in a derived fit.
     *
     * <p>Why the last: on noisy data no read-back is exact, and a law read back from a derived fit (the ratio of
     * {@code y^2} behind {@code m/sqrt(1 - v^2/c^2)}) is then rarely among the few of lowest BIC, where curve fits of
     * many small terms crowd it out; its residual on the derived target is the noise (transformed), which the
     * lack-of-fit test tells from a curve fit's smooth residual. On noise-free data a fit that is not exact has a
     * smooth residual and is not taken (measured on 99 Feynman laws: a global cubic's residual failed the test on all
     * of them, the true law's residual with noise passed on all of them).
     */
    private List<Expr> kept(List<Expr> candidates, List<Expr> fits, Dataset derived, BooleanSupplier stop) {
        if (inner) {
            return candidates;
        }
        double[] y = data.y();
        double variance = Metrics.variance(data);
        List<Expr> out = new ArrayList<>();
        List<Expr> near = new ArrayList<>();
        List<Double> score = new ArrayList<>();
        List<Integer> noiseLike = new ArrayList<>();
        int n = y.length;
        for (int i = 0; i < candidates.size(); i++) {
            Expr e = candidates.get(i);
            double mse = Metrics.mse(Evaluator.evaluate(e, data), data);
            if (!Double.isFinite(mse)) {
                continue;
            }
            if (mse <= EXACT_NMSE * variance) {
                out.add(finish(e, stop));
            } else {
                int[] constants = {0};
                e.forEach(node -> constants[0] += node instanceof Const ? 1 : 0);
                if (noiseLike(fits.get(i), derived) || noiseLike(e, data)) {
                    noiseLike.add(near.size());
                }
                near.add(e);
                score.add(n * Math.log(mse / variance) + constants[0] * Math.log(n));
            }
        }
        Integer[] order = new Integer[near.size()];
        Arrays.setAll(order, k -> k);
        Arrays.sort(order, (a, b) -> Double.compare(score.get(a), score.get(b)));
        Set<Integer> refined = new LinkedHashSet<>();
        for (int k = 0; k < Math.min(REFINED_PER_TRANSFORM, order.length); k++) {
            refined.add(order[k]);
        }
        // and the smallest: a law's few terms whose constants a refit on the target's scale may still set right
        Arrays.sort(order, (a, b) -> Integer.compare(near.get(a).complexity(), near.get(b).complexity()));
        for (int k = 0; k < Math.min(REFINED_SMALLEST, order.length); k++) {
            refined.add(order[k]);
        }
        noiseLike.sort((a, b) -> Integer.compare(near.get(a).complexity(), near.get(b).complexity()));
        refined.addAll(noiseLike.subList(0, Math.min(REFINED_NOISE_LIKE, noiseLike.size())));
        for (int k : refined) {
            if (stop.getAsBoolean()) {
                break;
            }
            out.add(finish(refiner.fit(near.get(k), data, stop).expression(), stop));
        }
        return out;
    }

    /** One candidate per path subset: the sums of basis terms with least-squares coefficients. */
    private List<Expr> sums(List<Expr> basis, int[] groups, BooleanSupplier stop) {
        // weighted least squares: every row (columns and target) times the square root of its weight
        double[] rootFit = rootWeights(fitRows);
        double[] rootAll = rootWeights(data);
        double[][] cols = columns(basis, fitRows);
        for (int k = 0; k < cols.length; k++) {
            cols[k] = scaled(cols[k], rootFit);
        }
        double[] y = scaled(fitRows.y(), rootFit);
        double[] yAll = fitRows == data ? y : scaled(data.y(), rootAll);
        int[] kept = SparsePath.independent(cols, cols.length);
        List<Expr> out = new ArrayList<>();
        Map<Expr, double[]> allRows = new HashMap<>();
        for (int[] subset : subsets(cols, y, kept, groups)) {
            if (stop.getAsBoolean()) {
                break;
            }
            List<Expr> terms = new ArrayList<>();
            for (int k : subset) {
                terms.add(basis.get(k));
            }
            double[][] full = new double[terms.size()][];
            for (int k = 0; k < full.length; k++) {
                full[k] = fitRows == data ? cols[subset[k]]
                        : allRows.computeIfAbsent(terms.get(k), t -> scaled(Evaluator.evaluate(t, data), rootAll));
            }
            int[] all = new int[full.length];
            Arrays.setAll(all, k -> k);
            double[] c = SparsePath.fit(full, all, yAll);
            if (c != null) {
                out.add(finish(linearCombination(terms, c), stop));
            }
        }
        return out;
    }

    /**
     * Ratios of polynomials {@code P/(m + Q)}, from the linearised fit {@code y*m = P - y*Q}, where the pivot
     * {@code m}, the denominator's term of coefficient 1, is the constant (the ratios refined when not exact) or,
     * for laws whose denominator has no constant ({@code (a*x + b*y)/(x + y)}), one of the denominator's monomials
     * of degree 1 or 2 (only the exact ratios kept: a pivot's linearisation weighs the rows by it).
     */
    private List<Expr> ratios(BooleanSupplier stop) {
        int d = names.size();
        int dp = degreeFor(d, MAX_NUMERATOR_TERMS - 1, MAX_NUMERATOR_DEGREE);
        int dq = Math.min(dp, degreeFor(d, MAX_DENOMINATOR_TERMS, MAX_DENOMINATOR_DEGREE));
        if (dq < 1) {
            return List.of();
        }
        List<Expr> numerator = new ArrayList<>();
        numerator.add(new Const(1));
        numerator.addAll(monomials(names, 1, dp));
        List<Expr> denominator = new ArrayList<>();
        denominator.add(new Const(1));
        denominator.addAll(monomials(names, 1, dq));
        int pivots = Math.min(denominator.size(), 1 + (int) monomialCount(d, Math.min(dq, MAX_PIVOT_DEGREE)));
        double[][] numeratorCols = columns(numerator, fitRows);
        double[][] denominatorCols = columns(denominator, fitRows);
        List<Expr> out = new ArrayList<>();
        for (int pivot = 0; pivot < pivots && !stop.getAsBoolean(); pivot++) {
            out.addAll(ratios(numerator, numeratorCols, denominator, denominatorCols, pivot, stop));
        }
        return out;
    }

    /** The ratios with one pivot ({@link #ratios(BooleanSupplier)}). */
    private List<Expr> ratios(List<Expr> numerator, double[][] numeratorCols, List<Expr> denominator,
                              double[][] denominatorCols, int pivot, BooleanSupplier stop) {
        double[] y = fitRows.y();
        List<Expr> all = new ArrayList<>(numerator);
        List<double[]> colList = new ArrayList<>(Arrays.asList(numeratorCols));
        for (int k = 0; k < denominator.size(); k++) {
            if (k == pivot) {
                continue;
            }
            all.add(denominator.get(k));
            double[] c = new double[y.length];
            for (int i = 0; i < y.length; i++) {
                c[i] = -y[i] * denominatorCols[k][i];
            }
            colList.add(c);
        }
        double[][] cols = colList.toArray(new double[0][]);
        double[] target = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            target[i] = y[i] * denominatorCols[pivot][i];
        }
        double[] root = rootWeights(fitRows);
        if (root != null) {
            // weighted least squares of the linearised rows
            for (int k = 0; k < cols.length; k++) {
                cols[k] = scaled(cols[k], root);
            }
            target = scaled(target, root);
        }
        int[] kept = SparsePath.independent(cols, cols.length);
        List<Expr> out = new ArrayList<>();
        List<Expr> noisy = new ArrayList<>();
        for (int[] subset : subsets(cols, target, kept, new int[] {cols.length})) {
            if (stop.getAsBoolean()) {
                break;
            }
            if (pivot == 0 && subset[subset.length - 1] < numerator.size()) {
                continue; // no denominator term: a polynomial, a candidate of the sums already
            }
            double[] c = SparsePath.fit(cols, subset, target);
            if (c == null) {
                continue;
            }
            List<Expr> pTerms = new ArrayList<>();
            List<Double> pCoef = new ArrayList<>();
            List<Expr> qTerms = new ArrayList<>();
            List<Double> qCoef = new ArrayList<>();
            qTerms.add(denominator.get(pivot));
            qCoef.add(1.0);
            for (int k = 0; k < subset.length; k++) {
                if (subset[k] < numerator.size()) {
                    pTerms.add(all.get(subset[k]));
                    pCoef.add(c[k]);
                } else {
                    qTerms.add(all.get(subset[k]));
                    qCoef.add(c[k]);
                }
            }
            if (pTerms.isEmpty()) {
                continue;
            }
            Expr ratio = Simplifier.simplify(
                    Expr.div(linearCombination(pTerms, unbox(pCoef)), linearCombination(qTerms, unbox(qCoef))));
            if (exact(ratio) || inner && pivot == 0) {
                out.add(finish(ratio, stop));
            } else if (pivot == 0) {
                out.add(finish(unitDenominator(refiner.fit(ratio, data, stop).expression()), stop));
            } else if (noiseLike(ratio, data)) {
                noisy.add(ratio);
            }
        }
        // on noisy data: a law's ratio whose denominator has no constant, as exact as the noise lets it be; the
        // simplest few (on noisy data many curve fits pass too, each refinement costs a Levenberg-Marquardt fit)
        noisy.sort((a, b) -> Integer.compare(a.complexity(), b.complexity()));
        for (Expr ratio : noisy.subList(0, Math.min(NOISE_LIKE_PER_PIVOT, noisy.size()))) {
            if (stop.getAsBoolean()) {
                break;
            }
            out.add(finish(inner ? ratio : refiner.fit(ratio, data, stop).expression(), stop));
        }
        return out;
    }

    /**
     * A refined ratio with its denominator's constant term scaled back to 1: the refinement moves numerator and
     * denominator together along the direction that changes nothing (their common scale), which only spoils the
     * reading. The formula itself when it is not a ratio or its denominator has no constant term.
     */
    static Expr unitDenominator(Expr e) {
        Expr s = Simplifier.simplify(e);
        if (!(s instanceof Binary b) || b.op() != BinaryOp.DIV) {
            return s;
        }
        double c = constantTerm(b.right());
        if (!(c != 0) || !Double.isFinite(c) || !Double.isFinite(1 / c)) {
            return s;
        }
        return Simplifier.simplify(Expr.div(Expr.mul(new Const(1 / c), b.left()),
                Expr.mul(new Const(1 / c), b.right())));
    }

    /** The constant term of a sum (0 when it has none). */
    private static double constantTerm(Expr e) {
        if (e instanceof Const k) {
            return k.value();
        }
        if (e instanceof Binary b && (b.op() == BinaryOp.ADD || b.op() == BinaryOp.SUB)) {
            double r = constantTerm(b.right());
            return constantTerm(b.left()) + (b.op() == BinaryOp.ADD ? r : -r);
        }
        return 0;
    }

    /**
     * The subsets with at most {@code maxTerms} columns, each once, in path order: of forward selection over all the
     * columns {@code kept} (independent), then of backward elimination from all of them and from the constant
     * (column 0) with each group of columns alone (independent among themselves: a function of an input that the
     * many monomials nearly span is still weighed against the other functions) ({@code groupEnds}: the exclusive end
     * of each group, the first starting at 1), so that
     * terms of one kind are weighed together even when the columns of all kinds outnumber the rows. Where a set has
     * too many columns for the rows, backward elimination starts from forward selection's subset of half the rows.
     */
    private List<int[]> subsets(double[][] cols, double[] y, int[] kept, int[] groupEnds) {
        Map<String, int[]> unique = new LinkedHashMap<>();
        if (kept.length == 0) {
            return List.of();
        }
        double penalty = termPenalty(y.length, kept.length);
        for (int[] s : worthwhile(cols, y, SparsePath.forward(cols, y, kept, settings.maxTerms()), penalty)) {
            unique.putIfAbsent(Arrays.toString(s), s);
        }
        List<int[]> starts = new ArrayList<>();
        starts.add(kept);
        int from = 1;
        for (int groupEnd : groupEnds) {
            int end = Math.min(groupEnd, cols.length); // the basis may have been cut at maxBasis
            if (end - from >= 1 && end - from < cols.length - 1) {
                // the constant and the group's columns, independent among themselves
                double[][] own = new double[end - from + 1][];
                own[0] = cols[0];
                System.arraycopy(cols, from, own, 1, end - from);
                int shift = from - 1;
                int[] group = Arrays.stream(SparsePath.independent(own, own.length))
                        .map(k -> k == 0 ? 0 : k + shift).toArray();
                if (group.length > 1) {
                    starts.add(group);
                }
            }
            from = end;
        }
        int room = Math.max(1, y.length / 2);
        for (int[] start : starts) {
            int[] first = start;
            if (first.length >= y.length) {
                List<int[]> f = SparsePath.forward(cols, y, start, Math.min(room, start.length));
                if (f.isEmpty()) {
                    continue;
                }
                first = f.get(f.size() - 1);
            }
            List<int[]> path = new ArrayList<>();
            for (int[] s : SparsePath.backward(cols, y, first)) {
                if (s.length <= settings.maxTerms()) {
                    path.add(0, s); // by increasing size
                }
            }
            for (int[] s : worthwhile(cols, y, path, penalty)) {
                unique.putIfAbsent(Arrays.toString(s), s);
            }
        }
        return new ArrayList<>(unique.values());
    }

    /**
     * The penalty per term of the path's criterion: BIC's {@code ln n}, or the risk inflation criterion's
     * {@code 2 ln p} when {@code p} candidate columns were searched (Foster and George 1994): the best of many columns
     * lowers the error of pure noise by about {@code 2 ln p} in {@code n ln(RSS)}, so a term must do better than that.
     */
    static double termPenalty(int rows, int columns) {
        return Math.max(Math.log(rows), 2 * Math.log(Math.max(columns, 2)));
    }

    /**
     * The subsets of a path (by increasing size) up to the one that minimises {@code n ln(RSS/n) + k * penalty}: a
     * larger subset lowers the error by less than its terms cost, the noise's share, and is left out. Exact fits are
     * floored at {@value #EXACT_NMSE} of the target's sum of squares, so round-off does not pay for a term.
     */
    static List<int[]> worthwhile(double[][] cols, double[] y, List<int[]> path, double penalty) {
        int n = y.length;
        double floor = Math.max(EXACT_NMSE * Metrics.variance(y) * n, Double.MIN_NORMAL);
        int best = -1;
        double bestCrit = Double.POSITIVE_INFINITY;
        for (int i = 0; i < path.size(); i++) {
            int[] subset = path.get(i);
            double[] c = SparsePath.fit(cols, subset, y);
            if (c == null) {
                continue;
            }
            double rss = 0;
            for (int r = 0; r < n; r++) {
                double p = 0;
                for (int k = 0; k < subset.length; k++) {
                    p += c[k] * cols[subset[k]][r];
                }
                rss += (y[r] - p) * (y[r] - p);
            }
            double crit = n * Math.log(Math.max(rss, floor) / n) + subset.length * penalty;
            if (crit < bestCrit) {
                bestCrit = crit;
                best = i;
            }
        }
        return path.subList(0, best + 1);
    }

    /**
     * Whether {@code e} fits all rows up to round-off (normalised MSE at most {@value #EXACT_NMSE}): then a
     * refinement could only move the constants along directions that change nothing (a ratio's common scale) and
     * spoil their reading.
     */
    private boolean exact(Expr e) {
        return Metrics.mse(Evaluator.evaluate(e, data), data) <= EXACT_NMSE * Metrics.variance(data);
    }

    /**
     * Whether {@code e}'s residual on {@code rows} looks like noise rather than a curve fit's smooth error: the
     * lack-of-fit test of {@link NoiseLevel#ofResidual}, which
     * lets a family whose members are kept only when exact keep a law on noisy data, where nothing is exact (a
     * residual not finite everywhere is not noise).
     */
    private boolean noiseLike(Expr e, Dataset rows) {
        return NoiseLevel.ofResidual(local(), Evaluator.residual(e, rows), rows) > 0;
    }

    private LocalDifferences local() {
        if (local == null) {
            local = LocalDifferences.of(data);
        }
        return local;
    }

    /** Simplified, polished, simplified again. */
    private Expr finish(Expr e, BooleanSupplier stop) {
        Expr s = Simplifier.simplify(e);
        if (inner) {
            return s;
        }
        return Simplifier.simplify(polisher.polish(s, data, stop));
    }

    /**
     * The power law through the rows, {@code c * prod x_j^a_j} over the inputs of one sign, fitted as a linear
     * function of the logs.
     *
     * @param inputs    the inputs of one sign, by index
     * @param exponents their exponents as fitted
     * @param factor    {@code c}, with the target's sign
     */
    private record PowerLaw(List<Integer> inputs, double[] exponents, double factor) {

        /**
         * The fit on the rows; null when the target changes sign or is 0 somewhere, no input keeps one sign, or the
         * log-log fit explains less than {@value TermRegression#POWER_LAW_R2} of the variance of log|y|.
         */
        static PowerLaw fit(Dataset rows) {
            double[] y = rows.y();
            int n = y.length;
            double sign = Math.signum(y[0]);
            if (sign == 0) {
                return null;
            }
            double[] logY = new double[n];
            for (int i = 0; i < n; i++) {
                if (Math.signum(y[i]) != sign) {
                    return null;
                }
                logY[i] = Math.log(Math.abs(y[i]));
            }
            List<Integer> inputs = new ArrayList<>();
            List<double[]> cols = new ArrayList<>();
            double[] ones = new double[n];
            Arrays.fill(ones, 1);
            cols.add(ones);
            for (int j = 0; j < rows.features(); j++) {
                double[] x = rows.column(j);
                double s = Math.signum(x[0]);
                double[] lx = new double[n];
                boolean oneSign = s != 0;
                for (int i = 0; i < n && oneSign; i++) {
                    oneSign = Math.signum(x[i]) == s;
                    lx[i] = Math.log(Math.abs(x[i]));
                }
                if (oneSign) {
                    inputs.add(j);
                    cols.add(lx);
                }
            }
            if (inputs.isEmpty() || n <= cols.size()) {
                return null;
            }
            double[][] c = cols.toArray(new double[0][]);
            int[] all = SparsePath.independent(c, c.length);
            if (all.length != c.length) {
                return null;
            }
            double[] root = rootWeights(rows);
            double[] b;
            if (root == null) {
                b = SparsePath.fit(c, all, logY);
            } else {
                double[][] sc = new double[c.length][];
                for (int k = 0; k < c.length; k++) {
                    sc[k] = scaled(c[k], root);
                }
                b = SparsePath.fit(sc, all, scaled(logY, root));
            }
            if (b == null || !(Metrics.variance(logY) > 0)) {
                return null;
            }
            double[] fitted = new double[n];
            for (int i = 0; i < n; i++) {
                for (int k = 0; k < b.length; k++) {
                    fitted[i] += b[k] * c[k][i];
                }
            }
            if (Metrics.r2(fitted, logY, rows.weights()) < POWER_LAW_R2) {
                return null;
            }
            return new PowerLaw(inputs, Arrays.copyOfRange(b, 1, b.length), sign * Math.exp(b[0]));
        }

        /** {@code c * prod x_j^a_j} with the exponents as fitted; null when all are 0. */
        Expr formula(List<String> names) {
            Expr term = product(names, false);
            return term == null ? null : Expr.mul(new Const(factor), term);
        }

        /**
         * {@code prod x_j^a_j} over the inputs whose exponent is within {@code tolerance} of a non-zero half-integer,
         * rounded; null when there is none, or when every input is one (the power law itself).
         */
        Expr cleanFactor(List<String> names, double tolerance) {
            Expr term = null;
            int count = 0;
            for (int k = 0; k < inputs.size(); k++) {
                double a = Math.rint(2 * exponents[k]) / 2;
                if (a == 0 || Math.abs(a - exponents[k]) > tolerance) {
                    continue;
                }
                count++;
                Var x = new Var(names.get(inputs.get(k)));
                Expr f = a == 1 ? x : Expr.pow(x, new Const(a));
                term = term == null ? f : Expr.mul(term, f);
            }
            return count == 0 || count == names.size() ? null : Simplifier.simplify(term);
        }

        /** The term alone, {@code prod x_j^a_j}, exponents rounded to halves, simplified; null when all are 0. */
        Expr roundedTerm(List<String> names) {
            Expr term = product(names, true);
            return term == null ? null : Simplifier.simplify(term);
        }

        private Expr product(List<String> names, boolean rounded) {
            Expr term = null;
            for (int k = 0; k < inputs.size(); k++) {
                double a = rounded ? Math.rint(2 * exponents[k]) / 2 : exponents[k];
                if (a == 0) {
                    continue;
                }
                Expr f = Expr.pow(new Var(names.get(inputs.get(k))), new Const(a));
                term = term == null ? f : Expr.mul(term, f);
            }
            return term;
        }
    }

    /** The terms of a sum, each without its numeric coefficient, added to {@code out} when small and not constant. */
    static void splitTerms(Expr e, Set<Expr> out) {
        if (e instanceof Binary b && (b.op() == BinaryOp.ADD || b.op() == BinaryOp.SUB)) {
            splitTerms(b.left(), out);
            splitTerms(b.right(), out);
            return;
        }
        if (e instanceof Unary u && u.op() == UnaryOp.NEG) {
            splitTerms(u.arg(), out);
            return;
        }
        Expr t = withoutCoefficient(e);
        if (t != null && t.complexity() <= MAX_SEED_TERM_SIZE && !t.variables().isEmpty()) {
            out.add(t);
        }
    }

    private static Expr withoutCoefficient(Expr e) {
        if (e instanceof Const) {
            return null;
        }
        if (e instanceof Binary b && b.op() == BinaryOp.MUL) {
            if (b.left() instanceof Const) {
                return withoutCoefficient(b.right());
            }
            if (b.right() instanceof Const) {
                return withoutCoefficient(b.left());
            }
        }
        if (e instanceof Binary b && b.op() == BinaryOp.DIV && b.right() instanceof Const) {
            return withoutCoefficient(b.left());
        }
        if (e instanceof Unary u && u.op() == UnaryOp.NEG) {
            return withoutCoefficient(u.arg());
        }
        return e;
    }

    /** The highest degree at most {@code maxDegree} whose monomials of degree 1..D number at most {@code budget}. */
    static int degreeFor(int features, int budget, int maxDegree) {
        int best = 0;
        for (int deg = 1; deg <= maxDegree; deg++) {
            if (monomialCount(features, deg) > budget) {
                break;
            }
            best = deg;
        }
        return best;
    }

    /** Monomials of degree 1..D in {@code d} variables: C(D + d, d) - 1. */
    static long monomialCount(int d, int degree) {
        long c = 1;
        for (int k = 1; k <= d; k++) {
            c = c * (degree + k) / k;
            if (c > Integer.MAX_VALUE) {
                return Integer.MAX_VALUE;
            }
        }
        return c - 1;
    }

    /** The monomials of total degree {@code from}..{@code to}, by degree, then with the earlier variables first. */
    static List<Expr> monomials(List<String> vars, int from, int to) {
        List<Expr> out = new ArrayList<>();
        for (int deg = from; deg <= to; deg++) {
            exponents(vars.size(), deg, 0, new int[vars.size()], vars, out);
        }
        return out;
    }

    private static void exponents(int d, int left, int j, int[] e, List<String> vars, List<Expr> out) {
        if (j == d - 1) {
            e[j] = left;
            Expr m = null;
            for (int k = 0; k < d; k++) {
                if (e[k] == 0) {
                    continue;
                }
                Expr f = e[k] == 1 ? new Var(vars.get(k)) : Expr.pow(new Var(vars.get(k)), new Const(e[k]));
                m = m == null ? f : Expr.mul(m, f);
            }
            out.add(m);
            return;
        }
        for (int p = left; p >= 0; p--) {
            e[j] = p;
            exponents(d, left - p, j + 1, e, vars, out);
        }
    }

    private double[][] columns(List<Expr> terms, Dataset rows) {
        double[][] cols = new double[terms.size()][];
        for (int k = 0; k < cols.length; k++) {
            cols[k] = Evaluator.evaluate(terms.get(k), rows);
        }
        return cols;
    }

    /** The square roots of the rows' weights, null when unweighted. */
    static double[] rootWeights(Dataset rows) {
        double[] w = rows.weights();
        if (w == null) {
            return null;
        }
        double[] r = new double[w.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = Math.sqrt(w[i]);
        }
        return r;
    }

    /** {@code v} times {@code root} row by row (a new array); {@code v} itself for null {@code root}. */
    static double[] scaled(double[] v, double[] root) {
        if (root == null) {
            return v;
        }
        double[] out = new double[v.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = v[i] * root[i];
        }
        return out;
    }

    private static Expr linearCombination(List<Expr> terms, double[] c) {
        Expr sum = null;
        for (int k = 0; k < terms.size(); k++) {
            Expr t = terms.get(k) instanceof Const one && one.value() == 1 ? new Const(c[k])
                    : Expr.mul(new Const(c[k]), terms.get(k));
            sum = sum == null ? t : Expr.add(sum, t);
        }
        return sum;
    }

    private static double[] unbox(List<Double> l) {
        double[] a = new double[l.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = l.get(i);
        }
        return a;
    }
}
