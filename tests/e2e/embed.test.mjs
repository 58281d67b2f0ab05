// Every game's embed builder (issue 30): from the game's own page ("Embed this game in a page"; Mastermind's from
// the menu), a snippet that, pasted into an isolated tutorial page on another origin, shows the game with threads,
// in a frame of the size the builder proposes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot } from './helpers.mjs';

let app, browser;
// The app's host lets other sites frame it (CORP cross-origin), as README's `_headers` says.
before(async () => { app = await serve({ corp: 'cross-origin' }); browser = await launch(); });
after(async () => { await browser?.close(); await app?.close(); });

const GAMES = [
  { name: 'mastermind', builder: '/#/embed', ready: '.mastermind[data-phase="guessing"]' },
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
