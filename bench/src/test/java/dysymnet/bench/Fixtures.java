package dysymnet.bench;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/** Test helpers: the fixture data directory and tiny run settings. */
final class Fixtures {
    private Fixtures() {
    }

    /** The fixture directory (same layout as ../shared: benchmarks/ and data/). */
    static Path dataDir() {
        try {
            return Paths.get(Fixtures.class.getResource("/fixture").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Settings of a run that takes well under a second: 1 step of 2 networks trained 20 steps per stage. */
    static BenchRunner.Settings tiny(List<Long> seeds, List<Double> noise, Ablation ablation) {
        return new BenchRunner.Settings(seeds, noise, ablation, 0, 1, 2, 20, 1, SymbolicCheck.DEFAULT_TOLERANCE,
                false);
    }

    /** Command-line options for a tiny run. */
    static final String[] TINY = {"--max-steps", "1", "--batch-size", "2", "--train-steps", "20", "--threads", "1",
        "--time-limit", "0"};
}
