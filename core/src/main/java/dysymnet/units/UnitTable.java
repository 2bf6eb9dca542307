package dysymnet.units;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a table of units, one quantity per row, comma- or tab-separated, in either of two forms:
 * <ul>
 *   <li>exponents (AI Feynman's {@code units.csv}): a header naming at least two of the columns {@code m},
 *       {@code s}, {@code kg}, {@code K} (or {@code T}, the kelvin as AI Feynman writes it) and {@code V} (any
 *       absent ones are 0); the
 *       first column is the name, every other column (a description) is ignored; exponents are integers, decimals
 *       or fractions such as {@code 1/2};</li>
 *   <li>unit texts: two columns, the name and a unit text read by {@link UnitText} ({@code t,s}, {@code g,m/s^2});
 *       a first row whose first cell is {@code name}, {@code column}, {@code variable} or {@code quantity} is a
 *       header.</li>
 * </ul>
 * Empty lines and lines starting with {@code #} are skipped. A name given twice with different units, a row of the
 * wrong length, an exponent that is not a number or an unknown unit is an error naming its line.
 */
public final class UnitTable {
    private UnitTable() {
    }

    /**
     * The units of {@code lines}, by name, in the table's order.
     *
     * @throws IllegalArgumentException with a one-line message starting {@code line N: } for a bad row
     */
    public static Map<String, Dimension> parse(List<String> lines) {
        List<String[]> rows = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        String delimiter = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (i == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1);
            }
            if (line.isBlank() || line.strip().startsWith("#")) {
                continue;
            }
            if (delimiter == null) {
                delimiter = line.contains("\t") ? "\t" : ",";
            }
            String[] cells = line.split(delimiter, -1);
            for (int k = 0; k < cells.length; k++) {
                cells[k] = unquote(cells[k].strip());
            }
            rows.add(cells);
            numbers.add(i + 1);
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException("no units in it");
        }
        String[] header = rows.get(0);
        int[] baseColumn = new int[Dimension.BASES.size()];
        java.util.Arrays.fill(baseColumn, -1);
        int bases = 0;
        for (int k = 1; k < header.length; k++) {
            String h = header[k];
            int b = Dimension.BASES.indexOf("T".equals(h) ? "K" : h);
            if (b >= 0) {
                if (baseColumn[b] >= 0) {
                    throw new IllegalArgumentException("line " + numbers.get(0) + ": column " + h + " twice");
                }
                baseColumn[b] = k;
                bases++;
            }
        }
        // a header names two base units at least; a row of name and unit text, such as "t,s", names one
        boolean exponents = bases >= 2;
        Map<String, Dimension> out = new LinkedHashMap<>();
        Map<String, Integer> where = new LinkedHashMap<>();
        int first = exponents || isHeader(header) ? 1 : 0;
        for (int r = first; r < rows.size(); r++) {
            String[] cells = rows.get(r);
            int line = numbers.get(r);
            if (exponents ? cells.length != header.length : cells.length != 2) {
                throw new IllegalArgumentException("line " + line + ": " + cells.length + " cells, expected "
                        + (exponents ? header.length + " like the header" : "2 (name, unit)"));
            }
            String name = cells[0];
            if (name.isEmpty()) {
                throw new IllegalArgumentException("line " + line + ": no name in the first cell");
            }
            Dimension d;
            if (exponents) {
                Rational[] e = new Rational[Dimension.BASES.size()];
                for (int b = 0; b < e.length; b++) {
                    e[b] = baseColumn[b] < 0 ? Rational.ZERO : exponent(cells[baseColumn[b]], line, header[baseColumn[b]]);
                }
                d = Dimension.of(e);
            } else {
                try {
                    d = UnitText.parse(cells[1]);
                } catch (IllegalArgumentException ex) {
                    throw new IllegalArgumentException("line " + line + ": " + name + ": " + ex.getMessage());
                }
            }
            Dimension before = out.putIfAbsent(name, d);
            if (before != null && !before.equals(d)) {
                throw new IllegalArgumentException("line " + line + ": " + name + " in " + d + ", but line "
                        + where.get(name) + " gave it in " + before);
            }
            where.putIfAbsent(name, line);
        }
        return out;
    }

    private static boolean isHeader(String[] row) {
        String c = row[0].toLowerCase(Locale.ROOT);
        return c.equals("name") || c.equals("column") || c.equals("variable") || c.equals("quantity");
    }

    private static String unquote(String s) {
        return s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"") ? s.substring(1, s.length() - 1).strip() : s;
    }

    private static Rational exponent(String cell, int line, String column) {
        try {
            int slash = cell.indexOf('/');
            if (slash >= 0) {
                return Rational.of(Long.parseLong(cell.substring(0, slash).strip()),
                        Long.parseLong(cell.substring(slash + 1).strip()));
            }
            double v = Double.parseDouble(cell);
            Rational r = Rational.near(v, 12, 1e-9);
            if (r == null) {
                throw new NumberFormatException();
            }
            return r;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("line " + line + ", column " + column + ": exponent '" + cell
                    + "' is not a number such as 2, -1, 0.5 or 1/2");
        }
    }
}
