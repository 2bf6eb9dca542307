package dysymnet.api;

import dysymnet.data.DataFingerprint;
import dysymnet.search.Settings;
import java.util.Objects;
import java.util.Optional;

/**
 * How a model was made: enough to run the same search again and to check that it is fed the same data.
 *
 * @param settings the search's settings; null for a model file written before settings were stored as JSON
 * @param seed     the search's seed (also in the settings when they are known)
 * @param version  the library version that made the model ("" when unknown)
 * @param data     the fingerprint of the training data; null when unknown
 */
public record Provenance(Settings settings, long seed, String version, DataFingerprint data) {

    public Provenance {
        Objects.requireNonNull(version, "version");
        if (settings != null && settings.seed() != seed) {
            throw new IllegalArgumentException("seed " + seed + " differs from the settings' seed " + settings.seed());
        }
    }

    /** The provenance of a model made now by this library. */
    public static Provenance of(Settings settings, DataFingerprint data) {
        return new Provenance(Objects.requireNonNull(settings, "settings"), settings.seed(), Version.get(),
                Objects.requireNonNull(data, "data"));
    }

    /** The settings, when known. */
    public Optional<Settings> knownSettings() {
        return Optional.ofNullable(settings);
    }
}
