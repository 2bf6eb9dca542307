package dysymnet.bench;

import dysymnet.cli.CommandExtension;

/**
 * Adds {@code bench-table} (a synthetic table of a known law, {@link LawTable}) to the {@code dysymnet} command when
 * this module's jar is on the class path (listed in {@code META-INF/services/dysymnet.cli.CommandExtension}).
 */
public final class TableExtension implements CommandExtension {
    @Override
    public Object command() {
        return new TableCommand();
    }
}
