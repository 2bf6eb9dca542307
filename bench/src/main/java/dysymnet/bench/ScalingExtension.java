package dysymnet.bench;

import dysymnet.cli.CommandExtension;

/**
 * Adds {@code bench-scaling} (the same fixed-work searches on 1, 2, 4, ... threads, {@link ScalingCommand}) to the
 * {@code dysymnet} command when this module's jar is on the class path (listed in
 * {@code META-INF/services/dysymnet.cli.CommandExtension}).
 */
public final class ScalingExtension implements CommandExtension {
    @Override
    public Object command() {
        return new ScalingCommand();
    }
}
