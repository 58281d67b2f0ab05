#!/bin/sh
# Run after the build by scripts/post-build.sh (Trunk.toml), in release builds only: binaryen's wasm-opt over the
# modules after wasm-bindgen, each game's solver for speed (-O3), the page's for size (-Oz). binaryen's passes
# over LLVM's output made every 6x9 secret with entropy about 5 % faster in Chromium, and the download is 4.9 KB
# smaller (docs/notebook.md, "wasm-opt over both modules").
# The features are the build's own (.cargo/config.toml and the target's defaults): wasm-opt fails on one it was not
# told of, and so does the build. Without the tool (scripts/tools.sh installs it) the modules stay as built, and
# this says so. `WASM_OPT=0` skips it (`WASM_OPT=0 scripts/serve`: a rebuild on every edit 45 s sooner).
set -eu
[ "${TRUNK_PROFILE:-release}" = release ] || exit 0
if [ "${WASM_OPT:-1}" = 0 ]; then
  echo "wasm-opt: skipped (WASM_OPT=0): the modules are left as the compiler made them"
  exit 0
fi
root="$(cd "$(dirname "$0")/.." && pwd)"
opt="$root/.tools/binaryen/node_modules/.bin/wasm-opt"
if [ ! -x "$opt" ]; then
  echo "wasm-opt: not installed (scripts/tools.sh installs it): the modules are left as the compiler made them" >&2
  exit 0
fi
# optimise LEVEL MODULE [MORE FLAGS]
optimise() {
  before=$(wc -c < "$2")
  level=$1 module=$2
  shift 2
  "$opt" "$level" "$@" \
    --enable-threads --enable-simd --enable-bulk-memory --enable-mutable-globals --enable-sign-ext \
    --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types \
    "$module" -o "$module.opt"
  mv "$module.opt" "$module"
  echo "wasm-opt $level: $(basename "$module") $before -> $(wc -c < "$module") bytes"
}
# All at once (the machine's cores share them); each fails the build on its own.
pids=""
for solver in "$TRUNK_STAGING_DIR"/solver-*_bg.wasm; do
  optimise -O3 "$solver" &
  pids="$pids $!"
done
for page in "$TRUNK_STAGING_DIR"/page-*_bg.wasm; do
  # --converge: the size passes again until they gain nothing (about 0.5 KB gzip a page, 20 s more each).
  optimise -Oz "$page" --converge &
  pids="$pids $!"
done
for pid in $pids; do
  wait "$pid"
done
