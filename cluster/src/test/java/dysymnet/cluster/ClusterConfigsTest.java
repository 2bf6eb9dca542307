package dysymnet.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a worker and a coordinator are configured to do, and not to do (no instance is started). */
class ClusterConfigsTest {

    @Test
    void byDefaultAWorkerIsOnLoopbackWithAFixedPortRangeAndNoOtherDiscovery() {
        Config c = ClusterConfigs.member("lab", List.of(), ClusterConfigs.DEFAULT_PORT, 2);
        assertEquals("lab", c.getClusterName());
        JoinConfig join = c.getNetworkConfig().getJoin();
        assertFalse(join.getMulticastConfig().isEnabled());
        assertFalse(join.getAutoDetectionConfig().isEnabled());
        assertFalse(join.getAwsConfig().isEnabled());
        assertFalse(join.getKubernetesConfig().isEnabled());
        assertTrue(join.getTcpIpConfig().isEnabled());
        assertEquals(ClusterConfigs.defaultMembers(5711), join.getTcpIpConfig().getMembers());
        assertTrue(join.getTcpIpConfig().getMembers().stream().allMatch(m -> m.startsWith("127.0.0.1:")));
        assertEquals(5711, c.getNetworkConfig().getPort());
        assertEquals(10, c.getNetworkConfig().getPortCount());
        assertEquals(List.of("127.0.0.1"), List.copyOf(c.getNetworkConfig().getInterfaces().getInterfaces()));
        assertEquals("false", c.getProperty("hazelcast.socket.bind.any"));
        assertEquals("false", c.getProperty("hazelcast.phone.home.enabled"));
        assertEquals("2", c.getMemberAttributeConfig().getAttribute(ClusterConfigs.THREADS_ATTRIBUTE));
        assertEquals(2, c.getExecutorConfig(ClusterConfigs.EXECUTOR).getPoolSize());
    }

    @Test
    void aWorkerRunsOnlyDysymnetsTaskTypes() {
        Config c = ClusterConfigs.member("lab", List.of(), ClusterConfigs.DEFAULT_PORT, 1);
        assertFalse(c.getUserCodeDeploymentConfig().isEnabled());
        assertFalse(c.getJetConfig().isEnabled());
        assertFalse(c.getJetConfig().isResourceUploadEnabled());
        assertFalse(c.getManagementCenterConfig().isScriptingEnabled());
        assertFalse(c.getNetworkConfig().getRestApiConfig().isEnabled());
        var filter = c.getSerializationConfig().getJavaSerializationFilterConfig();
        assertTrue(filter != null && !filter.getWhitelist().isEmpty());
        assertFalse(filter.getWhitelist().isListed("dysymnet.cluster.TrainTask"), "ours are not Java-serialized");
        assertFalse(filter.getWhitelist().isListed("org.apache.commons.collections.functors.InvokerTransformer"));
        assertTrue(c.getSerializationConfig().getDataSerializableFactories()
                .containsKey(CoreTaskTypes.FACTORY_ID));
    }

    @Test
    void aCoordinatorTalksToTheListedAddressesOnly() {
        ClientConfig c = ClusterConfigs.client("lab", List.of("10.0.0.5:5711"), 1000);
        assertEquals("lab", c.getClusterName());
        assertEquals(List.of("10.0.0.5:5711"), c.getNetworkConfig().getAddresses());
        assertFalse(c.getNetworkConfig().getAutoDetectionConfig().isEnabled());
        assertEquals(ClusterConfigs.defaultMembers(5711),
                ClusterConfigs.client("lab", List.of(), 1000).getNetworkConfig().getAddresses());
    }

    @Test
    void aWorkerBindsToItsOwnAddressOfTheList() {
        assertEquals("127.0.0.1", ClusterConfigs.localAddress(List.of("192.0.2.7:5711", "127.0.0.1:5712")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterConfigs.localAddress(List.of("192.0.2.7:5711", "192.0.2.8:5711")));
        assertTrue(e.getMessage().startsWith("--members names no address of this machine"), e.getMessage());
    }
}
