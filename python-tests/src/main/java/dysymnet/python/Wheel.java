package dysymnet.python;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes the Python package's wheel with the users' jar inside, in the build ({@code mvn package}; this module's
 * {@code process-classes} phase): {@code target/dysymnet-VERSION-py3-none-any.whl}, which {@code pip install FILE.whl}
 * installs on a machine with Java and no Maven. Its content is that of {@code pip install ./python} (the package's
 * own backend, {@code python/build_backend/dysymnet_build.py}): the {@code .py} files of {@code python/dysymnet},
 * the jar as {@code dysymnet/jar/dysymnet-VERSION.jar}, and the metadata read from {@code python/pyproject.toml}
 * (description, Python version, dependencies) with {@code python/README.md} as the long description. Entries carry
 * a fixed date, so the same sources and jar give the same bytes.
 *
 * <p>Arguments: the {@code python} folder, the jar, the output folder, the version (the POM's, which must be the
 * package's {@code __version__}). Without the jar (a build that stops before the app module's package phase) it
 * writes nothing and says so.
 */
public final class Wheel {
    private static final String NAME = "dysymnet";
    /** 1980-02-01 00:00 local time: the fixed date of every entry. */
    private static final long DATE = java.time.LocalDateTime.of(1980, 2, 1, 0, 0)
            .atZone(java.time.ZoneId.systemDefault()).toInstant().toEpochMilli();

    private final ZipOutputStream zip;
    private final List<String> records = new ArrayList<>();

    private Wheel(OutputStream out) {
        this.zip = new ZipOutputStream(out);
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            throw new IllegalArgumentException("arguments: PYTHON_DIR JAR OUT_DIR VERSION");
        }
        Path python = Path.of(args[0]);
        Path jar = Path.of(args[1]);
        Path outDir = Path.of(args[2]);
        String version = args[3];
        if (!Files.isRegularFile(jar)) {
            System.out.println("Python wheel not written: no users' jar " + jar + " (mvn package builds it)");
            return;
        }
        Path file = write(python, jar, outDir, version);
        System.out.println("Python wheel: " + file + " (pip install " + file.getFileName() + ")");
    }

    /** Writes the wheel into {@code outDir}; its path. */
    static Path write(Path python, Path jar, Path outDir, String version) throws IOException {
        Path init = python.resolve(NAME).resolve("__init__.py");
        Matcher v = Pattern.compile("(?m)^__version__ = \"([^\"]+)\"").matcher(Files.readString(init));
        if (!v.find() || !v.group(1).equals(version)) {
            throw new IllegalStateException(init + " has __version__ " + (v.find(0) ? v.group(1) : "(none)")
                    + ", the build " + version + ": make them equal");
        }
        Files.createDirectories(outDir);
        Path file = outDir.resolve(NAME + "-" + version + "-py3-none-any.whl");
        Path partial = outDir.resolve(file.getFileName() + ".part");
        try (OutputStream out = Files.newOutputStream(partial)) {
            Wheel w = new Wheel(out);
            List<Path> sources;
            try (Stream<Path> s = Files.walk(python.resolve(NAME))) {
                sources = s.filter(p -> p.getFileName().toString().endsWith(".py") && Files.isRegularFile(p)
                        && !p.toString().contains("__pycache__")).sorted().toList();
            }
            for (Path p : sources) {
                w.add(python.relativize(p).toString().replace('\\', '/'), Files.readAllBytes(p));
            }
            w.add(NAME + "/jar/" + NAME + "-" + version + ".jar", Files.readAllBytes(jar));
            String distInfo = NAME + "-" + version + ".dist-info";
            w.add(distInfo + "/METADATA", metadata(python, version).getBytes(StandardCharsets.UTF_8));
            w.add(distInfo + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: dysymnet-maven\nRoot-Is-Purelib: true\n"
                    + "Tag: py3-none-any\n").getBytes(StandardCharsets.UTF_8));
            w.add(distInfo + "/top_level.txt", (NAME + "\n").getBytes(StandardCharsets.UTF_8));
            String record = distInfo + "/RECORD";
            w.records.add(record + ",,");
            w.entry(record, (String.join("\n", w.records) + "\n").getBytes(StandardCharsets.UTF_8));
            w.zip.finish();
        }
        Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return file;
    }

    /** The core metadata (version 2.1) from pyproject.toml's [project] table and README.md. */
    static String metadata(Path python, String version) throws IOException {
        String toml = Files.readString(python.resolve("pyproject.toml"));
        StringBuilder m = new StringBuilder("Metadata-Version: 2.1\nName: " + NAME + "\nVersion: " + version + "\n");
        m.append("Summary: ").append(tomlString(toml, "description")).append('\n');
        m.append("License: Apache-2.0\n");
        m.append("Requires-Python: ").append(tomlString(toml, "requires-python")).append('\n');
        Matcher deps = Pattern.compile("(?m)^dependencies = \\[([^]]*)]").matcher(toml);
        if (!deps.find()) {
            throw new IllegalStateException("no dependencies in pyproject.toml");
        }
        Matcher dep = Pattern.compile("\"([^\"]+)\"").matcher(deps.group(1));
        while (dep.find()) {
            m.append("Requires-Dist: ").append(dep.group(1)).append('\n');
        }
        Path readme = python.resolve("README.md");
        if (Files.isRegularFile(readme)) {
            m.append("Description-Content-Type: text/markdown\n\n").append(Files.readString(readme)).append('\n');
        }
        return m.toString();
    }

    private static String tomlString(String toml, String key) {
        Matcher k = Pattern.compile("(?m)^" + Pattern.quote(key) + " = \"([^\"]*)\"").matcher(toml);
        if (!k.find()) {
            throw new IllegalStateException("no " + key + " in pyproject.toml");
        }
        return k.group(1);
    }

    private void add(String name, byte[] data) throws IOException {
        entry(name, data);
        String digest;
        try {
            digest = Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        records.add(name + ",sha256=" + digest + "," + data.length);
    }

    private void entry(String name, byte[] data) throws IOException {
        ZipEntry e = new ZipEntry(name);
        e.setTime(DATE);
        zip.putNextEntry(e);
        zip.write(data);
        zip.closeEntry();
    }
}
