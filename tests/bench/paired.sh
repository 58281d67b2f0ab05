#!/bin/bash
# Chromium against native, measured in pairs: each strategy's whole tree (every secret, its own first guess, 2 threads)
# in Chromium and natively back to back, the order swapped every round, so that both runs of a pair see the same
# load on a shared machine (this VM's speed drifts by 20-30 % over minutes: docs/notebook.md, "Chromium against native,
# in pairs"). One line per pair with its ratio, then each size and strategy's median ratio and its range.
# Needs a release build of the CLI and dist/ (trunk build --release). With PAGE=1 the Chromium side is played from
# "Compare strategies" with its progress drawn (stats-page.mjs: a pool of as many threads as the machine has cores)
# instead of a bare page.
# Usage: [PAGE=1] tests/bench/paired.sh ROUNDS "PEGS COLORS[ STRATEGY...]"...   e.g. tests/bench/paired.sh 3 "6 9" "7 7 entropy"
set -u
cd "$(dirname "$0")/../.."
rounds=${1:?rounds}
shift
[ $# -gt 0 ] || set -- "6 9"
pl=target/release/puzzle-lab
log=$(mktemp)
chromium() { # pegs colors strategy
  if [ -n "${PAGE:-}" ]; then node tests/bench/stats-page.mjs "$1" "$2" "$3"; else node tests/bench/play-all.mjs 2 "$1" "$2" "$3"; fi |
    grep -o '"seconds":[0-9.]*' | cut -d: -f2
}
native() { # pegs colors strategy
  "$pl" --json --threads 2 mastermind stats --pegs "$1" --colors "$2" --strategy "$3" --all 2>/dev/null |
    grep -o '"seconds":[0-9.]*' | cut -d: -f2
}
for round in $(seq "$rounds"); do
  for size in "$@"; do
    read -r p c strategies <<< "$size"
    for s in ${strategies:-knuth most-parts entropy expected-size}; do
      if [ $((round % 2)) -eq 1 ]; then
        b=$(chromium "$p" "$c" "$s"); n=$(native "$p" "$c" "$s")
      else
        n=$(native "$p" "$c" "$s"); b=$(chromium "$p" "$c" "$s")
      fi
      r=$(awk -v b="$b" -v n="$n" 'BEGIN { printf "%.2f", b / n }')
      printf 'round %s %sx%s %-13s chromium %6.1f s  native %6.1f s  ratio %s\n' "$round" "$p" "$c" "$s" "$b" "$n" "$r" |
        tee -a "$log"
    done
  done
done
echo "median ratio (range) over $rounds rounds:"
awk '{ key = $3 " " $4; r[key] = r[key] " " $NF } END { for (k in r) print k, r[k] }' "$log" | sort |
  while read -r size strategy ratios; do
    sorted=$(tr ' ' '\n' <<< "$ratios" | sort -n | tr '\n' ' ')
    read -r -a v <<< "$sorted"
    m=${#v[@]}
    median=$(awk -v a="${v[$(((m - 1) / 2))]}" -v b="${v[$((m / 2))]}" 'BEGIN { printf "%.2f", (a + b) / 2 }')
    echo "  $size $strategy: $median (${v[0]} - ${v[$((m - 1))]})"
  done
rm -f "$log"
