package dysymnet.net;

import dysymnet.expr.Expr;

/**
 * The outcome of training one symbolic network.
 *
 * @param network       the pruned (and possibly fine-tuned) network
 * @param finalLoss     the stage-2 objective (MSE + penalty) at the last step before pruning, or the stage-1 MSE
 *                      when stage 2 did not run; NaN when training failed
 * @param mse           MSE of the returned network on the training data; NaN when training failed
 * @param stage1Steps   steps run in stage 1 of the last attempt
 * @param stage2Steps   steps run in stage 2 of the last attempt
 * @param fineTuneSteps fine-tuning steps run after pruning
 * @param restarts      restarts after non-finite numbers
 * @param ok            false when every attempt hit a non-finite loss or gradient
 * @param expression    the raw read-off of the returned network over the data's names (not simplified). Each
 *                      unit's expression is one object shared by the units that use it, so as a tree (what
 *                      {@link Expr#complexity()}, hashing, printing, simplification and evaluation walk) it may be
 *                      far larger than in memory, exponentially in the depth: measure it with
 *                      {@link dysymnet.expr.TreeSize} first
 * @param stage1Params  the network's parameters at the end of stage 1 (dense, before the penalty and pruning);
 *                      null when training failed or was given up. Read-only by convention.
 * @param checkpointLosses the MSE over var(y) at each checkpoint of successive halving ({@link Trainer#CHECKPOINTS}:
 *                      the end of the growing-window phases and the end of stage 1, or without window phases the end
 *                      of stage 1 only); NaN where training did not get to it. Read-only by convention.
 * @param gaveUp        whether training ended at a checkpoint because its loss there was above the caller's bound
 *                      ({@link TrainConfig#keepFraction()}): then {@code mse} is the MSE there, {@code network} the
 *                      network as it was, and there is no read-off ({@code expression} is NaN)
 */
public record TrainedNetwork(
        SymbolicNetwork network,
        double finalLoss,
        double mse,
        int stage1Steps,
        int stage2Steps,
        int fineTuneSteps,
        int restarts,
        boolean ok,
        Expr expression,
        double[] stage1Params,
        double[] checkpointLosses,
        boolean gaveUp) {

    /** The loss at the last checkpoint training got to (NaN when none): where a given-up network was given up. */
    public double lastCheckpointLoss() {
        for (int k = checkpointLosses.length - 1; k >= 0; k--) {
            if (!Double.isNaN(checkpointLosses[k])) {
                return checkpointLosses[k];
            }
        }
        return Double.NaN;
    }

    /** The network as it was at the end of stage 1 (a copy), or null when training failed. */
    public SymbolicNetwork stage1Network() {
        if (stage1Params == null) {
            return null;
        }
        SymbolicNetwork n = network.copy();
        n.setParams(stage1Params);
        return n;
    }
}
