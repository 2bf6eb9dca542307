/**
 * Sparse term regression, the search's third source of formulas beside the networks and the GP: formulas linear in
 * their coefficients (sums of monomials, functions of the inputs, a power law and the terms of the search's own
 * formulas) and ratios of polynomials, fitted by linear least squares with the terms chosen by greedy path
 * algorithms. {@link dysymnet.terms.SparsePath} holds the numerics, {@link dysymnet.terms.TermRegression} the stage,
 * {@link dysymnet.terms.TermSettings} its settings group. It uses {@code expr}, {@code fit} and {@code gp} (for the
 * library's primitives) and is used by {@code search}.
 */
package dysymnet.terms;
