package dysymnet.controller;

/**
 * How the architecture search is guided: whether the RNN controller learns by risk-seeking policy gradient, and its
 * learning hyperparameters. Immutable. The sets it samples from are a {@link dysymnet.net.SearchSpace}.
 *
 * <p>Defaults are the paper's (Table "Hyperparameters for DySymNet"): LSTM hidden size 32, Adam learning rate 0.0006,
 * risk factor eps 0.5, entropy weight 0.005.
 *
 * @param policyGradient false draws architectures uniformly and never trains the controller (the paper's ablation)
 * @param hiddenSize     LSTM hidden size
 * @param learningRate   the controller's Adam learning rate
 * @param riskFactor     eps in (0, 1]: each update learns from the best eps fraction of its batch
 * @param entropyWeight  lambda_H, the weight of the entropy bonus
 */
public record ControllerConfig(boolean policyGradient, int hiddenSize, double learningRate, double riskFactor,
                               double entropyWeight) {

    public static final int DEFAULT_HIDDEN_SIZE = 32;
    public static final double DEFAULT_LEARNING_RATE = 0.0006;
    public static final double DEFAULT_RISK_FACTOR = 0.5;
    public static final double DEFAULT_ENTROPY_WEIGHT = 0.005;

    public ControllerConfig {
        if (hiddenSize < 1) {
            throw new IllegalArgumentException("hiddenSize must be >= 1, got " + hiddenSize);
        }
        if (!(learningRate > 0) || !Double.isFinite(learningRate)) {
            throw new IllegalArgumentException("learningRate must be finite and > 0, got " + learningRate);
        }
        if (!(riskFactor > 0 && riskFactor <= 1)) {
            throw new IllegalArgumentException("riskFactor (eps) must be in (0, 1], got " + riskFactor);
        }
        if (!(entropyWeight >= 0) || !Double.isFinite(entropyWeight)) {
            throw new IllegalArgumentException("entropyWeight must be finite and >= 0, got " + entropyWeight);
        }
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
        return new Builder().policyGradient(policyGradient).hiddenSize(hiddenSize).learningRate(learningRate)
                .riskFactor(riskFactor).entropyWeight(entropyWeight);
    }

    /** Builder of {@link ControllerConfig}; starts from the paper's defaults, validates in {@link #build()}. */
    public static final class Builder {
        private boolean policyGradient = true;
        private int hiddenSize = DEFAULT_HIDDEN_SIZE;
        private double learningRate = DEFAULT_LEARNING_RATE;
        private double riskFactor = DEFAULT_RISK_FACTOR;
        private double entropyWeight = DEFAULT_ENTROPY_WEIGHT;

        private Builder() {
        }

        public Builder policyGradient(boolean v) {
            this.policyGradient = v;
            return this;
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
            return new ControllerConfig(policyGradient, hiddenSize, learningRate, riskFactor, entropyWeight);
        }
    }
}
