package dysymnet.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.Map;

/**
 * The benchmark data that ship with the bench module: the repository's {@code data/} folder (the suites' tables and
 * data files and the reference numbers, with {@code README.md} naming their sources and licences), which the build
 * copies into the bench jar as the resources under {@value #RESOURCE}. {@link #root()} is the directory holding
 * {@code benchmarks/} and {@code data/}, as {@link Suites#load} and {@code bench --data} expect, wherever the program
 * runs from: a directory of the class path (the module's {@code target/classes} in the tests) or the jar itself,
 * read through the JDK's zip file system (opened once and kept open, as the black-box suite reads its files when a
 * run first needs them).
 */
public final class BundledData {
    /** The resource directory of the data, in the class path. */
    public static final String RESOURCE = "/dysymnet/bench/data";

    private static Path root;

    private BundledData() {
    }

    /**
     * The directory of the bundled data (a path of the default file system, or of the bench jar's zip file system).
     *
     * @throws IllegalStateException if the build left the data out of the class path
     */
    public static synchronized Path root() {
        if (root == null) {
            root = locate(BundledData.class.getResource(RESOURCE + "/README.md"));
        }
        return root;
    }

    /** The directory of the data given the URL of its README (a {@code file:} or {@code jar:} URL). */
    static Path locate(URL readme) {
        if (readme == null) {
            throw new IllegalStateException("the bundled benchmark data (" + RESOURCE + " in the bench jar) are missing"
                    + " from the build; give --data DIR");
        }
        URI uri;
        try {
            uri = readme.toURI();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot read the location of the bundled benchmark data: " + readme, e);
        }
        if ("jar".equalsIgnoreCase(uri.getScheme())) {
            FileSystem fs;
            try {
                fs = FileSystems.newFileSystem(uri, Map.of());
            } catch (FileSystemAlreadyExistsException e) {
                fs = FileSystems.getFileSystem(uri);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot open the bundled benchmark data in " + uri + ": "
                        + e.getMessage(), e);
            }
            return fs.provider().getPath(uri).getParent();
        }
        return Path.of(uri).getParent();
    }
}
