package dysymnet.testing;

import org.junit.jupiter.api.Assumptions;
import org.opentest4j.AssertionFailedError;

/**
 * The rule for tests that run a program outside the JVM (the export checks: Java compiled with the JDK's compiler,
 * NumPy and SymPy under python3, C compiled with cc): where the program is missing, the test is skipped with the
 * reason on a developer's machine, and fails under the environment variable {@code CI=true}, where a skip would hide
 * that the check never ran ({@code .ci/run} installs the programs before the build).
 */
public final class ExternalTools {

    /** A program some test needs, with how to install it. */
    public enum Tool {
        JAVAC("a Java compiler (javax.tools)", "a JDK, not a JRE; Debian: apt-get install default-jdk-headless"),
        NUMPY("python3 with NumPy", "Debian: apt-get install python3-numpy"),
        SYMPY("python3 with SymPy", "Debian: apt-get install python3-sympy"),
        CC("a C compiler (cc)", "Debian: apt-get install gcc libc6-dev");

        private final String what;
        private final String install;

        Tool(String what, String install) {
            this.what = what;
            this.install = install;
        }

        /** What is missing, in words. */
        public String what() {
            return what;
        }

        /** How to install it. */
        public String install() {
            return install;
        }
    }

    private ExternalTools() {
    }

    /**
     * Returns when {@code present}; otherwise fails the test under {@code CI=true} (one line naming the tool and how
     * to install it), else skips it saying so and what was not checked ({@code skipped}).
     */
    public static void require(Tool tool, boolean present, String skipped) {
        require(tool, present, skipped, inCi());
    }

    /** Whether the environment variable {@code CI} is {@code true}, as CI services set it. */
    public static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    static void require(Tool tool, boolean present, String skipped, boolean ci) {
        if (present) {
            return;
        }
        if (ci) {
            throw new AssertionFailedError(tool.what() + " not found, and under CI=true a missing tool fails the"
                    + " test: install it (" + tool.install() + ")");
        }
        Assumptions.assumeTrue(false, tool.what() + " not found: " + skipped + " (to run it, install it: "
                + tool.install() + "; under CI=true this fails)");
    }
}
