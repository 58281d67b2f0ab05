// Nothing hangs or goes silent at the edges: a pool thread that fails mid-job (as when a phone's memory cannot grow)
// and a solver worker that dies mid-job each end the job within seconds with a message; the page starts a fresh
// worker, the game keeps its rows and goes on. The page's own files and the solver's, when they do not load, are
// named in a sentence a person can act on. Everything runs under the app's Content-Security-Policy (tests/serve.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, DIST } from '../serve.mjs';
import { launch, open, shot, solverReady, startLongCount, typeCode, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/** The solver worker of `page` (its pool threads are workers too, started from blob URLs). */
async function solverWorker(page) {
  for (let i = 0; i < 100; i++) {
    const w = page.workers().find((w) => w.url().includes('solver.js'));
    if (w) return w;
    await page.waitForTimeout(100);
  }
  throw new Error('no solver worker');
}

/** After a failure: "Try again" takes the game back to guessing, and the next guess is scored and counted. */
async function goesOn(page) {
  await page.click('#go-on');
  await waitPhase(page, 'guessing');
  assert.equal(await page.$$eval('.rows li[data-row]', (rows) => rows.length) >= 1, true, 'the first row is kept');
  await typeCode(page, [9, 8, 7, 6, 5, 4, 3, 2, 0, 1]);
  await page.waitForSelector('.rows li[data-row="2"] .keys[data-black]', { timeout: 30_000 });
  assert.equal(await page.$eval('.rows li[data-row="2"] .keys', (k) => Number(k.dataset.black)), 8);
  await page.waitForSelector('.game-status .remaining', { timeout: 30_000 });
  assert.ok(await solverReady(page) > 1, 'a fresh pool');
}

test('a pool thread that fails mid-job ends the job at once with a message; a fresh worker plays on', async () => {
  const page = await open(browser, 'about:blank');
  await startLongCount(page, server.url);
  const t0 = Date.now();
  await (await solverWorker(page)).evaluate(() => self.solverTest.exhaustAThread());
  await waitPhase(page, 'failed');
  const seconds = (Date.now() - t0) / 1000;
  assert.ok(seconds < 5, `the failure took ${seconds} s to show`);
  const banner = await page.textContent('#failed');
  assert.match(banner, /The solver stopped: one of its threads failed \(.+\), most likely because this device would not give it more memory/);
  assert.match(banner, /your game is kept/);
  await shot(page, 'supervise-thread-lost');
  await goesOn(page);
  assert.deepEqual(page.errors.filter((e) => !/unreachable|RuntimeError|memory/i.test(e)), []);
});

test('a solver worker that dies mid-job is noticed within seconds, restarted, and the game plays on', async () => {
  const page = await open(browser, 'about:blank');
  await startLongCount(page, server.url);
  const t0 = Date.now();
  await (await solverWorker(page)).evaluate(() => self.close());
  await waitPhase(page, 'failed');
  const seconds = (Date.now() - t0) / 1000;
  assert.ok(seconds < 12, `the failure took ${seconds} s to show`);
  assert.match(await page.textContent('#failed'), /The solver stopped: it said nothing for 8 s/);
  await shot(page, 'supervise-worker-died');
  await goesOn(page);
});

/** The home page's module's two files, as Trunk named them (hashed) in boot.js's tag. */
async function homeFiles() {
  const html = await readFile(join(DIST, 'index.html'), 'utf8');
  // A release build's index.html is minified: its attributes may come without quotes.
  const script = html.match(/data-home="?\.\/([^"\s>]+)/)?.[1];
  const wasm = html.match(/data-home-wasm="?\.\/([^"\s>]+)/)?.[1];
  assert.ok(script && wasm, "index.html names the home page's module");
  return { script, wasm };
}

// The home page's module (its names from index.html) and a game's (its names from the address).
const PAGE_FILES = [
  ['/', 'script', async () => (await homeFiles()).script],
  ['/', 'wasm', async () => (await homeFiles()).wasm],
  ['/#/mastermind', 'script', async () => 'page-mastermind.js'],
  ['/#/mastermind', 'wasm', async () => 'page-mastermind_bg.wasm'],
];
for (const [address, which, name] of PAGE_FILES) {
  test(`the page's own ${which} not loading is named on the page (${address})`, async () => {
    const file = await name();
    const broken = await serve({ missing: [`/${file}`] });
    try {
      const page = await open(browser, `${broken.url}${address}`, undefined, { serviceWorkers: 'block' });
      await page.waitForSelector('main.unsupported', { timeout: 15_000 });
      const text = await page.textContent('main.unsupported');
      assert.match(text, /Puzzle Lab could not load/);
      assert.ok(text.includes(`Its file ${file} did not load`), text);
      assert.match(text, /Reload the page/);
      assert.equal(await page.locator('main[data-shell]').count(), 0, 'no "Starting Puzzle Lab" beside it');
      await shot(page, `load-failed-${address === '/' ? 'home' : 'mastermind'}-${which}`);
    } finally {
      await broken.close();
    }
  });
}

