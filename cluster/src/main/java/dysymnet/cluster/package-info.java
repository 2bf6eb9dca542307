/**
 * Running a search's networks, or a benchmark sweep's runs, on a cluster of machines (Hazelcast Community Edition).
 * The module plugs into the command line through {@link java.util.ServiceLoader} ({@link dysymnet.cluster.Support}
 * for {@code fit --cluster NAME}, {@link dysymnet.cluster.WorkerExtension} for the {@code worker} command), so that
 * the cli module does not depend on it.
 *
 * <ul>
 *   <li>Where things run. A worker ({@code dysymnet worker}, {@link dysymnet.cluster.Worker}) is a Hazelcast member
 *       that runs tasks on as many threads as it announces. A coordinator ({@code fit --cluster} or
 *       {@code bench --cluster}) connects as a client ({@link dysymnet.cluster.ClusterClient}), which holds no data
 *       and runs no task; {@link dysymnet.cluster.ClusterClient#runAll} hands out independent tasks, as many per
 *       worker as it has threads. For {@code fit}, the search itself (controller, genetic programming, term
 *       regression, the choice and the finishing steps) stays in the coordinator: only each step's network trainings
 *       go to the workers ({@link dysymnet.cluster.ClusterTrainer}, a {@link dysymnet.search.BatchTrainer}). The
 *       bench module sends whole runs instead, one search on one thread each.</li>
 *   <li>What travels. Records of dysymnet's own types only, written field by field
 *       ({@link com.hazelcast.nio.serialization.IdentifiedDataSerializable}, made by the factories of
 *       {@link dysymnet.cluster.TaskTypes}): a search's settings (as {@link dysymnet.search.SettingsJson} text) and
 *       data, {@link dysymnet.cluster.SearchData}, put once per search into the cluster's map and read once by each
 *       worker, which keeps the few latest ({@link dysymnet.cluster.WorkerContext}); per network a
 *       {@link dysymnet.cluster.TrainTask} (search id, architecture, sample index, step, give-up thresholds, time
 *       left) and its {@link dysymnet.cluster.TrainReply} (the pipeline's candidates and checkpoint losses, or why it
 *       did not run). {@link dysymnet.cluster.Wire} writes formulas and data exactly (constants by their bits).
 *       User-defined operators are code and are never sent: a search with one cannot run on a cluster.</li>
 *   <li>Security ({@link dysymnet.cluster.ClusterConfigs}, in code, the same for every process). Members are found
 *       through the explicit {@code --members} list only (by default 127.0.0.1, ports 5711-5720), and a member binds
 *       to its own address of that list; the cluster name is checked on joining. Java serialization is limited to
 *       the JDK's and Hazelcast's classes, so a worker runs dysymnet's task types and nothing else; user code
 *       deployment, Jet, scripting, the REST and memcache endpoints and phone-home are off. There is no TLS and no
 *       authentication: whoever reaches a member's port can join, so the ports must not be reachable from untrusted
 *       networks.</li>
 *   <li>Same results as a local run. A training task is the same pure function of (data, settings, architecture,
 *       sample index) as in a local search: the network's generator is seeded from the search's seed and the sample
 *       index, the settings are checked to come back equal from their JSON, and the outcomes are put back in the
 *       jobs' order, whatever order they arrive in. A task whose worker leaves (or cannot run it) is sent to another,
 *       and one whose worker lost the search's data has them put back and runs again. So the same seed and step
 *       budget give the same formula as a local run; only a time limit, which each task carries as the time left,
 *       makes a run depend on timing, as it does locally.</li>
 * </ul>
 */
package dysymnet.cluster;
