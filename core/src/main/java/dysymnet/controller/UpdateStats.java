package dysymnet.controller;

/**
 * What one risk-seeking update saw, for logging.
 *
 * @param quantile  R_eps, the (1-eps)-quantile of the batch rewards (non-finite rewards counted as 0)
 * @param kept      number of samples with reward >= R_eps
 * @param batchSize number of samples in the batch
 * @param objective value of the objective before the step:
 *                  mean_kept((R - R_eps) * logProb) + lambda_H * mean_kept(entropy)
 */
public record UpdateStats(double quantile, int kept, int batchSize, double objective) {
}
