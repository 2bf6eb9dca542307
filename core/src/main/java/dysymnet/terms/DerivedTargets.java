package dysymnet.terms;

import dysymnet.data.Dataset;
import dysymnet.data.Metrics;
import dysymnet.expr.Const;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.gp.Primitives;
import dysymnet.units.PiGroups;
import dysymnet.units.PowerMerge;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The first run's fits of targets derived from the search's target, each fitted by a {@link TermFitter} of its own
 * in {@link TermFitter#fitOnly fit-only} mode (every family of the target's: the sums of the basis, the power law,
 * the interactions, the ratios) and read back on the target's scale:
 * <ul>
 *   <li><em>transformed targets</em> ({@link TargetTransform}, {@link TermSettings#transforms()}): the same fits of
 *       {@code log|y|}, {@code 1/y}, {@code y^2}, {@code exp(y)} or {@code sin(y)} where the transform is one-to-one on
 *       the targets and the library can write its inverse, read back as {@code exp(fit)}, {@code 1/fit},
 *       {@code sqrt(fit)}, ...: {@code exp(-x^2/2)/sqrt(2*pi)}, {@code x^y = exp(y*log(x))},
 *       {@code log(x + 1) + log(x^2 + 1) = log(x^3 + x^2 + x + 1)}, {@code m/sqrt(1 - v^2/c^2)}
 *       ({@link #transformed});</li>
 *   <li><em>separable power factors</em> ({@link #separated}): the target divided by a power of the inputs that enter
 *       it as a power, fitted with every family and the transforms of its own;</li>
 *   <li>with units given, the <em>dimensionless reduction</em> ({@link #dimensionless}, Buckingham's Pi theorem,
 *       {@link PiGroups}): the target divided by a product of inputs with its unit, fitted as a function of the
 *       inputs' dimensionless products with every family and the transforms of its own, read back by writing each
 *       group out and multiplying by the factor.</li>
 * </ul>
 * Those exact on the target's scale are candidates; of the others the {@value #REFINED_PER_TRANSFORM} most accurate of
 * each derived target, the smallest and, on noisy data, those whose residual looks like noise are refined on the
 * target itself ({@link #kept}). The fits of a derived target are not themselves refined or polished (they would be
 * on the wrong scale), and a derived target is not derived from again, except that the separable factors' quotient
 * has its transforms fitted (read back onto the quotient, then multiplied by the factor).
 */
final class DerivedTargets {
    /** Smallest candidates of a derived target refined besides those of lowest BIC ({@link #kept}). */
    static final int REFINED_SMALLEST = 4;
    /** A power-law exponent within this of a half-integer marks its input as a separable factor. */
    static final double SEPARABLE_EXPONENT = 0.05;
    /** Candidates of each target transform refined on the target's own scale when not exact, the most accurate. */
    static final int REFINED_PER_TRANSFORM = 2;
    /** Candidates of a derived target whose residual looks like noise refined at most, the simplest. */
    static final int REFINED_NOISE_LIKE = 6;

    /** The search's target: finishes and refines the candidates read back onto it. */
    private final TermFitter target;
    private final Primitives primitives;
    private final TermSettings settings;
    /** The factor and dimensionless groups of the inputs' units, or null (no units, or no reduction). */
    private final PiGroups pi;

    /**
     * A derived target's fits read back on the scale of the target it was derived from.
     *
     * @param candidates the fits read back, one per fit
     * @param fits       the fits of the derived target
     * @param data       the derived target's data
     */
    private record Derived(List<Expr> candidates, List<Expr> fits, Dataset data) {
    }

    /**
     * @param target the search's target's fits (in {@link TermFitter#finishing} mode)
     * @param pi     the inputs' factor and dimensionless groups ({@link PiGroups#of}), or null for none
     */
    DerivedTargets(TermFitter target, Primitives primitives, TermSettings settings, PiGroups pi) {
        this.target = target;
        this.primitives = primitives;
        this.settings = settings;
        this.pi = pi;
    }

    /** Whether there is a dimensionless reduction to fit ({@link #dimensionless}). */
    boolean hasDimensionless() {
        return pi != null;
    }

    /**
     * Laws that are a product of inputs with the target's unit times a function of the inputs' dimensionless groups
     * (every consistent law is, by Buckingham's Pi theorem): the target divided by the factor, fitted with every family
     * and its transforms as a function of the groups (named {@code pi1}, {@code pi2}, ... there), each fit read back
     * by writing the groups out and multiplying by the factor ({@link #kept}). Eight inputs in five base units may
     * leave two groups: a far smaller basis, whose products and transforms reach what the inputs' cannot. Nothing
     * without units ({@link PiGroups#of} null), or when the factor or a group is not finite on a row.
     */
    List<Expr> dimensionless(BooleanSupplier stop) {
        if (pi == null || stop.getAsBoolean()) {
            return List.of();
        }
        Dataset data = target.data();
        List<Expr> fits = new ArrayList<>();
        Dataset derived = pi.groups().isEmpty() ? null : pi.reduced(data);
        if (!pi.groups().isEmpty() && derived == null) {
            return List.of(); // a group or the quotient is not finite on a row
        }
        if (derived != null && Metrics.variance(derived.y()) > 0) {
            fits.addAll(fitsWithTransforms(derived, stop));
        } else {
            // the factor alone carries the law (no group, or a constant quotient): a constant times it
            double[] z = derived != null ? derived.y() : pi.targetOverFactor(data);
            if (z == null) {
                return List.of();
            }
            fits.add(new Const(Arrays.stream(z).average().orElse(0)));
            derived = data.withTarget(z);
        }
        Set<String> positive = PowerMerge.positive(data);
        List<Expr> back = new ArrayList<>();
        for (Expr t : fits) {
            back.add(pi.written(t, positive));
        }
        return kept(new Derived(back, fits, derived), stop);
    }

    /**
     * The candidates of each transformed target ({@link TargetTransform}) the library can invert, read back on the
     * target's scale ({@link #kept}), each transform's to {@code sink} as they come.
     */
    void transformed(BooleanSupplier stop, Consumer<List<Expr>> sink) {
        transforms(target, stop, d -> sink.accept(kept(d, stop)));
    }

    /**
     * The work of {@link #transformed}, one task per transform that applies (in the same order), each giving that
     * transform's candidates read back on the target's scale: pure functions of the stop they are given, so that
     * they can run in parallel and be handed over in order.
     */
    List<Function<BooleanSupplier, List<Expr>>> transformTasks() {
        List<Function<BooleanSupplier, List<Expr>>> out = new ArrayList<>();
        for (Function<BooleanSupplier, Derived> fit : transformFits(target)) {
            out.add(stop -> kept(fit.apply(stop), stop));
        }
        return out;
    }

    /**
     * Laws that are a power of some inputs times a function of the others ({@code q*Ef/(m*(w0^2 - w^2))},
     * {@code m*sqrt(x^2 + y^2 + z^2)}): the target divided by the power-law factor of the inputs whose fitted
     * exponents are within {@value #SEPARABLE_EXPONENT} of a half-integer (the factor of such a law is fitted with
     * its own exponents, the others' are blurred by the rest), fitted with every family and its transforms but not
     * this one, and multiplied back ({@link #kept}).
     */
    List<Expr> separated(BooleanSupplier stop) {
        Dataset data = target.data();
        List<String> names = data.names();
        PowerLaw powerLawFit = target.basis().powerLawFit();
        if (powerLawFit == null || names.size() < 2 || stop.getAsBoolean()) {
            return List.of();
        }
        Expr factor = powerLawFit.cleanFactor(names, SEPARABLE_EXPONENT);
        if (factor == null) {
            return List.of();
        }
        double[] z = over(factor);
        if (z == null || !(Metrics.variance(z) > 0)) {
            return List.of();
        }
        List<Expr> back = new ArrayList<>();
        Dataset derived = data.withTarget(z);
        List<Expr> fits = fitsWithTransforms(derived, stop);
        for (Expr t : fits) {
            back.add(Expr.mul(factor, t));
        }
        return kept(new Derived(back, fits, derived), stop);
    }

    /** The target divided by {@code factor} row by row; null when a quotient is not finite. */
    private double[] over(Expr factor) {
        return PiGroups.over(target.data(), factor);
    }

    /**
     * The fits of a derived target (fit-only, every family), then those of its transforms read back onto it (refined
     * with the rest on the target's scale by {@link #kept}).
     */
    private List<Expr> fitsWithTransforms(Dataset derived, BooleanSupplier stop) {
        TermFitter fitter = TermFitter.fitOnly(derived, primitives, settings, target.local());
        List<Expr> fits = new ArrayList<>();
        fitter.fit(stop, fits::addAll);
        transforms(fitter, stop, d -> fits.addAll(d.candidates()));
        return fits;
    }

    /**
     * Each transform of {@code of}'s target that applies and that the library can invert, fitted in fit-only mode and
     * read back onto {@code of}'s target, to {@code each} as it comes; none once {@code stop} says so.
     */
    private void transforms(TermFitter of, BooleanSupplier stop, Consumer<Derived> each) {
        for (Function<BooleanSupplier, Derived> fit : transformFits(of)) {
            if (stop.getAsBoolean()) {
                break;
            }
            each.accept(fit.apply(stop));
        }
    }

    /**
     * The fits of each transform of {@code of}'s target that applies and that the library can invert, in the order
     * of {@link TargetTransform#values()}: each fitted in fit-only mode and read back onto {@code of}'s target when
     * applied to a stop.
     */
    private List<Function<BooleanSupplier, Derived>> transformFits(TermFitter of) {
        Dataset data = of.data();
        double[] y = data.y();
        double sign = TargetTransform.sign(y);
        List<Function<BooleanSupplier, Derived>> out = new ArrayList<>();
        for (TargetTransform h : TargetTransform.values()) {
            if (!h.available(primitives) || !h.applies(y)) {
                continue;
            }
            double[] z = h.apply(y);
            if (!Arrays.stream(z).allMatch(Double::isFinite) || !(Metrics.variance(z) > 0)) {
                continue;
            }
            out.add(stop -> {
                List<Expr> back = new ArrayList<>();
                Dataset derived = data.withTarget(z);
                List<Expr> fits = new ArrayList<>();
                TermFitter.fitOnly(derived, primitives, settings, of.local()).fit(stop, fits::addAll);
                for (Expr t : fits) {
                    back.add(h.inverse(t, sign, data));
                }
                return new Derived(back, fits, derived);
            });
        }
        return out;
    }

    /**
     * Of the candidates of a derived target read back on the target's scale ({@code d}; with inner constants to
     * refine): those exact there, finished, and the {@value #REFINED_PER_TRANSFORM} others of the lowest BIC (few
     * constants for their error: a small sum whose inner constants are off beats a large one that curve-fits) refined
     * by Levenberg-Marquardt on the target itself, with the {@value #REFINED_SMALLEST} smallest and, on noisy data,
     * the (at most {@value #REFINED_NOISE_LIKE}, simplest first) whose residual looks like noise
     * ({@link TermFitter#noiseLike}) on the derived target (the fit on the derived data, one per candidate) or on the
     * target.
     *
     * <p>Why the last: on noisy data no read-back is exact, and a law read back from a derived fit (the ratio of
     * {@code y^2} behind {@code m/sqrt(1 - v^2/c^2)}) is then rarely among the few of lowest BIC, where curve fits of
     * many small terms crowd it out; its residual on the derived target is the noise (transformed), which the
     * lack-of-fit test tells from a curve fit's smooth residual. On noise-free data a fit that is not exact has a
     * smooth residual and is not taken (measured on 99 Feynman laws: a global cubic's residual failed the test on all
     * of them, the true law's residual with noise passed on all of them).
     */
    private List<Expr> kept(Derived d, BooleanSupplier stop) {
        List<Expr> candidates = d.candidates();
        List<Expr> fits = d.fits();
        Dataset derived = d.data();
        Dataset data = target.data();
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
            if (mse <= TermFitter.EXACT_NMSE * variance) {
                out.add(target.finish(e, stop));
            } else {
                int[] constants = {0};
                e.forEach(node -> constants[0] += node instanceof Const ? 1 : 0);
                if (target.noiseLike(fits.get(i), derived) || target.noiseLike(e, data)) {
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
            out.add(target.finish(target.refine(near.get(k), stop), stop));
        }
        return out;
    }
}
