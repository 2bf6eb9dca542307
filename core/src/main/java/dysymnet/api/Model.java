package dysymnet.api;

import com.fasterxml.jackson.databind.JsonNode;
import dysymnet.data.Dataset;
import dysymnet.expr.Evaluator;
import dysymnet.expr.Expr;
import dysymnet.expr.Printer;
import dysymnet.expr.UserFunction;
import dysymnet.fit.StandardErrors;
import dysymnet.search.Candidate;
import dysymnet.search.Settings;
import dysymnet.units.DimensionCheck;
import dysymnet.units.Units;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A fitted symbolic model: the chosen formula, the Pareto front it was chosen from, the reward history, and the
 * settings and seed it was made with. Immutable; saves to JSON and loads back exactly (the file format,
 * {@code model.json}, is written and read by the package-private {@code ModelJson}).
 */
public final class Model {
    /** Version of the JSON format written by {@link #toJson()}; {@link #fromJson} also reads version 1. */
    public static final int FORMAT_VERSION = ModelJson.FORMAT_VERSION;
    /** The name of the function that {@link #python(int)} and {@link #c(int)} define. */
    public static final String EXPORT_FUNCTION = "dysymnet_model";

    private final Expr expression;
    private final List<String> features;
    private final String target;
    private final double trainMse;
    private final double trainR2;
    private final SearchHistory history;
    private final Provenance provenance;
    private final Units units;

    /**
     * Creates a model; normally made by {@link SymbolicRegressor#fit}.
     *
     * @param expression the formula
     * @param features   the names of its input columns, in the order {@link #predict(double[][])} expects
     * @param target     the name of the predicted column
     * @param trainMse   the formula's MSE on the training data (weighted for a weighted fit)
     * @param trainR2    its R^2 there (weighted likewise)
     * @param history    how the search went
     * @param provenance how the model was made
     * @throws IllegalArgumentException when the formula uses a variable that is not a feature
     */
    public Model(Expr expression, List<String> features, String target, double trainMse, double trainR2,
                 SearchHistory history, Provenance provenance) {
        this(expression, features, target, trainMse, trainR2, history, provenance, null);
    }

    /**
     * Creates a model of data with units ({@link #units()}; null: none given); see the constructor without them.
     */
    public Model(Expr expression, List<String> features, String target, double trainMse, double trainR2,
                 SearchHistory history, Provenance provenance, Units units) {
        this.units = units;
        this.expression = Objects.requireNonNull(expression, "expression");
        this.features = List.copyOf(features);
        this.target = target == null ? "y" : target;
        this.trainMse = trainMse;
        this.trainR2 = trainR2;
        this.history = Objects.requireNonNull(history, "history");
        this.provenance = Objects.requireNonNull(provenance, "provenance");
        Set<String> known = new HashSet<>(this.features);
        for (String v : expression.variables()) {
            if (!known.contains(v)) {
                throw new IllegalArgumentException("the formula uses variable '" + v
                        + "' which is not among the features " + this.features);
            }
        }
    }

    /** The units of the data the model was fitted on, or null when none were given. */
    public Units units() {
        return units;
    }

    /** This model with the units {@code u} (null: none). */
    public Model withUnits(Units u) {
        return new Model(expression, features, target, trainMse, trainR2, history, provenance, u);
    }

    /**
     * The dimensional check of the formula ({@link DimensionCheck}: consistent or why not, its unit, each constant's
     * unit), or null when the model has no units.
     */
    public DimensionCheck.Result unitCheck() {
        return unitCheck(expression);
    }

    /** The dimensional check of {@code e} (a member of the front) under the model's units, or null without units. */
    public DimensionCheck.Result unitCheck(Expr e) {
        return units == null ? null : DimensionCheck.check(e, units);
    }

    /** The chosen formula. */
    public Expr expression() {
        return expression;
    }

    /** Feature names, in the column order {@link #predict(double[][])} expects. */
    public List<String> features() {
        return features;
    }

    public String target() {
        return target;
    }

    /**
     * The formula's complexity as the search counted it: its node count, or the sum of its operators' weights when
     * the settings have complexity weights ({@link dysymnet.search.Selection#complexityWeights()}).
     */
    public int complexity() {
        Settings s = provenance.settings();
        return s == null ? expression.complexity() : s.selection().complexity(expression);
    }

