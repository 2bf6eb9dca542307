package dysymnet.cli;

import dysymnet.search.BatchTrainer;
import java.util.List;
import java.util.ServiceLoader;

/**
 * What {@code fit --cluster NAME} needs from the cluster module, found through {@link ServiceLoader} (listed in its
 * jar's {@code META-INF/services/dysymnet.cli.ClusterSupport}) so that this module does not depend on it: without it
 * on the class path, {@code --cluster} is an error.
 */
public interface ClusterSupport {

    /** A trainer of a search's networks on the members of a cluster; closed after the search. */
    interface Connection extends AutoCloseable {
        BatchTrainer trainer();

        @Override
        void close();
    }

    /**
     * Connects to a running cluster.
     *
     * @param clusterName the cluster's name
     * @param members     the members' addresses ({@code host:port}; empty for this machine's default ports)
     * @throws UserError when no member of that name can be reached (one line, nothing done)
     */
    Connection connect(String clusterName, List<String> members);

    /** The implementation on the class path. */
    static ClusterSupport find() {
        return ServiceLoader.load(ClusterSupport.class, ClusterSupport.class.getClassLoader()).findFirst()
                .orElseThrow(() -> new UserError("--cluster: the cluster module is not on the class path (run the "
                        + "users' jar, or ./dysymnet)"));
    }

    /**
     * Parses {@code --members}: {@code host:port} entries separated by commas ({@code [v6-address]:port} for IPv6).
     *
     * @throws UserError on a malformed entry
     */
    static List<String> parseMembers(String option, String text) {
        if (text == null) {
            return List.of();
        }
        List<String> out = new java.util.ArrayList<>();
        for (String part : text.split(",", -1)) {
            String s = part.trim();
            int colon = s.lastIndexOf(':');
            String host = colon < 0 ? "" : s.substring(0, colon);
            String port = colon < 0 ? "" : s.substring(colon + 1);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            } else if (host.contains(":")) {
                host = "";
            }
            int p;
            try {
                p = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                p = -1;
            }
            if (host.isEmpty() || host.chars().anyMatch(Character::isWhitespace) || p < 1 || p > 65535) {
                throw new UserError(option + " '" + text + "': '" + s + "' is not HOST:PORT (e.g. 192.168.1.10:5711, "
                        + "[fe80::1]:5711)");
            }
            out.add(host.contains(":") ? "[" + host + "]:" + p : host + ":" + p);
        }
        return List.copyOf(out);
    }
}
