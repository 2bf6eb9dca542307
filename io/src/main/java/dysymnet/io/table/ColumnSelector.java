package dysymnet.io.table;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Chooses the target and feature columns of a {@link Table}: resolves the names or indices the user gave, reports
 * the first bad cell of a used column, drops rows with missing values when asked to, and makes the names valid
 * variable names.
 */
final class ColumnSelector {
    private ColumnSelector() {
    }

    /**
     * Chooses the target and the features, checks their values and makes their names valid variable names.
     * Honours {@link ReadOptions#dropMissing()} of the options the table was read with.
     *
     * @param target   a column name (as in the file, or sanitised), or a 1-based column index; null picks a
     *                 column named {@code target} (any case), else the last column
     * @param features column names or indices; null means all columns but the target
     * @throws InputException if a column is unknown or repeated, a used cell is bad, fewer than
     *                        {@link TableReader#MIN_ROWS} rows remain, the target is constant, or a used column holds
     *                        values too far apart in magnitude to be fitted together ({@link #checkSpread})
     */
    static Selection select(Table t, String target, List<String> features) {
        return select(t, target, features, null);
    }

    /**
     * As {@link #select(Table, String, List)}, with a column of sample weights ({@code weights}: a name or 1-based
     * index, null for none): never a default feature, never the target; its used cells are checked like the others'
     * and must moreover be positive.
     *
     * @throws InputException also when the weights column is unknown, is the target or a listed feature, or a kept
     *                        row's weight is zero or negative
     */
    static Selection select(Table t, String target, List<String> features, String weights) {
        String shown = t.shownName();
        List<String> names = t.names();
        List<String> sanitised = VariableNames.sanitise(names);
        int weightsCol = weights == null ? -1 : resolve(t, sanitised, weights, "weights");
        int targetCol;
        if (target == null) {
            targetCol = defaultTarget(names);
            if (targetCol == weightsCol) {
                // the last column holds the weights: the target is the one before it (unless one is named target)
                targetCol = weightsCol > 0 ? weightsCol - 1 : weightsCol;
            }
        } else {
            targetCol = resolve(t, sanitised, target, "target");
        }
        if (targetCol == weightsCol) {
            throw InputException.of(shown, "column '" + names.get(targetCol) + "' is both the target and the weights");
        }
        List<Integer> featureCols = new ArrayList<>();
        if (features == null) {
            for (int j = 0; j < names.size(); j++) {
                if (j != targetCol && j != weightsCol) {
                    featureCols.add(j);
                }
            }
        } else {
            for (String f : features) {
                int j = resolve(t, sanitised, f, "feature");
                if (j == targetCol) {
                    throw InputException.of(shown, "column '" + names.get(j) + "' is both the target and a feature");
                }
                if (j == weightsCol) {
                    throw InputException.of(shown, "column '" + names.get(j) + "' is both the weights and a feature");
                }
                if (featureCols.contains(j)) {
                    throw InputException.of(shown, "feature column '" + names.get(j) + "' is listed twice");
                }
                featureCols.add(j);
            }
        }
        if (featureCols.isEmpty()) {
            throw InputException.of(shown, "no feature columns: the table has only the target column '"
                    + names.get(targetCol) + "'");
        }
        List<Integer> used = new ArrayList<>(featureCols);
        used.add(targetCol);
        if (weightsCol >= 0) {
            used.add(weightsCol);
        }

        boolean drop = t.options().dropMissing();
        CellProblem worst = null;
        int worstCol = -1;
        for (int j : used) {
            CellProblem text = t.firstText(j);
            CellProblem missing = drop ? null : t.firstMissing(j);
            for (CellProblem p : new CellProblem[] {text, missing}) {
                if (p != null && (worst == null || p.row() < worst.row() || (p.row() == worst.row() && j < worstCol))) {
                    worst = p;
                    worstCol = j;
                }
            }
        }
        if (worst != null) {
            throw InputException.of(shown, "row " + worst.line() + ", column '" + names.get(worstCol) + "' ("
                    + (worstCol + 1) + "): " + worst.describe());
        }

        double[][] cols = t.columns();
        int n = t.rowCount();
        boolean[] keep = new boolean[n];
        int kept = 0;
        for (int i = 0; i < n; i++) {
            boolean ok = true;
            for (int j : used) {
                if (!Double.isFinite(cols[j][i])) {
                    ok = false;
                    break;
                }
            }
            keep[i] = ok;
            if (ok) {
                kept++;
            }
        }
        int dropped = n - kept;
        if (kept < TableReader.MIN_ROWS) {
            throw InputException.of(shown, "needs at least " + TableReader.MIN_ROWS + " rows, found " + kept
                    + (dropped > 0 ? " after dropping " + dropped + " with missing values" : ""));
        }
        if (weightsCol >= 0) {
            checkWeights(t, weightsCol, keep);
        }
        for (int j : used) {
            if (j != weightsCol) {
                checkSpread(t, j, keep);
            }
        }
        double[][] x = new double[featureCols.size()][];
        for (int f = 0; f < x.length; f++) {
            x[f] = compact(cols[featureCols.get(f)], keep, kept);
        }
        double[] y = compact(cols[targetCol], keep, kept);
        boolean constant = true;
        for (int i = 1; i < y.length && constant; i++) {
            constant = y[i] == y[0];
        }
        if (constant) {
            throw InputException.of(shown, "target '" + names.get(targetCol) + "' is constant (all values "
                    + formatValue(y[0]) + "): nothing to fit");
        }
        List<String> featureNames = new ArrayList<>();
        Map<String, String> original = new LinkedHashMap<>();
        for (int j : featureCols) {
            featureNames.add(sanitised.get(j));
            original.put(sanitised.get(j), names.get(j));
        }
        original.put(sanitised.get(targetCol), names.get(targetCol));
        double[] w = weightsCol < 0 ? null : compact(cols[weightsCol], keep, kept);
        return new Selection(Collections.unmodifiableList(featureNames), x, y, sanitised.get(targetCol),
                Collections.unmodifiableMap(original), dropped, w, weightsCol < 0 ? null : names.get(weightsCol));
    }

