#!/usr/bin/env bash
# Builds .device/ at the repository root: what run-device.sh (and bench/scripts/parallel-bench.sh) need on a machine
# that has no JDK, no Maven and no network, small enough to travel with the working tree (about 30 MB; the carry
# limit is 64 MiB):
#   .device/jre.tar.xz          a Java 17 runtime made by jlink (the modules the jars use, per jdeps, with jdk.zipfs
#                               for the bench jar's bundled data and jdk.jfr / jdk.management for profiling; libjvm
#                               stripped of its symbols), packed with xz: unpack it there with
#                               `tar xJf .device/jre.tar.xz -C .device` (or run-device.sh does) into .device/jre
#   .device/dysymnet.jar        the users' jar (app/target/dysymnet-VERSION.jar) without Hazelcast and the cluster's
#                               command and services (the `worker` command and `fit --cluster`), which the benches
#                               do not use: 10 MB instead of 30
#   .device/dysymnet-bench.jar  the bench jar (bench/target/dysymnet-bench.jar), unchanged
# Environment: JDK (default /usr/lib/jvm/java-17-openjdk-amd64), MVN (default mvn).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
jdk="${JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"
cd "$root"
"${MVN:-mvn}" -B -q -o package -DskipTests -pl app,bench -am
version="$(awk '/<artifactId>dysymnet-parent<\/artifactId>/ { found = 1; next }
  found && /<version>/ { sub(/.*<version>[ \t]*/, ""); sub(/[ \t]*<\/version>.*/, ""); print; exit }' pom.xml)"
app="app/target/dysymnet-$version.jar"
bench="bench/target/dysymnet-bench.jar"
modules="$("$jdk/bin/jdeps" --print-module-deps --ignore-missing-deps --multi-release 17 -q "$app" "$bench")"
# java.desktop (the plots, XChart) stays: the bench draws them; xz makes the whole runtime about 17 MB
modules="$modules,jdk.zipfs,jdk.jfr,jdk.management"
echo "modules: $modules" >&2
rm -rf .device
mkdir -p .device
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --output .device/jre
strip --strip-unneeded .device/jre/lib/server/libjvm.so
cp "$app" .device/dysymnet.jar
zip -q -d .device/dysymnet.jar 'com/hazelcast/*' 'META-INF/services/com.hazelcast*' \
  'META-INF/services/dysymnet.cli.CommandExtension' 'META-INF/services/dysymnet.cli.ClusterSupport'
cp "$bench" .device/dysymnet-bench.jar
du -sh .device .device/* >&2
# a tiny fit under the new runtime: the jars work there
.device/jre/bin/java -cp .device/dysymnet.jar:.device/dysymnet-bench.jar dysymnet.app.Main bench-table --rows 50 \
  --features 3 .device/check.csv 2>/dev/null
.device/jre/bin/java -cp .device/dysymnet.jar:.device/dysymnet-bench.jar dysymnet.app.Main fit .device/check.csv \
  --max-steps 1 --networks-per-step 2 --time-limit 0 --threads 2 --timings --quiet --format sympy
rm -f .device/check.csv
# packed: xz on the uncompressed modules is about half of jlink's own compression
tar cf - -C .device jre | xz -T0 -9 > .device/jre.tar.xz
rm -rf .device/jre
echo "built $root/.device; run: OUT=somewhere bench/scripts/scaling/run-device.sh" >&2
