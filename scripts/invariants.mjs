#!/usr/bin/env node
// ARCHITECTURE.md's checkable invariants, in a second or two, before anything is built (scripts/check runs this
// first): no source file in crates/ over 500 lines unless it says why at its top (`//! Longer than 500 lines: ...`)
// or is generated data; no import cycle between the modules of a crate, re-exports of lib.rs resolved to the module
// that defines the name; no process-global mutable state (a mutable `static`, a lock or cell in a `static`,
// `thread_local!`) in the library crates. Prints every violation with its file and exits 1 if there is one.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const CRATES = join(ROOT, 'crates');
const MAX_LINES = 500;
/** Generated data: opening books and optimal-strategy books, written by the CLI. */
const DATA = [/\/opening\/[^/]+\.rs$/, /\/books?\/[^/]+\.rs$/, /\/book_[^/]+\.rs$/];
/** Crates that are libraries: they hold no process-global mutable state. */
const LIBRARIES = ['progress', 'mastermind', 'peg-solitaire', 'cluedo', 'protocol'];

const problems = [];
const rsFiles = (dir) => readdirSync(dir).flatMap((name) => {
  const path = join(dir, name);
  if (statSync(path).isDirectory()) return rsFiles(path);
  return name.endsWith('.rs') ? [path] : [];
});

/** The source without test code: from `#[cfg(test)]` to the end (tests sit at the bottom of a file). */
const withoutTests = (text) => {
  const i = text.search(/^#\[cfg\(test\)\]/m);
  return i < 0 ? text : text.slice(0, i);
};
/** Without comments and string literals, so that `crate::x` in docs is not an import. */
const codeOnly = (text) => text
  .replace(/\/\/[^\n]*/g, '')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/"(?:[^"\\]|\\.)*"/g, '""');

