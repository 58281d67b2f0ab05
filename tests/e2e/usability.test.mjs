// Mastermind as players, teachers and tutorial authors find it: keyboard after a click, the first visit
// (rules, everything to play above the fold), links that keep the thread cap, embeds with threads and the real
// reason when there are none, a phone-width stats page, no silent refusals, undo, give up, play again, a random
// secret, dark mode.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot, solverReady, typeCode, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('after a click on New game, a typed code and Enter make a guess, not another game', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&secret=3,1,4,1`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await page.click('#new-game');
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 0, 1, 1]);
  await page.waitForSelector('.rows li[data-row="1"] .keys[data-black]');
  // The black symbol is black, the white one white (read from the page's own styles).
  const colours = await page.$eval('.rows li[data-row="1"] .keys .nums', (n) => [...n.querySelectorAll('.sym')]
    .map((s) => getComputedStyle(s).color));
  assert.deepEqual(colours, ['rgb(17, 17, 17)', 'rgb(255, 255, 255)']);
  assert.deepEqual(page.errors, []);
});

test('the embed builder proposes a frame tall enough for the whole game', async () => {
  const page = await open(browser, `${server.url}/#/mastermind/embed`);
  const snippet = await page.inputValue('#embed-snippet');
  const height = Number(snippet.match(/height="(\d+)"/)[1]);
  const frame = page.frameLocator('iframe.preview');
  await frame.locator('.mastermind').waitFor({ timeout: 30_000 });
  const content = await frame.locator('body').evaluate((b) => b.scrollHeight);
  assert.ok(height >= content, `frame ${height} px, content ${content} px`);
});

test('a bare link in a new tab starts a new game; the restored banner goes with the game it restored', async () => {
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto(`${server.url}/#/mastermind?mode=break&secret=3,1,4,1`);
  await solverReady(first);
  await waitPhase(first, 'guessing');
  await typeCode(first, [0, 0, 1, 1]);
  await first.waitForSelector('.rows li[data-row="1"] .keys[data-black]');
  // Another tab of the same browser, on the bare address: a game of its own, not the first tab's.
  const second = await context.newPage();
  await second.goto(`${server.url}/#/mastermind`);
  await solverReady(second);
  await waitPhase(second, 'guessing');
  assert.equal(await second.locator('.rows li[data-row="1"] .keys[data-black]').count(), 0);
  assert.equal(await second.locator('.banner.restored').count(), 0);
  await first.close();
  await second.close();
  // Inside a frame, whose reload goes back to its first link, the game comes back with a banner that a new game
  // takes away.
  // The page around the frame is a static page of the same origin (with the isolation headers), not the app with
  // its document replaced: that app kept running under the frame, and once in a few dozen runs the frame's game
  // never showed up.
  const host = await browser.newPage();
  host.errors = [];
  host.on('pageerror', (e) => host.errors.push(String(e)));
  const around = `${server.url}/frame-host.html`;
  await host.route(around, (route) => route.fulfill({
    contentType: 'text/html',
    headers: { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' },
    body: `<!doctype html><iframe src="${server.url}/#/mastermind?embed=1&mode=break&secret=3,1,4,1" width="520" height="1110"></iframe>`,
  }));
  await host.goto(around);
  const frame = host.frameLocator('iframe');
  await frame.locator('.mastermind[data-phase="guessing"]').waitFor({ timeout: 30_000 }).catch(async (e) => {
    // Say what the frame showed instead, for the next time this fails.
    const seen = await host.evaluate(() => {
      const d = document.querySelector('iframe')?.contentDocument;
      return { phase: d?.querySelector('.mastermind')?.dataset.phase, text: d?.body?.innerText?.slice(0, 300) };
    }).catch((why) => String(why));
    throw new Error(`${e.message}\nthe frame showed: ${JSON.stringify(seen)}; errors: ${JSON.stringify(host.errors)}`);
  });
  for (const c of [0, 1, 2, 3]) await frame.locator(`.palette .pick.c${c}`).click();
  await frame.locator('#submit').click();
  await frame.locator('.rows li[data-row="1"] .keys[data-black]').waitFor();
  // The frame has saved its game (it does so once the game waits for the person).
  await host.waitForFunction(() => {
    try { return (document.querySelector('iframe').contentWindow.localStorage.getItem('puzzle-lab:mastermind:game') || '').includes('guesses='); } catch { return false; }
  }, null, { timeout: 30_000 });
  // A fresh load of the frame's first link (as a reload of the page around it would do).
  await host.evaluate(() => {
    const f = document.querySelector('iframe');
    const again = f.cloneNode();
    f.remove();
    document.body.append(again);
  });
  await frame.locator('.banner.restored').waitFor({ timeout: 30_000 });
  await frame.locator('.embed-settings summary').click();
  await frame.locator('#new-game').click();
  await frame.locator('.mastermind[data-phase="guessing"]').waitFor();
  assert.equal(await frame.locator('.banner.restored').count(), 0);
  await host.close();
  await context.close();
});

test('who breaks the code is chosen like a tab: the new game starts at once', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&scoring=auto`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await page.click('.segmented .seg:has-text("The computer breaks yours")');
  await waitPhase(page, 'entering-secret');
  assert.equal(await page.getAttribute('.segmented .seg:has-text("The computer breaks yours")', 'aria-pressed'), 'true');
  await page.click('.segmented .seg:has-text("You break the code")');
  await waitPhase(page, 'guessing');
  assert.deepEqual(page.errors, []);
});

test('the colour-blind-safe palette is chosen in the game itself, and its colour 20 stands out from the board', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&pegs=4&colors=20`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await page.selectOption('#palette', 'safe');
  await page.waitForSelector('.mastermind.palette-safe');
  const [peg, board] = await page.evaluate(() => [
    getComputedStyle(document.querySelector('.palette .pick.c19')).backgroundColor,
    getComputedStyle(document.querySelector('.board')).backgroundColor,
  ]);
  const rgb = (s) => s.match(/\d+/g).slice(0, 3).map(Number);
  // Relative luminance contrast (WCAG) between colour 20 and the board: at least 3:1 for a graphic.
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(peg), lum(board)].sort((x, y) => y - x);
  assert.ok((a + 0.05) / (b + 0.05) >= 3, `colour 20 ${peg} on the board ${board}`);
  assert.deepEqual(page.errors, []);
});

