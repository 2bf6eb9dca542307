package dysymnet.search;

import java.util.Objects;

/**
 * Where a candidate formula came from: one of the search's formula sources ({@link CandidateSource#id()}), or the
 * target's mean that the final choice adds ({@link #MEAN}). A typed name, so that nothing has to tell a source from an
 * architecture by parsing a string; a new source defines its own constant.
 *
 * @param name the source's short name, as written in model.json ({@code "network"}, {@code "gp"}, ...): lower-case
 *             letters, digits and '-'
 */
public record Source(String name) {
    /** A network read off after training ({@link NetworkSource}); its candidates carry their architecture. */
    public static final Source NETWORK = new Source("network");
    /** The genetic-programming stage ({@link GpSource}). */
    public static final Source GP = new Source("gp");
    /** The genetic programming on the dimensionless groups of the inputs, with units ({@link GpSource#onGroups}). */
    public static final Source GP_GROUPS = new Source("gp-pi");
    /** The term regression ({@link TermsSource}). */
    public static final Source TERMS = new Source("terms");
    /** With units, curves of one dimensionless group of the inputs ({@link CurvesSource}). */
    public static final Source CURVES_GROUPS = new Source("curve-pi");
    /** Straight lines in the raw inputs ({@link LinearSource}). */
    public static final Source LINEAR = new Source("linear");
    /** The target's mean, the baseline the final choice always has ({@code dysymnet.choice.SizeCap}). */
    public static final Source MEAN = new Source("mean");

    public Source {
        Objects.requireNonNull(name, "name");
        if (!name.matches("[a-z0-9-]+")) {
            throw new IllegalArgumentException("a source's name is lower-case letters, digits and '-', got '" + name
                    + "'");
        }
    }

    /**
     * The source of a candidate as written by model.json files before sources were typed, which recorded only an
     * "architecture": {@code "gp"}, {@code "terms"} or {@code "mean"} for those sources, else a network's
     * architecture.
     */
    public static Source ofLegacyArchitecture(String architecture) {
        for (Source s : new Source[]{GP, TERMS, MEAN}) {
            if (s.name.equals(architecture)) {
                return s;
            }
        }
        return NETWORK;
    }

    @Override
    public String toString() {
        return name;
    }
}
