package dysymnet.cluster;

import dysymnet.cli.CommandExtension;

/** Adds {@code worker} to the {@code dysymnet} command (listed in META-INF/services/dysymnet.cli.CommandExtension). */
public final class WorkerExtension implements CommandExtension {
    @Override
    public Object command() {
        return new WorkerCommand();
    }
}
