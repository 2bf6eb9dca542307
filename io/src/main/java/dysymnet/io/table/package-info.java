/**
 * Reading a CSV or TSV table (optionally gzip-compressed) into primitive columns: delimiter and header detection,
 * cell parsing with the file, row and column of every problem ({@link dysymnet.io.table.InputException}), and the
 * choice of target and feature columns ({@link dysymnet.io.table.Selection}). Used by the command line and the
 * benchmarks; the library itself takes arrays.
 */
package dysymnet.io.table;
