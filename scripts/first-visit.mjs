// What a first visit to each game downloads, gzip -9 as a host compresses it: the page (index.html, its script,
// style and module) and that game's solver (the worker's entry script, the pool's helper, the game's glue and
// WebAssembly). Read from a built dist/; used by tests/e2e/download.test.mjs (the budgets) and scripts/bench.mjs
// (BENCHMARKS.md's row). `node scripts/first-visit.mjs [dist]` prints the table.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));

/** Every file under `root`, as paths from it with `/`. */
function listing(root) {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'));
}

/**
 * `{ page: { files, bytes }, module, games: { [game]: { files, bytes, wasm, total } } }`: bytes gzip -9; `module` is
 * the page's WebAssembly alone, `wasm` a game's solver's alone, `total` the page and the game's solver together.
 */
export function firstVisit(root = DIST) {
  const files = listing(root);
  const gz = (f) => gzipSync(readFileSync(join(root, f)), { level: 9 }).length;
  const one = (re) => {
    const found = files.filter((f) => re.test(f));
    if (found.length !== 1) throw new Error(`first-visit: ${found.length} files match ${re} in ${root}`);
    return found[0];
  };
  const pageFiles = ['index.html', 'boot.js', one(/^style-.*\.css$/), one(/^app-.*\.js$/), one(/^app-.*_bg\.wasm$/)];
  const page = { files: pageFiles, bytes: pageFiles.reduce((s, f) => s + gz(f), 0) };
  const shared = ['solver.js', one(/^snippets\/.*workerHelpers.*\.js$/)];
  const games = {};
  for (const glue of files.filter((f) => /^solver-[a-z]+\.js$/.test(f)).sort()) {
    const game = glue.slice('solver-'.length, -'.js'.length);
    const own = [...shared, glue, `solver-${game}_bg.wasm`];
    const bytes = own.reduce((s, f) => s + gz(f), 0);
    games[game] = { files: own, bytes, wasm: gz(`solver-${game}_bg.wasm`), total: page.bytes + bytes };
  }
  return { page, module: gz(pageFiles[4]), games };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { page, module, games } = firstVisit(process.argv[2] ?? DIST);
  console.log(`page: ${page.bytes} bytes (its module ${module})`);
  for (const [game, g] of Object.entries(games)) {
    console.log(`${game}: solver ${g.bytes} bytes (its module ${g.wasm}); first visit ${g.total} bytes`);
  }
}
