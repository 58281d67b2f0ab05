// Pointers that lead somewhere: every path of this repository named in its documents, code comments, messages and
// --help texts exists, and every section they name (a document's name, a comma and a heading in double quotes; a
// markdown link's anchor) is a heading of that document (of BENCHMARKS.md: a row). Run by scripts/check; prints what leads nowhere and fails, or says how many it checked.
// node scripts/pointers.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIP = new Set(['.git', 'target', '.tools', 'node_modules', 'dist', 'artifacts', 'benchmarks']);
// Where pointers are written: documents, source, scripts, the page's files and the build's configuration.
const TEXT = /\.(md|rs|mjs|js|sh|toml|html|css)$|^(check|serve|run)$/;
// The top folders of this repository a path may start with.
const TOPS = ['crates', 'scripts', 'tests', 'docs', 'web', 'benchmarks', '.ci', '.cargo'];

function files(dir = ROOT) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(path));
    else if (TEXT.test(entry.name)) out.push(relative(ROOT, path).split(sep).join('/'));
  }
  return out;
}

/** GitHub's anchor of a heading. */
const slug = (heading) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
const headings = new Map();
/** The headings of the markdown document at `path` (from the root), as written and as anchors. */
function sections(path) {
  if (!headings.has(path)) {
    const text = readFileSync(join(ROOT, path), 'utf8');
    const list = [...text.matchAll(/^#{1,6} +(.+)$/gm)].map((m) => m[1].trim());
    // A paragraph's bold lead is a section too (the notebook's entries).
    list.push(...[...text.matchAll(/^\*\*([^*]+)\*\*/gm)].map((m) => m[1].trim()));
    // BENCHMARKS.md is one table: its rows (by what they measure) are its sections.
    if (path === 'BENCHMARKS.md') list.push(...[...text.matchAll(/^\| ([^|]+) \|/gm)].map((m) => m[1].trim()));
    headings.set(path, { titles: list.map((t) => t.toLowerCase()), anchors: list.map(slug) });
  }
  return headings.get(path);
}

/** Whether git ignores `path`, or what would be in it were it a folder: something the build, the tools or the tests
 * make. */
function made(path) {
  return [path, `${path.replace(/\/$/, '')}/-`].some((p) => {
    try {
      execFileSync('git', ['check-ignore', '-q', p], { cwd: ROOT, stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
}

const problems = [];
let checked = 0;
for (const file of files()) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const at = (index) => `${file}:${text.slice(0, index).split('\n').length}`;
  // A path the tools make (git-ignored: tests/artifacts/, tests/node_modules) counts as there: a clean clone lacks it.
  const exists = (path) => existsSync(join(ROOT, path)) || made(path);
  // 1. Paths: `crates/app/src/solver.rs`, scripts/check, docs/cli.md (the part before any `#`, `:` or `(`).
  for (const m of text.matchAll(new RegExp(`(?<![\\w./-])((?:${TOPS.map((t) => t.replace('.', '\\.')).join('|')})/[\\w./*{},-]*[\\w/*}])`, 'g'))) {
    const path = m[1];
    if (/[*{}]/.test(path) || path.includes('..')) continue; // a pattern, not a path
    checked++;
    if (!exists(path) && !exists(path.replace(/\/$/, ''))) problems.push(`${at(m.index)}: no ${path}`);
  }
  // 2. Markdown links to this repository's files, and their anchors.
  if (file.endsWith('.md')) {
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^[a-z]+:/.test(target)) continue;
      const [path, anchor] = target.split('#');
      const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
      const resolved = path ? relative(ROOT, join(ROOT, dir, path)).split(sep).join('/') : file;
      checked++;
      if (!exists(resolved)) { problems.push(`${at(m.index)}: no ${resolved}`); continue; }
      if (anchor && resolved.endsWith('.md') && !sections(resolved).anchors.includes(anchor)) {
        problems.push(`${at(m.index)}: ${resolved} has no section #${anchor}`);
      }
    }
  }
  // 3. Sections named in words: a document's name, then its heading (or BENCHMARKS.md's row) in double quotes.
  for (const m of text.matchAll(/\b(README|ARCHITECTURE|BENCHMARKS|(?:docs\/[\w-]+))(?:\.md)?[,:]? \\?"([^"\\]+)\\?"/g)) {
    const doc = m[1].startsWith('docs/') ? `${m[1]}.md` : `${m[1]}.md`;
    checked++;
    if (!exists(doc)) { problems.push(`${at(m.index)}: no ${doc}`); continue; }
    // A title cited across a comment's line break, or shortened with "...", is matched on its words.
    const title = m[2].toLowerCase().replace(/\s*(?:\/\/\/?|#|\/\/!)\s*/g, ' ').replace(/\s+/g, ' ');
    const words = title.split(' ... ');
    if (!sections(doc).titles.some((t) => words.every((w) => t.includes(w)))) {
      problems.push(`${at(m.index)}: ${doc} has no section "${m[2]}"`);
    }
  }
}
if (problems.length) {
  console.error(`pointers: ${problems.length} of ${checked} lead nowhere:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`pointers: all ${checked} paths and sections named in the repository exist`);
