#!/bin/sh
# Run after the build by scripts/post-build.sh (Trunk.toml). Two changes to wasm-bindgen-rayon 1.3's no-bundler
# helper, each checked so that an upgrade of either crate fails the build instead of silently skipping it:
# - it starts every pool thread with wasm-bindgen's old positional init, `pkg.default(module, memory)`, and
#   wasm-bindgen 0.2.130 logs "using deprecated parameters for the initialization function" once per thread on every
#   load: that call is rewritten to the object form wasm-bindgen asks for;
# - a pool thread that fails (a trap when memory cannot grow, a panic) ends in an unhandled rejection inside the
#   thread, which no other thread hears of: the pool then waits for it forever. Each thread now reports its failure to
#   the thread that started the pool, which dispatches `pool-thread-lost` on itself; web/solver.js tells the page,
#   which fails the job and starts a fresh worker.
set -eu
old='await pkg.default(data.module, data.memory);'
new='await pkg.default({ module_or_path: data.module, memory: data.memory });'
start='worker.postMessage(workerInit);'
supervised='supervise(worker); worker.postMessage(workerInit);'
for f in "$TRUNK_STAGING_DIR"/snippets/wasm-bindgen-rayon-*/src/workerHelpers.no-bundler.js; do
  if grep -qF "$old" "$f"; then
    sed -i "s/await pkg.default(data.module, data.memory);/$new/" "$f"
    echo "patch-rayon-helper: $f starts its threads with the object form of init"
  elif ! grep -qF "$new" "$f"; then
    echo "patch-rayon-helper: neither form of the init call is in $f (wasm-bindgen-rayon changed?)" >&2
    exit 1
  fi
  if grep -qF "$supervised" "$f"; then
    continue
  fi
  if ! grep -qF "$start" "$f"; then
    echo "patch-rayon-helper: no '$start' in $f to supervise the threads at (wasm-bindgen-rayon changed?)" >&2
    exit 1
  fi
  sed -i "s/worker\.postMessage(workerInit);/$supervised/" "$f"
  cat >> "$f" <<'EOF'

// Added by Puzzle Lab's scripts/patch-rayon-helper.sh: pool threads that fail are reported, not lost silently.
function supervise(worker) {
  const lost = (message) => self.dispatchEvent(new CustomEvent('pool-thread-lost', { detail: String(message) }));
  worker.addEventListener('message', ({ data }) => {
    if (data != null && data.type === 'wasm_bindgen_worker_failed') lost(data.message);
  });
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    lost(e.message || 'a pool thread could not start');
  });
}
if (self.location.href === import.meta.url) {
  // This file runs as a pool thread: its failures go to the thread that started it.
  const failed = (why) => postMessage({ type: 'wasm_bindgen_worker_failed', message: String(why) });
  self.addEventListener('unhandledrejection', (e) => failed(e.reason instanceof Error ? `${e.reason.name}: ${e.reason.message}` : e.reason));
  self.addEventListener('error', (e) => failed(e.message));
}
EOF
  echo "patch-rayon-helper: $f reports a pool thread that fails"
done
