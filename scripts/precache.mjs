// Run after the build by scripts/post-build.sh (Trunk.toml), also runnable on a built folder: `node scripts/precache.mjs dist`.
// Names the build for the service worker (web/isolate.js): every file of the build (but the worker itself) is
// listed in it, with an id made from their contents, so that
// - after one visit the service worker holds the whole build and serves it with no network, and
// - a new deployment changes the service worker's own bytes, which is how a browser notices a new version: it
//   installs the new one (caching the new build) and drops the old build's cache.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

const root = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!root) throw new Error('precache: give the built folder, or run as a Trunk hook (TRUNK_STAGING_DIR)');
const WORKER = 'isolate.js';

async function files(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...await files(path));
    else if (entry.isFile()) out.push(relative(root, path).split(sep).join('/'));
  }
  return out;
}

// The pages' first views (scripts/prerender.mjs) are for a first visit only, before the service worker serves the
// build: it does not hold them.
const built = (await files(root)).sort();
const shells = built.filter((f) => f.startsWith('shells/'));
const listed = built.filter((f) => f !== WORKER && !f.startsWith('.') && !f.startsWith('shells/'));

// boot.js loads the page module the address names: the build's games' modules (`page-pegs.js`) are listed in it, so
// that an address naming none loads the home page's without asking the host for a file that is not there.
const BOOT = join(root, 'boot.js');
const PAGES = /^const PAGES = .*;$/m;
const boot = await readFile(BOOT, 'utf8');
if (!PAGES.test(boot)) throw new Error('precache: boot.js has no PAGES line to fill in');
const pages = listed.map((f) => /^page-([a-z]+)\.js$/.exec(f)?.[1]).filter(Boolean);
const SHELLS = /^const SHELLS = .*;$/m;
if (!SHELLS.test(boot)) throw new Error('precache: boot.js has no SHELLS line to fill in');
// The scripts every first visit downloads (boot.js, the solver's entry and the pool's helper) without their comment
// lines and indentation, which their sources keep: about 1 KB gzip less on each game's first visit, 1.3 KB on the
// home page's.
const lean = (js) => js.split('\n').filter((l) => !/^\s*\/\//.test(l)).map((l) => l.trim()).filter(Boolean).join('\n');
for (const script of listed.filter((f) => f === 'solver.js' || /^snippets\/.*workerHelpers.*\.js$/.test(f))) {
  await writeFile(join(root, script), lean(await readFile(join(root, script), 'utf8')));
}
await writeFile(BOOT, lean(boot.replace(PAGES, `const PAGES = ${JSON.stringify(pages)};`)
  .replace(SHELLS, `const SHELLS = ${JSON.stringify(shells.map((f) => f.slice('shells/'.length, -'.html'.length)))};`)));

// Each game's own files (its page module, its solver, its books; the home page's module too), cached when first asked
// for or, after a visit, in the background: a first visit to one game downloads no other game's. The rest
// (index.html, boot.js, the style, the solver's entry script and the pool's helper) is the shell, cached when the
// service worker installs.
const own = (f) => /^(solver|page)-/.test(f) || f.endsWith('.book') || f.startsWith('openings/');
const hash = createHash('sha256');
for (const f of listed) {
  hash.update(f);
  hash.update('\0');
  hash.update(await readFile(join(root, f)));
}
const build = hash.digest('hex').slice(0, 16);

const workerPath = join(root, WORKER);
const source = await readFile(workerPath, 'utf8');
const BUILD = /^const BUILD = .*;$/m;
const FILES = /^const FILES = .*;$/m;
const LATER = /^const LATER = .*;$/m;
if (!BUILD.test(source) || !FILES.test(source) || !LATER.test(source)) {
  throw new Error(`precache: ${WORKER} has no BUILD, FILES or LATER line to fill in`);
}
await writeFile(workerPath, source
  .replace(BUILD, `const BUILD = ${JSON.stringify(build)};`)
  .replace(FILES, `const FILES = ${JSON.stringify(listed.filter((f) => !own(f)))};`)
  .replace(LATER, `const LATER = ${JSON.stringify(listed.filter(own))};`));
console.log(`precache: build ${build}, ${listed.length} files for ${WORKER} (${listed.filter(own).length} of them games' own); ${shells.length} first views for boot.js`);
