// Every game's embed builder: from the game's own page ("Embed this game in a page"; Mastermind's from
// the menu), a snippet that, pasted into an isolated tutorial page on another origin, shows the game with threads,
// in a frame of the size the builder proposes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot } from './helpers.mjs';

let app, browser;
// The app's host lets other sites frame it (CORP cross-origin), as docs/hosting.md's `_headers` says.
before(async () => { app = await serve({ corp: 'cross-origin' }); browser = await launch(); });
after(async () => { await browser?.close(); await app?.close(); });

const GAMES = [
  { name: 'mastermind', builder: '/#/mastermind/embed', ready: '.mastermind[data-phase="guessing"]' },
  { name: 'pegs', game: '/#/pegs?board=french&start=d2&finish=d6', ready: '.pegs-board .hole.peg' },
  { name: 'cluedo', game: '/#/cluedo?players=deduction,random&pace=step', ready: '.cluedo[data-phase]' },
];

for (const g of GAMES) {
  test(`${g.name}: the builder's snippet embeds the game, with threads, in an isolated page elsewhere`, async () => {
    const builder = await open(browser, `${app.url}${g.builder ?? g.game}`);
    if (!g.builder) {
      await builder.waitForSelector(g.ready, { timeout: 30_000 });
      await builder.click('#embed-this');
    }
    await builder.waitForSelector('#embed-snippet');
    const snippet = await builder.inputValue('#embed-snippet');
    assert.match(snippet, / allow="cross-origin-isolated"><\/iframe>$/);
    assert.match(snippet, /embed=1/);
    const advice = await builder.textContent('.headers-advice');
    assert.match(advice, /Cross-Origin-Resource-Policy: cross-origin/);
    await builder.locator('iframe.preview').scrollIntoViewIfNeeded();
    await builder.frameLocator('iframe.preview').locator(g.ready).first().waitFor({ timeout: 30_000 });
    await shot(builder, `embed-builder-${g.name}`);
    assert.deepEqual(builder.errors, []);

    const host = await serve({ pages: { '/tutorial.html': `<!doctype html><title>tutorial</title><link rel="icon" href="data:,">${snippet.replace('<iframe', '<iframe id="game"')}` } });
    try {
      const page = await open(browser, `${host.url}/tutorial.html`, { width: 1300, height: 1000 });
      const frame = page.frameLocator('#game');
      await frame.locator('.status .threads:not([data-threads="0"])').waitFor({ timeout: 30_000 });
      const threads = Number(await frame.locator('.status .threads').getAttribute('data-threads'));
      assert.ok(threads > 1, `${threads} threads in the frame`);
      await frame.locator(g.ready).first().waitFor({ timeout: 30_000 });
      assert.equal(await frame.locator('header.top').count(), 0, 'the compact layout');
      // The frame the builder proposes holds the game without a scroll bar (measured on the document, which is at
      // least the frame's height: a shorter game gives the frame's height).
      const height = Number(snippet.match(/height="(\d+)"/)[1]);
      const content = await frame.locator('body').evaluate(() => document.documentElement.scrollHeight);
      console.log(`${g.name}: frame ${height} px, content ${content} px, ${threads} threads`);
      assert.ok(height >= content, `frame ${height} px, content ${content} px`);
      await shot(page, `embed-${g.name}-elsewhere`);
      assert.deepEqual(page.errors, []);
    } finally {
      await host.close();
    }
  });
}

test('the pegs builder hides the games through each jump when asked (a puzzle with no hints)', async () => {
  const builder = await open(browser, `${app.url}/#/pegs/embed?board=english&start=d4&finish=d4`);
  await builder.waitForSelector('#embed-snippet');
  assert.doesNotMatch(await builder.inputValue('#embed-snippet'), /heat=0/);
  await builder.uncheck('#embed-heat');
  await builder.waitForFunction(() => document.querySelector('#embed-snippet').value.includes('heat=0'));
  const frame = builder.frameLocator('iframe.preview');
  // The reader is told whether the finish can still be reached, and nothing more: no count of games (in the
  // outlook, on the board, in a list), no solution, no count of every game, no help about the numbers.
  await frame.locator('#outlook', { hasText: 'Still solvable.' }).waitFor({ timeout: 30_000 });
  assert.equal((await frame.locator('#outlook').textContent()).trim(), 'Still solvable.');
  await frame.locator('.hole[data-name="d2"]').click();
  await frame.locator('.hole.target[data-name="d4"]').waitFor();
  assert.equal(await frame.locator('.hole[data-games]').count(), 0, 'no heat on the board');
  assert.equal(await frame.locator('#jump-counts').count(), 0, 'no list of games through each jump');
  for (const aid of ['#show-solution', '#count-all', '.count-panel', '#table-building']) {
    assert.equal(await frame.locator(aid).count(), 0, `no ${aid}`);
  }
  assert.doesNotMatch(await frame.locator('.help').textContent(), /number in each/);
  await shot(builder, 'embed-builder-pegs-no-heat');
  assert.deepEqual(builder.errors, []);
  await builder.close();
});

test('the Cluedo builder embeds a table to watch: computers only, played to the end', async () => {
  const builder = await open(browser, `${app.url}/#/cluedo/embed?players=random,listening&seed=4&pace=150`);
  await builder.waitForSelector('#embed-snippet');
  await builder.selectOption('select[aria-label="Who plays the first seat in the frame"]', 'deduction');
  await builder.waitForFunction(() => document.querySelector('#embed-snippet').value.includes('watch=deduction'));
  assert.match(await builder.textContent('.embed-builder .lead'), /computers only: deduction, random, listening/);
  const frame = builder.frameLocator('iframe.preview');
  await frame.locator('.notebook h2', { hasText: "Computer 1 (deduction)'s notebook" }).waitFor({ timeout: 30_000 });
  // Nobody waits for the reader: every seat moves at the pace until someone wins.
  await frame.locator('.cluedo[data-phase="over"]').waitFor({ timeout: 120_000 });
  assert.equal(await frame.locator('button', { hasText: 'Suggest for me' }).count(), 0);
  const over = await frame.locator('.cluedo-over').textContent();
  assert.match(over, /Computer \d \((deduction|random|listening)\) wins|Nobody wins/);
  await shot(builder, 'embed-builder-cluedo-watch');
  assert.deepEqual(builder.errors, []);
  await builder.close();
});
