// Offline and installable: after one visit the service worker holds the build, so with the server
// stopped a reload still loads the app, isolated with its threads, and every game plays; on a host that sends the
// isolation headers and on one that does not. A new deployment is picked up. Chromium finds the app installable.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST, serve } from '../serve.mjs';
import { feedback, launch, shot, solverReady, waitPhase } from './helpers.mjs';

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

const PRECACHE = fileURLToPath(new URL('../../scripts/precache.mjs', import.meta.url));

/** Every file of the build in `root`, as the service worker names them (scripts/precache.mjs). */
async function buildFiles(root = DIST) {
  const out = [];
  for (const entry of await readdir(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.startsWith('.') || entry.name === 'isolate.js') continue;
    // The pages' first views are for a first visit only: the service worker does not hold them.
    if (relative(root, entry.parentPath).startsWith('shells')) continue;
    out.push(relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  return out;
}

/**
 * The build the page's service worker holds (its cache's name), once it controls the page, has cached the build
 * (every one of `files`: the shell at install, each game's files when first asked for or in the background) and
 * dropped any other, and it is not `except`.
 */
async function heldBuild(page, files, except = null) {
  let missing = files;
  // Polled here: `waitForFunction` takes the promise an async predicate returns for a truthy answer.
  for (const until = Date.now() + 60_000; Date.now() < until; await page.waitForTimeout(100)) {
    const held = await page.evaluate(async ([files, except]) => {
      if (!navigator.serviceWorker.controller) return null;
      const names = (await caches.keys()).filter((k) => k.startsWith('puzzle-lab-'));
      if (names.length !== 1 || names[0] === except) return null;
      const cache = await caches.open(names[0]);
      const missing = [];
      for (const f of files) if (!(await cache.match(f))) missing.push(f);
      return { name: names[0], missing };
    }, [files, except]);
    if (held) missing = held.missing;
    if (held && !missing.length) return held.name;
  }
  throw new Error(`the service worker holds no whole build${except ? ` other than ${except}` : ''} after 60 s `
    + `(missing: ${missing.join(', ')})`);
}

/**
 * Loads `address` afresh with the server stopped: from a blank page, so that it is a document load served by the
 * service worker, not a hash change that the page before would see and could still answer.
 */
async function open(page, address) {
  await page.goto('about:blank');
  await page.goto(address);
}

/** Plays each game a little in `page`, loading each from the (stopped) server's address. */
async function playEveryGame(page, url) {
  await open(page, `${url}/#/mastermind?mode=break&secret=3,1,4,1`);
  const threads = await solverReady(page);
  assert.ok(threads > 1, `${threads} threads offline`);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
  await waitPhase(page, 'guessing');
  for (const [row, guess] of [[0, 0, 1, 1], [3, 1, 4, 1]].entries()) {
    // By the palette's buttons themselves (element.click(), not a click at their place on the screen: a page from
    // the cache is drawn so early that its first-visit rules still open beside the board while the test clicks).
    for (const c of guess) await page.evaluate((c) => document.querySelector(`.palette .pick.c${c}`).click(), c);
    await page.waitForSelector('#submit:not([disabled])');
    // The draft holds what was clicked. (A first row was now and then scored against another secret: the first
    // game, getting its secret late, wrote its own link over this one. `route::use_address` keeps the page from
    // that, and share.test.mjs checks it.)
    const draft = await page.$$eval('li.row.draft .slot .peg', (ps) => ps.map((p) => p.textContent).join(','));
    assert.equal(draft, guess.map((c) => c + 1).join(','), `the draft before guess ${row + 1}`);
    await page.evaluate(() => document.querySelector('#submit').click());
    const keys = `.rows li[data-row="${row + 1}"] .keys[data-black]`;
    await page.waitForSelector(keys);
    const got = await page.$eval(keys, (k) => ({ black: Number(k.dataset.black), white: Number(k.dataset.white) }));
    assert.deepEqual(got, feedback(guess, [3, 1, 4, 1]));
  }
  await waitPhase(page, 'won');

  // A 6x9 game's first guess comes from its opening book, which the solver fetches (the service worker holds it).
  await open(page, `${url}/#/mastermind?mode=make&scoring=manual&strategy=knuth&pegs=6&colors=9`);
  await solverReady(page);
  await waitPhase(page, 'scoring');
  assert.match(await page.textContent('.game-status'), /from knuth's opening book for 6 pegs x 9 colours/);

  await open(page, `${url}/#/pegs?board=triangle&start=0,0&finish=any-one`);
  await solverReady(page);
  await page.click('#count-all');
  await page.waitForSelector('#count-solutions', { timeout: 30_000 });
  assert.equal(await page.getAttribute('#count-solutions', 'data-solutions'), '29760');

  await open(page, `${url}/#/cluedo/simulate?players=deduction,deduction,deduction&games=300&seed=5`);
  await solverReady(page);
  await page.click('#sim-run');
  await page.waitForSelector('#sim-table-out tbody tr', { timeout: 60_000 });
  // The native CLI's mean for the same seed (`puzzle-lab cluedo simulate ... --games 300 --seed 5`).
  assert.equal(await page.getAttribute('#sim-table-out tbody tr', 'data-mean'), '4.550');
}

for (const isolation of [true, false]) {
  test(`after one visit every game plays with the server stopped (host ${isolation ? 'sends' : 'does not send'} the isolation headers)`, async () => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    let server = await serve({ isolation });
    const { url } = server;
    const port = Number(new URL(url).port);
    try {
      await page.goto(`${url}/#/mastermind`);
      // Without the headers the page reloads once, isolated by the service worker.
      await page.waitForFunction(() => self.crossOriginIsolated === true, null, { timeout: 60_000 });
      const build = await heldBuild(page, await buildFiles());
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      // Playwright's contexts are incognito ones, where Chromium installs nothing: that one is the test's, not the app's.
      const ids = installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito');
      assert.deepEqual(ids, [], 'Chromium would offer to install the app');
      await server.close();
      server = null;
      await playEveryGame(page, url);
      await shot(page, `offline-${isolation ? 'headers' : 'no-headers'}`);
      assert.deepEqual(errors, []);

      if (!isolation) return;
      // A new deployment on the same address: a copy of the build with one change, named again.
      const root = await mkdtemp(join(tmpdir(), 'puzzle-lab-build-'));
      try {
        await cp(DIST, root, { recursive: true });
        const index = join(root, 'index.html');
        await writeFile(index, (await readFile(index, 'utf8')).replace('<title>', '<meta name="deployment" content="2"><title>'));
        execFileSync('node', [PRECACHE, root]);
        server = await serve({ root, port, isolation });
        // The first load after the deployment finds the new service worker, which caches the new build; the next
        // load is the new build.
        await page.reload();
        const next = await heldBuild(page, await buildFiles(root), build);
        assert.match(next, /^puzzle-lab-[0-9a-f]{16}$/);
        await page.reload();
        assert.equal(await page.locator('meta[name="deployment"]').count(), 1, 'the new build is the one that loads');
        await solverReady(page);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    } finally {
      await server?.close();
      await context.close();
    }
  });
}
