// The first visit's download, as `gzip -9` sends it (scripts/first-visit.mjs): the page and the one game's solver it
// opens, each held to a budget; each game's code in its own modules only; the books kept out of the page and out of
// the other games' solvers. Sizes, not times: BENCHMARKS.md's row "download" has today's figures.
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
  // The home page: index.html, boot.js, the style and its page module (which runs no solver).
  home: 100_000,
  // A first visit to each game (the page, its first view and the solver), and that game's page module alone.
  mastermind: { total: 591_400, module: 290_800 },
  pegs: { total: 523_000, module: 259_500 },
  cluedo: { total: 399_100, module: 222_400 },
};
const OPENINGS = fileURLToPath(new URL('../../crates/mastermind/openings/', import.meta.url));
const PEGS_BOOK = fileURLToPath(new URL('../../crates/peg-solitaire/src/opening/english-centre.book', import.meta.url));
const WINNING_BOOKS = fileURLToPath(new URL('../../crates/peg-solitaire/books/', import.meta.url));

async function modules() {
  const files = (await readdir(DIST)).filter((f) => f.endsWith('.wasm'));
  const page = files.find((f) => f.startsWith('page-mastermind'));
  const solvers = {};
  for (const game of ['mastermind', 'pegs', 'cluedo']) {
    assert.ok(files.includes(`solver-${game}_bg.wasm`), `${game}'s solver in dist/: ${files}`);
    solvers[game] = await readFile(join(DIST, `solver-${game}_bg.wasm`));
  }
  assert.ok(page, `the page's module in dist/: ${files}`);
  return { page: await readFile(join(DIST, page)), solvers };
}

test("the home page and each game's first visit fit their budgets", async () => {
  const { home, games } = firstVisit(DIST);
  assert.deepEqual(Object.keys(games).sort(), ['cluedo', 'mastermind', 'pegs']);
  console.log(`# gzip -9: the home page ${home.bytes} bytes (its module ${home.module}; budget ${BUDGET.home})`);
  assert.ok(home.bytes <= BUDGET.home, `the home page is ${home.bytes} bytes gzip, over its budget of ${BUDGET.home}`);
  for (const [game, g] of Object.entries(games)) {
    const budget = BUDGET[game];
    console.log(`# ${game}: a first visit ${g.total} (budget ${budget.total}): its page ${g.page} (module ${g.module}, `
      + `budget ${budget.module}), its solver ${g.solver}`);
    assert.ok(g.total <= budget.total, `a first visit to ${game} is ${g.total} bytes gzip, over its budget of ${budget.total}`);
    assert.ok(g.module <= budget.module, `${game}'s page module is ${g.module} bytes gzip, over its budget of ${budget.module}`);
  }
});

test("each game's page code is in its own page module only", async () => {
  // A sentence only that game's pages draw.
  const own = {
    mastermind: 'Codes still possible after each guess',
    pegs: 'Tap a peg, then the empty hole it jumps into',
    cluedo: 'A suggestion is refuted by the first player',
  };
  const pages = Object.fromEntries(await Promise.all(['mastermind', 'pegs', 'cluedo'].map(
    async (g) => [g, await readFile(join(DIST, `page-${g}_bg.wasm`))])));
  const homeFile = (await readdir(DIST)).find((f) => /^page-home-[0-9a-f]+_bg\.wasm$/.test(f));
  pages.home = await readFile(join(DIST, homeFile));
  for (const [game, sentence] of Object.entries(own)) {
    for (const [name, module] of Object.entries(pages)) {
      assert.equal(module.includes(Buffer.from(sentence)), name === game, `"${sentence}" in ${name}'s page module`);
    }
  }
});

test("Mastermind's opening books are in no module (fetched when a 6x9 or 7x7 game starts); peg solitaire's in its solver only", async () => {
  const { page, solvers: { mastermind, pegs, cluedo } } = await modules();
  const books = (await readdir(OPENINGS)).filter((f) => f.endsWith('.txt'));
  assert.ok(books.length > 0);
  for (const book of books) {
    const text = await readFile(join(OPENINGS, book));
    // A book's first line names it (strategy, depth and size), so it is in a module exactly when the book is.
    const head = text.subarray(0, text.indexOf(10));
    for (const [name, m] of [['the page', page], ["Mastermind's solver", mastermind], ["peg solitaire's solver", pegs],
      ["Cluedo's solver", cluedo]]) {
      assert.ok(!m.includes(head), `${book} is linked into ${name}`);
    }
    assert.ok((await readFile(join(DIST, 'openings', book))).equals(text), `${book} is in the build as in the repository`);
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
