package dysymnet.io.table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Detects how a file lays out its table from a sample of its content lines: the delimiter, whether the first row
 * is a header, and whether the lines end with delimiters (empty last cells to drop).
 */
final class TableFormat {
    /** Lines looked at to detect the delimiter and the header. */
    static final int SAMPLE_LINES = 50;

    private TableFormat() {
    }

    /**
     * The delimiter that splits the sample lines most consistently into more than one cell: the one whose most
     * common cell count (above 1) is shared by the most lines; ties go to the one giving the most numeric cells
     * less non-numeric ones below the first line, then to the order tab, comma, semicolon, pipe, whitespace. With
     * another delimiter than the comma, a number with a decimal comma counts as numeric here, so that
     * {@code 1,5;2,3} splits at the semicolon and the message can say what is wrong with {@code 1,5}.
     *
     * @param sample the sample's content lines
     * @param lines  their line numbers in the file
     * @return the delimiter, or null when no line splits into two or more cells with any of them
     */
    static Delimiter detectDelimiter(List<String> sample, List<Integer> lines, LineSplitter splitter) {
        Delimiter best = null;
        int bestAgree = -1;
        int bestNumeric = -1;
        for (Delimiter d : Delimiter.values()) {
            List<List<String>> cells = new ArrayList<>();
            for (int k = 0; k < sample.size(); k++) {
                try {
                    cells.add(splitter.split(sample.get(k), d, lines.get(k)));
                } catch (InputException e) {
                    // quotes that do not fit this delimiter: the line disagrees with any cell count
                    cells.add(new ArrayList<>());
                }
            }
            if (d != Delimiter.WHITESPACE) {
                dropTrailingEmptyCells(cells, trailingEmptyCells(cells));
            }
            int mode = modeCount(cells);
            if (mode < 2) {
                continue;
            }
            int agree = 0;
            int numeric = 0;
            for (int k = 0; k < cells.size(); k++) {
                if (cells.get(k).size() == mode) {
                    agree++;
                    if (k > 0) {
                        for (String c : cells.get(k)) {
                            boolean number = Cells.kind(c) != CellProblem.Kind.NOT_A_NUMBER
                                    || d != Delimiter.COMMA && Cells.isDecimalComma(c);
                            numeric += number ? 1 : -1;
                        }
                    }
                }
            }
            if (agree > bestAgree || agree == bestAgree && numeric > bestNumeric) {
                best = d;
                bestAgree = agree;
                bestNumeric = numeric;
            }
        }
        return best;
    }

    /**
     * How many empty cells to drop from the end of each line: the number {@code k} of empty cells that every line
     * below the first ends with (delimiters closing each line, as some tools write them), keeping at least two
     * cells. The first line (possibly a header) may end with fewer, as long as it then has as many cells as the
     * others without theirs; otherwise {@code k} is what every line, the first included, ends with.
     */
    static int trailingEmptyCells(List<List<String>> cells) {
        int rest = commonTrailingEmpty(cells.subList(cells.size() > 1 ? 1 : 0, cells.size()));
        if (rest > 0 && cells.size() > 1) {
            List<List<String>> stripped = new ArrayList<>();
            for (List<String> c : cells) {
                stripped.add(new ArrayList<>(c));
            }
            dropTrailingEmptyCells(stripped, rest);
            if (stripped.get(0).size() == modeCount(stripped.subList(1, stripped.size()))) {
                return rest;
            }
            return commonTrailingEmpty(cells);
        }
        return rest;
    }

    /** The number of empty cells all the lines end with, leaving each at least two cells. */
    private static int commonTrailingEmpty(List<List<String>> cells) {
        int k = Integer.MAX_VALUE;
        for (List<String> c : cells) {
            k = Math.min(k, Math.min(trailingEmpty(c), c.size() - 2));
        }
        return cells.isEmpty() ? 0 : Math.max(k, 0);
    }

    private static int trailingEmpty(List<String> c) {
        int t = 0;
        while (t < c.size() && c.get(c.size() - 1 - t).isEmpty()) {
            t++;
        }
        return t;
    }

    /** Drops up to {@code k} empty cells from the end of every line. */
    static void dropTrailingEmptyCells(List<List<String>> cells, int k) {
        for (List<String> c : cells) {
            for (int i = 0; i < k && !c.isEmpty() && c.get(c.size() - 1).isEmpty(); i++) {
                c.remove(c.size() - 1);
            }
        }
    }

    /** The most common number of cells per line; ties go to the larger number. */
    static int modeCount(List<List<String>> cells) {
        Map<Integer, Integer> counts = new HashMap<>();
        int best = 0;
        int bestCount = 0;
        for (List<String> c : cells) {
            int count = counts.merge(c.size(), 1, Integer::sum);
            if (count > bestCount || count == bestCount && c.size() > best) {
                best = c.size();
                bestCount = count;
            }
        }
        return best;
    }

    /**
     * The first row is a header when one of its cells is not a number while the cell below it is a number
     * or a missing value; a lone row is a header when one of its cells is not a number. A number with a decimal
     * comma counts as a number here (so that the message about it names its row and column, not the header).
     */
    static boolean detectHeader(List<List<String>> cells) {
        List<String> first = cells.get(0);
        List<String> second = cells.size() > 1 ? cells.get(1) : null;
        for (int j = 0; j < first.size(); j++) {
            String cell = first.get(j);
            if (Cells.kind(cell) == CellProblem.Kind.NOT_A_NUMBER && !Cells.isDecimalComma(cell)) {
                if (second == null || j < second.size() && (Cells.kind(second.get(j)) != CellProblem.Kind.NOT_A_NUMBER
                        || Cells.isDecimalComma(second.get(j)))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether a line holds data: it is not blank and not a comment (its first non-blank character is {@code #}). */
    static boolean isContent(String line) {
        int n = line.length();
        for (int i = 0; i < n; i++) {
            char c = line.charAt(i);
            if (c == '#') {
                return false;
            }
            if (!Character.isWhitespace(c) && c != '\uFEFF') {
                return true;
            }
        }
        return false;
    }
}
