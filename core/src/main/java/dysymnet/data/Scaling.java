package dysymnet.data;

import java.util.Arrays;

/**
 * Powers of two that bring a data set's columns of extreme magnitude to an ordinary one, so that a search on data
 * of size 1e-300 or 1e300 works with numbers whose squares, products and exponentials stay finite. A column is
 * scaled only when its largest magnitude lies outside the ordinary range ({@link #TARGET_RANGE} for the target,
 * {@link #FEATURE_RANGE} for a feature); data of ordinary size are left exactly as they are. Scaling by a power of two
 * does not round, so a formula found on the scaled data maps back exactly.
 *
 * @param targetExponent   the target was multiplied by 2^-targetExponent
 * @param featureExponents feature j was multiplied by 2^-featureExponents[j]
 */
public record Scaling(int targetExponent, int[] featureExponents) {
    /** A target whose largest magnitude is within 2^±this is not scaled (about 1e-38 to 1e38). */
    public static final int TARGET_RANGE = 128;
    /** A feature whose largest magnitude is within 2^±this is not scaled (about 5e-20 to 2e19). */
    public static final int FEATURE_RANGE = 64;

    public Scaling {
        featureExponents = featureExponents.clone();
    }

    /** The scaling a data set needs (the identity for data of ordinary size). */
    public static Scaling of(Dataset data) {
        int[] f = new int[data.features()];
        for (int j = 0; j < f.length; j++) {
            f[j] = exponent(data.column(j), FEATURE_RANGE);
        }
        return new Scaling(exponent(data.y(), TARGET_RANGE), f);
    }

    private static int exponent(double[] v, int range) {
        double max = 0.0;
        for (double x : v) {
            max = Math.max(max, Math.abs(x));
        }
        if (max == 0.0) {
            return 0;
        }
        int e = Math.getExponent(max);
        return Math.abs(e) <= range ? 0 : e;
    }

    /** Whether nothing is scaled. */
    public boolean isIdentity() {
        return targetExponent == 0 && Arrays.stream(featureExponents).allMatch(e -> e == 0);
    }

    /** The data with every column scaled (the weights as they are). */
    public Dataset apply(Dataset data) {
        if (isIdentity()) {
            return data;
        }
        double[][] x = new double[data.features()][];
        for (int j = 0; j < x.length; j++) {
            x[j] = scaled(data.column(j), featureExponents[j]);
        }
        return new Dataset(data.names(), x, scaled(data.y(), targetExponent), data.weights(), data.weightsName());
    }

    private static double[] scaled(double[] v, int exponent) {
        double[] out = v.clone();
        if (exponent != 0) {
            for (int i = 0; i < out.length; i++) {
                out[i] = Math.scalb(out[i], -exponent);
            }
        }
        return out;
    }

    @Override
    public int[] featureExponents() {
        return featureExponents.clone();
    }
}
