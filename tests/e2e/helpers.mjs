// Shared by the end-to-end tests: a Chromium per test file, screenshots into tests/artifacts/.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'node:test';
import { chromium } from 'playwright-core';

export const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));

// CHROMIUM_FLAGS: more flags for Chromium, space-separated, for benches and experiments (e.g. `--js-flags=--prof`).
export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', ...(process.env.CHROMIUM_FLAGS ?? '').split(' ').filter(Boolean)],
    // playwright gives every launch a fresh, empty user-data-dir of its own.
    headless: true,
  });
  browsers.add(browser);
  return browser;
}

// Every test closes the pages it opened: a page left open keeps its worker, its pool threads and its memory, and on
// a 2-core CI machine a dozen of them slow the tests after them (a screenshot could wait 30 s for a frame).
// Registered here, the hook runs after each test of every file that launches through this module (only under the
// test runner: a bench script that borrows these helpers starts none).
const browsers = new Set();
if (process.env.NODE_TEST_CONTEXT) afterEach(async () => {
  for (const browser of browsers) {
    if (!browser.isConnected()) continue;
    for (const context of browser.contexts()) await context.close().catch(() => {});
  }
});

/**
 * Opens a page (in a fresh browser context: its own storage and service workers) and collects its console errors
 * and uncaught exceptions. `options` are the context's (playwright's `newPage`), e.g. `serviceWorkers: 'block'`.
 */
export async function open(browser, url, viewport = { width: 1100, height: 900 }, options = {}) {
  const page = await browser.newPage({ viewport, ...options });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  await page.goto(url);
  await appDrawn(page);
  return page;
}

/**
 * Waits until the app has drawn itself in place of index.html's frame, and of the page's first view drawn at build
 * time that a first visit shows meanwhile (web/boot.js: inert, so a test must not act on it), or the page said that
 * it could not load, or boot.js never ran. A page that does none of these within 20 s is left to the test.
 */
export async function appDrawn(page) {
  await page.waitForFunction(() => !document.querySelector('[data-shell]') || document.querySelector('.unsupported')
    || document.getElementById('boot-failed'), null, { timeout: 20_000 }).catch(() => {});
}

/** Saves a screenshot of the whole page, or of the first element matching `selector`, to tests/artifacts/. */
export async function shot(page, name, selector = null) {
  await mkdir(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  if (selector) {
    await page.locator(selector).first().screenshot({ path });
  } else {
    await page.screenshot({ path, fullPage: true });
  }
  console.log(`screenshot: ${path}`);
}

/** Waits until the solver worker says it is ready; returns its thread count. */
export async function solverReady(page) {
  // Read in the same evaluation that sees it: a second read could fall in a redraw of the status line.
  const ready = await page.waitForFunction(() => {
    const n = Number(document.querySelector('.status .threads')?.dataset.threads);
    return n > 0 ? n : null;
  }, null, { timeout: 30_000 });
  return ready.jsonValue();
}

export const phase = (page) => page.getAttribute('.mastermind', 'data-phase');
export const waitPhase = (page, ...names) => page.waitForFunction(
  (names) => names.includes(document.querySelector('.mastermind')?.dataset.phase), names, { timeout: 30_000 });

/** Mastermind feedback, the obvious way (the tests' own reference, independent of the app). */
export function feedback(guess, secret) {
  let black = 0;
  const g = [], s = [];
  guess.forEach((c, i) => (c === secret[i] ? black++ : (g.push(c), s.push(secret[i]))));
  let white = 0;
  for (const c of g) { const j = s.indexOf(c); if (j >= 0) { white++; s.splice(j, 1); } }
  return { black, white };
}

/** A Mastermind row's guess: its pegs' numbers, or, for a long code drawn as one image, the colours the image says it shows. */
export const guessOf = (page, row) => page.$eval(`.rows li[data-row="${row}"]`, (r) => {
  const strip = r.querySelector('img.code.strip');
  return strip ? strip.dataset.code.split(',').map(Number) : [...r.querySelectorAll('.code .peg')].map((p) => Number(p.textContent) - 1);
});

/** Scores the computer's guess by hand: black and white on the steppers, then Submit. */
export async function score(page, { black, white }) {
  await page.click(`.stepper.black button.num:text-is("${black}")`);
  await page.click(`.stepper.white button.num:text-is("${white}")`);
  await page.click('#submit-score');
}

/** Types a code with the keyboard (digits 1-9, 0 for the tenth colour) and presses Enter. */
export async function typeCode(page, code) {
  for (const c of code) await page.keyboard.press(String((c + 1) % 10));
  await page.keyboard.press('Enter');
}

/**
 * Opens a 10x10 game at `base`, plays one guess and starts counting every code still possible (about a billion:
 * seconds of work on the pool); returns once its progress shows (polled from the pool, or posted by the search
 * itself on one thread).
 */
export async function startLongCount(page, base) {
  await page.goto(`${base}/#/mastermind?mode=break&pegs=10&colors=10&secret=9,8,7,6,5,4,3,2,1,0`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
  await page.waitForSelector('#count-all', { timeout: 30_000 });
  await page.click('#count-all');
  await waitPhase(page, 'thinking');
  await page.waitForFunction(() => Number(document.querySelector('.banner.thinking progress')?.value) > 0,
    null, { timeout: 30_000 });
}

/**
 * Starts a genuinely long search (counting every code still possible on a 10x10 board after one guess: about
 * a billion, seconds of work), checks its progress shows, cancels it from the page, then checks the game and the
 * solver go on: the next guess is scored and its count arrives. Returns the page.
 */
export async function cancelThenPlay(browser, base, options = {}) {
  const page = await open(browser, 'about:blank', undefined, options);
  await startLongCount(page, base);
  await page.click('#cancel');
  await waitPhase(page, 'guessing');
  // The worker stopped the search itself (it answers Cancelled only when the search ended early), or, on one
  // thread, the page restarted it: either way the status line says so.
  await page.waitForSelector('.status .last.cancelled', { timeout: 10_000 });
  // Cancelled is no longer working: the status line keeps no progress of the cancelled job.
  await page.waitForTimeout(600);
  const working = await page.$('.status .progress');
  if (working) throw new Error(`after Cancel the status line still says '${await working.textContent()}'`);
  await typeCode(page, [9, 8, 7, 6, 5, 4, 3, 2, 0, 1]);
  await page.waitForSelector('.game-status .remaining', { timeout: 30_000 });
  const keys = await page.$eval('.rows li[data-row="2"] .keys', (k) => Number(k.dataset.black));
  if (keys !== 8) throw new Error(`row 2 has ${keys} blacks, expected 8`);
  return page;
}

/** Chromium's renderer processes now running: their pids. */
async function renderers() {
  const pids = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes('--type=renderer')) pids.push(pid);
  }
  return pids;
}

