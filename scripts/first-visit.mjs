// What a first visit to each game downloads, gzip -9 as a host compresses it: the page (index.html, boot.js, the
// style, the page's first view, and that game's page module: its glue and WebAssembly) and that game's solver (the worker's entry script,
// the pool's helper, the game's glue and WebAssembly). Read from a built dist/; used by tests/e2e/download.test.mjs (the budgets) and scripts/bench.mjs
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
 * `{ home: { files, bytes, module }, games: { [game]: { page, module, solver, wasm, total } } }`, bytes gzip -9: `page`
 * the page's files for that game, `module` its page's WebAssembly alone, `solver` its solver's files, `wasm` its
 * solver's WebAssembly alone, `total` all of them together (a first visit to that game).
 */
export function firstVisit(root = DIST) {
  const files = listing(root);
  // Each file compressed once (a first view is weighed to choose it, then counted).
  const sizes = new Map();
  const gz = (f) => sizes.get(f) ?? sizes.set(f, gzipSync(readFileSync(join(root, f)), { level: 9 }).length).get(f);
  const one = (re) => {
    const found = files.filter((f) => re.test(f));
    if (found.length !== 1) throw new Error(`first-visit: ${found.length} files match ${re} in ${root}`);
    return found[0];
  };
  const sum = (list) => list.reduce((s, f) => s + gz(f), 0);
  const frame = ['index.html', 'boot.js', one(/^style-.*\.css$/)];
  // A first visit to a game's page shows its first view drawn at build time (shells/, where the build has them): the
  // larger of the phone's and the desk's is counted.
  const view = (name) => ['narrow', 'wide'].map((w) => `shells/${name}.${w}.html`).filter((f) => files.includes(f))
    .sort((a, b) => gz(b) - gz(a)).slice(0, 1);
  const pageOf = (name) => [...frame, ...view(name), `page-${name}.js`, `page-${name}_bg.wasm`];
  // The home page's module is Trunk's main one, its names hashed.
  const homeFiles = [...frame, one(/^page-home-[0-9a-f]+\.js$/), one(/^page-home-[0-9a-f]+_bg\.wasm$/)];
  const home = { files: homeFiles, bytes: sum(homeFiles), module: gz(homeFiles[4]) };
  const shared = ['solver.js', one(/^snippets\/.*workerHelpers.*\.js$/)];
  const games = {};
  for (const glue of files.filter((f) => /^solver-[a-z]+\.js$/.test(f)).sort()) {
    const game = glue.slice('solver-'.length, -'.js'.length);
    const solver = sum([...shared, glue, `solver-${game}_bg.wasm`]);
    const page = sum(pageOf(game));
    games[game] = {
      page, module: gz(`page-${game}_bg.wasm`), solver, wasm: gz(`solver-${game}_bg.wasm`), total: page + solver,
    };
  }
  return { home, games };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { home, games } = firstVisit(process.argv[2] ?? DIST);
  console.log(`home page: ${home.bytes} bytes (its page module ${home.module})`);
  for (const [game, g] of Object.entries(games)) {
    console.log(`${game}: first visit ${g.total} bytes: page ${g.page} (its module ${g.module}), solver ${g.solver} (its module ${g.wasm})`);
  }
}
