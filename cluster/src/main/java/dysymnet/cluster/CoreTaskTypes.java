package dysymnet.cluster;

import com.hazelcast.nio.serialization.DataSerializableFactory;

/** The cluster module's own records: a search's data, a training task and its reply. */
public final class CoreTaskTypes implements TaskTypes {
    /** The factory id of this module's records. */
    public static final int FACTORY_ID = 7_397_001;
    static final int SEARCH_DATA = 1;
    static final int TRAIN_TASK = 2;
    static final int TRAIN_REPLY = 3;

    @Override
    public int factoryId() {
        return FACTORY_ID;
    }

    @Override
    public DataSerializableFactory factory() {
        return id -> switch (id) {
            case SEARCH_DATA -> new SearchData();
            case TRAIN_TASK -> new TrainTask();
            case TRAIN_REPLY -> new TrainReply();
            default -> null;
        };
    }
}