test('the embed builder snippet follows the form at once; the secret is checked against the size being chosen', async () => {
  const page = await open(browser, `${server.url}/#/mastermind/embed`);
  await page.fill('#embed-secret', '3,1,4,1');
  await page.selectOption('#pegs', '5');
  // Without pressing "Update the preview": the snippet already has 5 pegs, and the 4-peg secret is refused for them.
  assert.match(await page.inputValue('#embed-snippet'), /pegs=5/);
  assert.match(await page.textContent('.embed-builder'), /The secret is ignored: a code needs 5 pegs, this one has 4/);
  await page.fill('#embed-secret', '3,1,4,1,5');
  assert.match(await page.inputValue('#embed-snippet'), /code=[0-9a-z]+/);
  assert.doesNotMatch(await page.textContent('.embed-builder'), /The secret is ignored/);
  assert.deepEqual(page.errors, []);
});

test('?threads=1 survives the game rewriting its link, reloads and moving between pages, with and without the headers', async () => {
  const plain = await serve({ isolation: false });
  try {
    for (const base of [server.url, plain.url]) {
      // Without the headers the service worker reloads the page once to isolate it: the cap must survive that too.
      const page = await open(browser, `${base}/?threads=1#/mastermind`);
      assert.equal(await solverReady(page), 1, `${base}: first load`);
      await page.waitForFunction(() => location.hash.includes('pegs='));
      assert.match(page.url(), /\?threads=1#\/mastermind\?/, 'the game keeps the link up to date, and the cap in it');
      await page.reload();
      assert.equal(await solverReady(page), 1, `${base}: after a reload`);
      // Isolated (by the headers, or by the service worker without them): one thread is the cap, not a fallback.
      assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
      await page.click('header >> text=Peg solitaire');
      await page.waitForFunction(() => location.hash.startsWith('#/pegs?'));
      assert.match(page.url(), /\?threads=1#\/pegs/);
      await page.reload();
      assert.equal(await solverReady(page), 1, `${base}: on the next page, reloaded`);
      await page.click('header >> text=Puzzle Lab');
      await page.click('a.puzzle >> text=Cluedo');
      assert.match(page.url(), /\?threads=1#\/cluedo/);
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  } finally {
    await plain.close();
  }
});

test('an embed on another site: the snippet asks for isolation, gets threads where the host page allows, and names what is missing', async () => {
  // The app on one origin (with the headers, and CORP cross-origin so other sites may frame it), tutorial pages on
  // another: one isolated host page with the builder's snippet, one with the snippet less its allow attribute, one
  // without the headers.
  const app = await serve({ corp: 'cross-origin' });
  const builder = await open(browser, `${app.url}/#/mastermind/embed`);
  const snippet = (await builder.locator('#embed-snippet').inputValue()).replace(/src="[^"]*#/, `src="${app.url}/#`);
  assert.match(snippet, / allow="cross-origin-isolated"><\/iframe>$/);
  const bare = snippet.replace(' allow="cross-origin-isolated"', '');
  const page = (body) => `<!doctype html><title>tutorial</title><link rel="icon" href="data:,">${body.replace('<iframe', '<iframe id="game"')}`;
  const isolatedHost = await serve({ pages: { '/with.html': page(snippet), '/without.html': page(bare) } });
  const plainHost = await serve({ isolation: false, pages: { '/with.html': page(snippet) } });
  try {
    const threads = async (url) => {
      const p = await open(browser, url);
      const frame = p.frameLocator('#game');
      await frame.locator('.status .threads:not([data-threads="0"])').waitFor({ timeout: 30_000 });
      return { p, frame, n: Number(await frame.locator('.status .threads').getAttribute('data-threads')) };
    };
    const ok = await threads(`${isolatedHost.url}/with.html`);
    assert.ok(ok.n > 1, `the snippet on an isolated page: ${ok.n} threads`);
    const noAllow = await threads(`${isolatedHost.url}/without.html`);
    assert.equal(noAllow.n, 1);
    await noAllow.frame.locator('.status .note:has-text("this app\'s host sends the isolation headers")').waitFor();
    assert.match(await noAllow.frame.locator('.status .note').textContent(), /allow="cross-origin-isolated"/);
    const plainPage = await threads(`${plainHost.url}/with.html`);
    assert.equal(plainPage.n, 1);
    await plainPage.frame.locator('.status .note:has-text("the page around it is too")').waitFor();
    for (const x of [ok, noAllow, plainPage]) assert.deepEqual(x.p.errors, []);
  } finally {
    await app.close();
    await isolatedHost.close();
    await plainHost.close();
  }
});

test('on a phone the strategy table does not scroll sideways and its histograms are full width', async () => {
  const page = await open(browser, `${server.url}/#/mastermind/stats`, { width: 375, height: 740 });
  await solverReady(page);
  await page.click('#run-stats');
  await page.waitForSelector('table.results tr[data-strategy="optimal"][data-mean]', { timeout: 60_000 });
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, width: innerWidth }));
  assert.ok(scroll <= width, `the page scrolls sideways: ${scroll} > ${width}`);
  const hist = await page.locator('table.results .histogram').first().boundingBox();
  assert.ok(hist.width >= 280, `a histogram ${hist.width} px wide`);
  await shot(page, 'stats-phone');
  assert.deepEqual(page.errors, []);
});

test('no silent refusals: a frame too narrow, repeats that cannot be turned off, bad links on the stats page', async () => {
  const page = await open(browser, `${server.url}/#/mastermind/embed`);
  await page.fill('#embed-width', '100');
  await page.dispatchEvent('#embed-width', 'change');
  await page.waitForSelector('#size-error');
  assert.match(await page.textContent('#size-error'), /A width of '100' is not used: give 200 to 2000/);
  assert.notEqual(await page.inputValue('#embed-width'), '100', 'the field shows the width in use');
  // 100 pegs x 20 colours: repeats cannot be turned off, and the page says why.
  const game = await open(browser, `${server.url}/#/mastermind?pegs=100&colors=20&mode=make&scoring=manual`);
  await solverReady(game);
  await game.uncheck('#repeats').catch(() => {});
  await game.waitForSelector('#settings-notice');
  assert.match(await game.textContent('#settings-notice'), /100 pegs would need 100 colours, and there are at most 20/);
  assert.equal(await game.isChecked('#repeats'), true, 'the box shows what is in force');
  // Without repeats, asking for more pegs than colours can be turns repeats on and says so.
  const small = await open(browser, `${server.url}/#/mastermind?pegs=4&colors=6&repeats=0`);
  await solverReady(small);
  await small.selectOption('#pegs', '30');
  await small.waitForSelector('#settings-notice');
  assert.match(await small.textContent('#settings-notice'), /Repeats are on: without them 30 pegs would need 30 different colours/);
  assert.equal(await small.isChecked('#repeats'), true);
  // Bad parameters on the stats page are named.
  const stats = await open(browser, `${server.url}/#/mastermind/stats?pegs=x&strategies=knuth,clever&games=0`);
  await solverReady(stats);
  const errors = await stats.locator('.link-error').allTextContents();
  assert.ok(errors.some((e) => e.startsWith("pegs: 'x' is not a whole number")), errors.join('|'));
  assert.ok(errors.some((e) => e.startsWith("strategies: 'clever' is not a strategy")), errors.join('|'));
  assert.ok(errors.some((e) => e.startsWith("games: '0'")), errors.join('|'));
  for (const p of [page, game, small, stats]) assert.deepEqual(p.errors, []);
});

test('a first visit: the rules open beside the board, the palette and Guess above the fold at 1366x768; after that one click away', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&secret=3,1,4,1`, { width: 1366, height: 768 });
  await solverReady(page);
  await page.waitForSelector('.mastermind[data-phase="guessing"]');
  assert.equal(await page.evaluate(() => document.querySelector('#rules').open), true, 'open on a first visit');
  assert.match(await page.textContent('#rules'), /a black peg for every peg of the right colour in the right place/);
  for (const sel of ['.palette', '#submit']) {
    const box = await page.locator(sel).boundingBox();
    assert.ok(box.y + box.height <= 768, `${sel} ends at ${box.y + box.height}px, below the fold`);
  }
  await shot(page, 'first-visit-1366x768'); // docs/screenshot-first-visit.png is a copy
  await page.reload();
  await solverReady(page);
  assert.equal(await page.evaluate(() => document.querySelector('#rules').open), false, 'closed after the first visit');
  await page.click('#rules summary');
  assert.equal(await page.evaluate(() => document.querySelector('#rules').open), true);
  // On a phone the settings fold into one line and the palette comes right under the board.
  const phone = await open(browser, `${server.url}/#/mastermind?mode=break&secret=3,1,4,1`, { width: 375, height: 740 });
  await solverReady(phone);
  await phone.waitForSelector('.mastermind[data-phase="guessing"]');
  for (const sel of ['.palette', '#submit']) {
    const box = await phone.locator(sel).boundingBox();
    assert.ok(box.y + box.height <= 740, `phone: ${sel} ends at ${box.y + box.height}px, below the fold`);
  }
  assert.match(await phone.textContent('#game-settings summary'), /Settings: 4 pegs, 6 colours, you break the code/);
  await shot(phone, 'first-visit-phone'); // docs/screenshot-phone.png is a copy
  for (const p of [page, phone]) assert.deepEqual(p.errors, []);
});

