/**
 * Fitting the constants of a fixed formula to data: the refiners ({@link dysymnet.fit.ConstantFitter}:
 * Levenberg-Marquardt and BFGS over one {@link dysymnet.fit.FitProblem}), polishing refined constants to simple
 * values ({@link dysymnet.fit.Polisher}), backward elimination of constants with refitting
 * ({@link dysymnet.fit.Eliminator}).
 */
package dysymnet.fit;
