/**
 * The library's entry point: {@link dysymnet.api.SymbolicRegressor} (a builder of {@link dysymnet.search.Settings}
 * and {@code fit}) and the {@link dysymnet.api.Model} it returns, which predicts, prints its formula for several
 * targets, and saves to and loads from JSON together with how it was made ({@link dysymnet.api.Provenance}) and how
 * its search went ({@link dysymnet.api.SearchHistory}).
 */
package dysymnet.api;
