"""Finding Java and the dysymnet jar, and running the jar's commands in a subprocess.

The estimator never loads Java into the Python process: each fit is one run of
``java -jar dysymnet-VERSION.jar fit ...``, with the data in a temporary CSV file (and a prediction one run of
its ``predict`` only for a model whose formula the NumPy evaluator cannot read).
"""

import glob
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading

from . import __version__

#: The environment variables the package reads.
ENV_JAR = "DYSYMNET_JAR"
ENV_JAVA = "DYSYMNET_JAVA"
ENV_JAVA_OPTS = "DYSYMNET_JAVA_OPTS"

#: The jar's exit codes (docs/user-guide.md, Exit codes).
EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_BAD_INPUT = 2
EXIT_NO_FORMULA = 3
EXIT_OUTPUT = 4
EXIT_SIGINT = 130
EXIT_SIGTERM = 143

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


class DySymNetError(RuntimeError):
    """The jar ended with an error. ``str(error)`` is the jar's one-line message; ``exit_code`` its exit code."""

    def __init__(self, message, exit_code=None, stderr=""):
        super().__init__(message)
        self.exit_code = exit_code
        self.stderr = stderr


class DySymNetInputError(DySymNetError, ValueError):
    """Bad data or options, found by the jar before the search (its exit code 2)."""


class NoFormulaError(DySymNetError):
    """The search ran but found no formula with finite values (the jar's exit code 3)."""


class JavaNotFoundError(DySymNetError, FileNotFoundError):
    """No ``java`` program, or no dysymnet jar, where the package looked for it."""


def bundled_jar():
    """The jar a wheel built after ``mvn package`` carries inside the package, or None."""
    found = sorted(glob.glob(os.path.join(_PACKAGE_DIR, "jar", "dysymnet-*.jar")))
    return found[-1] if found else None


def source_tree_jar():
    """The users' jar of the repository this package sits in (``app/target/dysymnet-VERSION.jar``), or None.

    The jar of this package's version comes first; otherwise the newest ``dysymnet-N...jar`` there.
    """
    target = os.path.join(os.path.dirname(os.path.dirname(_PACKAGE_DIR)), "app", "target")
    same = os.path.join(target, "dysymnet-%s.jar" % __version__)
    if os.path.isfile(same):
        return same
    others = [p for p in glob.glob(os.path.join(target, "dysymnet-*.jar"))
              if re.fullmatch(r"dysymnet-\d[^/]*\.jar", os.path.basename(p))]
    return max(others, key=os.path.getmtime) if others else None


def find_jar(jar=None):
    """The jar to run: ``jar`` if given, else ``$DYSYMNET_JAR``, else the jar inside the installed package, else
    the repository's ``app/target/dysymnet-VERSION.jar`` (running from a clone)."""
    if jar:
        path = os.fspath(jar)
        if not os.path.isfile(path):
            raise JavaNotFoundError("dysymnet jar not found: %s (the jar= parameter)" % path)
        return path
    env = os.environ.get(ENV_JAR)
    if env:
        if not os.path.isfile(env):
            raise JavaNotFoundError("dysymnet jar not found: %s (from $%s)" % (env, ENV_JAR))
        return env
    for path in (bundled_jar(), source_tree_jar()):
        if path:
            return path
    raise JavaNotFoundError(
        "dysymnet jar not found: build it with 'mvn -B -q package -DskipTests -pl app -am' in the repository "
        "(app/target/dysymnet-%s.jar), then set $%s to it, pass jar=PATH, or reinstall the package "
        "(pip install ./python bundles the jar when it exists)" % (__version__, ENV_JAR))


def find_java(java=None):
    """The java program: ``java`` if given, else ``$DYSYMNET_JAVA``, else ``$JAVA_HOME/bin/java``, else ``java``
    on the PATH."""
    candidates = []
    if java:
        candidates.append(("the java= parameter", os.fspath(java)))
    elif os.environ.get(ENV_JAVA):
        candidates.append(("$" + ENV_JAVA, os.environ[ENV_JAVA]))
    else:
        home = os.environ.get("JAVA_HOME")
        if home and os.path.isfile(os.path.join(home, "bin", "java")):
            return os.path.join(home, "bin", "java")
        candidates.append(("the PATH", "java"))
    where, name = candidates[0]
    path = name if os.path.isfile(name) and os.access(name, os.X_OK) else shutil.which(name)
    if not path:
        raise JavaNotFoundError(
            "java not found (looked for %r in %s): dysymnet needs Java 17 or later "
            "(Debian: apt-get install default-jre-headless); set $%s or pass java=PATH" % (name, where, ENV_JAVA))
    return path


