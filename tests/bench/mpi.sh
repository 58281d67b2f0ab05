#!/usr/bin/env bash
#! The cluster jobs at 1, 2 and 4 processes, and dynamic against static dealing: prints the Markdown tables that
#! BENCHMARKS.md records. Needs the release binary built with the mpi feature:
#!   cargo +stable build --release -p cli --features mpi && tests/bench/mpi.sh
#! np 1 is the plain binary (no --mpi) on every core; np N runs N ranks of --threads T each (T = cores / N, at least
#! 1, so 4 ranks on 2 cores are oversubscribed). Seconds are the job's own (from the JSON, after MPI started),
#! the best of RUNS (default 3); `peak MB` is the most one rank's level tables held.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BIN=target/release/puzzle-lab
RUNS=${RUNS:-3}
CORES=$(nproc)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none

# run NP DEAL ARGS...: the JSON of the best of RUNS runs (by seconds).
run() {
  local np=$1 deal=$2; shift 2
  local best=""
  for _ in $(seq "$RUNS"); do
    local out
    if [ "$np" = 1 ]; then
      out=$("$BIN" --json "$@")
    else
      local t=$(( CORES / np )); [ "$t" -ge 1 ] || t=1
      out=$(mpirun --oversubscribe --bind-to none -np "$np" "$BIN" --threads "$t" --mpi --deal "$deal" --json "$@")
    fi
    best=$(python3 -c 'import json,sys
a=json.loads(sys.argv[1]); b=json.loads(sys.argv[2]) if sys.argv[2] else None
print(json.dumps(a if b is None or a["seconds"] < b["seconds"] else b))' "$out" "$best")
  done
  echo "$best"
}

field() { python3 -c 'import json,sys; v=json.loads(sys.argv[1]); f=sys.argv[2]
x=v.get(f)
print(f"{x:.2f}" if isinstance(x,float) else (f"{x/2**20:.0f}" if f=="peak_bytes" else x))' "$1" "$2"; }

HE="0,0,1,1,2,2,3,3,4,4,5:1,1;0,1,0,1,0,1,0,1,0,1,0:0,1"
declare -A JOBS=(
  ["mastermind count 11x9 (two scored guesses)"]="mastermind count --pegs 11 --colors 9 --history $HE"
  ["mastermind stats --all 5x6 knuth"]="mastermind stats --pegs 5 --colors 6 --strategy knuth --all"
  ["mastermind stats --games 200 6x9 random-consistent"]="mastermind stats --pegs 6 --colors 9 --strategy random-consistent --games 200"
  ["mastermind book 4x6"]="mastermind book --pegs 4 --colors 6"
  ["pegs count english centre"]="pegs count --board english"
  ["pegs count english dead-end"]="pegs count --board english --finish dead-end"
  ["cluedo simulate 3 deduction x 3000"]="cluedo simulate --players deduction,deduction,deduction --games 3000"
)
echo "| job | np 1 (s) | np 2 (s) | np 4 (s) | peak MB per rank (np 1 / 2 / 4) | same answer |"
echo "|---|---|---|---|---|---|"
for name in "${!JOBS[@]}"; do
  read -r -a args <<< "${JOBS[$name]}"
  a=$(run 1 dynamic "${args[@]}"); b=$(run 2 dynamic "${args[@]}"); c=$(run 4 dynamic "${args[@]}")
  same=$(python3 -c 'import json,sys
vs=[json.loads(x) for x in sys.argv[1:]]
for v in vs:
    for k in ("seconds","ranks","threads","peak_bytes"): v.pop(k,None)
print("yes" if vs[0]==vs[1]==vs[2] else "NO")' "$a" "$b" "$c")
  peak="-"
  if [[ $name == pegs* ]]; then peak="$(field "$a" peak_bytes) / $(field "$b" peak_bytes) / $(field "$c" peak_bytes)"; fi
  echo "| $name | $(field "$a" seconds) | $(field "$b" seconds) | $(field "$c" seconds) | $peak | $same |"
done
echo
echo "| work (2 ranks x 1 thread on 2 cores) | dynamic (s) | static (s) |"
echo "|---|---|---|"
for name in "even: cluedo simulate 3 deduction x 3000" "uneven: mastermind count 11x9 (two scored guesses)"; do
  case $name in
    even*) args=(cluedo simulate --players deduction,deduction,deduction --games 3000) ;;
    *) args=(mastermind count --pegs 11 --colors 9 --history "$HE") ;;
  esac
  echo "| $name | $(field "$(run 2 dynamic "${args[@]}")" seconds) | $(field "$(run 2 static "${args[@]}")" seconds) |"
done