test('undo the last guess, give up, play again; a random secret when the computer breaks yours', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&secret=3,1,4,1`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 0, 1, 1]);
  await page.waitForSelector('.rows li[data-row="1"] .keys[data-black]');
  await typeCode(page, [2, 2, 3, 3]);
  await page.waitForSelector('.rows li[data-row="2"] .keys[data-black]');
  await page.click('#undo');
  await page.waitForFunction(() => !document.querySelector('.rows li[data-row="2"] .keys[data-black]'));
  assert.equal(await page.getAttribute('.game-status .remaining', 'data-value'), '208', 'the count after row 1 again');
  await page.click('#give-up');
  await waitPhase(page, 'lost');
  assert.match(await page.textContent('#result'), /You gave up/);
  assert.deepEqual(await page.$$eval('.board .secret .peg', (ps) => ps.map((p) => p.textContent.trim())), ['4', '2', '5', '2']);
  await page.click('#play-again');
  await waitPhase(page, 'guessing');
  assert.equal(await page.locator('.rows li .keys[data-black]').count(), 0, 'a fresh board');
  const make = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&pegs=5&colors=7`);
  await solverReady(make);
  await waitPhase(make, 'entering-secret');
  await make.click('#random-secret');
  assert.equal(await make.isDisabled('#submit'), false, 'every peg is filled');
  await make.click('#submit');
  await waitPhase(make, 'won', 'paused', 'thinking', 'guessing');
  for (const p of [page, make]) assert.deepEqual(p.errors, []);
});

