import dysymnet.controller.Controller;
import dysymnet.controller.ControllerConfig;
import dysymnet.controller.Sample;
import dysymnet.data.Seeds;
import dysymnet.net.SearchSpace;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * How fast the RNN controller learns a preference, and whether it follows noise: batches of 10 architectures of the
 * default search space, reward {@code 0.5 + gap} for one-layer architectures and 0.5 for the others, plus Gaussian
 * noise; after k updates, P(one layer) and the share of distinct architectures in 200 draws (seeds 1-3).
 *
 * <p>Run against the app jar: {@code java -cp app/target/dysymnet-VERSION.jar ControllerProbe.java NOISE GAP LR INNER
 * NORMALISE}, e.g. {@code 0.02 0.05 0.0006 1 false} (the paper's controller) or {@code 0.2 0 0.006 5 true} (a fast
 * learner on pure noise). INNER updates per batch on the same samples; NORMALISE divides the rewards by their sd in
 * the batch (the risk-seeking advantages R - R_eps scale with them). Session 16's figures are in
 * docs/archive/2026-11-benchmark-log.md ("Figure 3 at five seeds").
 */
public class ControllerProbe {
    public static void main(String[] a) {
        double noiseSd = Double.parseDouble(a[0]);
        double gap = Double.parseDouble(a[1]);
        double lr = Double.parseDouble(a[2]);
        int inner = Integer.parseInt(a[3]);
        boolean normalise = Boolean.parseBoolean(a[4]);
        SearchSpace space = SearchSpace.defaults();
        int batch = 10;
        for (long seed = 1; seed <= 3; seed++) {
            ControllerConfig c = ControllerConfig.defaults().toBuilder().learningRate(lr).build();
            Controller ctl = new Controller(space, c, Seeds.stream(seed, -1));
            RandomGenerator rng = Seeds.stream(seed, -2);
            SplittableRandom noise = new SplittableRandom(seed);
            StringBuilder sb = new StringBuilder("seed " + seed + ", k: P(one layer)/distinct:");
            for (int k = 0; k <= 20; k++) {
                if (k == 0 || k == 1 || k == 2 || k == 4 || k == 8 || k == 12 || k == 20) {
                    double[] st = stats(ctl, new SplittableRandom(99));
                    sb.append(String.format(" %d: %.2f/%.2f", k, st[0], st[1]));
                }
                List<Sample> s = new ArrayList<>();
                double[] r = new double[batch];
                for (int i = 0; i < batch; i++) {
                    Sample x = ctl.sample(rng);
                    s.add(x);
                    r[i] = (x.layerCount() == 1 ? 0.5 + gap : 0.5) + noiseSd * noise.nextGaussian();
                }
                if (normalise) {
                    double m = 0;
                    for (double v : r) {
                        m += v;
                    }
                    m /= batch;
                    double ss = 0;
                    for (double v : r) {
                        ss += (v - m) * (v - m);
                    }
                    double sd = Math.sqrt(ss / batch);
                    for (int i = 0; i < batch && sd > 1e-12; i++) {
                        r[i] /= sd;
                    }
                }
                for (int it = 0; it < inner; it++) {
                    ctl.update(s, r);
                }
            }
            System.out.println(sb);
        }
    }

    /** P(one layer) over 2,000 draws, and the share of distinct architectures among the first 200. */
    static double[] stats(Controller ctl, RandomGenerator rng) {
        int n = 2000;
        int one = 0;
        Set<String> d = new HashSet<>();
        for (int i = 0; i < n; i++) {
            Sample s = ctl.sample(rng);
            if (s.layerCount() == 1) {
                one++;
            }
            if (i < 200) {
                d.add(s.architecture().canonical().toString());
            }
        }
        return new double[] {one / (double) n, d.size() / 200.0};
    }
}
