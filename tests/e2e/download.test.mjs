// The first visit's download, as `gzip -9` sends it (scripts/first-visit.mjs): the page and the one game's solver it
// opens, each held to a budget; the books kept out of the page and out of the other games' solvers. Sizes, not times:
// BENCHMARKS.md's row "download" has today's figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST } from '../serve.mjs';
import { firstVisit } from '../../scripts/first-visit.mjs';

// Budgets only go down. Each is the figure reached and a little room; when code shrinks, the budget is lowered to
// the new figure. One is never raised to let code grow: what a feature adds, another change pays for.
const BUDGET = {
  // The page's own WebAssembly module.
  module: 420_000,
  // A first visit to each game: the page and that game's solver.
  mastermind: 760_000,
  pegs: 711_000,
  cluedo: 620_000,
};
const OPENINGS = fileURLToPath(new URL('../../crates/mastermind/openings/', import.meta.url));
const PEGS_BOOK = fileURLToPath(new URL('../../crates/peg-solitaire/src/opening/english-centre.book', import.meta.url));
const WINNING_BOOKS = fileURLToPath(new URL('../../crates/peg-solitaire/books/', import.meta.url));

async function modules() {
  const files = (await readdir(DIST)).filter((f) => f.endsWith('.wasm'));
  const page = files.find((f) => f.startsWith('app-'));
  const solvers = {};
  for (const game of ['mastermind', 'pegs', 'cluedo']) {
    assert.ok(files.includes(`solver-${game}_bg.wasm`), `${game}'s solver in dist/: ${files}`);
    solvers[game] = await readFile(join(DIST, `solver-${game}_bg.wasm`));
  }
  assert.ok(page, `the page's module in dist/: ${files}`);
  return { page: await readFile(join(DIST, page)), solvers };
}

test("each game's first visit, and the page's module, fit their budgets", async () => {
  const { page, module, games } = firstVisit(DIST);
  assert.deepEqual(Object.keys(games).sort(), ['cluedo', 'mastermind', 'pegs']);
  console.log(`# gzip -9: the page ${page.bytes} bytes (its module ${module}, budget ${BUDGET.module})`);
  assert.ok(module <= BUDGET.module, `the page's module is ${module} bytes gzip, over its budget of ${BUDGET.module}`);
  for (const [game, g] of Object.entries(games)) {
    console.log(`# ${game}: its solver ${g.bytes} bytes; a first visit ${g.total} (budget ${BUDGET[game]})`);
    assert.ok(g.total <= BUDGET[game], `a first visit to ${game} is ${g.total} bytes gzip, over its budget of ${BUDGET[game]}`);
  }
});

test("the opening books ride in their game's solver only", async () => {
  const { page, solvers: { mastermind, pegs, cluedo } } = await modules();
  const books = (await readdir(OPENINGS)).filter((f) => f.endsWith('.txt'));
  assert.ok(books.length > 0);
  for (const book of books) {
    // A book's first line names it (strategy, depth and size), so it is in a module exactly when the book is.
    const head = Buffer.from((await readFile(join(OPENINGS, book), 'utf8')).split('\n')[0]);
    assert.ok(mastermind.includes(head), `${book} in Mastermind's solver`);
    for (const [name, m] of [['the page', page], ["peg solitaire's solver", pegs], ["Cluedo's solver", cluedo]]) {
      assert.ok(!m.includes(head), `${book} is linked into ${name}`);
    }
  }
  // Peg solitaire's book (the English classic game's opening): its first 64 bytes, as the module stores them, are
  // in peg solitaire's solver only.
  const games = (await readFile(PEGS_BOOK)).subarray(0, 64);
  assert.equal(games.length, 64, 'the English opening book has entries');
  assert.ok(pegs.includes(games), "the English opening book in peg solitaire's solver");
  for (const [name, m] of [['the page', page], ["Mastermind's solver", mastermind], ["Cluedo's solver", cluedo]]) {
    assert.ok(!m.includes(games), `the English opening book is linked into ${name}`);
  }
});

test('the winning books are in no module: the solver fetches them when their game is played', async () => {
  const { page, solvers } = await modules();
  const books = (await readdir(WINNING_BOOKS)).filter((f) => f.endsWith('.book'));
  assert.ok(books.length >= 2);
  for (const book of books) {
    const bytes = await readFile(join(WINNING_BOOKS, book));
    const middle = bytes.subarray(bytes.length >> 1, (bytes.length >> 1) + 32);
    assert.equal(middle.length, 32, `${book} has bytes`);
    for (const m of [page, ...Object.values(solvers)]) assert.ok(!m.includes(middle), `${book} is linked into a module`);
    assert.ok((await readFile(join(DIST, book))).equals(bytes), `${book} is in the build as it is in the repository`);
  }
});
