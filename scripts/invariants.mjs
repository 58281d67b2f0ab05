#!/usr/bin/env node
// ARCHITECTURE.md's checkable invariants, in a second, before anything is built (scripts/check runs this first):
// 1. no source file in crates/ over 500 lines unless it says why at its top (`//! Longer than 500 lines: ...`) or is
//    generated data;
// 2. no import cycle between the modules of a crate;
// 3. no process-global mutable state (a mutable `static`, a lock, atomic or cell in a `static`, `thread_local!`) in
//    the library crates.
// Prints every violation with its file and exits 1 if there is one. `scripts/invariants.test.mjs` plants each kind of
// violation in a copy of a crate and expects this to find it.
//
// What counts as a module reference (2): every path that names an item of the crate, wherever it is written: `use`
// lines (`crate::`, `super::`, `self::` and a child's name), paths inline in code (`crate::hooks::use_solver()`,
// `super::Game`, `child::f()`), including a parent's references to its own children. A path is resolved to the
// module that defines the item: through `use` and `pub use` statements of the modules it passes, so `super::X`
// where the parent re-exports X from a sibling is a reference to that sibling. Declaring a module (`mod x;`) and
// re-exporting from it (`pub use x::Y;`) are not references: they only name things. Test code is left out by its
// extent (an item under `#[cfg(test)]`, wherever in the file it sits) and test files (`tests.rs`, `tests/`) whole.
// `INVARIANTS_EDGES=<crate> node scripts/invariants.mjs` prints that crate's module graph as the gate reads it.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_LINES = 500;
/** Generated data: opening books and optimal-strategy books, written by the CLI. */
const DATA = [/\/opening\/[^/]+\.rs$/, /\/books?\/[^/]+\.rs$/, /\/book_[^/]+\.rs$/];
/** Crates that are libraries: they hold no process-global mutable state. */
const LIBRARIES = ['progress', 'mastermind', 'peg-solitaire', 'cluedo', 'protocol'];

const rsFiles = (dir) => readdirSync(dir).sort().flatMap((name) => {
  const path = join(dir, name);
  if (statSync(path).isDirectory()) return rsFiles(path);
  return name.endsWith('.rs') ? [path] : [];
});

/**
 * The source with comments removed and string and character literals emptied (`""`, `' '`), so that a path in a
 * doc comment or a message is not a reference. Line breaks are kept.
 */
