package dysymnet.bench;

import com.hazelcast.nio.serialization.DataSerializableFactory;
import dysymnet.cluster.TaskTypes;

/** The bench module's task type on a cluster's workers: a sweep's run ({@link SweepTask}). */
public final class BenchTaskTypes implements TaskTypes {
    /** The factory id of this module's records. */
    public static final int FACTORY_ID = 7_397_002;
    static final int SWEEP_TASK = 1;

    @Override
    public int factoryId() {
        return FACTORY_ID;
    }

    @Override
    public DataSerializableFactory factory() {
        return id -> id == SWEEP_TASK ? new SweepTask() : null;
    }
}
