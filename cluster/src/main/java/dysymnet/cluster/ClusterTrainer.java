package dysymnet.cluster;

import com.hazelcast.map.IMap;
import dysymnet.data.Dataset;
import dysymnet.net.Operator;
import dysymnet.search.BatchTrainer;
import dysymnet.search.Settings;
import dysymnet.search.SettingsJson;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Trains a search's networks on the workers of a cluster ({@link dysymnet.api.SymbolicRegressor.Builder#trainer}).
 * The search itself (the controller, the genetic programming, the term regression, the choice) stays in the
 * calling process; each controller step's new architectures go to the workers as {@link TrainTask}s. The search's
 * settings and data are put once into the cluster's map, and each worker reads them once (not once per network).
 * Every task is the same pure function of (data, settings, architecture, sample index) as in a local search, and a
 * task lost with its member is run again elsewhere, so the same seed and step budget give the same formula as a
 * local run.
 *
 * <pre>{@code
 * try (ClusterClient c = ClusterClient.connect("lab", List.of())) {
 *     Model m = SymbolicRegressor.builder().seed(1).maxSteps(20).trainer(new ClusterTrainer(c)).build().fit(x, y);
 * }
 * }</pre>
 *
 * A search with user-defined operators cannot run on a cluster (they are code, and code is not sent).
 */
public final class ClusterTrainer implements BatchTrainer {
    /** How long a search's data stay in the cluster's map without a step (its coordinator died). */
    static final long DATA_TTL_SECONDS = 2 * 3600;

    private final ClusterClient client;

    public ClusterTrainer(ClusterClient client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    /**
     * The settings as the workers get them (no time limit: each task carries the time left; one thread), checked to
     * come back equal from their JSON.
     *
     * @throws IllegalArgumentException when they cannot be sent (user-defined operators)
     */
    static String sendable(Settings s) {
        for (Operator op : s.space().operators()) {
            if (op.userFunction() != null) {
                throw new IllegalArgumentException("the user-defined operator '" + op.label() + "' is code, which is "
                        + "not sent to cluster members: run this search locally");
            }
        }
        Settings plain = s.toBuilder().budget(s.budget().toBuilder().timeLimit(null).build()).threads(1).build();
        String json = SettingsJson.write(plain).toString();
        Settings back;
        try {
            back = SettingsJson.read(new com.fasterxml.jackson.databind.ObjectMapper().readTree(json));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
        if (!back.equals(plain)) {
            throw new IllegalArgumentException("these settings do not survive their JSON form, and cannot be sent to "
                    + "cluster members: run this search locally");
        }
        return json;
    }

    @Override
    public Session open(Dataset data, Settings settings) {
        String json = sendable(settings);
        String id = UUID.randomUUID().toString();
        SearchData sd = new SearchData(json, data);
        IMap<String, SearchData> map = client.hazelcast().getMap(ClusterConfigs.SEARCHES);
        map.set(id, sd, DATA_TTL_SECONDS, TimeUnit.SECONDS);
        return new Session() {
            @Override
            public List<Outcome> train(List<Job> jobs, BooleanSupplier stop, long deadline)
                    throws InterruptedException {
                try {
                    return trainOnCluster(jobs, stop, deadline);
                } catch (RuntimeException e) {
                    throw client.lost(e);
                }
            }

            private List<Outcome> trainOnCluster(List<Job> jobs, BooleanSupplier stop, long deadline)
                    throws InterruptedException {
                // the data stay while the search goes on (best effort: a task that misses them has them sent again)
                try {
                    map.setTtl(id, DATA_TTL_SECONDS, TimeUnit.SECONDS);
                } catch (RuntimeException e) {
                    // no member answers now: runAll waits for one, or says the cluster is lost
                }
                List<Outcome> out = new ArrayList<>(Collections.nCopies(jobs.size(), Outcome.NOT_RUN));
                int[] resent = {0};
                client.runAll(jobs.size(), i -> {
                    Job j = jobs.get(i);
                    long left = deadline == Long.MAX_VALUE ? -1 : Math.max(0, deadline - System.nanoTime());
                    return new TrainTask(id, j.architecture(), j.index(), j.step(), j.giveUpAbove(), left);
                }, stop, (i, reply) -> {
                    switch (reply.status()) {
                        case OK -> out.set(i, Outcome.of(reply.result()));
                        case ERROR -> out.set(i, Outcome.failed(jobs.get(i), reply.error()));
                        case NOT_RUN -> out.set(i, Outcome.NOT_RUN);
                        case NO_DATA -> {
                            // the member that held them left: put them back, and run the task again
                            if (++resent[0] > 100) {
                                throw new IllegalStateException("the search's data keep disappearing from cluster '"
                                        + client.clusterName() + "'");
                            }
                            map.set(id, sd, DATA_TTL_SECONDS, TimeUnit.SECONDS);
                            return false;
                        }
                        default -> throw new AssertionError(reply.status());
                    }
                    return true;
                });
                return out;
            }

            @Override
            public void close() {
                try {
                    map.delete(id);
                } catch (RuntimeException e) {
                    // the cluster is gone: the data expire with it
                }
            }
        };
    }
}