    /**
     * The formula's MSE on the training data: the weighted MSE {@code sum w r^2 / sum w} when the fit was weighted
     * ({@code provenance().data().weights()} names the weights), as every MSE of {@link #pareto()}.
     */
    public double trainMse() {
        return trainMse;
    }

    /** The formula's R^2 on the training data (weighted when the fit was). */
    public double trainR2() {
        return trainR2;
    }

    /** How the search went: front, rewards, time, networks. */
    public SearchHistory history() {
        return history;
    }

    /** How the model was made: settings, library version, training data fingerprint. */
    public Provenance provenance() {
        return provenance;
    }

    /** The Pareto front (complexity against training MSE), by increasing complexity. */
    public List<Candidate> pareto() {
        return history.pareto();
    }

    /** Mean reward of each controller step. */
    public double[] meanRewards() {
        return history.meanRewards();
    }

    /** Best reward of each controller step. */
    public double[] bestRewards() {
        return history.bestRewards();
    }

    public long seed() {
        return provenance.seed();
    }

    /** The settings the model was made with; empty for a model file of format version 1. */
    public Optional<Settings> settings() {
        return provenance.knownSettings();
    }

    public double elapsedSeconds() {
        return history.elapsedSeconds();
    }

    public long networksTrained() {
        return history.networksTrained();
    }

    /** Architectures that gave no finite formula (training diverged, or the pipeline failed). */
    public long failedArchitectures() {
        return history.failedArchitectures();
    }

    /** Networks given up at their checkpoint, behind the earlier ones ({@link SearchHistory#networksGivenUp()}). */
    public long networksGivenUp() {
        return history.networksGivenUp();
    }

    public String stopReason() {
        return history.stopReason();
    }

    /**
     * What the search's final choice says about how far the formula can be trusted, one sentence each (for
     * instance that every formula it found fits below the data's noise); empty when nothing needs saying.
     */
    public List<String> notes() {
        return history.notes();
    }

    /** Predictions for rows {@code x[i][j]} (feature j in the order of {@link #features()}). */
    public double[] predict(double[][] x) {
        Objects.requireNonNull(x, "x");
        double[][] cols = new double[features.size()][x.length];
        for (int i = 0; i < x.length; i++) {
            if (x[i] == null || x[i].length != features.size()) {
                throw new IllegalArgumentException("row " + i + " has " + (x[i] == null ? 0 : x[i].length)
                        + " values, the model expects " + features.size() + " " + features);
            }
            for (int j = 0; j < features.size(); j++) {
                cols[j][i] = x[i][j];
            }
        }
        return predictColumns(cols);
    }

    /** Predictions for feature columns {@code columns[j][i]} in the order of {@link #features()}. */
    public double[] predictColumns(double[][] columns) {
        checkColumns(columns);
        return Evaluator.evaluate(expression, features, columns);
    }

    /**
     * The standard errors of the formula's constants on these rows (feature columns {@code columns[j][i]} in the
     * order of {@link #features()}, target {@code y}, sample weights {@code w} or null), the residual's standard
     * deviation and its degrees of freedom: see {@link StandardErrors}. Meant for the training rows, where the
     * constants were fitted.
     */
    public StandardErrors standardErrors(double[][] columns, double[] y, double[] w) {
        checkColumns(columns);
        return StandardErrors.of(expression, new Dataset(features, columns, y, w));
    }

    private void checkColumns(double[][] columns) {
        if (columns.length != features.size()) {
            throw new IllegalArgumentException("got " + columns.length + " columns, the model expects "
                    + features.size() + " " + features);
        }
    }

    /** Predictions for a data set, matching its columns to the model's features by name. */
    public double[] predict(Dataset data) {
        double[][] cols = new double[features.size()][];
        for (int j = 0; j < features.size(); j++) {
            int k = data.names().indexOf(features.get(j));
            if (k < 0) {
                throw new IllegalArgumentException("the data has no column '" + features.get(j) + "'; it has "
                        + data.names());
            }
            cols[j] = data.column(k);
        }
        return Evaluator.evaluate(expression, features, cols);
    }

    /** The formula in the project's infix syntax, constants with the given significant digits. */
    public String formula(int digits) {
        return Printer.infix(expression, digits);
    }

    /** The formula in the project's infix syntax, constants exact. */
    public String formula() {
        return Printer.infix(expression);
    }

