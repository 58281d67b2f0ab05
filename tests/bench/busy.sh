#!/bin/bash
# Where the solver's threads spend a run: for each thread that worked, its share of the wall time on a CPU, waiting
# for a CPU (runnable, while other threads had both cores) and blocked (a join, a lock, a wait), from the scheduler's
# own counts (/proc/TID/schedstat), and how full the machine's CPUs were. Measures the Chromium renderer's threads
# when COMMAND starts a browser, else COMMAND's own threads (the native CLI). Reads /proc once every 2 s, in one
# process: a sampler that forks `ps` every second took a few per cent of a 2-core machine itself.
# Usage: tests/bench/busy.sh COMMAND...   e.g. tests/bench/busy.sh node tests/bench/play-all.mjs 2 6 9 most-parts
#                                              tests/bench/busy.sh target/release/puzzle-lab --threads 2 mastermind ...
set -u
samples=$(mktemp)
"$@" &
pid=$!
# The renderer that has used the most CPU is the tab's (Chromium keeps spare ones); it is running once the page is.
sleep 5
watched=$(ps -eo pid,times,args --sort=-times | awk '/--type=renderer/ && !/awk/ { print $1; exit }')
watched=${watched:-$pid}
first=$(grep '^cpu ' /proc/stat)
last=$first
while kill -0 "$pid" 2>/dev/null; do
  # time, thread, name, then schedstat's nanoseconds on a CPU, nanoseconds runnable and waiting, and slices.
  awk -v now="$(date +%s.%N)" '
    FNR == 1 && FILENAME ~ /comm$/ { split(FILENAME, p, "/"); gsub(/ /, "_"); name[p[5]] = $0 }
    FNR == 1 && FILENAME ~ /schedstat$/ { split(FILENAME, p, "/"); stat[p[5]] = $1 " " $2 " " $3 }
    END { for (t in stat) print now, t, name[t], stat[t] }
  ' /proc/"$watched"/task/*/comm /proc/"$watched"/task/*/schedstat 2>/dev/null >> "$samples"
  last=$(grep '^cpu ' /proc/stat)
  sleep 2
done
wait "$pid"
awk '
  !($2 in t0) { t0[$2] = $1; c0[$2] = $4; w0[$2] = $5; n0[$2] = $6; name[$2] = $3 }
  { t1[$2] = $1; c1[$2] = $4; w1[$2] = $5; n1[$2] = $6 }
  END { for (t in t0) { T = (t1[t] - t0[t]) * 1e9; if (T <= 0) continue
    on = (c1[t] - c0[t]) / T; waiting = (w1[t] - w0[t]) / T
    if (on > 0.005) printf "%.6f\tthread %s (%s): %.1f s, on a CPU %.1f %%, waiting for one %.1f %%, blocked %.1f %%, %d slices\n",
      on, t, name[t], T / 1e9, 100 * on, 100 * waiting, 100 * (1 - on - waiting), n1[t] - n0[t] } }
' "$samples" | sort -rn | cut -f2-
# /proc/stat: user nice system idle iowait irq softirq steal, in clock ticks over the sampled time.
printf '%s\n%s\n' "$first" "$last" | awk '
  NR == 1 { for (i = 2; i <= 9; i++) a[i] = $i } NR == 2 { for (i = 2; i <= 9; i++) { d[i] = $i - a[i]; all += d[i] } }
  END { if (all > 0) printf "machine: CPUs busy %.1f %%, idle %.1f %%, stolen by the host %.1f %%\n",
    100 * (d[2] + d[3] + d[4] + d[7] + d[8]) / all, 100 * (d[5] + d[6]) / all, 100 * d[9] / all }'
rm -f "$samples"
