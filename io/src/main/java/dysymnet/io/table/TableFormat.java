package dysymnet.io.table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Detects how a file lays out its table from a sample of its content lines: the delimiter, whether the first row
 * is a header, and whether every line ends with a delimiter (an empty last cell to drop).
 */
final class TableFormat {
    /** Lines looked at to detect the delimiter and the header. */
    static final int SAMPLE_LINES = 50;

    private TableFormat() {
    }

    /**
     * The delimiter that splits the sample lines most consistently into more than one cell: the one whose most
     * common cell count (above 1) is shared by the most lines; ties go to the one giving the most numeric cells
     * below the first line, then to the order tab, comma, semicolon, pipe, whitespace.
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
            if (d != Delimiter.WHITESPACE && allEndWithEmptyCell(cells)) {
                for (List<String> c : cells) {
                    c.remove(c.size() - 1);
                }
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
                            if (Cells.kind(c) != CellProblem.Kind.NOT_A_NUMBER) {
                                numeric++;
                            }
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

    /** Whether every line ends with an empty cell after at least two others (a delimiter closing each line). */
    static boolean allEndWithEmptyCell(List<List<String>> cells) {
        for (List<String> c : cells) {
            if (c.size() < 3 || !c.get(c.size() - 1).isEmpty()) {
                return false;
            }
        }
        return true;
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
     * or a missing value; a lone row is a header when one of its cells is not a number.
     */
    static boolean detectHeader(List<List<String>> cells) {
        List<String> first = cells.get(0);
        List<String> second = cells.size() > 1 ? cells.get(1) : null;
        for (int j = 0; j < first.size(); j++) {
            if (Cells.kind(first.get(j)) == CellProblem.Kind.NOT_A_NUMBER) {
                if (second == null
                        || j < second.size() && Cells.kind(second.get(j)) != CellProblem.Kind.NOT_A_NUMBER) {
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
