/**
 * Writing output files all-or-nothing ({@link dysymnet.io.AtomicFiles}), the one implementation used by
 * {@link dysymnet.api.Model#save}, the command line and the benchmarks. Reading tables and drawing plots are not
 * here but in the {@code dysymnet-io} module ({@code dysymnet.io.table}, {@code dysymnet.io.plot}), which the
 * library does not need.
 */
package dysymnet.io;