    /**
     * Fails at the first kept row whose weight is zero or negative (the cells are numbers and finite by now), naming
     * its row, the column and the value.
     */
    private static void checkWeights(Table t, int j, boolean[] keep) {
        double[] c = t.columns()[j];
        for (int i = 0; i < c.length; i++) {
            if (keep[i] && !(c[i] > 0)) {
                throw InputException.of(t.shownName(), "row " + t.line(i) + ", column '" + t.names().get(j) + "' ("
                        + (j + 1) + "): weight " + formatValue(c[i]) + " is " + (c[i] == 0 ? "zero" : "negative")
                        + " (weights must be positive; remove the row to leave it out)");
            }
        }
    }

    /**
     * Values this many binary orders of magnitude (about 10^150) below their column's largest cannot be searched
     * together with it: scaled so that the largest is of ordinary size, their squares underflow.
     */
    static final int MAX_SPREAD_EXPONENT = 500;

    /**
     * Fails when most of a column's non-zero values (in the kept rows) are more than 2^{@value #MAX_SPREAD_EXPONENT}
     * below its largest one, naming the row of the largest: such a value (1e300 among values near 1, a code for a
     * missing value, a unit error) would decide every fit alone, and the other values would be lost to round-off.
     * Data of any magnitude within that spread are fine (the search scales extreme columns by powers of two).
     */
    private static void checkSpread(Table t, int j, boolean[] keep) {
        double[] c = t.columns()[j];
        int top = Integer.MIN_VALUE;
        int at = -1;
        for (int i = 0; i < c.length; i++) {
            if (keep[i] && c[i] != 0 && Math.getExponent(c[i]) > top) {
                top = Math.getExponent(c[i]);
                at = i;
            }
        }
        if (at < 0) {
            return;
        }
        long nonZero = 0;
        long far = 0;
        for (int i = 0; i < c.length; i++) {
            if (keep[i] && c[i] != 0) {
                nonZero++;
                if (Math.getExponent(c[i]) < top - MAX_SPREAD_EXPONENT) {
                    far++;
                }
            }
        }
        if (2 * far > nonZero) {
            throw InputException.of(t.shownName(), "row " + t.line(at) + ", column '" + t.names().get(j) + "' ("
                    + (j + 1) + "): " + c[at] + " is more than 1e150 times the size of most of the column's values, "
                    + "too far apart to be fitted together in double precision (a code for a missing value, or a "
                    + "unit error? fix or remove the row)");
        }
    }

    private static int defaultTarget(List<String> names) {
        for (int j = 0; j < names.size(); j++) {
            if (names.get(j).strip().equalsIgnoreCase("target")) {
                return j;
            }
        }
        return names.size() - 1;
    }

    /** A name as in the file, a sanitised name, a unique case-insensitive name, or a 1-based index. */
    private static int resolve(Table t, List<String> sanitised, String spec, String role) {
        List<String> names = t.names();
        String s = spec.strip();
        int j = names.indexOf(spec);
        if (j < 0) {
            j = names.indexOf(s);
        }
        if (j < 0) {
            j = sanitised.indexOf(s);
        }
        if (j < 0) {
            int found = -1;
            int count = 0;
            for (int k = 0; k < names.size(); k++) {
                if (names.get(k).strip().equalsIgnoreCase(s) || sanitised.get(k).equalsIgnoreCase(s)) {
                    found = k;
                    count++;
                }
            }
            if (count == 1) {
                j = found;
            }
        }
        if (j < 0 && s.matches("\\d{1,9}")) {
            int index = Integer.parseInt(s);
            if (index < 1 || index > names.size()) {
                throw InputException.of(t.shownName(), role + " column " + index + " is out of range (the table has "
                        + names.size() + " columns)");
            }
            j = index - 1;
        }
        if (j < 0) {
            throw InputException.of(t.shownName(), "unknown " + role + " column '" + spec + "' (columns: "
                    + String.join(", ", names) + ")");
        }
        return j;
    }

    /** The kept values of a column: the table's own array when all are kept (shared, not copied: a large table). */
    private static double[] compact(double[] column, boolean[] keep, int kept) {
        if (kept == column.length) {
            return column;
        }
        double[] out = new double[kept];
        int k = 0;
        for (int i = 0; i < column.length; i++) {
            if (keep[i]) {
                out[k++] = column[i];
            }
        }
        return out;
    }

    private static String formatValue(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
