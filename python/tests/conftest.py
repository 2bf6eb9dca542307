"""Shared setup of the Python tests: the package from this source tree, the jar, and fast search settings.

Run them with ``python3 -m pytest python/tests`` (the Maven build runs them too: module python-tests). The jar is
``$DYSYMNET_JAR`` or the repository's ``app/target/dysymnet-VERSION.jar``; without it (or without java) the tests
that run it are skipped, and under ``CI=true`` they fail.
"""

import os
import sys

import pytest

PYTHON_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(PYTHON_DIR)
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
if sys.path[:1] != [PYTHON_DIR]:
    sys.path.insert(0, PYTHON_DIR)

IN_CI = os.environ.get("CI", "").lower() == "true"

#: JVM options for the tests' many short fits: the client compiler alone and the serial collector halve the CPU
#: time of a fit of a second or two (the optimising compiler pays off only in longer searches).
FAST_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"

#: A search of about a second, reproducible: one controller step of one short network after the quick GP and the
#: term regression, no time limit.
FAST = dict(max_steps=1, networks_per_step=1, train_steps=200, time_limit=0, threads=2, java_options=FAST_JVM)


@pytest.fixture(scope="session")
def jar():
    """The jar the tests run; skips (fails under CI=true) when it or java is missing."""
    from dysymnet import JavaNotFoundError, find_jar, find_java
    try:
        find_java()
        return find_jar()
    except JavaNotFoundError as e:
        if IN_CI:
            pytest.fail("%s (under CI=true a missing jar or java fails the tests)" % e)
        pytest.skip(str(e))
