/**
 * Genetic programming over formula trees, the search's second source of formulas beside the networks (in the spirit
 * of NGGP: the formulas the learned policy's networks give seed a GP with constant fitting).
 * {@link dysymnet.gp.Primitives} is the function set, taken from the search space's own operators;
 * {@link dysymnet.gp.Variation} makes random trees and varies them within a size cap;
 * {@link dysymnet.gp.GeneticProgramming} runs a short, generation-budgeted, deterministic GP and returns
 * its best formulas with fitted constants; {@link dysymnet.gp.GpSettings} is its settings group. It uses
 * {@code expr}, {@code fit} and {@code net} (for the operators) and is used by {@code search}.
 */
package dysymnet.gp;
