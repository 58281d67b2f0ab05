#!/bin/bash
# How busy the tab's pool threads are through a run: samples the CPU time of the Chromium renderer's worker threads
# from /proc every second while COMMAND runs, and prints, for each thread that worked, its share of the wall time
# (over the run, and the least and most in any second). A thread waiting (a join, a lock, a layout another thread
# makes) is not busy; natively compare `/usr/bin/time`'s user time over twice the wall time.
# Usage: tests/bench/busy.sh COMMAND...   e.g. tests/bench/busy.sh node tests/bench/play-all.mjs 2 6 9 most-parts
set -u
samples=$(mktemp)
"$@" &
pid=$!
hz=$(getconf CLK_TCK)
while kill -0 "$pid" 2>/dev/null; do
  # The renderer that has used the most CPU: the tab's (Chromium keeps spare ones).
  renderer=$(ps -eo pid,times,args --sort=-times | awk '/--type=renderer/ && !/awk/ { print $1; exit }')
  if [ -n "$renderer" ]; then
    now=$(date +%s.%N)
    for task in /proc/"$renderer"/task/*; do
      [ "$(cat "$task/comm" 2>/dev/null)" = DedicatedWorker ] || continue
      # utime + stime, fields 14 and 15 of stat (the name in field 2 has no spaces here).
      echo "$now ${task##*/} $(awk '{ print $14 + $15 }' "$task/stat" 2>/dev/null)"
    done >> "$samples"
  fi
  sleep 1
done
wait "$pid"
awk -v hz="$hz" '
  { if ($2 in at) { r = ($3 - ticks[$2]) / hz / ($1 - at[$2]);
      if (!($2 in lo) || r < lo[$2]) lo[$2] = r; if (r > hi[$2]) hi[$2] = r;
      busy[$2] += $3 - ticks[$2]; wall[$2] += $1 - at[$2] }
    at[$2] = $1; ticks[$2] = $3 }
  END { for (t in busy) if (busy[t] / hz > 0.5 * wall[t])
    printf "thread %s: busy %.1f %% of %.1f s (each second %.0f-%.0f %%)\n", t, 100 * busy[t] / hz / wall[t], wall[t], 100 * lo[t], 100 * hi[t] }
' "$samples"
rm -f "$samples"
