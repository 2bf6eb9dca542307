package dysymnet.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

/** The library reports the version of the pom it was built from (Maven fills in dysymnet/version.properties). */
class VersionTest {
    @Test
    void isThePomsVersion() {
        String pom = System.getProperty("dysymnet.pom.version");
        assertNotNull(pom, "run by Maven's surefire, which passes dysymnet.pom.version");
        assertEquals(pom, Version.get());
    }
}
