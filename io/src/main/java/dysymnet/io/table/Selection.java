package dysymnet.io.table;

import dysymnet.data.Dataset;
import java.util.List;
import java.util.Map;

/**
 * The target and feature columns chosen from a {@link Table}, with names made valid for formulas.
 *
 * @param featureNames  sanitised feature names (valid variable names), one per row of {@code x}
 * @param x             features, column-major: {@code x[feature][row]}; may be the table's own columns (do not
 *                      modify)
 * @param y             the target, one value per row (do not modify)
 * @param targetName    sanitised target name
 * @param originalNames sanitised name to the name in the file, for every feature and the target, in order
 * @param droppedRows   rows dropped because of missing values (only with {@code dropMissing})
 * @param weights       the sample weights, one positive finite value per row, or null when no weights column was
 *                      chosen (do not modify)
 * @param weightsName   the weights column's name as in the file, or null
 */
public record Selection(List<String> featureNames, double[][] x, double[] y, String targetName,
                        Map<String, String> originalNames, int droppedRows, double[] weights, String weightsName) {

    /** A selection without weights. */
    public Selection(List<String> featureNames, double[][] x, double[] y, String targetName,
                     Map<String, String> originalNames, int droppedRows) {
        this(featureNames, x, y, targetName, originalNames, droppedRows, null, null);
    }

    /** The selection as a core data set (weighted when a weights column was chosen). */
    public Dataset toDataset() {
        return new Dataset(featureNames, x, y, weights, weightsName);
    }

    /** The name of {@code sanitised} in the file (itself when it was already valid). */
    public String original(String sanitised) {
        return originalNames.getOrDefault(sanitised, sanitised);
    }

    public int rowCount() {
        return y.length;
    }
}
