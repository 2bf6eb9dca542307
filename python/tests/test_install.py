"""pip install ./python with Debian's pip, offline: the package installs with its own build backend, carries the
jar, and fits outside the repository."""

import importlib.util
import os
import shutil
import subprocess
import sys

import pytest

from conftest import IN_CI, PYTHON_DIR, REPO


@pytest.mark.filterwarnings("ignore:Setuptools is replacing distutils")  # Debian's setuptools, on looking for pip
def test_pip_install_offline_into_a_venv(jar, tmp_path):
    missing = [m for m in ("pip", "venv") if importlib.util.find_spec(m) is None]
    if missing:
        why = "%s has no %s (Debian: apt-get install python3-pip python3-venv)" % (sys.executable, " or ".join(missing))
        if IN_CI:
            pytest.fail(why + "; under CI=true this fails")
        pytest.skip(why)
    env_dir = tmp_path / "venv"
    # the venv sees the system's packages (Debian's NumPy, pandas, scikit-learn, SymPy and pip itself)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", "--system-site-packages", str(env_dir)],
                   check=True)
    py = str(env_dir / "bin" / "python")
    env = {k: v for k, v in os.environ.items() if k not in ("DYSYMNET_JAR", "PYTHONPATH")}
    env.update(PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONDONTWRITEBYTECODE="1")
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
    check = (
        "import dysymnet, numpy as np\n"
        "from dysymnet import DySymNetRegressor, _runner\n"
        "assert dysymnet.__file__.startswith(%r), dysymnet.__file__\n"
        "print(_runner.bundled_jar())\n"
        "X = np.linspace(1, 3, 20).reshape(-1, 1)\n"
        "r = DySymNetRegressor(max_steps=1, time_limit=0, java_options='-XX:TieredStopAtLevel=1').fit(X, 3 * X[:, 0] + 1)\n"
        "print(r.sympy())\n" % str(env_dir))
    run = subprocess.run([py, "-c", check], cwd=str(tmp_path), env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith(str(env_dir)) and lines[0].endswith(".jar"), lines
    assert lines[1] == "3*x0 + 1", lines
    assert REPO not in lines[0]
