package dysymnet.choice;

import dysymnet.search.Candidate;

/**
 * On noisy data of several features, a formula whose residual looks like the noise the best fit's residual shows
 * ({@link NoiseTest}) is the law as far as the noise lets one tell ({@code V*pr/(gamma - 1.0007)} on gamma in
 * [2, 5], where the probe reaches gamma = 1).
 */
final class NoiseLikeResidual implements Exemption {
    @Override
    public String name() {
        return "noise-like-residual";
    }

    @Override
    public boolean exempts(ChoiceState state, Candidate c) {
        NoiseTest noise = state.noise();
        return noise != null && noise.noiseLike(c);
    }
}
