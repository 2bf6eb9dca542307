package dysymnet.terms;

import static dysymnet.terms.SubsetSelection.rootWeights;
import static dysymnet.terms.SubsetSelection.scaled;
import static dysymnet.terms.SubsetSelection.subsets;
import static dysymnet.terms.TermBasis.columns;
import static dysymnet.terms.TermBasis.degreeFor;
import static dysymnet.terms.TermBasis.linearCombination;
import static dysymnet.terms.TermBasis.monomialCount;
import static dysymnet.terms.TermBasis.monomials;

import dysymnet.data.Dataset;
import dysymnet.expr.Binary;
import dysymnet.expr.BinaryOp;
import dysymnet.expr.Const;
import dysymnet.expr.Expr;
import dysymnet.expr.Simplifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Ratios of polynomials {@code P/(m + Q)} of a {@link TermFitter}'s target, fitted when the library divides and there
 * are at most {@value #MAX_RATIONAL_FEATURES} inputs: linearised as {@code y*m = P - y*Q} (weighted like every fit
 * here), the terms chosen by {@link SubsetSelection}, with the pivot {@code m}, the denominator's term of coefficient
 * 1, either the constant (refined by Levenberg-Marquardt when not exact: the linearisation weighs the rows unevenly on
 * noisy data; {@link #unitDenominator}) or a monomial of degree 1 or 2, for denominators without a constant
 * ({@code (m1*r1 + m2*r2)/(m1 + m2)}): exact ratios only, or on noisy data the {@value #NOISE_LIKE_PER_PIVOT}
 * simplest whose residual looks like noise ({@link TermFitter#noiseLike}), refined. In a derived target's fit
 * ({@link TermFitter#fitOnly}) nothing is refined: the constant pivot's ratios and the noise-like ones are taken as
 * fitted.
 */
final class Ratios {
    /** Ratios of polynomials are fitted for at most this many inputs. */
    static final int MAX_RATIONAL_FEATURES = 5;
    /** Terms (monomials with the constant) of a ratio's numerator and of its denominator at most. */
    static final int MAX_NUMERATOR_TERMS = 35;
    static final int MAX_DENOMINATOR_TERMS = 10;
    static final int MAX_NUMERATOR_DEGREE = 6;
    static final int MAX_DENOMINATOR_DEGREE = 4;
    /** Pivots of a ratio's linearisation: the constant and the denominator's monomials up to this degree. */
    static final int MAX_PIVOT_DEGREE = 2;
    /** Ratios of a pivot other than the constant kept when not exact but noise-like at most, the simplest. */
    static final int NOISE_LIKE_PER_PIVOT = 2;

    private final TermFitter fitter;
    private final List<String> names;
    private final Dataset fitRows;
    private final int maxTerms;

    Ratios(TermFitter fitter) {
        this.fitter = fitter;
        this.names = fitter.data().names();
        this.fitRows = fitter.fitRows();
        this.maxTerms = fitter.settings().maxTerms();
    }

    /**
     * The ratios of each pivot in turn, the constant first: numerators of at most {@value #MAX_NUMERATOR_TERMS} terms
     * and degree {@value #MAX_NUMERATOR_DEGREE}, denominators of at most {@value #MAX_DENOMINATOR_TERMS} monomials and
     * degree {@value #MAX_DENOMINATOR_DEGREE}, pivots up to degree {@value #MAX_PIVOT_DEGREE} (only the exact ratios
     * kept for those, or the noise-like: a pivot's linearisation weighs the rows by it).
     */
    List<Expr> fit(BooleanSupplier stop) {
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
            out.addAll(withPivot(numerator, numeratorCols, denominator, denominatorCols, pivot, stop));
        }
        return out;
    }

    /** The ratios with one pivot ({@link #fit}). */
    private List<Expr> withPivot(List<Expr> numerator, double[][] numeratorCols, List<Expr> denominator,
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
        for (int[] subset : subsets(cols, target, kept, new int[] {cols.length}, maxTerms, null)) {
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
            if (fitter.exact(ratio) || fitter.isFitOnly() && pivot == 0) {
                out.add(fitter.finish(ratio, stop));
            } else if (pivot == 0) {
                out.add(fitter.finish(unitDenominator(fitter.refine(ratio, stop)), stop));
            } else if (fitter.noiseLike(ratio, fitter.data())) {
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
            out.add(fitter.finish(fitter.isFitOnly() ? ratio : fitter.refine(ratio, stop), stop));
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

    private static double[] unbox(List<Double> l) {
        double[] a = new double[l.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = l.get(i);
        }
        return a;
    }
}
