/**
 * The {@code dysymnet} command line: {@code fit}, {@code predict} and {@code demo}, the search options they share
 * with {@code bench} ({@link dysymnet.cli.SearchOptions}), reports on the terminal and in JSON, progress and Ctrl-C
 * handling. Bad input is a {@link dysymnet.cli.UserError}: one line, exit code 2.
 */
package dysymnet.cli;
