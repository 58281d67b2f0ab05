#!/bin/sh
# Trunk's post-build hook (Trunk.toml), one script so that its steps run in order (Trunk starts the hooks of one
# stage together): the two modules optimised (release builds), the rayon helper's patch, then the service worker's
# list of the finished build's files.
set -eu
sh "$(dirname "$0")/wasm-opt.sh"
sh "$(dirname "$0")/patch-rayon-helper.sh"
node "$(dirname "$0")/precache.mjs"
