package dysymnet.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** One in-process run of the command line: exit code and what it printed (test helper). */
record CliRun(int code, String out, String err) {
    /** Options that keep a fit down to a second or two. */
    static final List<String> TINY = List.of("--max-steps", "1", "--batch-size", "2", "--layers", "1",
            "--widths", "1-2", "--time-limit", "5", "--threads", "1");

    static CliRun run(String... args) {
        System.setProperty("java.awt.headless", "true");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(code, out.toString(), err.toString());
    }

    /** {@code fit FILE} with the tiny budget and the given extra arguments. */
    static CliRun fit(Path file, String... extra) {
        List<String> a = new ArrayList<>();
        a.add("fit");
        a.add(file.toString());
        a.addAll(TINY);
        a.addAll(Arrays.asList(extra));
        return run(a.toArray(new String[0]));
    }

    /** 40 rows of {@code y = 2*x + 1} over [-2, 2] with a header. */
    static Path linearCsv(Path dir) throws IOException {
        StringBuilder sb = new StringBuilder("x,y\n");
        for (int i = 0; i < 40; i++) {
            double x = -2 + 4.0 * i / 39;
            sb.append(String.format(Locale.ROOT, "%.6f,%.6f%n", x, 2 * x + 1));
        }
        Path f = dir.resolve("linear.csv");
        Files.writeString(f, sb, StandardCharsets.UTF_8);
        return f;
    }

    /** The error output without its final line break. */
    String errTrimmed() {
        String e = err;
        while (e.endsWith("\n") || e.endsWith("\r")) {
            e = e.substring(0, e.length() - 1);
        }
        return e;
    }

    @Override
    public String toString() {
        return "exit " + code + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
    }
}
