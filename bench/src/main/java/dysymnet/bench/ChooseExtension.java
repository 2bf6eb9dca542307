package dysymnet.bench;

import dysymnet.cli.CommandExtension;

/**
 * Adds {@code bench-choose} (the final choice replayed on kept candidates, {@link ChooseCommand}) to the
 * {@code dysymnet} command when this module's jar is on the class path (listed in
 * {@code META-INF/services/dysymnet.cli.CommandExtension}).
 */
public final class ChooseExtension implements CommandExtension {
    @Override
    public Object command() {
        return new ChooseCommand();
    }
}
