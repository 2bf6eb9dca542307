package dysymnet.io.table;

/**
 * How to read a table.
 *
 * @param dropMissing drop rows with an empty, NaN/NA or infinite cell in a used column instead of failing
 * @param delimiter   the cell separator, or null to detect it
 * @param header      whether the first row holds column names, or null to detect it
 */
public record ReadOptions(boolean dropMissing, Delimiter delimiter, Boolean header) {
    /** Detect everything, fail on missing values. */
    public static ReadOptions defaults() {
        return new ReadOptions(false, null, null);
    }

    public ReadOptions withDropMissing(boolean drop) {
        return new ReadOptions(drop, delimiter, header);
    }

    public ReadOptions withDelimiter(Delimiter d) {
        return new ReadOptions(dropMissing, d, header);
    }

    public ReadOptions withHeader(Boolean h) {
        return new ReadOptions(dropMissing, delimiter, h);
    }
}
