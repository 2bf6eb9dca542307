package dysymnet.cli;

import dysymnet.io.table.ReadOptions;
import dysymnet.io.table.Table;
import dysymnet.io.table.TableReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/** Data files named on the command line, where {@code -} stands for standard input. */
final class Inputs {
    /** The name messages give standard input. */
    static final String STDIN_NAME = "<stdin>";

    private static byte[] stdin;
    /** The stream {@link #stdin} was read from (in-process callers may replace System.in between runs). */
    private static InputStream stdinSource;

    private Inputs() {
    }

    static boolean isStdin(Path file) {
        return file != null && file.toString().equals("-");
    }

    /**
     * Reads the table of {@code file}, or of standard input for {@code -} (read once and kept, so that a command
     * may read it again with other options).
     */
    static Table read(Path file, ReadOptions ro) {
        if (!isStdin(file)) {
            return TableReader.read(file, ro);
        }
        return TableReader.read(new ByteArrayInputStream(stdin()), STDIN_NAME, ro);
    }

    private static synchronized byte[] stdin() {
        InputStream in = System.in;
        if (stdin == null || stdinSource != in) {
            try {
                stdin = in.readAllBytes();
                stdinSource = in;
            } catch (IOException e) {
                throw new UserError(STDIN_NAME + ": cannot read standard input (" + e.getMessage() + ")");
            }
        }
        return stdin;
    }
}
