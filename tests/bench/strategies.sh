#!/bin/bash
# Every secret of each size with each scoring strategy,
# in Chromium (2 pool threads) beside native on 2 threads, each strategy's own first guess, size by size; then native
# on 1 thread from mikemag's first guesses. One line per run. Needs a release build of the CLI and dist/ (trunk build
# --release). Usage: tests/bench/strategies.sh [sizes...]   (default: "5 8" "6 9" "7 7")
set -u
cd "$(dirname "$0")/../.."
pl=target/release/puzzle-lab
strategies="knuth most-parts entropy expected-size"
[ $# -gt 0 ] || set -- "5 8" "6 9" "7 7"
native() { # threads pegs colors strategy [first]
  local first=() out
  [ -n "${5:-}" ] && first=(--first "$5")
  out=$( { /usr/bin/time -f "TIME %e s, %M KB" "$pl" --threads "$1" mastermind stats --pegs "$2" --colors "$3" \
    --strategy "$4" --all "${first[@]}" 2>&1; } 2>&1 )
  echo "native threads=$1 $2x$3 $4 first=${5:-own}: $(grep games <<< "$out") | $(grep TIME <<< "$out")"
}
# mikemag's first guesses (results/README.md), colours from 0.
first_of() {
  case "$1 $2" in
    "5x8 "*) echo 0,0,1,1,2 ;;
    "6x9 expected-size") echo 0,0,1,1,2,2 ;;
    "6x9 "*) echo 0,0,1,1,2,3 ;;
    "7x7 most-parts" | "7x7 expected-size") echo 0,0,0,1,1,2,2 ;;
    "7x7 "*) echo 0,0,1,1,2,2,3 ;;
  esac
}
for size in "$@"; do
  read -r p c <<< "$size"
  runs=()
  for s in $strategies; do runs+=("$p" "$c" "$s"); done
  node tests/bench/play-all.mjs 2 "${runs[@]}" | sed 's/^/chromium /'
  for s in $strategies; do native 2 "$p" "$c" "$s"; done
done
for size in "$@"; do
  read -r p c <<< "$size"
  for s in $strategies; do native 1 "$p" "$c" "$s" "$(first_of "${p}x$c" "$s")"; done
done