test("a game whose page module the build lacks says so, instead of reloading for ever", async () => {
  // boot.js as a build without Cluedo's page would list its pages.
  const boot = (await readFile(join(DIST, 'boot.js'), 'utf8')).replace(/^const PAGES = .*;$/m, 'const PAGES = ["mastermind", "pegs"];');
  const broken = await serve({ scripts: { '/boot.js': boot } });
  try {
    const page = await open(browser, `${broken.url}/#/cluedo`, undefined, { serviceWorkers: 'block' });
    let loads = 0;
    page.on('load', () => loads++);
    await page.waitForSelector('main [role="alert"]:has-text("Cluedo did not load")', { timeout: 30_000 });
    assert.ok(loads <= 1, `${loads} reloads`);
    await page.waitForTimeout(1_000);
    assert.ok(loads <= 1, `${loads} reloads`);
    // The menu still leads to the games that are there.
    await page.click('header.top a[href$="#/mastermind"]');
    await waitPhase(page, 'guessing');
  } finally {
    await broken.close();
  }
});

for (const file of ['solver.js', 'solver-mastermind.js', 'solver-mastermind_bg.wasm']) {
  test(`the solver's ${file} not loading is named, and the status line says the solver is not running`, async () => {
    const broken = await serve({ missing: [`/${file}`] });
    try {
      const page = await open(browser, `${broken.url}/#/mastermind?mode=make&scoring=manual`, undefined,
        { serviceWorkers: 'block' });
      await page.waitForSelector('.status .error', { timeout: 30_000 });
      const error = await page.textContent('.status .error');
      assert.ok(error.includes(`its file ${file} did not load (the host answered 404`), error);
      assert.match(error, /Reload the page/);
      assert.equal(await page.textContent('.status .threads'), 'solver not running');
      await waitPhase(page, 'failed');
      const banner = await page.textContent('#failed');
      assert.ok(banner.includes(`its file ${file} did not load`), banner);
      assert.doesNotMatch(banner, /the solver is not running/);
      assert.ok(await page.$('#reload'), 'a solver that cannot start offers a reload, not a search that would fail');
      await shot(page, `load-failed-${file.replace('.', '-')}`);
    } finally {
      await broken.close();
    }
  });
}

test("the solver's thread-pool helper not loading is named in the banner, not blamed on the browser", async () => {
  const worker = await readFile(join(DIST, 'solver-mastermind.js'), 'utf8');
  const helper = worker.match(/\.\/(snippets\/[^'"]+workerHelpers[^'"]*\.js)/)?.[1];
  assert.ok(helper, 'the solver imports the pool helper');
  const broken = await serve({ missing: [`/${helper}`] });
  try {
    const page = await open(browser, `${broken.url}/#/mastermind?mode=make&scoring=manual`, undefined,
      { serviceWorkers: 'block' });
    await waitPhase(page, 'failed');
    const banner = await page.textContent('#failed');
    assert.ok(banner.includes('its file workerHelpers.no-bundler.js did not load (the host answered 404'), banner);
    assert.match(banner, /Reload the page/);
    assert.doesNotMatch(banner, /update the browser|not running/);
    assert.match(await page.textContent('.status .error'), /workerHelpers\.no-bundler\.js/);
    await shot(page, 'load-failed-pool-helper');
  } finally {
    await broken.close();
  }
});

test("the page's boot.js not loading leaves a sentence that says so, not a blank page", async () => {
  const broken = await serve({ missing: ['/boot.js'] });
  try {
    const page = await open(browser, `${broken.url}/`, undefined, { serviceWorkers: 'block' });
    await page.waitForSelector('#boot-failed', { state: 'visible', timeout: 20_000 });
    assert.match(await page.textContent('#boot-failed'), /Puzzle Lab did not start: its script boot\.js did not\s+load/);
    await shot(page, 'load-failed-boot-js');
    // Where it loads, the sentence is gone before it could show.
    const fine = await open(browser, `${server.url}/`, undefined, { serviceWorkers: 'block' });
    await fine.waitForSelector('.top');
    assert.equal(await fine.$('#boot-failed'), null);
  } finally {
    await broken.close();
  }
});

test('the app runs under its Content-Security-Policy: threads, no inline script, no violation', async () => {
  const page = await open(browser, 'about:blank');
  const response = await page.goto(`${server.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&secret=3,1,4,1`);
  assert.match(response.headers()['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
  assert.ok(await solverReady(page) > 1);
  await waitPhase(page, 'won');
  assert.equal(await page.$$eval('script:not([src])', (s) => s.length), 0, 'no inline script');
  assert.deepEqual(page.errors, []);
});
