package dysymnet.io.table;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one line of a file into its cells for a given delimiter: cells are stripped, double quotes around cells
 * are removed (a doubled quote inside stands for one), and a quoted cell may hold the delimiter. A quoted cell
 * cannot hold a line break: the reader works line by line, and a numeric table has no use for one.
 */
final class LineSplitter {
    /** A quoted cell that is not closed on its line: the reader tells a line break inside it from a missing quote. */
    static final class UnclosedQuote extends InputException {
        private static final long serialVersionUID = 1L;

        final int line;
        final int column;
        /** Where the cell's opening quote is in the line. */
        final int open;

        UnclosedQuote(String shown, int line, int column, int open) {
            super(shown + ": row " + line + ", column " + column + ": unbalanced double quotes (the quote that "
                    + "opens the cell is never closed)");
            this.line = line;
            this.column = column;
            this.open = open;
        }
    }

    private final String shown;

    /** @param shown the file as messages name it */
    LineSplitter(String shown) {
        this.shown = shown;
    }

    /**
     * The cells of {@code line}.
     *
     * @param lineNo the line's number in the file, for messages
     * @throws UnclosedQuote  if a quoted cell is not closed on the line
     * @throws InputException if text follows the closing quote of a quoted cell
     */
    List<String> split(String line, Delimiter d, int lineNo) {
        List<String> cells = new ArrayList<>();
        if (d == Delimiter.WHITESPACE) {
            int n = line.length();
            int i = 0;
            while (i < n) {
                while (i < n && isBlank(line.charAt(i))) {
                    i++;
                }
                if (i == n) {
                    break;
                }
                int start = i;
                while (i < n && !isBlank(line.charAt(i))) {
                    i++;
                }
                cells.add(unquote(line.substring(start, i)));
            }
            return cells;
        }
        char c = d.symbol();
        boolean quotes = line.indexOf('"') >= 0;
        int n = line.length();
        int start = 0;
        while (true) {
            if (quotes) {
                int q = start;
                while (q < n && line.charAt(q) != c && Character.isWhitespace(line.charAt(q))) {
                    q++;
                }
                if (q < n && line.charAt(q) == '"') {
                    start = quoted(line, q, c, lineNo, cells.size() + 1, cells);
                    if (start < 0) {
                        return cells;
                    }
                    continue;
                }
            }
            int end = line.indexOf(c, start);
            if (end < 0) {
                cells.add(line.substring(start).strip());
                return cells;
            }
            cells.add(line.substring(start, end).strip());
            start = end + 1;
        }
    }

    /**
     * Reads the quoted cell whose opening quote is at {@code open} into {@code cells}; returns where the next cell
     * starts, or -1 at the end of the line.
     */
    private int quoted(String line, int open, char delimiter, int lineNo, int column, List<String> cells) {
        int n = line.length();
        StringBuilder cell = new StringBuilder();
        int k = open + 1;
        while (true) {
            if (k >= n) {
                throw new UnclosedQuote(shown, lineNo, column, open);
            }
            char ch = line.charAt(k);
            if (ch == '"') {
                if (k + 1 < n && line.charAt(k + 1) == '"') {
                    cell.append('"');
                    k += 2;
                    continue;
                }
                k++;
                break;
            }
            cell.append(ch);
            k++;
        }
        while (k < n && line.charAt(k) != delimiter && Character.isWhitespace(line.charAt(k))) {
            k++;
        }
        if (k < n && line.charAt(k) != delimiter) {
            throw InputException.of(shown, "row " + lineNo + ", column " + column + ": text after the closing "
                    + "double quote of a quoted cell");
        }
        cells.add(cell.toString().strip());
        return k < n ? k + 1 : -1;
    }

    private static String unquote(String s) {
        return s.length() >= 2 && s.charAt(0) == '"' && s.charAt(s.length() - 1) == '"'
                ? s.substring(1, s.length() - 1).strip() : s;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }
}
