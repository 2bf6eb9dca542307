#!/usr/bin/env bash
# Installs dysymnet for SRBench (run in this folder, in SRBench's environment): builds the users' jar of a dysymnet
# checkout of the release this folder belongs to, and installs the Python package with the jar inside it.
# Needs Java 17 or later and Maven on the PATH (Debian: apt-get install default-jdk-headless maven; in a conda
# environment: conda install -c conda-forge openjdk=17 maven), and NumPy, pandas, scikit-learn and SymPy.
# DYSYMNET_SRC: an existing checkout to build instead of cloning one.
set -euo pipefail
version=0.2.0
src="${DYSYMNET_SRC:-}"
if [ -z "$src" ]; then
    src="$(pwd)/dysymnet-src"
    if [ ! -d "$src" ]; then
        git clone --depth 1 --branch "v$version" https://github.com/dysymnet/dysymnet "$src"
    fi
fi
(cd "$src" && mvn -B -q package -DskipTests -pl app -am)
python -m pip install "$src/python"
python -c "import dysymnet; print('dysymnet', dysymnet.__version__, 'runs', dysymnet.find_jar())"
