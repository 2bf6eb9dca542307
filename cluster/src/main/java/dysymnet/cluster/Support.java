package dysymnet.cluster;

import dysymnet.cli.ClusterSupport;
import dysymnet.cli.UserError;
import dysymnet.search.BatchTrainer;
import java.util.List;

/** {@code fit --cluster NAME}: the command line's way to a {@link ClusterTrainer} (listed in META-INF/services). */
public final class Support implements ClusterSupport {
    @Override
    public Connection connect(String clusterName, List<String> members) {
        ClusterClient c;
        try {
            c = ClusterClient.connect(clusterName, members);
        } catch (IllegalStateException e) {
            throw new UserError(e.getMessage());
        }
        ClusterTrainer t = new ClusterTrainer(c);
        return new Connection() {
            @Override
            public BatchTrainer trainer() {
                return t;
            }

            @Override
            public void close() {
                c.close();
            }
        };
    }
}
