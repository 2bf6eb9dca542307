package dysymnet.data;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

/**
 * What identifies a training set without storing it: its size, its feature names, what its sample weights are called
 * (when it has any), and a SHA-256 hash of every value (features column by column, then the target, then the weights
 * normalised to mean 1 when weighted, as IEEE-754 bits). Equal data give equal fingerprints.
 *
 * @param rows     number of rows
 * @param features feature names in column order
 * @param sha256   hex SHA-256 of the values
 * @param weights  the name of the sample weights (a file's column), null when none were given (weights all equal
 *                 are named, and weigh nothing: their values are not hashed)
 */
public record DataFingerprint(int rows, List<String> features, String sha256, String weights) {

    public DataFingerprint {
        features = List.copyOf(features);
        Objects.requireNonNull(sha256, "sha256");
    }

    /** The fingerprint of unweighted data. */
    public DataFingerprint(int rows, List<String> features, String sha256) {
        this(rows, features, sha256, null);
    }

    /** Whether the data were given weights (possibly all equal). */
    public boolean weighted() {
        return weights != null;
    }

    /** The fingerprint of a data set. */
    public static DataFingerprint of(Dataset data) {
        MessageDigest md;
        try {
            md = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
        ByteBuffer buf = ByteBuffer.allocate(8 * 1024);
        for (int j = 0; j < data.features(); j++) {
            feed(md, buf, data.column(j));
        }
        feed(md, buf, data.y());
        if (data.isWeighted()) {
            feed(md, buf, data.weights());
        }
        return new DataFingerprint(data.rows(), data.names(), HexFormat.of().formatHex(md.digest()),
                data.weightsName());
    }

    private static void feed(MessageDigest md, ByteBuffer buf, double[] values) {
        for (double v : values) {
            if (buf.remaining() < 8) {
                md.update(buf.array(), 0, buf.position());
                buf.clear();
            }
            buf.putLong(Double.doubleToLongBits(v));
        }
        md.update(buf.array(), 0, buf.position());
        buf.clear();
    }
}