export function codeOnly(text) {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      let depth = 0;
      do {
        if (text[i] === '/' && text[i + 1] === '*') { depth++; i += 2; } else if (text[i] === '*' && text[i + 1] === '/') { depth--; i += 2; } else { if (text[i] === '\n') out += '\n'; i++; }
      } while (i < n && depth > 0);
    } else if ((c === 'r' || (c === 'b' && next === 'r')) && /^b?r#*"/.test(text.slice(i, i + 10)) && !/\w/.test(text[i - 1] ?? '')) {
      const m = /^b?r(#*)"/.exec(text.slice(i, i + 10));
      const close = `"${m[1]}`;
      const end = text.indexOf(close, i + m[0].length);
      const body = text.slice(i, end < 0 ? n : end + close.length);
      out += '""' + '\n'.repeat((body.match(/\n/g) ?? []).length);
      i += body.length;
    } else if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += '""' + '\n'.repeat((text.slice(i, j).match(/\n/g) ?? []).length);
      i = j + 1;
    } else if (c === '\'' && /^'(?:[^'\\\n]|\\(?:[nrt0'"\\]|x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]{1,6}\}))'/.test(text.slice(i, i + 12))) {
      const m = /^'(?:[^'\\\n]|\\(?:[nrt0'"\\]|x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]{1,6}\}))'/.exec(text.slice(i, i + 12));
      out += '\' \'';
      i += m[0].length;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The index just past the item starting at `i`: through its `;`, or its `{...}` block, whichever comes first. */
function itemEnd(code, i) {
  for (let j = i; j < code.length; j++) {
    if (code[j] === ';') return j + 1;
    if (code[j] === '{') {
      let depth = 0;
      for (let k = j; k < code.length; k++) {
        if (code[k] === '{') depth++;
        if (code[k] === '}' && --depth === 0) return k + 1;
      }
      return code.length;
    }
  }
  return code.length;
}

/** `code` (comments removed) without its test items: each item under `#[cfg(test)]`, by its extent. */
export function withoutTests(code) {
  const attr = /#\[cfg\(test\)\]/g;
  let out = '';
  let from = 0;
  for (let m; (m = attr.exec(code));) {
    if (m.index < from) continue;
    out += code.slice(from, m.index);
    // Further attributes of the same item, then the item.
    let i = m.index + m[0].length;
    for (let a; (a = /^\s*#\[[^\]]*\]/.exec(code.slice(i)));) i += a[0].length;
    const end = itemEnd(code, i);
    out += '\n'.repeat((code.slice(m.index, end).match(/\n/g) ?? []).length);
    from = end;
    attr.lastIndex = end;
  }
  return out + code.slice(from);
}

/** Expands a use tree `a::{b, c::{d, e as f}}` into `[path, name]` pairs (`name` is what it is called here). */
function expand(tree) {
  const out = [];
  const walk = (prefix, t) => {
    t = t.trim();
    const brace = t.indexOf('{');
    if (brace < 0) {
      if (!t) return;
      const [path, alias] = t.split(/\s+as\s+/);
      const full = (prefix + path).replace(/\s+/g, '');
      const segs = full.split('::');
      if (segs[segs.length - 1] === 'self') segs.pop();
      out.push([segs, alias?.trim() ?? segs[segs.length - 1]]);
      return;
    }
    const head = t.slice(0, brace).replace(/\s+/g, '');
    const inner = t.slice(brace + 1, t.lastIndexOf('}'));
    let depth = 0;
    let start = 0;
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
}

/** The module path of `file` under `src` (`''` for lib.rs or main.rs). */
function moduleOf(src, file) {
  const rel = relative(src, file).replace(/\.rs$/, '').split(sep);
  if (rel[rel.length - 1] === 'mod') rel.pop();
  if (rel.length === 1 && (rel[0] === 'lib' || rel[0] === 'main')) return '';
  return rel.join('::');
}

const isTestFile = (src, file) => /(^|\/)tests(\.rs|\/)/.test(relative(src, file));

/** The module import cycles of the crate whose sources are under `src`, as messages. */
export function cycles(src, crate) {
  const files = rsFiles(src).filter((f) => !isTestFile(src, f));
  const modules = new Map(files.map((f) => [moduleOf(src, f), withoutTests(codeOnly(readFileSync(f, 'utf8')))]));
  const here = (mod) => mod.split('::').filter(Boolean);
  /** Each module's children, by name. */
  const childrenOf = new Map([...modules.keys()].map((m) => [m, []]));
  for (const m of modules.keys()) {
    if (m) childrenOf.get(here(m).slice(0, -1).join('::'))?.push(here(m).pop());
  }
  const children = (mod) => childrenOf.get(mod);

  /** A path as written in `mod` made absolute (segments from the crate root), or null if it leaves the crate. */
  const absolute = (mod, segs) => {
    segs = segs.filter((s) => s && s !== '*');
    if (segs[0] === 'crate') return segs.slice(1);
    if (segs[0] === 'self') return [...here(mod), ...segs.slice(1)];
    if (segs[0] === 'super') {
      let base = here(mod);
      while (segs[0] === 'super') { segs = segs.slice(1); base = base.slice(0, -1); }
      return [...base, ...segs];
    }
    if (children(mod).includes(segs[0])) return [...here(mod), ...segs];
    return null;
  };

  // Every `use` of every module: the name it brings in and the absolute path it stands for; and the references.
  const imports = new Map();
  const references = new Map();
  for (const [mod, code] of modules) {
    const names = new Map();
    const refs = [];
    for (const m of code.matchAll(/(\bpub(?:\([^)]*\))?\s+)?\buse\s+([^;]+);/g)) {
      for (const [segs, name] of expand(m[2])) {
        const abs = absolute(mod, segs);
        if (abs === null) continue;
        if (segs[segs.length - 1] !== '*') names.set(name, abs);
        if (!m[1]) refs.push(abs); // a re-export only names a thing
      }
    }
    const rest = code.replace(/\buse\s+[^;]+;/g, '').replace(/\bmod\s+\w+\s*;/g, '');
    const heads = ['crate', 'super', 'self', ...children(mod)].join('|');
    for (const m of rest.matchAll(new RegExp(`(?<![\\w:.])((?:${heads})(?:\\s*::\\s*\\w+)+)`, 'g'))) {
      const abs = absolute(mod, m[1].split('::').map((s) => s.trim()));
      if (abs !== null) refs.push(abs);
    }
    imports.set(mod, names);
    references.set(mod, refs);
  }

  /** The module that defines what `segs` (absolute) names, following `use` statements on the way. */
  const resolve = (segs, depth = 0) => {
    for (let k = segs.length; k >= 0; k--) {
      const base = segs.slice(0, k).join('::');
      if (!modules.has(base)) continue;
      const rest = segs.slice(k);
      if (rest.length === 0) return base;
      const via = imports.get(base).get(rest[0]);
      if (via && depth < 16 && via.join('::') !== segs.join('::')) return resolve([...via, ...rest.slice(1)], depth + 1);
      return base;
    }
    return null;
  };

  const edges = new Map([...modules.keys()].map((m) => [m, new Set()]));
  for (const [mod, refs] of references) {
    for (const abs of refs) {
      const to = resolve(abs);
      if (to !== null && to !== mod) edges.get(mod).add(to);
    }
  }

  // The same between folders: for each module, its children taken with everything under them. `scoring` using
  // `optimal` while `optimal::parts` uses `play_all`, which uses `scoring`, is a circle between layers although no
  // two single modules refer to each other.
  const folders = new Map();
  const folder = (key) => { if (!folders.has(key)) folders.set(key, new Set()); return folders.get(key); };
  for (const [from, tos] of edges) {
    for (const to of tos) {
      const a = here(from);
      const b = here(to);
      let k = 0;
      while (k < a.length && k < b.length && a[k] === b[k]) k++;
      if (k === a.length || k === b.length) continue; // one holds the other: the module graph has it
      const level = a.slice(0, k).join('::');
      const name = (seg) => (level ? `${level}::${seg}` : seg);
      folder(`${name(a[k])}`).add(`${name(b[k])}`);
      folder(`${name(b[k])}`);
    }
  }
  if (process.env.INVARIANTS_EDGES === crate) for (const [m, t] of edges) console.log(`${m || '(root)'} -> ${[...t].map((x) => x || '(root)').join(' ')}`);
  const moduleCircles = [];
  const found = [...circles(edges, (scc, name) => moduleCircles.push(scc) && `crates/${crate}: modules refer to each other in a circle: ${scc.map((m) => `${name(m)} -> {${[...edges.get(m)].filter((t) => scc.includes(t)).map(name).join(', ')}}`).join('; ')}`)];
  // A folder circle that is a module circle already (modules without children) is said once.
  const said = new Set(moduleCircles.map((scc) => scc.join(' ')));
  found.push(...circles(folders, (scc, name) => said.has(scc.join(' ')) ? null :  `crates/${crate}: folders (a module with everything under it) refer to each other in a circle: ${scc.map((m) => `${name(m)}/ -> {${[...folders.get(m)].filter((t) => scc.includes(t)).map(name).join(', ')}}`).join('; ')}`));
  return found;
}

/** Messages for the circles (strongly connected components of two or more nodes; Tarjan) of `graph`. */
function circles(graph, say) {
  const found = [];
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const strong = (v) => {
    idx.set(v, index); low.set(v, index); index++;
    stack.push(v); on.add(v);
    for (const w of graph.get(v)) {
      if (!idx.has(w)) { strong(w); low.set(v, Math.min(low.get(v), low.get(w))); } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do { w = stack.pop(); on.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1) found.push(say(scc.sort(), (m) => m || '(crate root)'));
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) strong(v);
  return found.filter(Boolean);
}

/** Every violation under `root` (a repository: its `crates/`), as messages. */
export function check(root) {
  const cratesDir = join(root, 'crates');
  const problems = [];
  for (const crate of readdirSync(cratesDir).sort()) {
    const src = join(cratesDir, crate, 'src');
    let files;
    try { files = rsFiles(src); } catch { continue; }

    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      if (lines <= MAX_LINES || DATA.some((re) => re.test(file))) continue;
      const head = text.split('\n').slice(0, 25).join('\n');
      if (/Longer than 500 lines:/.test(head)) continue;
      problems.push(`${relative(root, file)}: ${lines} lines (limit ${MAX_LINES}; split it by concern, or say at its top "Longer than 500 lines: <why>")`);
    }

    problems.push(...cycles(src, crate));

    if (LIBRARIES.includes(crate)) {
      for (const file of files.filter((f) => !isTestFile(src, f))) {
        const code = withoutTests(codeOnly(readFileSync(file, 'utf8')));
        const found = code.match(/\bstatic\s+mut\b|\bthread_local!|\bstatic\s+\w+\s*:\s*[^=;]*(Mutex|RwLock|Atomic\w*|OnceLock|OnceCell|LazyLock|Lazy|RefCell|Cell)\b/);
        if (found) problems.push(`${relative(root, file)}: process-global mutable state (${found[0].trim()}); a library keeps state in a type its owner holds`);
      }
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = check(fileURLToPath(new URL('..', import.meta.url)));
  if (problems.length) {
    console.error(`ARCHITECTURE.md's invariants: ${problems.length} violation(s)`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  console.log('ARCHITECTURE.md invariants hold: files within 500 lines or saying why, no two modules or folders of a crate referring to each other, no global mutable state in the libraries');
}
