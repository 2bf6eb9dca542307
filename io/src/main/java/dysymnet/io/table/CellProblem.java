package dysymnet.io.table;

/** A bad cell of a table, remembered for the error message: what is wrong, where, and the cell's text. */
record CellProblem(Kind kind, int row, int line, String text) {
    enum Kind { EMPTY, MISSING, NON_FINITE, NOT_A_NUMBER }

    /** The problem part of a message, after {@code row L, column 'c' (j): }. */
    String describe() {
        String hint = " (use --drop-missing to skip such rows)";
        switch (kind) {
            case EMPTY:
                return "empty cell" + hint;
            case MISSING:
                return (text.equalsIgnoreCase("nan") ? "NaN" : "missing value '" + text + "'") + hint;
            case NON_FINITE:
                return "'" + text + "' is not a finite number" + hint;
            case NOT_A_NUMBER:
                return "'" + shorten(text) + "' is not a number" + decimalCommaHint(text);
            default:
                throw new AssertionError(kind);
        }
    }

    boolean isMissing() {
        return kind != Kind.NOT_A_NUMBER;
    }

    private static String shorten(String s) {
        String printable = s.replaceAll("\\p{Cntrl}", "?");
        return printable.length() <= 40 ? printable : printable.substring(0, 37) + "...";
    }

    private static String decimalCommaHint(String s) {
        return Cells.isDecimalComma(s)
                ? ": it uses a decimal comma, and a decimal point is expected (" + s.strip().replace(',', '.') + ")"
                : "";
    }
}