def java_options(options=None):
    """JVM options: ``options`` (a string or a sequence of strings) if given, else ``$DYSYMNET_JAVA_OPTS``."""
    if options is None:
        options = os.environ.get(ENV_JAVA_OPTS, "")
    if isinstance(options, str):
        return shlex.split(options)
    return [str(o) for o in options]


def _error_line(lines):
    """The jar's one-line message: its last line starting with 'dysymnet:', else its last non-empty line."""
    for line in reversed(lines):
        if line.startswith("dysymnet:"):
            return line
    for line in reversed(lines):
        if line.strip():
            return line.strip()
    return ""


class Result:
    """What one run of the jar left: exit code, standard output (bytes), standard error (lines), and whether the
    run was cancelled from Python (Ctrl-C)."""

    def __init__(self, code, stdout, stderr_lines, cancelled):
        self.code = code
        self.stdout = stdout
        self.stderr_lines = stderr_lines
        self.cancelled = cancelled

    def error(self, command):
        """The exception for a failed run."""
        line = _error_line(self.stderr_lines)
        if not line:
            line = "dysymnet %s ended with exit code %s and no message" % (command, self.code)
        text = "\n".join(self.stderr_lines)
        cls = {EXIT_BAD_INPUT: DySymNetInputError, EXIT_NO_FORMULA: NoFormulaError}.get(self.code, DySymNetError)
        return cls(line, self.code, text)


def run(args, *, java=None, jar=None, options=None, relay=None, cancellable=False):
    """Runs ``java OPTIONS -jar JAR ARGS`` and waits for it.

    ``relay``: a text stream that gets each line of the jar's standard error as it comes (progress), or None.
    ``cancellable``: on Ctrl-C (KeyboardInterrupt) the jar is sent SIGTERM once, which ends its search as if its
    time were up: it still reports the best formula so far, and the run returns with ``cancelled`` set. A second
    Ctrl-C kills it and raises. Without ``cancellable``, Ctrl-C kills the jar and raises at once.

    The jar runs in a session of its own, so that a Ctrl-C typed at the terminal reaches Python only (the jar
    would quit at once on a second signal, without reporting).
    """
    cmd = [find_java(java)] + java_options(options) + ["-jar", find_jar(jar)] + [str(a) for a in args]
    try:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True)
    except OSError as e:
        raise JavaNotFoundError("cannot run %s: %s" % (cmd[0], e)) from e
    out_chunks = []
    err_lines = []

    def read_out():
        for chunk in iter(lambda: proc.stdout.read(65536), b""):
            out_chunks.append(chunk)

    def read_err():
        for raw in iter(proc.stderr.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            err_lines.append(line)
            if relay is not None:
                try:
                    relay.write(line + "\n")
                    relay.flush()
                except Exception:  # a closed or odd stream must not stop the reading
                    pass

    readers = [threading.Thread(target=read_out, daemon=True), threading.Thread(target=read_err, daemon=True)]
    for t in readers:
        t.start()
    cancelled = False
    try:
        while True:
            try:
                proc.wait()
                break
            except KeyboardInterrupt:
                if cancellable and not cancelled and proc.poll() is None:
                    cancelled = True
                    proc.send_signal(signal.SIGTERM)
                    sys.stderr.write("dysymnet: interrupted; waiting for the search to report the best formula "
                                     "found so far (Ctrl-C again to abandon it)\n")
                    sys.stderr.flush()
                    continue
                raise
    except BaseException:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        raise
    finally:
        for t in readers:
            t.join()
        proc.stdout.close()
        proc.stderr.close()
    return Result(proc.returncode, b"".join(out_chunks), err_lines, cancelled)
