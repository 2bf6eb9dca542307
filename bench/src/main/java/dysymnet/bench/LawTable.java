package dysymnet.bench;

import dysymnet.data.Seeds;
import java.io.IOException;
import java.io.OutputStream;
import java.util.random.RandomGenerator;

/**
 * A synthetic table of any size from a known law, for measuring large-data fits and the table reader:
 * {@code y = 2.5*x1*sin(x2) + x3^2 + noise * N(0, 1)}, with features {@code x1..xD} uniform in [-3, 3] (those beyond
 * x3 play no part in the law). The features are written with 6 decimals and the law is computed from the values as
 * written, so the only error in the target is the noise (and its own rounding to 6 decimals, far below it). The same
 * rows, features, noise and seed give the same bytes.
 *
 * @param rows     data rows
 * @param features feature columns, at least 3 (the table has one more, {@code y}, last)
 * @param noise    standard deviation of the Gaussian noise added to the target (absolute, 0 for none)
 * @param seed     the seed of every random draw
 */
public record LawTable(long rows, int features, double noise, long seed) {
    /** The law in dysymnet's syntax. */
    public static final String LAW = "2.5*x1*sin(x2) + x3^2";
    /** Default rows: the large table. */
    public static final long DEFAULT_ROWS = 1_000_000;
    /** Default feature columns (with y, a 10-column table). */
    public static final int DEFAULT_FEATURES = 9;
    /** Default noise: mild beside the target's spread (standard deviation about 4.4). */
    public static final double DEFAULT_NOISE = 0.05;
    /** Features are uniform in [-RANGE, RANGE]. */
    static final double RANGE = 3.0;
    /** Decimals written: values are multiples of 1e-6. */
    private static final long SCALE = 1_000_000L;

    public LawTable {
        if (rows < 1) {
            throw new IllegalArgumentException("rows must be at least 1, got " + rows);
        }
        if (features < 3) {
            throw new IllegalArgumentException("features must be at least 3 (the law uses x1, x2, x3), got "
                    + features);
        }
        if (!(noise >= 0) || Double.isInfinite(noise)) {
            throw new IllegalArgumentException("noise must be a finite number >= 0, got " + noise);
        }
    }

    /** The law's value at features x1, x2, x3 (without noise). */
    public static double law(double x1, double x2, double x3) {
        return 2.5 * x1 * Math.sin(x2) + x3 * x3;
    }

    /** Writes the table as CSV with a header row ({@code x1,...,xD,y}); does not close the stream. */
    public void write(OutputStream out) throws IOException {
        RandomGenerator rng = Seeds.stream(seed, 0);
        byte[] line = new byte[(features + 1) * 24 + 1];
        StringBuilder header = new StringBuilder();
        for (int j = 1; j <= features; j++) {
            header.append('x').append(j).append(',');
        }
        header.append("y\n");
        out.write(header.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        long[] cells = new long[features];
        for (long i = 0; i < rows; i++) {
            for (int j = 0; j < features; j++) {
                cells[j] = Math.round(rng.nextDouble(-RANGE, RANGE) * SCALE);
            }
            double y = law(cells[0] / (double) SCALE, cells[1] / (double) SCALE, cells[2] / (double) SCALE);
            if (noise > 0) {
                y += noise * rng.nextGaussian();
            }
            int p = 0;
            for (int j = 0; j < features; j++) {
                p = fixed(cells[j], line, p);
                line[p++] = ',';
            }
            p = fixed(Math.round(y * SCALE), line, p);
            line[p++] = '\n';
            out.write(line, 0, p);
        }
    }

    /** Writes {@code v / 10^6} with 6 decimals (-1.500000) into {@code buf} at {@code p}; the position after it. */
    static int fixed(long v, byte[] buf, int p) {
        if (v < 0) {
            buf[p++] = '-';
            v = -v;
        }
        long whole = v / SCALE;
        long frac = v % SCALE;
        String w = Long.toString(whole);
        for (int k = 0; k < w.length(); k++) {
            buf[p++] = (byte) w.charAt(k);
        }
        buf[p++] = '.';
        for (long d = SCALE / 10; d > 0; d /= 10) {
            buf[p++] = (byte) ('0' + frac / d % 10);
        }
        return p;
    }
}
