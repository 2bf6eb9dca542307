/**
 * The library's entry point: {@link dysymnet.api.SymbolicRegressor} (a builder of {@link dysymnet.search.Settings}
 * and {@code fit}) and the {@link dysymnet.api.Model} it returns, which predicts, prints its formula for several
 * targets, and saves to and loads from JSON together with how it was made ({@link dysymnet.api.Provenance}) and how
 * its search went ({@link dysymnet.api.SearchHistory}); the file format itself is the package-private
 * {@code ModelJson}. {@link dysymnet.api.DysymnetException} is the base of the project's exceptions for problems
 * reported to the user in words, such as {@link dysymnet.api.NoFormulaException}.
 */
package dysymnet.api;