test('dark mode follows the system, and the board keeps its colours', async () => {
  const page = await browser.newPage({ colorScheme: 'dark', viewport: { width: 1100, height: 900 } });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  await page.goto(`${server.url}/#/mastermind?mode=break&secret=3,1,4,1`);
  await solverReady(page);
  const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  assert.equal(bg, 'rgb(23, 22, 27)');
  const ink = await page.evaluate(() => getComputedStyle(document.querySelector('main')).color);
  assert.equal(ink, 'rgb(235, 230, 220)');
  await shot(page, 'dark-mode');
  assert.deepEqual(page.errors, []);
});

test('what a class reads: no empty board or Share before a secret, score buttons in line, counts in words, a quiet console', async () => {
  const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text()); });
  await page.goto(`${server.url}/#/mastermind?mode=make&scoring=auto`);
  await solverReady(page);
  await waitPhase(page, 'entering-secret');
  assert.equal(await page.locator('.board').count(), 0, 'no empty board strip while the secret is chosen');
  assert.equal(await page.locator('text=Share this game').count(), 0, 'nothing to share yet');
  const entry = await page.locator('.secret-entry').boundingBox();
  assert.ok(entry.y + entry.height <= 768, 'the secret entry is above the fold');
  assert.match(await page.textContent('.status .threads'), /^\d+ threads?$/, 'the status line speaks of threads only');
  // Not a warning or an error on a load with the thread pool started: Trunk's integrity warning is gone, and the
  // pool threads start with wasm-bindgen's current init (scripts/patch-rayon-helper.sh).
  assert.ok(await solverReady(page) >= 1);
  assert.deepEqual(warnings, []);
  const manual = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=manual`, { width: 1366, height: 768 });
  await solverReady(manual);
  await waitPhase(manual, 'scoring');
  const first = async (which) => (await manual.locator(`.stepper.${which} .num`).first().boundingBox()).x;
  assert.equal(await first('black'), await first('white'), 'the two rows of score buttons start in line');
  assert.equal(await manual.locator('text=Share this game').count(), 1, 'a game to share once there is a guess');
  // Big counts in one short format on every chart (two figures and a power of ten; the exact count on hover).
  const big = await open(browser, `${server.url}/#/mastermind?mode=break&pegs=10&colors=10&secret=0,1,2,3,4,5,6,7,8,9&see=1`);
  await solverReady(big);
  await big.waitForSelector('.chart .point text');
  assert.match(await big.textContent('.chart .point text'), /^1\.0×10¹⁰$/);
  assert.match(await big.textContent('.chart .point title'), /^10,000,000,000$/);
  assert.deepEqual(manual.errors, []);
  assert.deepEqual(big.errors, []);
});

test('a strategy that hands over is named by the strategy that played, and says why in one line', async () => {
  // 9x8's codes take 6.1 GiB to list: knuth and entropy fall back there (6x9 is played exactly since every code up to 8x8 is listed).
  const page = await open(browser, `${server.url}/#/mastermind/stats?pegs=9&colors=8&strategies=knuth,entropy&games=10`);
  await solverReady(page);
  await page.click('#run-stats');
  await page.waitForSelector('table.results tr[data-strategy="entropy"][data-mean]', { timeout: 60_000 });
  // The row is named after the strategy that played, with one line of why and the strategy's own words behind it.
  assert.equal(await page.textContent('table.results tr[data-strategy="knuth"] th'), 'random-consistent, for knuth');
  const line = await page.textContent('table.results tr.handover[data-handover-of="knuth"]');
  assert.match(line, /^knuth cannot list 134,217,728 codes; random-consistent plays instead/);
  assert.match(await page.textContent('table.results tr.handover[data-handover-of="knuth"] details'), /random-consistent/);
  assert.deepEqual(page.errors, []);
});
