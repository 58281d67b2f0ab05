#!/bin/sh
# Trunk's post-build hook (Trunk.toml), one script so that its steps run in order (Trunk starts the hooks of one
# stage together): the modules optimised (release builds), the rayon helper's patch, then the list of the finished
# build's files written into boot.js and the service worker. A release build then draws its pages' first views
# (scripts/prerender.mjs, which needs boot.js's list of pages to load them) and lists them too.
set -eu
sh "$(dirname "$0")/wasm-opt.sh"
sh "$(dirname "$0")/patch-rayon-helper.sh"
node "$(dirname "$0")/precache.mjs"
if [ "${TRUNK_PROFILE:-release}" = release ]; then
  node "$(dirname "$0")/prerender.mjs"
  node "$(dirname "$0")/precache.mjs"
fi
