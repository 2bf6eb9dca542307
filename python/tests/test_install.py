"""The installs, with Debian's pip, offline, into a clean virtual environment: the wheel that ``mvn package``
writes (python-tests/target/dysymnet-VERSION-py3-none-any.whl, the jar inside), and ``pip install ./python`` (the
package's own build backend, which bundles the jar too); each fits and predicts outside the repository."""

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

from conftest import IN_CI, PYTHON_DIR, REPO


def _skip_or_fail(why):
    if IN_CI:
        pytest.fail(why + "; under CI=true this fails")
    pytest.skip(why)


def _venv(tmp_path):
    """A clean virtual environment that sees the system's packages (Debian's NumPy, pandas, scikit-learn, SymPy and
    pip itself); its python, and the environment to run it in (no index, no jar from the repository)."""
    missing = [m for m in ("pip", "venv") if importlib.util.find_spec(m) is None]
    if missing:
        _skip_or_fail("%s has no %s (Debian: apt-get install python3-pip python3-venv)"
                      % (sys.executable, " or ".join(missing)))
    env_dir = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(env_dir)],
                   check=True)
    env = {k: v for k, v in os.environ.items() if k not in ("DYSYMNET_JAR", "PYTHONPATH")}
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONDONTWRITEBYTECODE="1")
    return env_dir, str(env_dir / "bin" / "python"), env


def _fits_and_predicts_outside_the_repository(env_dir, py, env, tmp_path):
    """The installed package (not the source tree) fits with its bundled jar and predicts with NumPy."""
    check = (
        "import dysymnet, numpy as np\n"
        "from dysymnet import DySymNetRegressor, _runner\n"
        "assert dysymnet.__file__.startswith(%r), dysymnet.__file__\n"
        "print(_runner.bundled_jar())\n"
        "X = np.linspace(1, 3, 20).reshape(-1, 1)\n"
        "r = DySymNetRegressor(max_steps=1, time_limit=0, java_options='-XX:TieredStopAtLevel=1')\n"
        "r.fit(X, 3 * X[:, 0] + 1)\n"
        "print(r.sympy())\n"
        "print(r.predict(np.array([[10.0]]))[0])\n" % str(env_dir))
    run = subprocess.run([py, "-c", check], cwd=str(tmp_path), env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith(str(env_dir)) and lines[0].endswith(".jar"), lines
    assert lines[1] == "3*x0 + 1", lines
    assert float(lines[2]) == 31.0, lines
    assert REPO not in lines[0]


def _maven_wheel():
    import dysymnet
    return os.environ.get("DYSYMNET_WHEEL") or os.path.join(
        REPO, "python-tests", "target", "dysymnet-%s-py3-none-any.whl" % dysymnet.__version__)


@pytest.mark.filterwarnings("ignore:Setuptools is replacing distutils")  # Debian's setuptools, on looking for pip
def test_the_wheel_of_mvn_package_installs_into_a_clean_venv(jar, tmp_path):
    wheel = _maven_wheel()
    if not os.path.isfile(wheel):
        _skip_or_fail("no wheel %s (mvn -B package writes it)" % wheel)
    env_dir, py, env = _venv(tmp_path)
    out = subprocess.run([py, "-m", "pip", "install", wheel], cwd=str(tmp_path), env=env, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    _fits_and_predicts_outside_the_repository(env_dir, py, env, tmp_path)


def test_the_wheel_of_mvn_package_is_the_backends(jar, tmp_path):
    """Maven's wheel (dysymnet.python.Wheel) and the build backend's hold the same files, the jar and the metadata."""
    import zipfile
    wheel = _maven_wheel()
    if not os.path.isfile(wheel):
        _skip_or_fail("no wheel %s (mvn -B package writes it)" % wheel)
    sys.path.insert(0, os.path.join(PYTHON_DIR, "build_backend"))
    try:
        import dysymnet_build
    finally:
        sys.path.pop(0)
    src = tmp_path / "src"
    shutil.copytree(PYTHON_DIR, src / "python", ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache"))
    (src / "app" / "target").mkdir(parents=True)
    import dysymnet
    shutil.copy(jar, src / "app" / "target" / ("dysymnet-%s.jar" % dysymnet.__version__))
    dysymnet_build.HERE = str(src / "python")
    name = dysymnet_build.build_wheel(str(tmp_path))
    with zipfile.ZipFile(wheel) as a, zipfile.ZipFile(tmp_path / name) as b:
        assert sorted(a.namelist()) == sorted(b.namelist())
        for n in a.namelist():
            if not n.endswith(("/WHEEL", "/RECORD", ".jar")):
                assert a.read(n) == b.read(n), (
                    "%s differs (is %s older than the sources? mvn -B package rewrites it)" % (n, wheel))
        assert any(n.startswith("dysymnet/jar/dysymnet-") for n in a.namelist())
        assert "dysymnet/_evaluate.py" in a.namelist()


@pytest.mark.filterwarnings("ignore:Setuptools is replacing distutils")  # Debian's setuptools, on looking for pip
def test_pip_install_offline_into_a_venv(jar, tmp_path):
    env_dir, py, env = _venv(tmp_path)
    # a copy of the package folder, so that the build leaves nothing in the source tree; beside a copy of the
    # jar where the repository has it (the backend bundles ../app/target/dysymnet-VERSION.jar)
    src = tmp_path / "src"
    shutil.copytree(PYTHON_DIR, src / "python", ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache"))
    (src / "app" / "target").mkdir(parents=True)
    import dysymnet
    shutil.copy(jar, src / "app" / "target" / ("dysymnet-%s.jar" % dysymnet.__version__))
    out = subprocess.run([py, "-m", "pip", "install", "./python"], cwd=src, env=env, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    shutil.rmtree(src)  # the installed package must not need its source
    _fits_and_predicts_outside_the_repository(env_dir, py, env, tmp_path)
