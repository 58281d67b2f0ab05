#!/usr/bin/env bash
#! Installs (idempotently) every tool the build and the tests need, cached under .tools/.
#! Sourced by scripts/serve and scripts/check; run directly to only install.
#! Versions are the ones docs/toolchain.md records as working together on these machines.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
NIGHTLY="nightly-2026-05-20"
TRUNK_VERSION="0.22.1"
WASM_BINDGEN_VERSION="0.2.130"
BINARYEN_VERSION="132.0.0"
mkdir -p "$TOOLS/cargo/bin"
export PATH="$TOOLS/cargo/bin:$ROOT/tests/node_modules/.bin:$PATH"

# step NAME COMMAND...: prints what it does and how long it took.
step() {
  local name="$1"; shift
  local t0=$SECONDS
  echo "==> $name"
  "$@"
  echo "    done: $name ($((SECONDS - t0)) s)"
}

have_version() { # have_version CMD EXPECTED-SUBSTRING
  command -v "$1" >/dev/null 2>&1 && "$1" --version 2>/dev/null | grep -qF "$2"
}

install_chromium() {
  if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then
    echo "    chromium and chromedriver already installed"; return
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium chromium-driver >/dev/null
}

install_mpi() {
  # Only for the CLI's optional `mpi` feature and its tests (scripts/check); the default build needs no MPI.
  if command -v mpirun >/dev/null && dpkg -s libopenmpi-dev libclang-dev >/dev/null 2>&1; then
    echo "    OpenMPI and libclang already installed"; return
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq libopenmpi-dev openmpi-bin libclang-dev >/dev/null
}

install_other_engines() {
  # Only for scripts/check's smoke suite in the engines besides Chromium (tests/engines/): Firefox ESR (driven over
  # WebDriver BiDi by puppeteer-core), WebKitGTK's WebDriver and MiniBrowser (Safari's engine), and an X server for
  # MiniBrowser. About a minute from Debian's mirror.
  if command -v firefox-esr >/dev/null && command -v WebKitWebDriver >/dev/null && command -v Xvfb >/dev/null; then
    echo "    firefox-esr, WebKitWebDriver and Xvfb already installed"; return
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq firefox-esr webkit2gtk-driver xvfb >/dev/null
}

install_nightly() {
  if rustup toolchain list | grep -q "^$NIGHTLY" \
     && rustup +"$NIGHTLY" target list --installed 2>/dev/null | grep -q wasm32-unknown-unknown \
     && rustup +"$NIGHTLY" component list --installed 2>/dev/null | grep -q '^rust-src' \
     && rustup +"$NIGHTLY" component list --installed 2>/dev/null | grep -q '^clippy'; then
    echo "    $NIGHTLY with wasm32, rust-src and clippy already installed"; return
  fi
  rustup toolchain install "$NIGHTLY" --profile minimal -c rust-src -c clippy -t wasm32-unknown-unknown
}

install_trunk() {
  if have_version trunk "$TRUNK_VERSION"; then echo "    trunk $TRUNK_VERSION already installed"; return; fi
  echo "    building trunk $TRUNK_VERSION from crates.io (about 11 minutes on 2 cores)"
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo +"$NIGHTLY" install trunk --version "$TRUNK_VERSION" --locked --root "$TOOLS/cargo" --quiet
}

install_wasm_bindgen() {
  if have_version wasm-bindgen "$WASM_BINDGEN_VERSION" && command -v wasm-bindgen-test-runner >/dev/null; then
    echo "    wasm-bindgen-cli $WASM_BINDGEN_VERSION already installed"; return
  fi
  echo "    building wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3.5 minutes; --locked fails for this crate)"
  CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    cargo +stable install wasm-bindgen-cli --version "=$WASM_BINDGEN_VERSION" --root "$TOOLS/cargo" --quiet
}

install_binaryen() {
  # wasm-opt for the release build's two modules (scripts/wasm-opt.sh). npm's binaryen is wasm-opt compiled to
  # WebAssembly, run by Node; Debian's (108) is too old for threaded modules.
  if have_version "$TOOLS/binaryen/node_modules/.bin/wasm-opt" "(version_${BINARYEN_VERSION%%.*})"; then
    echo "    binaryen $BINARYEN_VERSION already installed"; return
  fi
  mkdir -p "$TOOLS/binaryen"
  npm install --prefix "$TOOLS/binaryen" --no-save --no-audit --no-fund --loglevel=error "binaryen@$BINARYEN_VERSION"
}

install_node_modules() {
  if [ -f "$ROOT/tests/node_modules/.package-lock.json" ] \
     && cmp -s "$ROOT/tests/package-lock.json" "$ROOT/tests/node_modules/.lock-copy"; then
    echo "    tests/node_modules up to date"; return
  fi
  (cd "$ROOT/tests" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$ROOT/tests/package-lock.json" "$ROOT/tests/node_modules/.lock-copy"
}

fetch_crates() {
  # Trunk runs offline (Trunk.toml), so every crate, including build-std's own, is fetched here.
  (cd "$ROOT" && cargo +"$NIGHTLY" fetch --target wasm32-unknown-unknown --quiet \
    && cargo +stable fetch --quiet)
}

ensure_tools() {
  local t0=$SECONDS
  step "Debian chromium + chromedriver" install_chromium
  step "Rust $NIGHTLY (wasm32 + rust-src + clippy)" install_nightly
  step "trunk $TRUNK_VERSION" install_trunk
  step "wasm-bindgen-cli $WASM_BINDGEN_VERSION" install_wasm_bindgen
  step "binaryen $BINARYEN_VERSION (wasm-opt, from npm)" install_binaryen
  step "npm packages for the browser tests" install_node_modules
  step "cargo fetch (native + wasm32, for offline builds)" fetch_crates
  echo "==> tools ready ($((SECONDS - t0)) s)"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  ensure_tools
  step "Firefox ESR + WebKitGTK driver + Xvfb (Debian), for the smoke suite" install_other_engines
fi
