package dysymnet.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import dysymnet.search.ArchitecturePipeline;
import dysymnet.search.Settings;
import dysymnet.search.SettingsJson;
import java.io.IOException;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A worker's state, kept in its Hazelcast instance's user context: the pipelines of the searches it has trained for,
 * each built once from the search's {@link SearchData} read once from the cluster's map, so that a search's data
 * reach each member once, not once per network. The few most recent searches are kept.
 */
public final class WorkerContext {
    /** The key of the context in {@link HazelcastInstance#getUserContext()}. */
    static final String KEY = "dysymnet.worker";
    /** Searches kept at most. */
    static final int KEPT = 4;

    /** A search's pipeline and seed. */
    record Loaded(ArchitecturePipeline pipeline, long seed, AtomicLong lastUse) {
    }

    private final ConcurrentMap<String, Loaded> searches = new ConcurrentHashMap<>();
    private final AtomicLong dataReads = new AtomicLong();
    private final AtomicLong tasksRun = new AtomicLong();
    private final AtomicLong clock = new AtomicLong();

    /** The context of a member (made with {@link ClusterConfigs#member}). */
    static WorkerContext of(HazelcastInstance hz) {
        Object c = hz.getUserContext().get(KEY);
        if (!(c instanceof WorkerContext w)) {
            throw new IllegalStateException("not a dysymnet worker: no worker context");
        }
        return w;
    }

    /** How many times this member read a search's data from the cluster. */
    public long dataReads() {
        return dataReads.get();
    }

    /** How many training tasks this member ran. */
    public long tasksRun() {
        return tasksRun.get();
    }

    void countTask() {
        tasksRun.incrementAndGet();
    }

    /** The pipeline of a search, its data read from the cluster on first use; empty when the data are not there. */
    Optional<Loaded> search(HazelcastInstance hz, String searchId) {
        Loaded l;
        try {
            l = searches.computeIfAbsent(searchId, id -> {
                IMap<String, SearchData> map = hz.getMap(ClusterConfigs.SEARCHES);
                SearchData d = map.get(id);
                if (d == null) {
                    throw new Missing();
                }
                dataReads.incrementAndGet();
                Settings s;
                try {
                    s = SettingsJson.read(new ObjectMapper().readTree(d.settingsJson()));
                } catch (IOException e) {
                    throw new IllegalArgumentException("unreadable settings: " + e.getMessage(), e);
                }
                return new Loaded(new ArchitecturePipeline(d.data(), s), s.seed(), new AtomicLong());
            });
        } catch (Missing m) {
            return Optional.empty();
        }
        l.lastUse().set(clock.incrementAndGet());
        if (searches.size() > KEPT) {
            searches.entrySet().stream().min(Comparator.comparingLong(e -> e.getValue().lastUse().get()))
                    .map(Map.Entry::getKey).filter(k -> !k.equals(searchId)).ifPresent(searches::remove);
        }
        return Optional.of(l);
    }

    /** The data of a search are not in the cluster's map. */
    private static final class Missing extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Missing() {
            super(null, null, false, false);
        }
    }
}
