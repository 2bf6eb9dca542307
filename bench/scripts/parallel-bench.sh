#!/usr/bin/env bash
# parallel-bench.sh PROCS OUTDIR BENCH-OPTIONS...: one bench (a suite, seeds, a time limit) split over PROCS
# single-thread processes, for a machine of many cores: the suite's problems (`bench --list`) are dealt round-robin
# to the processes, each runs `bench --threads 1 --filter '^(its problems)$' --out OUTDIR/part-K` with the options
# given, and the parts' results.csv are joined into OUTDIR/results.csv; then one more bench call over OUTDIR
# finds every run done and writes OUTDIR/summary.md.
#
# The same runs as one `bench --threads 1` would make (each run is single-threaded either way); with a time limit a
# run's result depends on the speed of the core it had, so give no more processes than the machine has cores, and
# say which machine made the figures.
#
# Environment: JAVA (default java), CP (default: the launcher's jars, app/target/dysymnet-VERSION.jar and
# bench/target/dysymnet-bench.jar, built by ./dysymnet).
# Example: bench/scripts/parallel-bench.sh 15 out/bb --suite blackbox --seeds 1-3 --time-limit 60
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: parallel-bench.sh PROCS OUTDIR BENCH-OPTIONS... (see the comment at the top)" >&2
  exit 2
fi
procs=$1
out=$2
shift 2
case "$procs" in '' | *[!0-9]* | 0) echo "parallel-bench.sh: PROCS must be a positive integer, not '$procs'" >&2; exit 2 ;; esac
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
if [ -z "${CP:-}" ]; then
  version="$(awk '/<artifactId>dysymnet-parent<\/artifactId>/ { found = 1; next }
    found && /<version>/ { sub(/.*<version>[ \t]*/, ""); sub(/[ \t]*<\/version>.*/, ""); print; exit }' "$root/pom.xml")"
  CP="$root/app/target/dysymnet-$version.jar:$root/bench/target/dysymnet-bench.jar"
fi
java="${JAVA:-java}"
bench() { "$java" -cp "$CP" dysymnet.app.Main bench "$@"; }

# the suite's problems (the suite, --filter and the data options select them)
mapfile -t problems < <(bench --list "$@" | cut -f1)
if [ "${#problems[@]}" -eq 0 ]; then
  echo "parallel-bench.sh: the options select no problem" >&2
  exit 2
fi
# the options for the parts: the user's --filter has chosen the problems already, each part gets its own
part_args=()
skip=0
for a in "$@"; do
  if [ "$skip" -eq 1 ]; then skip=0; continue; fi
  case "$a" in
    --filter) skip=1 ;;
    --filter=*) ;;
    *) part_args+=("$a") ;;
  esac
done
mkdir -p "$out"
pids=()
for ((k = 0; k < procs && k < ${#problems[@]}; k++)); do
  names=()
  for ((i = k; i < ${#problems[@]}; i += procs)); do
    # a regular expression that matches the name alone
    names+=("$(printf '%s' "${problems[$i]}" | sed 's/[][\.^$*+?(){}|/]/\\&/g')")
  done
  filter="^($(IFS='|'; echo "${names[*]}"))$"
  bench "${part_args[@]}" --threads 1 --filter "$filter" --out "$out/part-$k" >"$out/part-$k.log" 2>&1 &
  pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do
  wait "$pid" || failed=$((failed + 1))
done
# join the parts: one header, then every part's rows
first=1
for f in "$out"/part-*/results.csv; do
  [ -f "$f" ] || continue
  if [ "$first" -eq 1 ]; then
    cat "$f" >"$out/results.csv"
    first=0
  else
    tail -n +2 "$f" >>"$out/results.csv"
  fi
done
# every run is done now: this call only writes the summary
bench "$@" --threads 1 --out "$out" >"$out/summary.log" 2>&1 || failed=$((failed + 1))
echo "parallel-bench.sh: ${#problems[@]} problems over $k processes, results in $out/results.csv and $out/summary.md" \
  "($failed part(s) failed: see $out/part-*.log)"
[ "$failed" -eq 0 ]
