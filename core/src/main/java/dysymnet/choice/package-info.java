/**
 * The final choice: which of a search's formulas is reported, and why each formula it passes over was passed over.
 *
 * <p>A policy ({@link dysymnet.choice.Policy}) is an ordered list of rules ({@link dysymnet.choice.Rule}), declared
 * in one short file per kind of data: {@link dysymnet.choice.OneVariable} (one feature: a noisy series, a measured
 * curve) and {@link dysymnet.choice.Table} (several features). {@link dysymnet.choice.FinalChoice} runs the policy
 * of the data's kind on the candidates, rule by rule; each rule is a class of its own with its constants beside it,
 * checks its own conditions (its switch in {@link dysymnet.search.Selection}, the data) and records the reason of
 * every front member it passes over ({@link dysymnet.choice.Explanation}). Noise-free data take the same policies:
 * an exact fit is exempt from the blow-up probes and the trend band, and cross-validation and the held-out line test
 * stand aside when a formula fits exactly. Every rule and part can be switched off by name
 * ({@link dysymnet.search.Selection#rulesOff()}, the bench's {@code --ablation no-NAME}).
 *
 * <p>The rules, in the order they run (one variable: 0, 1, 2, 3, 4, 5, 6, 8; a table: 0, 1, 2, 3, 5, 7, 8, 9, 10):
 * <ol start="0">
 *   <li>{@code polished-front} ({@link dysymnet.choice.PolishedFront}, where finishing polishes): the members of the
 *       candidates' front are compared as they would be reported, their constants polished within the noise
 *       allowance, so that a law whose fitted constants carry the noise is not passed over for an approximation
 *       shorter only before its polish.</li>
 *   <li>{@code size-cap} ({@link dysymnet.choice.SizeCap}): formulas above the complexity cap are never offered;
 *       the target's mean is the candidate of last resort when none is that small.</li>
 *   <li>{@code units} ({@link dysymnet.choice.UnitsRule}, only with the data's units): formulas that are not
 *       dimensionally consistent ({@link dysymnet.units.DimensionCheck}) are taken out for good while a consistent
 *       one is left; when none is, nothing is taken out and a note says so.</li>
 *   <li>{@code blow-up} ({@link dysymnet.choice.BlowUpGuard}): front members that a probe flags are taken out and the
 *       front recomputed until none is flagged (when every formula is, the guard stands down); its probes, in order:
 *       {@code between-rows} (several features: a pole or a wild oscillation between the rows),
 *       {@code ill-conditioned} (several features: an output that a nudge of the inputs far below their precision
 *       moves), {@code beyond-data} (a pole, an overflow or a runaway term within half the data's range beyond
 *       it) and {@code overflow-clamp} (an exp, sinh or cosh whose argument passes the overflow clamp on the data,
 *       so that the formula computes the clamp's values, not what it says); its exemptions: {@code exact-fit} (an
 *       exact fit is never flagged) and, for {@code beyond-data} on a table, {@code noise-like-residual} (a formula
 *       whose residual looks like the noise the best fit shows).</li>
 *   <li>{@code trend-band} ({@link dysymnet.choice.TrendBandGuard}, one feature, noisy data): formulas that leave the
 *       95% band of the data's least-squares cubic just beyond the data are taken out while others are left.</li>
 *   <li>{@code noise-floor} ({@link dysymnet.choice.NoiseFloor}): formulas whose training error is below what the
 *       data's noise allows have fitted the noise, and are taken out while a formula within the noise is left.</li>
 *   <li>{@code forward-validation} ({@link dysymnet.choice.ForwardValidation}, one feature): the simplest front
 *       member that predicts the later rows from the earlier ones within the factor of the best is chosen.</li>
 *   <li>{@code information-criterion} ({@link dysymnet.choice.InformationCriterion}, a table whose best fit's
 *       residual shows noise): of the members within the factor, the one of the lowest
 *       {@code n ln(mse) + nodes ln(n) / 2} is chosen.</li>
 *   <li>{@code pareto-factor} ({@link dysymnet.choice.ParetoFactor}): when no rule before chose, the simplest front
 *       member within the factor of the lowest training error (or within the noise level) is chosen.</li>
 *   <li>{@code cross-validation} ({@link dysymnet.choice.CrossValidation}, a table no formula fits exactly): the
 *       choice stays unless it predicts held-out folds clearly worse than the best member, and the straight line
 *       replaces it unless it predicts clearly better than the line (by the paired t, or several times better on
 *       most rows).</li>
 *   <li>{@code held-out-line} ({@link dysymnet.choice.HeldOutLine}, a small table whose rows were held out from the
 *       search): the choice stays only if it predicts the held-out rows better than the line by a paired t-test,
 *       or several times better on most of them.</li>
 * </ol>
 *
 * <p>After the choice, {@link dysymnet.choice.Finishing} writes the chosen formula in the data's units, refits its
 * constants when the search worked on a sample and snaps them to the digits the data support; it also draws the
 * rows held out before the search ({@link dysymnet.choice.Finishing#rows}). The whole of one fit, rows held out to
 * finishing, is {@code api.FitPipeline}.
 */
package dysymnet.choice;
