package dysymnet.controller;

import dysymnet.net.Architecture;
import dysymnet.net.Operator;
import dysymnet.net.SearchSpace;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * The "without policy gradient" ablation: architectures drawn uniformly from the search space (layer count,
 * then each layer's width, then its operators i.i.d. among those the nesting constraints allow there), and an update
 * that learns nothing.
 *
 * <p>Its samples carry an empty first input, the log-probability of the draw under this uniform policy and the sum
 * of its step entropies (log of each vocabulary size), so they can be logged like controller samples; they cannot
 * be given to a {@link Controller}'s update.
 */
public final class UniformSampler implements ArchitectureSampler {

    private final SearchSpace space;
    private final ControllerConfig config;

    /**
     * @param config only its risk factor and entropy weight are used, for the statistics {@link #update} reports
     */
    public UniformSampler(SearchSpace space, ControllerConfig config) {
        this.space = Objects.requireNonNull(space, "space");
        this.config = Objects.requireNonNull(config, "config");
    }

    @Override
    public SearchSpace space() {
        return space;
    }

    @Override
    public Sample sample(RandomGenerator rng) {
        return draw(space, rng);
    }

    /** Computes the same statistics as the controller's update but changes nothing. */
    @Override
    public UpdateStats update(List<Sample> batch, double[] rewards) {
        RiskSeeking.checkBatch(batch, rewards);
        double threshold = RiskSeeking.threshold(rewards, config.riskFactor());
        boolean[] keep = RiskSeeking.kept(rewards, threshold);
        int kept = 0;
        double pg = 0;
        double ent = 0;
        for (int k = 0; k < keep.length; k++) {
            if (keep[k]) {
                kept++;
                pg += (RiskSeeking.sanitize(rewards[k]) - threshold) * batch.get(k).logProb();
                ent += batch.get(k).entropy();
            }
        }
        return new UpdateStats(threshold, kept, batch.size(), (pg + config.entropyWeight() * ent) / kept);
    }

    static Sample draw(SearchSpace space, RandomGenerator rng) {
        Objects.requireNonNull(rng, "rng");
        List<Operator> ops = space.operators();
        int vl = space.layers().size();
        int vn = space.widths().size();
        int vo = ops.size();
        double logL = Math.log(vl);
        double logN = Math.log(vn);
        double logO = Math.log(vo);

        NestingMask mask = new NestingMask(space);
        long below = 0;
        int[] allowed = new int[vo];
        int layerIndex = rng.nextInt(vl);
        int layersN = space.layerCount(layerIndex);
        double logProb = -logL;
        double entropy = logL;
        int[] widthIdx = new int[layersN];
        int[][] opIdx = new int[layersN][];
        List<Architecture.Layer> layers = new ArrayList<>(layersN);
        for (int i = 0; i < layersN; i++) {
            widthIdx[i] = rng.nextInt(vn);
            int n = space.width(widthIdx[i]);
            opIdx[i] = new int[n];
            List<Operator> units = new ArrayList<>(n);
            if (mask.active()) {
                // uniform over the operators the nesting constraints allow in this layer
                int va = 0;
                for (int o = 0; o < vo; o++) {
                    if (mask.allowed(o, below)) {
                        allowed[va++] = o;
                    }
                }
                long here = below;
                for (int u = 0; u < n; u++) {
                    opIdx[i][u] = allowed[rng.nextInt(va)];
                    units.add(ops.get(opIdx[i][u]));
                    here = mask.with(here, opIdx[i][u]);
                }
                below = here;
                double logA = Math.log(va);
                logProb -= logN + n * logA;
                entropy += logN + logA;
            } else {
                for (int u = 0; u < n; u++) {
                    opIdx[i][u] = rng.nextInt(vo);
                    units.add(ops.get(opIdx[i][u]));
                }
                logProb -= logN + n * logO;
                entropy += logN + logO;
            }
            layers.add(new Architecture.Layer(units));
        }
        return new Sample(new Architecture(layers), new double[0], layerIndex, widthIdx, opIdx, logProb, entropy);
    }
}
