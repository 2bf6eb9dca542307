package dysymnet.controller;

import dysymnet.net.Operator;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Immutable settings of the controller: the sets it samples architectures from and its learning hyperparameters.
 *
 * <p>Defaults are the paper's (Table "Hyperparameters for DySymNet"): layer counts {1..5}, widths {1..6}, operators
 * {+, -, *, sin, cos, tan, exp, log, cosh, square} plus identity, LSTM hidden size 32, Adam learning rate 0.0006,
 * risk factor eps 0.5, entropy weight 0.005. Layer counts and widths are kept sorted ascending; the operator library
 * keeps the given order (it is the order of the operator head's outputs).
 */
public final class ControllerConfig {

    /** The paper's layer-count library. */
    private static final int[] DEFAULT_LAYER_COUNTS = {1, 2, 3, 4, 5};
    /** The paper's library of units per layer. */
    private static final int[] DEFAULT_WIDTHS = {1, 2, 3, 4, 5, 6};
    /** The paper's operator library plus identity. */
    public static final List<Operator> DEFAULT_OPERATORS = List.of(
            Operator.IDENTITY, Operator.ADD, Operator.SUB, Operator.MUL, Operator.SIN, Operator.COS,
            Operator.TAN, Operator.EXP, Operator.LOG, Operator.COSH, Operator.SQUARE);
    public static final int DEFAULT_HIDDEN_SIZE = 32;
    public static final double DEFAULT_LEARNING_RATE = 0.0006;
    public static final double DEFAULT_RISK_FACTOR = 0.5;
    public static final double DEFAULT_ENTROPY_WEIGHT = 0.005;

    private final int[] layerCounts;
    private final int[] widths;
    private final List<Operator> operators;
    private final int hiddenSize;
    private final double learningRate;
    private final double riskFactor;
    private final double entropyWeight;

    private ControllerConfig(Builder b) {
        this.layerCounts = checkedSortedSet(b.layerCounts, "layerCounts", "layer count");
        this.widths = checkedSortedSet(b.widths, "widths", "width");
        this.operators = checkedOperators(b.operators);
        if (b.hiddenSize < 1) {
            throw new IllegalArgumentException("hiddenSize must be >= 1, got " + b.hiddenSize);
        }
        this.hiddenSize = b.hiddenSize;
        if (!(b.learningRate > 0) || !Double.isFinite(b.learningRate)) {
            throw new IllegalArgumentException("learningRate must be finite and > 0, got " + b.learningRate);
        }
        this.learningRate = b.learningRate;
        if (!(b.riskFactor > 0 && b.riskFactor <= 1)) {
            throw new IllegalArgumentException("riskFactor (eps) must be in (0, 1], got " + b.riskFactor);
        }
        this.riskFactor = b.riskFactor;
        if (!(b.entropyWeight >= 0) || !Double.isFinite(b.entropyWeight)) {
            throw new IllegalArgumentException("entropyWeight must be finite and >= 0, got " + b.entropyWeight);
        }
        this.entropyWeight = b.entropyWeight;
    }

    private static int[] checkedSortedSet(int[] values, String name, String what) {
        if (values == null || values.length == 0) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        int[] s = values.clone();
        Arrays.sort(s);
        for (int i = 0; i < s.length; i++) {
            if (s[i] < 1) {
                throw new IllegalArgumentException(name + ": every " + what + " must be >= 1, got " + s[i]);
            }
            if (i > 0 && s[i] == s[i - 1]) {
                throw new IllegalArgumentException(name + ": duplicate " + what + " " + s[i]);
            }
        }
        return s;
    }

    private static List<Operator> checkedOperators(List<Operator> ops) {
        if (ops == null || ops.isEmpty()) {
            throw new IllegalArgumentException("operators must not be empty");
        }
        Set<Operator> seen = EnumSet.noneOf(Operator.class);
        for (Operator op : ops) {
            if (op == null) {
                throw new IllegalArgumentException("operators must not contain null");
            }
            if (!seen.add(op)) {
                throw new IllegalArgumentException("operators: duplicate operator " + op.label());
            }
        }
        return List.copyOf(ops);
    }

    /** The paper's defaults. */
    public static ControllerConfig defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A builder preset with this configuration's values. */
    public Builder toBuilder() {
        return new Builder().layerCounts(layerCounts).widths(widths).operators(operators).hiddenSize(hiddenSize)
                .learningRate(learningRate).riskFactor(riskFactor).entropyWeight(entropyWeight);
    }

    /** The layer-count library, ascending (a copy). */
    public int[] layerCounts() {
        return layerCounts.clone();
    }

    /** The library of units per layer, ascending (a copy). */
    public int[] widths() {
        return widths.clone();
    }

    int layerCount(int index) {
        return layerCounts[index];
    }

    int width(int index) {
        return widths[index];
    }

    int layerCountVocab() {
        return layerCounts.length;
    }

    int widthVocab() {
        return widths.length;
    }

    int maxLayerCount() {
        return layerCounts[layerCounts.length - 1];
    }

    /** The operator library, in head-output order (unmodifiable). */
    public List<Operator> operators() {
        return operators;
    }

    public int hiddenSize() {
        return hiddenSize;
    }

    public double learningRate() {
        return learningRate;
    }

    /** The risk factor eps: the update learns from the top eps fraction of each batch. */
    public double riskFactor() {
        return riskFactor;
    }

    /** The entropy weight lambda_H. */
    public double entropyWeight() {
        return entropyWeight;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ControllerConfig)) {
            return false;
        }
        ControllerConfig c = (ControllerConfig) o;
        return Arrays.equals(layerCounts, c.layerCounts) && Arrays.equals(widths, c.widths)
                && operators.equals(c.operators) && hiddenSize == c.hiddenSize
                && Double.compare(learningRate, c.learningRate) == 0
                && Double.compare(riskFactor, c.riskFactor) == 0
                && Double.compare(entropyWeight, c.entropyWeight) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(Arrays.hashCode(layerCounts), Arrays.hashCode(widths), operators, hiddenSize,
                learningRate, riskFactor, entropyWeight);
    }

    @Override
    public String toString() {
        List<String> ops = new ArrayList<>();
        for (Operator op : operators) {
            ops.add(op.label());
        }
        return "ControllerConfig{layerCounts=" + Arrays.toString(layerCounts) + ", widths=" + Arrays.toString(widths)
                + ", operators=" + ops + ", hiddenSize=" + hiddenSize + ", learningRate=" + learningRate
                + ", riskFactor=" + riskFactor + ", entropyWeight=" + entropyWeight + "}";
    }

    /** Builder of {@link ControllerConfig}; starts from the paper's defaults, validates in {@link #build()}. */
    public static final class Builder {
        private int[] layerCounts = DEFAULT_LAYER_COUNTS.clone();
        private int[] widths = DEFAULT_WIDTHS.clone();
        private List<Operator> operators = DEFAULT_OPERATORS;
        private int hiddenSize = DEFAULT_HIDDEN_SIZE;
        private double learningRate = DEFAULT_LEARNING_RATE;
        private double riskFactor = DEFAULT_RISK_FACTOR;
        private double entropyWeight = DEFAULT_ENTROPY_WEIGHT;

        private Builder() {
        }

        public Builder layerCounts(int... counts) {
            this.layerCounts = counts == null ? null : counts.clone();
            return this;
        }

        public Builder layerCounts(Collection<Integer> counts) {
            this.layerCounts = toArray(counts, "layerCounts");
            return this;
        }

        public Builder widths(int... widths) {
            this.widths = widths == null ? null : widths.clone();
            return this;
        }

        public Builder widths(Collection<Integer> widths) {
            this.widths = toArray(widths, "widths");
            return this;
        }

        public Builder operators(List<Operator> operators) {
            this.operators = operators == null ? null : new ArrayList<>(operators);
            return this;
        }

        public Builder operators(Operator... operators) {
            return operators(operators == null ? null : Arrays.asList(operators));
        }

        public Builder hiddenSize(int hiddenSize) {
            this.hiddenSize = hiddenSize;
            return this;
        }

        public Builder learningRate(double learningRate) {
            this.learningRate = learningRate;
            return this;
        }

        /** The risk factor eps in (0, 1]. */
        public Builder riskFactor(double eps) {
            this.riskFactor = eps;
            return this;
        }

        public Builder entropyWeight(double lambda) {
            this.entropyWeight = lambda;
            return this;
        }

        /** Validates and builds; throws IllegalArgumentException naming the offending setting. */
        public ControllerConfig build() {
            return new ControllerConfig(this);
        }

        private static int[] toArray(Collection<Integer> values, String name) {
            if (values == null) {
                return null;
            }
            int[] a = new int[values.size()];
            int i = 0;
            for (Integer v : values) {
                if (v == null) {
                    throw new IllegalArgumentException(name + " must not contain null");
                }
                a[i++] = v;
            }
            return a;
        }
    }
}
