/**
 * The {@code dysymnet bench} command: the paper's benchmark suites (standard, Feynman, Strogatz, black-box, balls),
 * one row per run in a resumable {@code results.csv}, the numeric check of symbolic solutions, and the summary tables
 * and plots set beside the paper's numbers.
 */
package dysymnet.bench;
