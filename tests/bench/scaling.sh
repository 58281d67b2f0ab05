#!/usr/bin/env bash
# Thread scaling of the exact Mastermind strategies on a machine with many cores (docs/notebook.md, "On 16 cores").
# Usage: tests/bench/scaling.sh [BIN] [OUT]: every job below in turn, most wanted first, each with its own time
# limit; one line per job appended to OUT/scaling.txt (threads, arguments, the CLI's JSON or why it has none).
set -u
BIN=${1:-target/release/puzzle-lab}
OUT=${2:-.}
LOG="$OUT/scaling.txt"
{ echo "# $(date -u +%FT%TZ) $(nproc) CPUs"; lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Core|Socket|MHz|L3'; } >> "$LOG"
TIME=(/usr/bin/time -f 'rss_kb=%M')
[ -x /usr/bin/time ] || TIME=()
job() {
  local limit=$1 threads=$2; shift 2
  local out
  out=$(timeout "$limit" "${TIME[@]}" "$BIN" --threads "$threads" --json mastermind stats --all "$@" 2>&1 | tr '\n' ' ')
  echo "threads=$threads | $* | $out" | tee -a "$LOG"
}
K69=(--pegs 6 --colors 9 --first 0,0,1,1,2,3)
K77=(--pegs 7 --colors 7 --first 0,0,1,1,2,2,3)
K88=(--pegs 8 --colors 8 --first 0,0,1,1,2,2,3,3)
job 120 16 "${K69[@]}" --strategy knuth
job 120 2 "${K69[@]}" --strategy knuth
job 120 16 "${K77[@]}" --strategy knuth
job 60 16 "${K88[@]}" --strategy knuth --answer 5,1
job 120 2 "${K88[@]}" --strategy knuth --answer 5,1
job 60 8 "${K69[@]}" --strategy knuth
job 60 4 "${K69[@]}" --strategy knuth
job 60 16 "${K69[@]}" --strategy most-parts
job 60 16 "${K69[@]}" --strategy entropy
job 60 16 --pegs 6 --colors 9 --first 0,0,1,1,2,2 --strategy expected-size
job 60 16 --pegs 7 --colors 7 --first 0,0,0,1,1,2,2 --strategy most-parts
job 90 16 "${K77[@]}" --strategy entropy
job 90 16 --pegs 7 --colors 7 --first 0,0,0,1,1,2,2 --strategy expected-size
job 150 16 "${K88[@]}" --strategy knuth --answer 3,0
