// The gate's own test: each kind of violation planted in a copy of a small crate (`progress`) is found, and the
// copy as it is passes. Run by scripts/check before the gate itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, codeOnly, withoutTests } from './invariants.mjs';

const CRATE = fileURLToPath(new URL('../crates/progress', import.meta.url));

/** A repository holding only a copy of the `progress` crate, changed by `plant(src)`; its violations. */
function violations(plant) {
  const root = mkdtempSync(join(tmpdir(), 'invariants-'));
  try {
    mkdirSync(join(root, 'crates'));
    cpSync(CRATE, join(root, 'crates', 'progress'), { recursive: true, filter: (p) => !p.includes('/target') });
    plant(join(root, 'crates', 'progress', 'src'));
    return check(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const addModules = (src, files) => {
  appendFileSync(join(src, 'lib.rs'), `\n${Object.keys(files).map((m) => `mod ${m};`).join('\n')}\n`);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(src, `${name}.rs`), text);
};

test('the copy as it is passes', () => {
  assert.deepEqual(violations(() => {}), []);
});

test('a cycle through an inline path is found', () => {
  const found = violations((src) => addModules(src, {
    a: 'pub fn f() -> u8 { crate::b::g() }\n',
    b: 'pub fn g() -> u8 { 1 }\npub fn h() -> u8 { crate::a::f() }\n',
  }));
  assert.equal(found.length, 1, found.join('\n'));
  assert.match(found[0], /modules refer to each other in a circle: a -> \{b\}; b -> \{a\}/);
});

test('code after a test module near the top of a file counts; the test module does not', () => {
  const found = violations((src) => addModules(src, {
    a: '#[cfg(test)]\nmod tests {\n    use crate::b::g;\n}\n\npub fn f() -> u8 { crate::b::g() }\n',
    b: '#[cfg(test)]\nmod tests {\n    fn t() { crate::a::f(); }\n}\n\npub fn g() -> u8 { 1 }\n',
  }));
  assert.deepEqual(found, []);
  const cycle = violations((src) => addModules(src, {
    a: '#[cfg(test)]\nmod tests {}\n\npub fn f() -> u8 { crate::b::g() }\n',
    b: '#[cfg(test)]\nmod tests {}\n\nuse crate::a::f;\npub fn g() -> u8 { f() }\n',
  }));
  assert.equal(cycle.length, 1, cycle.join('\n'));
});

test("a parent's use of its child counts, and a re-export is followed to the module that defines the name", () => {
  const found = violations((src) => {
    addModules(src, { p: 'mod c;\npub struct Shared;\npub fn f() { c::g() }\n' });
    mkdirSync(join(src, 'p'));
    writeFileSync(join(src, 'p', 'c.rs'), 'pub fn g() { let _ = super::Shared; }\n');
  });
  assert.equal(found.length, 1, found.join('\n'));
  assert.match(found[0], /p -> \{p::c\}; p::c -> \{p\}/);
  // The shared type in a module of its own, re-exported by the parent: no circle.
  assert.deepEqual(violations((src) => {
    addModules(src, { p: 'mod c;\nmod shared;\npub use shared::Shared;\npub fn f() { c::g() }\n' });
    mkdirSync(join(src, 'p'));
    writeFileSync(join(src, 'p', 'shared.rs'), 'pub struct Shared;\n');
    writeFileSync(join(src, 'p', 'c.rs'), 'pub fn g() { let _ = super::Shared; }\n');
  }), []);
});

test('folders that use each other through their children are a circle', () => {
  const found = violations((src) => {
    addModules(src, { x: 'mod deep;\n', y: 'pub fn g() { crate::x::deep::h() }\n' });
    mkdirSync(join(src, 'x'));
    writeFileSync(join(src, 'x', 'deep.rs'), 'pub fn h() {}\npub fn k() { crate::y::g() }\n');
  });
  assert.ok(found.some((f) => /folders .* circle: x\/ -> \{y\}; y\/ -> \{x\}/.test(f)), found.join('\n'));
});

test('an over-long file is found, unless it says why', () => {
  const long = 'pub fn f() {}\n'.repeat(501);
  const found = violations((src) => addModules(src, { a: long }));
  assert.equal(found.length, 1, found.join('\n'));
  assert.match(found[0], /a\.rs: 501 lines/);
  assert.deepEqual(violations((src) => addModules(src, { a: `//! Longer than 500 lines: one table.\n${long}` })), []);
});

test('a global lock, atomic or thread-local in a library is found', () => {
  for (const global of [
    'static LOCK: std::sync::Mutex<u8> = std::sync::Mutex::new(0);',
    'static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);',
    'thread_local! { static X: std::cell::Cell<u8> = std::cell::Cell::new(0); }',
    'static mut Y: u8 = 0;',
  ]) {
    const found = violations((src) => addModules(src, { a: `${global}\n` }));
    assert.equal(found.length, 1, `${global}: ${found.join('\n')}`);
    assert.match(found[0], /process-global mutable state/);
  }
  // In a test, or in a comment or a string, it is not.
  assert.deepEqual(violations((src) => addModules(src, {
    a: '// static LOCK: Mutex<u8>\npub const S: &str = "static mut Y: u8";\n#[cfg(test)]\nmod tests {\n    static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);\n}\n',
  })), []);
});

test('comments, strings and characters are not code', () => {
  assert.equal(codeOnly('let a = "crate::x"; // crate::y\nlet c = \'"\'; /* crate::z */ crate::w'), 'let a = ""; \nlet c = \' \';  crate::w');
  assert.equal(codeOnly('let r = r#"crate::x "quoted""#; fn f<\'a>(x: &\'a str) {}'), 'let r = ""; fn f<\'a>(x: &\'a str) {}');
  assert.equal(withoutTests('a\n#[cfg(test)]\n#[allow(x)]\nmod t { fn f() { g(); } }\nb'), 'a\n\n\n\nb');
});
