"""The package's own PEP 517 build backend: standard library only.

``pip install ./python`` builds a wheel in an isolated environment with the build requirements of
``pyproject.toml`` installed from a package index. This backend needs none (``requires = []``), so the install
works offline, with Debian's pip and nothing from PyPI. It writes a pure-Python wheel of the ``dysymnet`` package
and, when the repository's users' jar exists (``../app/target/dysymnet-VERSION.jar``, built by
``mvn -B -q package -DskipTests -pl app -am``), a copy of it inside the package (``dysymnet/jar/``), so that the
installed package runs without the repository. An editable install (``pip install -e ./python``) puts this
folder on the path instead, and finds the jar in the repository.
"""

import base64
import hashlib
import os
import re
import zipfile

NAME = "dysymnet"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the python/ folder
SUMMARY = "Symbolic regression by DySymNet: a scikit-learn estimator over the dysymnet jar"
REQUIRES = ["numpy", "pandas", "scikit-learn", "sympy"]


def _version():
    with open(os.path.join(HERE, NAME, "__init__.py"), encoding="utf-8") as f:
        match = re.search(r'^__version__ = "([^"]+)"', f.read(), re.M)
    if not match:
        raise RuntimeError("no __version__ in dysymnet/__init__.py")
    return match.group(1)


def _jar(version):
    path = os.path.join(os.path.dirname(HERE), "app", "target", "dysymnet-%s.jar" % version)
    return path if os.path.isfile(path) else None


def _metadata(version):
    lines = ["Metadata-Version: 2.1", "Name: " + NAME, "Version: " + version, "Summary: " + SUMMARY,
             "License: Apache-2.0", "Requires-Python: >=3.8"]
    lines += ["Requires-Dist: " + r for r in REQUIRES]
    readme = os.path.join(HERE, "README.md")
    if os.path.isfile(readme):
        with open(readme, encoding="utf-8") as f:
            lines += ["Description-Content-Type: text/markdown", "", f.read()]
    return "\n".join(lines) + "\n"


def _wheel_text():
    return "Wheel-Version: 1.0\nGenerator: dysymnet_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"


class _Wheel:
    def __init__(self, directory, version):
        self.name = "%s-%s-py3-none-any.whl" % (NAME, version)
        self.dist_info = "%s-%s.dist-info" % (NAME, version)
        self.zip = zipfile.ZipFile(os.path.join(directory, self.name), "w", zipfile.ZIP_DEFLATED)
        self.records = []

    def add(self, arcname, data):
        if isinstance(data, str):
            data = data.encode("utf-8")
        self.zip.writestr(zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0)), data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
        self.records.append("%s,sha256=%s,%d" % (arcname, digest, len(data)))

    def add_file(self, arcname, path):
        with open(path, "rb") as f:
            self.add(arcname, f.read())

    def close(self, version):
        self.add(self.dist_info + "/METADATA", _metadata(version))
        self.add(self.dist_info + "/WHEEL", _wheel_text())
        self.add(self.dist_info + "/top_level.txt", NAME + "\n")
        record = self.dist_info + "/RECORD"
        self.zip.writestr(zipfile.ZipInfo(record, date_time=(2020, 1, 1, 0, 0, 0)),
                          "\n".join(self.records + [record + ",,"]) + "\n")
        self.zip.close()
        return self.name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    wheel = _Wheel(wheel_directory, version)
    package = os.path.join(HERE, NAME)
    for root, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(root, name)
                wheel.add_file(os.path.relpath(path, HERE).replace(os.sep, "/"), path)
    jar = _jar(version)
    if jar:
        wheel.add_file("%s/jar/%s" % (NAME, os.path.basename(jar)), jar)
    return wheel.close(version)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    wheel = _Wheel(wheel_directory, version)
    wheel.add("__editable__.%s.pth" % NAME, HERE + "\n")
    return wheel.close(version)
