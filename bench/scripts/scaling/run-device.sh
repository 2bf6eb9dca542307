#!/usr/bin/env bash
# The scaling benchmark on a machine of many cores (issue 29): `bench-scaling` on 1, 2, 4, 8, 16 threads (the three
# workloads: the whole method on Nguyen-1..12 and on a 25-feature table, the networks alone), then the networks alone
# once more on 16 threads and on 1, each with a GC log, the 16-thread one with a JFR recording. About 5 minutes on 16
# cores; every command has a timeout, so that the whole stays under 8 minutes.
#
# Writes into $OUT (8 files, no folders): info.txt (machine, JVM, wall times), scaling.md and scaling.csv (the
# table), run.log (the commands' standard error), gc-runs.md (the tables of the two GC-logged runs), gc16.log, gc1.log,
# net16.jfr.
#
# Environment: OUT (required), JAVA (default .device/jre/bin/java), APP_JAR (default .device/dysymnet.jar), BENCH_JAR
# (default .device/dysymnet-bench.jar): see make-device-runtime.sh. THREADS (default 1,2,4,8,16). EXTRA: more
# bench-scaling options for every run (a quick check of the script: EXTRA='--max-steps 1 --networks-per-step 2'). The jars run as the
# ./dysymnet launcher runs them: the users' jar and the bench jar on the class path, main class dysymnet.app.Main.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
: "${OUT:?set OUT to the output folder}"
java="${JAVA:-$root/.device/jre/bin/java}"
app="${APP_JAR:-$root/.device/dysymnet.jar}"
bench="${BENCH_JAR:-$root/.device/dysymnet-bench.jar}"
threads="${THREADS:-1,2,4,8,16}"
read -r -a extra <<< "${EXTRA:-}"
if [ -z "${JAVA:-}" ] && [ ! -x "$java" ] && [ -f "$root/.device/jre.tar.xz" ]; then
  tar xJf "$root/.device/jre.tar.xz" -C "$root/.device" 2>/dev/null \
    || python3 -c "import tarfile, sys; tarfile.open(sys.argv[1]).extractall(sys.argv[2])" \
      "$root/.device/jre.tar.xz" "$root/.device"
fi
mkdir -p "$OUT"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
info="$OUT/info.txt"
log="$OUT/run.log"
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "nproc: $(nproc)"
  grep -m1 'model name' /proc/cpuinfo || true
  grep -E 'MemTotal' /proc/meminfo || true
  "$java" -version 2>&1
  "$java" -XX:+PrintFlagsFinal -version 2>/dev/null | grep -E ' (UseG1GC|UseParallelGC|MaxHeapSize|ParallelGCThreads|ConcGCThreads) ' || true
} > "$info"

# runs bench-scaling with JVM options $1 (a string of words) and the rest as its arguments, under a timeout
scaling() {
  local jvm="$1" limit="$2"
  shift 2
  local t0=$SECONDS rc=0
  # shellcheck disable=SC2086  # the JVM options are several words on purpose
  timeout "$limit" "$java" $jvm -cp "$app:$bench" dysymnet.app.Main bench-scaling "$@" \
    ${extra[@]+"${extra[@]}"} >> "$tmp/stdout" 2>> "$log" || rc=$?
  echo "bench-scaling $* (jvm: ${jvm:-none}): exit $rc, $((SECONDS - t0)) s" >> "$info"
}

# the sweep: about 4 minutes on 16 cores
scaling "-Xlog:gc:file=$OUT/gc-sweep.log" "${SWEEP_LIMIT:-320}" --threads-list "$threads" --out "$OUT"
[ "${GC_RUNS:-1}" = 1 ] || { echo "total: $SECONDS s" >> "$info"; exit 0; }
# the networks alone on 16 threads and on 1 thread, GC logged (and the 16-thread run recorded by JFR): what keeps 16
# independent trainings from running 16 times as fast (allocation, collections, memory bandwidth)
scaling "-Xlog:gc*:file=$OUT/gc16.log -XX:StartFlightRecording=filename=$OUT/net16.jfr,settings=profile" 60 \
  --workloads networks --threads-list 16 --out "$tmp/net16"
scaling "-Xlog:gc*:file=$OUT/gc1.log" 75 --workloads networks --threads-list 1 --no-warm-up --out "$tmp/net1"
{
  echo "# networks alone, GC logged: 16 threads (JFR recording on)"
  cat "$tmp/net16/scaling.md" 2>/dev/null || echo "(no table)"
  echo "# networks alone, GC logged: 1 thread (no warm-up)"
  cat "$tmp/net1/scaling.md" 2>/dev/null || echo "(no table)"
} > "$OUT/gc-runs.md"
echo "total: $SECONDS s" >> "$info"
