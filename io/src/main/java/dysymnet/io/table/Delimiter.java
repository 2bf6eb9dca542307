package dysymnet.io.table;

import java.util.Locale;

/** The cell separators a table may use; {@link #WHITESPACE} means runs of spaces and tabs. */
public enum Delimiter {
    TAB('\t', "tab"),
    COMMA(',', "comma"),
    SEMICOLON(';', "semicolon"),
    PIPE('|', "pipe"),
    WHITESPACE(' ', "whitespace");

    private final char symbol;
    private final String label;

    Delimiter(char symbol, String label) {
        this.symbol = symbol;
        this.label = label;
    }

    /** The separating character ({@code ' '} for whitespace runs). */
    public char symbol() {
        return symbol;
    }

    /** A word for messages: tab, comma, semicolon, pipe or whitespace. */
    public String label() {
        return label;
    }

    /**
     * Parses a user's choice: the character itself ({@code , ; |}, a tab, a space) or a word such as
     * {@code comma}, {@code tab}, {@code \t}, {@code semicolon}, {@code pipe}, {@code space}, {@code whitespace}.
     *
     * @throws IllegalArgumentException if {@code text} names no delimiter
     */
    public static Delimiter parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("delimiter must not be null");
        }
        switch (text.length() == 1 ? text : text.trim().toLowerCase(Locale.ROOT)) {
            case "\t":
            case "\\t":
            case "tab":
            case "tsv":
                return TAB;
            case ",":
            case "comma":
            case "csv":
                return COMMA;
            case ";":
            case "semicolon":
                return SEMICOLON;
            case "|":
            case "pipe":
                return PIPE;
            case " ":
            case "space":
            case "spaces":
            case "whitespace":
                return WHITESPACE;
            default:
                throw new IllegalArgumentException("delimiter '" + text
                        + "' is not one of: comma, tab, semicolon, pipe, whitespace");
        }
    }
}
