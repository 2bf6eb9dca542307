package dysymnet.bench;

import dysymnet.net.TrainConfig;
import dysymnet.search.Budget;
import dysymnet.search.Settings;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/** Test helpers: the fixture data directory and tiny run settings. */
final class Fixtures {
    private Fixtures() {
    }

    /** The fixture directory: a few problems of each suite, in the layout of the bundled data (benchmarks/, data/). */
    static Path dataDir() {
        try {
            return Paths.get(Fixtures.class.getResource("/fixture").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Settings of a run that takes well under a second: 1 step of 2 networks trained 20 steps per stage. */
    static BenchRunner.Plan tiny(List<Long> seeds, List<Double> noise, Ablation ablation) {
        return tiny(seeds, noise, ablation, false);
    }

    static BenchRunner.Plan tiny(List<Long> seeds, List<Double> noise, Ablation ablation, boolean retryFailed) {
        return new BenchRunner.Plan(seeds, noise, Ablations.of(ablation), tinySearch().build(), "",
                SymbolicCheck.DEFAULT_TOLERANCE, retryFailed);
    }

    /** The search settings of {@link #TINY}. */
    static Settings.Builder tinySearch() {
        TrainConfig t = TrainConfig.defaults().toBuilder().stage1Steps(20).stage2Steps(20).fineTuneSteps(20).build();
        return Settings.builder().budget(Budget.builder().maxSteps(1).batchSize(2).build()).training(t).threads(1);
    }

    /** Command-line options for a tiny run. */
    static final String[] TINY = {"--max-steps", "1", "--batch-size", "2", "--train-steps", "20", "--threads", "1",
        "--time-limit", "0"};
}
