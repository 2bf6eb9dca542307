package dysymnet.io.table;

import java.util.ArrayList;
import java.util.List;

/**
 * Parses the cells of a table's data rows into column storage, remembering the first bad cell of each column
 * (missing or non-finite, and not a number) with its row and line, for {@link TableReader#select}.
 *
 * <p>Rows go into blocks, each twice the rows of the one before up to {@value #MAX_BLOCK_CELLS} cells, so that the
 * table never needs much more than its own size while it grows (growing arrays by doubling needs up to three times
 * the table while copying), and {@link #columns} assembles each column and frees its blocks before the next: at most
 * the table plus one column.
 */
final class ColumnBuilder {
    /** Rows of the first block at most. */
    static final int FIRST_BLOCK_ROWS = 1024;
    /** Cells of a block at most (8 MB). */
    static final int MAX_BLOCK_CELLS = 1 << 20;

    private final int width;
    private final int firstBlockRows;
    private final int maxBlockCells;
    /** {@code blocks.get(b)[j]}: column j of block b; a column's blocks are freed once assembled. */
    private final List<double[][]> blocks = new ArrayList<>();
    private final List<int[]> lineBlocks = new ArrayList<>();
    /** Rows in the full blocks before the last one. */
    private int before;
    private int rows;
    final CellProblem[] firstMissing;
    final CellProblem[] firstText;

    ColumnBuilder(int width) {
        this(width, FIRST_BLOCK_ROWS, MAX_BLOCK_CELLS);
    }

    /** With other block sizes (for tests: many blocks from a small table). */
    ColumnBuilder(int width, int firstBlockRows, int maxBlockCells) {
        this.width = width;
        this.firstBlockRows = firstBlockRows;
        this.maxBlockCells = maxBlockCells;
        firstMissing = new CellProblem[width];
        firstText = new CellProblem[width];
    }

    /** Adds a row of exactly the table's width, from line {@code line} of the file. */
    void add(List<String> cells, int line) {
        int[] lineBlock = lineBlocks.isEmpty() ? null : lineBlocks.get(lineBlocks.size() - 1);
        if (lineBlock == null || rows - before == lineBlock.length) {
            int most = Math.max(1, maxBlockCells / Math.max(1, width));
            int size = lineBlock == null ? Math.min(firstBlockRows, most) : Math.min(2 * lineBlock.length, most);
            before = rows;
            blocks.add(new double[width][size]);
            lineBlock = new int[size];
            lineBlocks.add(lineBlock);
        }
        int at = rows - before;
        double[][] block = blocks.get(blocks.size() - 1);
        for (int j = 0; j < width; j++) {
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
            block[j][at] = v;
            if (kind == CellProblem.Kind.NOT_A_NUMBER) {
                if (firstText[j] == null) {
                    firstText[j] = new CellProblem(kind, rows, line, cell);
                }
            } else if (kind != null && firstMissing[j] == null) {
                firstMissing[j] = new CellProblem(kind, rows, line, cell);
            }
        }
        lineBlock[at] = line;
        rows++;
    }

    int rows() {
        return rows;
    }

    /** The columns, each of exactly {@link #rows} values; the blocks are freed along the way (call once). */
    double[][] columns() {
        double[][] out = new double[width][];
        for (int j = 0; j < width; j++) {
            double[] c = new double[rows];
            int offset = 0;
            for (double[][] block : blocks) {
                int n = Math.min(block[j].length, rows - offset);
                System.arraycopy(block[j], 0, c, offset, n);
                offset += n;
                block[j] = null;
            }
            out[j] = c;
        }
        blocks.clear();
        return out;
    }

    /** The line of each row (call once). */
    int[] lines() {
        int[] out = new int[rows];
        int offset = 0;
        for (int[] block : lineBlocks) {
            int n = Math.min(block.length, rows - offset);
            System.arraycopy(block, 0, out, offset, n);
            offset += n;
        }
        lineBlocks.clear();
        return out;
    }

    /** Frees the storage (after running out of memory: the reader then reports the table as too large). */
    void release() {
        blocks.clear();
        lineBlocks.clear();
    }
}