for (const crate of readdirSync(CRATES)) {
  const src = join(CRATES, crate, 'src');
  let files;
  try { files = rsFiles(src); } catch { continue; }

  // 1. File length.
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines <= MAX_LINES || DATA.some((re) => re.test(file))) continue;
    const head = text.split('\n').slice(0, 25).join('\n');
    if (/Longer than 500 lines:/.test(head)) continue;
    problems.push(`${relative(ROOT, file)}: ${lines} lines (limit ${MAX_LINES}; split it by concern, or say at its top "Longer than 500 lines: <why>")`);
  }

  // 2. Module graph.
  const moduleOf = (file) => {
    const rel = relative(src, file).replace(/\.rs$/, '').split(sep);
    if (rel[rel.length - 1] === 'mod') rel.pop();
    if (rel.length === 1 && (rel[0] === 'lib' || rel[0] === 'main')) return '';
    return rel.join('::');
  };
  const isTestFile = (file) => /(^|\/)tests(\.rs|\/)/.test(relative(src, file)) || /\/tests\.rs$/.test(file);
  const modules = new Map(files.filter((f) => !isTestFile(f)).map((f) => [moduleOf(f), f]));
  // Names the crate root re-exports, and from which module: `pub use board::{Board, Jump};`.
  const rootFile = modules.get('');
  const reexported = new Map();
  if (rootFile) {
    const root = codeOnly(readFileSync(rootFile, 'utf8'));
    for (const m of root.matchAll(/pub\s+use\s+([\w:]+?)::(\{[^;]*\}|\w+)\s*;/g)) {
      const from = m[1].replace(/^(crate|self)::/, '');
      for (const name of m[2].replace(/[{}\s]/g, '').split(',').filter(Boolean)) {
        reexported.set(name.split('::').pop().replace(/\s+as\s+\w+/, ''), from);
      }
    }
  }
  /** The module a path (segments from the crate root) lands in: its longest prefix that is a module. */
  const resolve = (segments) => {
    for (let n = segments.length; n > 0; n--) {
      const candidate = segments.slice(0, n).join('::');
      if (modules.has(candidate)) return candidate;
    }
    const viaRoot = reexported.get(segments[0]);
    return viaRoot !== undefined && modules.has(viaRoot) ? viaRoot : null;
  };
  /** Expands `a::{b, c::{d, e}}` into its paths. */
  const expand = (tree) => {
    const out = [];
    const walk = (prefix, t) => {
      t = t.trim();
      const brace = t.indexOf('{');
      if (brace < 0) { if (t) out.push(prefix + t.replace(/\s+as\s+\w+$/, '')); return; }
      const head = t.slice(0, brace);
      const inner = t.slice(brace + 1, t.lastIndexOf('}'));
      let depth = 0, start = 0;
      for (let i = 0; i <= inner.length; i++) {
        const ch = inner[i];
        if (ch === '{') depth++;
        if (ch === '}') depth--;
        if ((ch === ',' && depth === 0) || i === inner.length) {
          walk(prefix + head, inner.slice(start, i));
          start = i + 1;
        }
      }
    };
    walk('', tree);
    return out;
  };
  const edges = new Map([...modules.keys()].map((m) => [m, new Set()]));
  for (const [mod, file] of modules) {
    if (mod === '') continue; // the root only declares and re-exports
    const code = codeOnly(withoutTests(readFileSync(file, 'utf8')));
    const parent = mod.split('::').slice(0, -1);
    const paths = [];
    for (const m of code.matchAll(/\buse\s+((?:crate|super)::[^;]+);/g)) paths.push(...expand(m[1]));
    for (const m of code.matchAll(/\b((?:crate|super)(?:::\w+)+)/g)) paths.push(m[1]);
    for (const p of paths) {
      const segs = p.split('::').map((s) => s.trim()).filter((s) => s && s !== '*' && s !== 'self');
      let absolute;
      if (segs[0] === 'crate') absolute = segs.slice(1);
      else {
        // `super` is the parent module; each further `super` one more level up.
        let base = [...parent];
        segs.shift();
        while (segs[0] === 'super') { segs.shift(); base = base.slice(0, -1); }
        absolute = [...base, ...segs];
      }
      if (absolute.length === 0) continue;
      const to = resolve(absolute);
      if (to !== null && to !== '' && to !== mod && !to.startsWith(`${mod}::`)) edges.get(mod).add(to);
    }
  }
  // Tarjan's strongly connected components: any of two or more modules is a cycle.
  let index = 0;
  const idx = new Map(), low = new Map(), stack = [], on = new Set();
  const strong = (v) => {
    idx.set(v, index); low.set(v, index); index++;
    stack.push(v); on.add(v);
    for (const w of edges.get(v)) {
      if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do { w = stack.pop(); on.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1) {
        const cycle = scc.sort().map((m) => `${m} -> {${[...edges.get(m)].filter((t) => scc.includes(t)).join(', ')}}`);
        problems.push(`crates/${crate}: modules import each other: ${cycle.join('; ')}`);
      }
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) strong(v);

  // 3. No process-global mutable state in libraries.
  if (LIBRARIES.includes(crate)) {
    for (const file of files.filter((f) => !isTestFile(f))) {
      const code = codeOnly(withoutTests(readFileSync(file, 'utf8')));
      const found = code.match(/\bstatic\s+mut\b|\bthread_local!|\bstatic\s+\w+\s*:\s*[^=;]*(Mutex|RwLock|Atomic\w*|OnceLock|OnceCell|LazyLock|Lazy|RefCell|Cell)\b/);
      if (found) problems.push(`${relative(ROOT, file)}: process-global mutable state (${found[0].trim()}); a library keeps state in a type its owner holds`);
    }
  }
}

if (problems.length) {
  console.error(`ARCHITECTURE.md's invariants: ${problems.length} violation(s)`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}
console.log('ARCHITECTURE.md invariants hold: files within 500 lines or saying why, no module import cycle, no global mutable state in the libraries');
