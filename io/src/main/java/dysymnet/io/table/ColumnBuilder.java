package dysymnet.io.table;

import java.util.Arrays;
import java.util.List;

/**
 * Parses the cells of a table's data rows into growing column storage, remembering the first bad cell of each
 * column (missing or non-finite, and not a number) with its row and line, for {@link TableReader#select}.
 */
final class ColumnBuilder {
    private double[][] values;
    private int[] lines = new int[1024];
    private int rows;
    final CellProblem[] firstMissing;
    final CellProblem[] firstText;

    ColumnBuilder(int width) {
        values = new double[width][1024];
        firstMissing = new CellProblem[width];
        firstText = new CellProblem[width];
    }

    /** Adds a row of exactly the table's width, from line {@code line} of the file. */
    void add(List<String> cells, int line) {
        if (rows == lines.length) {
            int cap = rows * 2;
            lines = Arrays.copyOf(lines, cap);
            for (int j = 0; j < values.length; j++) {
                values[j] = Arrays.copyOf(values[j], cap);
            }
        }
        for (int j = 0; j < values.length; j++) {
            String cell = cells.get(j);
            CellProblem.Kind kind = Cells.kind(cell);
            double v;
            if (kind == null) {
                v = Cells.value(cell);
                if (!Double.isFinite(v)) {
                    kind = CellProblem.Kind.NON_FINITE;
                }
            } else if (kind == CellProblem.Kind.NON_FINITE) {
                v = cell.strip().startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            } else {
                v = Double.NaN;
            }
            values[j][rows] = v;
            if (kind == CellProblem.Kind.NOT_A_NUMBER) {
                if (firstText[j] == null) {
                    firstText[j] = new CellProblem(kind, rows, line, cell);
                }
            } else if (kind != null && firstMissing[j] == null) {
                firstMissing[j] = new CellProblem(kind, rows, line, cell);
            }
        }
        lines[rows++] = line;
    }

    int rows() {
        return rows;
    }

    double[][] columns() {
        double[][] out = new double[values.length][];
        for (int j = 0; j < values.length; j++) {
            out[j] = Arrays.copyOf(values[j], rows);
        }
        return out;
    }

    int[] lines() {
        return Arrays.copyOf(lines, rows);
    }
}
