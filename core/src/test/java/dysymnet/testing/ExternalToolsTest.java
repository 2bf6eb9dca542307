package dysymnet.testing;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** The rule of {@link ExternalTools}: a missing tool skips the test, or fails it under CI=true. */
class ExternalToolsTest {

    @Test
    void aPresentToolNeitherSkipsNorFails() {
        for (ExternalTools.Tool t : ExternalTools.Tool.values()) {
            assertDoesNotThrow(() -> ExternalTools.require(t, true, "not checked", false));
            assertDoesNotThrow(() -> ExternalTools.require(t, true, "not checked", true));
        }
    }

    @Test
    void aMissingToolSkipsWithTheReasonOutsideCi() {
        TestAbortedException e = assertThrows(TestAbortedException.class,
                () -> ExternalTools.require(ExternalTools.Tool.NUMPY, false, "the NumPy export was not run", false));
        assertTrue(e.getMessage().contains("python3 with NumPy not found: the NumPy export was not run"),
                e.getMessage());
    }

    @Test
    void aMissingToolFailsUnderCiInOneLineNamingItAndHowToInstallIt() {
        for (ExternalTools.Tool t : ExternalTools.Tool.values()) {
            AssertionFailedError e = assertThrows(AssertionFailedError.class,
                    () -> ExternalTools.require(t, false, "not checked", true));
            String m = e.getMessage();
            assertTrue(m.startsWith(t.what() + " not found") && m.contains("install it (" + t.install() + ")"), m);
            assertFalse(m.contains("\n"), m);
        }
    }
}
