package dysymnet.controller;

import dysymnet.net.Architecture;

import java.util.Objects;

/**
 * One architecture drawn by an {@link ArchitectureSampler}, with everything needed to replay its draw: the random
 * first input of the controller and the index of every sampled token in the vocabularies of the
 * {@link dysymnet.net.SearchSpace} it was drawn from.
 *
 * @param architecture    the sampled architecture (binary units placed after unary ones by {@link Architecture.Layer})
 * @param firstInput      the random first input of the controller (empty for a uniform draw)
 * @param layerIndex      index of the layer count in {@link dysymnet.net.SearchSpace#layers()}
 * @param widthIndices    for each layer, index of its width in {@link dysymnet.net.SearchSpace#widths()}
 * @param operatorIndices for each layer, the index in {@link dysymnet.net.SearchSpace#operators()} of each of its operator
 *                        draws, in draw order (before binary units are moved last)
 * @param logProb         sum of the log-probabilities of every sampled token (each operator draw counts)
 * @param entropy         sum of the entropies of the categorical distribution of every step (one per step)
 */
public record Sample(Architecture architecture, double[] firstInput, int layerIndex, int[] widthIndices,
                     int[][] operatorIndices, double logProb, double entropy) {

    public Sample {
        Objects.requireNonNull(architecture, "architecture");
        firstInput = Objects.requireNonNull(firstInput, "firstInput").clone();
        widthIndices = Objects.requireNonNull(widthIndices, "widthIndices").clone();
        operatorIndices = deepCopy(Objects.requireNonNull(operatorIndices, "operatorIndices"));
        if (widthIndices.length != operatorIndices.length) {
            throw new IllegalArgumentException("widthIndices and operatorIndices must have one entry per layer, got "
                    + widthIndices.length + " and " + operatorIndices.length);
        }
    }

    private static int[][] deepCopy(int[][] a) {
        int[][] c = new int[a.length][];
        for (int i = 0; i < a.length; i++) {
            c[i] = Objects.requireNonNull(a[i], "operatorIndices row").clone();
        }
        return c;
    }

    /** A copy of the first input. */
    @Override
    public double[] firstInput() {
        return firstInput.clone();
    }

    /** A copy of the width indices. */
    @Override
    public int[] widthIndices() {
        return widthIndices.clone();
    }

    /** A copy of the operator indices. */
    @Override
    public int[][] operatorIndices() {
        return deepCopy(operatorIndices);
    }

    /** Number of hidden layers sampled. */
    public int layerCount() {
        return widthIndices.length;
    }

    @Override
    public String toString() {
        return "Sample[" + architecture + ", logProb=" + logProb + ", entropy=" + entropy + "]";
    }
}
