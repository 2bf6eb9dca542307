package dysymnet.controller;

import dysymnet.net.SearchSpace;
import java.util.List;
import java.util.random.RandomGenerator;

/** A source of architectures that may learn from their rewards: the RNN controller or the uniform ablation. */
public interface ArchitectureSampler {

    /** The sets architectures are drawn from. */
    SearchSpace space();

    /** Draws one architecture; all randomness comes from {@code rng}. */
    Sample sample(RandomGenerator rng);

    /**
     * Learns from a batch of samples drawn by this sampler and their rewards ({@code rewards[k]} belongs to
     * {@code batch.get(k)}; non-finite rewards count as 0).
     */
    UpdateStats update(List<Sample> batch, double[] rewards);
}