/** The resident memory of `pids` together, in MB (a tab's page, its solver worker and pool threads live there). */
async function residentMB(pids) {
  let kb = 0;
  for (const pid of pids) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    kb += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  }
  return Math.round(kb / 1024);
}

/**
 * The renderer's resident memory (MB, from /proc) with the English board freshly open, once the game's table is built
 * (grown, and no longer growing), and after leaving the game for the home page, which stops a solver that holds
 * that much (the lowest reading of 10 s, as the browser tears the worker down): `{ fresh, playing, left }`. A browser of its own, so that only its renderer
 * is read.
 */
export async function leaveMemory(base) {
  const before = new Set(await renderers());
  const browser = await launch();
  try {
    const page = await open(browser, `${base}/#/pegs?board=english`);
    await solverReady(page);
    const ours = (await renderers()).filter((p) => !before.has(p));
    const fresh = await residentMB(ours);
    let [playing, last] = [fresh, 0];
    for (let i = 0; i < 60 && (playing - fresh < 150 || Math.abs(playing - last) > 5); i++) {
      await page.waitForTimeout(2_000);
      [last, playing] = [playing, await residentMB(ours)];
    }
    // The home page: a solver holding this much is stopped (the status line goes with it).
    await page.goto(`${base}/#/`);
    await page.waitForFunction(() => !document.querySelector('.status'), null, { timeout: 10_000 });
    let left = playing;
    for (let i = 0; i < 10; i++) {
      await page.waitForTimeout(1_000);
      left = Math.min(left, await residentMB(ours));
    }
    return { fresh, playing, left };
  } finally {
    await browser.close();
  }
}

const AXE = fileURLToPath(new URL('../node_modules/axe-core/axe.min.js', import.meta.url));

/**
 * axe-core's violations on `page` as it is now (every rule axe runs by default, WCAG 2.2 A and AA and best
 * practices), as lines "rule (impact): target, ...". Run through the devtools protocol, so the page's
 * Content-Security-Policy does not refuse it. `exclude`: selectors left out (another site's frame).
 */
export async function axeViolations(page, exclude = []) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    await page.evaluate(await readFile(AXE, 'utf8'));
  }
  const violations = await page.evaluate(async (exclude) => {
    const result = await window.axe.run({ exclude: exclude.map((s) => [s]) }, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')}`
      + `${v.nodes.length > 4 ? ` and ${v.nodes.length - 4} more` : ''}`);
  }, exclude);
  return violations;
}
