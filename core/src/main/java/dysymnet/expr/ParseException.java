package dysymnet.expr;

/** A formula text that {@link Parser} cannot read, with the 0-based character position of the problem. */
public final class ParseException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int position;
    private final String detail;

    /**
     * @param position 0-based index into the parsed text where the problem was found (the text length for
     *                 problems at the end of input)
     * @param detail   what was wrong, without the position
     */
    public ParseException(int position, String detail) {
        super("at position " + position + ": " + detail);
        this.position = position;
        this.detail = detail;
    }

    /** 0-based character index of the problem; equals the text length when the input ended too early. */
    public int position() {
        return position;
    }

    /** The message without the "at position N: " prefix. */
    public String detail() {
        return detail;
    }
}
