// benchmarks/results.json is what scripts/bench.mjs wrote, nothing else: every row is one the script produces (so
// rerunning it gives that row again), names a commit of this repository, a date and a figure. Run by scripts/check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const results = JSON.parse(readFileSync(new URL('../benchmarks/results.json', import.meta.url), 'utf8'));
const rows = Object.entries(results).filter(([id]) => !id.startsWith('_'));

test('every recorded row is one scripts/bench.mjs produces', () => {
  const ids = execFileSync('node', ['scripts/bench.mjs', '--list'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
  assert.ok(ids.length > 10, `bench.mjs --list: ${ids.length} rows`);
  assert.deepEqual(rows.map(([id]) => id).filter((id) => !ids.includes(id)), []);
});

test('every recorded row names a commit of this repository, a date and a figure', () => {
  // A shallow clone holds too few commits to look them up: there only the rest is checked.
  const shallow = execFileSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: ROOT, encoding: 'utf8' }).trim() === 'true';
  const bad = [];
  for (const [id, row] of rows) {
    if (!/^[0-9a-f]{7,40}$/.test(row.commit ?? '')) bad.push(`${id}: commit ${row.commit}`);
    else if (!shallow) try {
      execFileSync('git', ['cat-file', '-e', `${row.commit}^{commit}`], { cwd: ROOT, stdio: 'ignore' });
    } catch {
      bad.push(`${id}: no commit ${row.commit}`);
    }
    if (!/^\d{4}-\d\d-\d\d$/.test(row.date ?? '')) bad.push(`${id}: date ${row.date}`);
    if (typeof row.figure !== 'string' || !row.figure.trim()) bad.push(`${id}: no figure`);
  }
  assert.deepEqual(bad, []);
  assert.match(results._machine, /^\d+ cores of .+, \d+ GiB$/, 'the machine names its processor');
});
