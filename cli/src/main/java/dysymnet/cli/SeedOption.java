package dysymnet.cli;

import picocli.CommandLine.Option;

/** The {@code --seed} option of {@code fit} and {@code demo} (a picocli mixin). */
public final class SeedOption {
    @Option(names = "--seed", paramLabel = "N", defaultValue = "0",
            description = "Random seed (default ${DEFAULT-VALUE}). The same seed and step budget give the same "
                    + "result on any number of threads.")
    long seed;

    public long seed() {
        return seed;
    }
}
