#!/bin/sh
# Run after the build by scripts/post-build.sh (Trunk.toml). wasm-bindgen-rayon 1.3's no-bundler helper starts every pool thread with
# wasm-bindgen's old positional init, `pkg.default(module, memory)`, and wasm-bindgen 0.2.130 logs "using deprecated
# parameters for the initialization function" once per thread on every load. This rewrites that one call to the
# object form wasm-bindgen asks for; the build fails if the helper no longer has either form, so an upgrade of
# either crate is noticed instead of silently skipping the fix.
set -eu
old='await pkg.default(data.module, data.memory);'
new='await pkg.default({ module_or_path: data.module, memory: data.memory });'
for f in "$TRUNK_STAGING_DIR"/snippets/wasm-bindgen-rayon-*/src/workerHelpers.no-bundler.js; do
  if grep -qF "$old" "$f"; then
    sed -i "s/await pkg.default(data.module, data.memory);/$new/" "$f"
    echo "patch-rayon-helper: $f starts its threads with the object form of init"
  elif ! grep -qF "$new" "$f"; then
    echo "patch-rayon-helper: neither form of the init call is in $f (wasm-bindgen-rayon changed?)" >&2
    exit 1
  fi
done
