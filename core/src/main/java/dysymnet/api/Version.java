package dysymnet.api;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The library's version, as built. */
public final class Version {
    private static final String VERSION = load();

    private Version() {
    }

    /** The version of this build, e.g. {@code 0.2.0}, or {@code development} outside a Maven build. */
    public static String get() {
        return VERSION;
    }

    private static String load() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/dysymnet/version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // a build without the resource: fall through to the default
        }
        String v = p.getProperty("version", "development");
        return v.startsWith("${") ? "development" : v;
    }
}
