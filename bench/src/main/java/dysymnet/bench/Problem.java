package dysymnet.bench;

import dysymnet.data.Dataset;
import dysymnet.expr.Expr;
import dysymnet.units.Units;
import java.util.List;
import java.util.Objects;

/**
 * One benchmark problem: how to make its train and test data for a seed, and its ground truth when known.
 *
 * @param suite     the suite's name ({@code standard}, {@code feynman}, ...)
 * @param name      the problem's name, unique within the suite
 * @param group     the benchmark group it is reported under (e.g. {@code Nguyen}, {@code Feynman}, {@code Black-box})
 * @param truth     the ground-truth formula over {@code variables}, or null when unknown
 * @param truthText the ground truth as given by the source, or "" when unknown
 * @param variables the feature names, in column order
 * @param low       lower end of each variable's domain (the sampling range, or the data's minimum)
 * @param high      upper end of each variable's domain
 * @param data      makes the train and test sets for a seed (deterministic)
 * @param units     the units of the variables and the target (the Feynman suite with {@code --units}), or null
 */
public record Problem(String suite, String name, String group, Expr truth, String truthText, List<String> variables,
                      double[] low, double[] high, DataMaker data, Units units) {

    /** A problem without units. */
    public Problem(String suite, String name, String group, Expr truth, String truthText, List<String> variables,
                   double[] low, double[] high, DataMaker data) {
        this(suite, name, group, truth, truthText, variables, low, high, data, null);
    }

    /** Makes a problem's data. */
    @FunctionalInterface
    public interface DataMaker {
        /** The train and test sets (noise-free) for {@code seed}; the same seed gives the same sets. */
        Dataset.Split make(long seed);
    }

    public Problem {
        Objects.requireNonNull(suite, "suite");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(truthText, "truthText");
        Objects.requireNonNull(data, "data");
        variables = List.copyOf(variables);
    }

    /** Whether the ground truth is known (so the symbolic check applies). */
    public boolean hasTruth() {
        return truth != null;
    }
}
