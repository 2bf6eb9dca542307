/**
 * Sparse term regression, the search's third source of formulas beside the networks and the GP: formulas linear in
 * their coefficients (sums of monomials, functions of the inputs, a power law and the terms of the search's own
 * formulas) and ratios of polynomials, fitted by linear least squares with the terms chosen by greedy path
 * algorithms. {@link dysymnet.terms.TermRegression} is the stage (its runs and the overview),
 * {@link dysymnet.terms.TermSettings} its settings group; inside the package {@code TermBasis} holds the basis,
 * {@code PowerLaw} the power law, {@code SubsetSelection} the subsets and the weighted least squares (with
 * {@code SparsePath}'s numerics), {@code TermFitter} the fits of one target column, {@code Ratios} the ratios of
 * polynomials and {@code DerivedTargets} the transformed targets ({@code TargetTransform}) and separable factors.
 * It uses {@code expr}, {@code fit} and {@code gp} (for the library's primitives) and is used by {@code search}.
 */
package dysymnet.terms;