    /**
     * The formula as mathematics, for SymPy's {@code sympify}, constants with the given significant digits:
     * {@code log(Abs(u))} (dysymnet's log is log|u|), {@code sqrt(Abs(u))} and {@code Abs(a)**0.5} where the argument
     * may be negative, and none of the numerical protections (see {@link Printer#sympy(Expr, int)}); it computes
     * {@link #predict}'s numbers wherever no protection acts. {@link #sympyProtected(int)} writes the protections too.
     */
    public String sympy(int digits) {
        return Printer.sympy(expression, digits);
    }

    /**
     * {@link #sympy(int)} for the rows it was fitted on, feature columns {@code columns[j][i]} in the order of
     * {@link #features()}: an absolute value whose argument keeps one sign on every row is written as the argument
     * (or its negation), so a fit of {@code log(x^3 + x^2 + x + 1)} on x &gt; -1 reads so, without {@code Abs}; see
     * {@link Printer#sympy(Expr, int, List, double[][])}. {@link #sympyProtected(int)} keeps predict's semantics.
     */
    public String sympy(int digits, double[][] columns) {
        checkColumns(columns);
        return Printer.sympy(expression, digits, features, columns);
    }

    /**
     * The formula for SymPy's {@code sympify} with the protections written out where they can change a value
     * ({@code log(Max(Abs(u), 1e-300))}, {@code exp(Min(u, 100))}, a guarded denominator...), constants with the given
     * significant digits: it computes {@link #predict}'s numbers wherever those are finite (see
     * {@link Printer#sympyProtected(Expr, int)}).
     */
    public String sympyProtected(int digits) {
        return Printer.sympyProtected(expression, digits);
    }

    public String latex(int digits) {
        return Printer.latex(expression, digits);
    }

    /**
     * The formula as a Java {@code double} expression over the feature names, constants with the given significant
     * digits; it computes the bits {@link #predict} computes for the formula with those constants (see
     * {@link Printer#java(Expr, int)}).
     */
    public String java(int digits) {
        return Printer.java(expression, digits);
    }

    /**
     * A Python module defining {@code dysymnet_model(<features>)}, the formula over NumPy (vectorised), constants with
     * the given significant digits, its docstring stating the protected rules it uses: it computes what
     * {@link #predict} computes for the formula with those constants (see {@link Printer#pythonFunction}).
     */
    public String python(int digits) {
        return Printer.pythonFunction(expression, digits, EXPORT_FUNCTION, features);
    }

    /**
     * A C99 translation unit defining {@code double dysymnet_model(double <feature>, ...)}, constants with the given
     * significant digits, a comment stating the protected rules it uses: it computes what {@link #predict} computes
     * for the formula with those constants (see {@link Printer#cFunction}).
     */
    public String c(int digits) {
        return Printer.cFunction(expression, digits, EXPORT_FUNCTION, features);
    }

    @Override
    public String toString() {
        return target + " = " + formula(6);
    }

    // ---------------------------------------------------------------- JSON (ModelJson)

    /** The model as JSON text (see {@link #fromJson(String)}). */
    public String toJson() {
        return ModelJson.write(this);
    }

    /**
     * Replaces every number that is not finite by {@code null}: JSON has no NaN or infinity (Jackson would write
     * them as strings, which other readers take for text). {@link #fromJson} reads {@code null} back as NaN.
     */
    public static void nullForNonFinite(JsonNode node) {
        ModelJson.nullForNonFinite(node);
    }

    /**
     * Reads a model written by {@link #toJson()}, of this format version or version 1 (whose settings were text and
     * are not restored: {@link #settings()} is then empty); a malformed text gives an IllegalArgumentException.
     * Numbers that are {@code null} (how non-finite values are written) or absent read as NaN.
     */
    public static Model fromJson(String json) {
        return fromJson(json, List.of());
    }

    /**
     * Reads a model as {@link #fromJson(String)} does, whose formulas and settings may use the user-defined
     * {@code functions}: a model made with user functions needs their definitions to compute (the file has their
     * names only), so without them it does not load.
     */
    public static Model fromJson(String json, Collection<UserFunction> functions) {
        return ModelJson.read(json, functions);
    }

    /** Writes the model's JSON to a file atomically (a temporary file moved into place). */
    public void save(Path file) {
        ModelJson.save(this, file);
    }

    /** Reads a model file. */
    public static Model load(Path file) {
        return load(file, List.of());
    }

    /** Reads a model file made with the user-defined {@code functions} (see {@link #fromJson(String, Collection)}). */
    public static Model load(Path file, Collection<UserFunction> functions) {
        return ModelJson.load(file, functions);
    }
}
