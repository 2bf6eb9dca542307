package dysymnet.python;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opentest4j.AssertionFailedError;

/**
 * Runs the Python package's tests ({@code python/tests}, pytest) against the users' jar that the app module built,
 * so that {@code mvn -B verify} runs them with the Java tests: the quick ones, and scikit-learn's
 * {@code check_estimator} (tagged {@code slow}, left out by {@code -DexcludedGroups=slow}).
 *
 * <p>The interpreter: {@code -Ddysymnet.python=PATH} or {@code $DYSYMNET_PYTHON} when given; else Debian's
 * {@code /usr/bin/python3} when it has NumPy, pandas, scikit-learn, SymPy and pytest; else {@code python3} on the
 * PATH when it has them. Without such an interpreter (or without the jar) the tests are skipped with one line
 * saying why, and under {@code CI=true} they fail instead ({@code .ci/run} installs Debian's packages first).
 */
class PythonPackageTest {
    /** The modules the package and its tests import, with their Debian packages. */
    static final Map<String, String> MODULES = Map.of("numpy", "python3-numpy", "pandas", "python3-pandas",
            "sklearn", "python3-sklearn", "sympy", "python3-sympy", "pytest", "python3-pytest");
    static final List<String> ORDER = List.of("numpy", "pandas", "sklearn", "sympy", "pytest");

    private static String python;
    private static Path jar;
    private static Path pythonDir;
    /** Why the tests cannot run here, or null when they can; found once, for both tests. */
    private static String unavailable;
    private static boolean said;

    static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }

    @BeforeAll
    static void findPythonAndJar() {
        pythonDir = Path.of(System.getProperty("dysymnet.python.dir", "../python")).toAbsolutePath().normalize();
        jar = Path.of(System.getProperty("dysymnet.jar", "")).toAbsolutePath().normalize();
        List<String> notes = new ArrayList<>();
        python = choose(notes);
        if (python == null) {
            unavailable = "no Python 3 with " + String.join(", ", ORDER) + " (" + String.join("; ", notes)
                    + "); Debian: apt-get install " + String.join(" ", ORDER.stream().map(MODULES::get).toList())
                    + ", or -Ddysymnet.python=PATH";
        } else if (!Files.isRegularFile(jar)) {
            unavailable = "the users' jar " + jar + " is not built (mvn -B verify, or package, builds it)";
        } else {
            System.out.println("Python tests: " + python + " on " + jar);
        }
    }

    /**
     * Returns when the tests can run; else skips the test, saying why in one line (once), or fails it under
     * CI=true.
     */
    private static void requireAvailable() {
        if (unavailable == null) {
            return;
        }
        if (inCi()) {
            throw new AssertionFailedError("Python tests cannot run: " + unavailable + " (under CI=true this fails)");
        }
        String line = "Python tests skipped: " + unavailable;
        if (!said) {
            said = true;
            System.out.println(line);
        }
        Assumptions.abort(line);
    }

    /** The interpreter to use, or null; {@code notes} gets what each candidate lacked. */
    static String choose(List<String> notes) {
        String given = System.getProperty("dysymnet.python", "");
        if (given.isBlank()) {
            given = System.getenv().getOrDefault("DYSYMNET_PYTHON", "");
        }
        List<String> candidates = given.isBlank() ? List.of("/usr/bin/python3", "python3") : List.of(given);
        for (String candidate : candidates) {
            String missing = missingModules(candidate);
            if (missing.isEmpty()) {
                return candidate;
            }
            notes.add(candidate + ": " + missing);
        }
        return null;
    }

    /** "" when {@code python} imports every module; else what is missing, in words. */
    static String missingModules(String python) {
        String probe = "import importlib.util, sys\n"
                + "missing = [m for m in sys.argv[1:] if importlib.util.find_spec(m) is None]\n"
                + "print('lacks ' + ' '.join(missing) if missing else '')\n";
        List<String> cmd = new ArrayList<>(List.of(python, "-c", probe));
        cmd.addAll(ORDER);
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "did not answer";
            }
            if (p.exitValue() != 0) {
                String last = out.isEmpty() ? "" : out.lines().reduce((a, b) -> b).orElse("");
                return "does not run (" + last + ")";
            }
            return out;
        } catch (IOException e) {
            return "not found";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    void pythonTests() throws Exception {
        pytest("not slow");
    }

    @Test
    @Tag("slow")
    @Timeout(value = 30, unit = TimeUnit.MINUTES)
    void sklearnEstimatorChecks() throws Exception {
        pytest("slow");
    }

    /** Runs pytest on python/tests with a marker expression; its output goes to the build's log. */
    private static void pytest(String markers) throws Exception {
        requireAvailable();
        List<String> cmd = List.of(python, "-m", "pytest", "-p", "no:cacheprovider", "-ra", "-m", markers, "tests");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(pythonDir.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("DYSYMNET_JAR", jar.toString());
        String wheel = System.getProperty("dysymnet.wheel", "");
        if (!wheel.isBlank()) {
            env.put("DYSYMNET_WHEEL", wheel);
        }
        env.put("DYSYMNET_JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // JarPredict, the jar's side of test_numpy_predict.py, is compiled with this module's tests
        env.put("DYSYMNET_TEST_CLASSES",
                Path.of(JarPredict.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        env.put("PYTHONDONTWRITEBYTECODE", "1"); // no __pycache__ in the source tree
        env.remove("PYTHONPATH");
        System.out.println("$ " + String.join(" ", cmd) + "   (in " + pythonDir + ")");
        Process p = pb.start();
        Deque<String> tail = new ArrayDeque<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                System.out.println(line);
                tail.addLast(line);
                if (tail.size() > 30) {
                    tail.removeFirst();
                }
            }
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
        int code = p.waitFor();
        // pytest: 0 all passed, 1 some failed, 5 none collected (a test run that ran nothing is a failure here)
        assertEquals(0, code, "pytest -m '" + markers + "' exited with " + code + ":\n" + String.join("\n", tail));
    }
}
