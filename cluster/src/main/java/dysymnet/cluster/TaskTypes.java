package dysymnet.cluster;

import com.hazelcast.nio.serialization.DataSerializableFactory;

/**
 * The task types a module of dysymnet adds to the workers (found through {@link java.util.ServiceLoader}, listed in
 * {@code META-INF/services/dysymnet.cluster.TaskTypes}): a Hazelcast factory of its
 * {@link com.hazelcast.nio.serialization.IdentifiedDataSerializable} records. These factories are the only way a
 * task reaches a worker: Java serialization is limited to the JDK's and Hazelcast's own classes
 * ({@link ClusterConfigs}), so a worker runs dysymnet's task types and nothing else. This module's are
 * {@link CoreTaskTypes}; the bench module adds its sweep's run.
 */
public interface TaskTypes {
    /** The factory's id: distinct for every module, positive. */
    int factoryId();

    /** Makes an empty record of a class id, to be read from the wire; null for an unknown id. */
    DataSerializableFactory factory();
}
