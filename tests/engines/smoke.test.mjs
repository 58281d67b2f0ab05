// The smoke suite in the browsers besides Chromium (drivers.mjs): per engine, the page isolated with its thread
// pool, a Mastermind game to the end in both modes, the English count's exact figure, a Cluedo simulation's table
// (the same as the native CLI's for the same seed), one embed in an isolated third-party page; and where shared
// memory is missing (WebKit without JSC_useSharedArrayBuffer, Firefox with shared memory switched off), the
// one-thread path: a message that names what the browser lacks and what to do, and a game that still plays.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, DIST } from '../serve.mjs';
import { feedback } from '../e2e/helpers.mjs';
import { firefox, webkit } from './drivers.mjs';

let server, app, host, threadFails, workerDies;
before(async () => {
  server = await serve();
  // The real solver with a fault, 300 ms into the first count a person asks for (a thorough count): one of its pool
  // threads fails as on a failed memory grow, or the whole worker stops. These drivers reach only the page, so the
  // fault comes from a stand-in entry script that loads the real one.
  const real = await readFile(join(DIST, 'solver.js'), 'utf8');
  const faulty = (fault) => `await import('./real-solver.js');
    self.addEventListener('message', (e) => {
      if (String(e.data).includes('"thorough":true')) setTimeout(() => { ${fault} }, 300);
    });`;
  threadFails = await serve({ scripts: { '/solver.js': faulty('self.solverTest.exhaustAThread();'), '/real-solver.js': real } });
  workerDies = await serve({ scripts: { '/solver.js': faulty('self.close();'), '/real-solver.js': real } });
  // For the embed: the app on one origin (CORP cross-origin, so other sites may frame it), a tutorial page on another.
  app = await serve({ corp: 'cross-origin' });
  const snippet = `<iframe id="game" src="${app.url}/#/mastermind?embed=1&pegs=4&colors=6" width="420" height="760" `
    + 'style="border:0" allow="cross-origin-isolated"></iframe>';
  host = await serve({ pages: { '/tutorial.html': `<!doctype html><title>tutorial</title><link rel="icon" href="data:,">${snippet}` } });
});
after(async () => {
  for (const s of [server, app, host, threadFails, workerDies]) await s?.close();
});

// In the page: the thread count the status line shows once the solver is ready (0 until then).
const threadsShown = () => Number(document.querySelector('.status .threads')?.dataset.threads ?? 0);
// Starts of the worker the page gave up on as too slow before this one (its watchdog tries twice).
const startRetries = () => Number(document.querySelector('.status .threads')?.dataset.startRetries ?? 0);
const phaseIs = (...names) => names.includes(document.querySelector('.mastermind')?.dataset.phase);
const click = (selector) => { document.querySelector(selector).click(); return true; };

/** Plays `code` on the palette and submits it. */
async function play(page, code) {
  for (const c of code) await page.evaluate(click, `.palette .pick.c${c}`);
  await page.evaluate(click, '#submit');
}

/** Breaks the code 3,1,4,1 in three guesses, checking each row's score against the tests' own reference. */
async function breakGame(page) {
  await page.waitFor(phaseIs, 'guessing');
  const secret = [3, 1, 4, 1];
  const guesses = [[0, 0, 1, 1], [2, 3, 4, 5], secret];
  for (const [i, g] of guesses.entries()) {
    await play(page, g);
    const keys = await page.waitFor((row) => {
      const k = document.querySelector(`.rows li[data-row="${row}"] .keys[data-black]`);
      return k && { black: Number(k.dataset.black), white: Number(k.dataset.white) };
    }, i + 1);
    assert.deepEqual(keys, feedback(g, secret), `row ${i + 1}`);
  }
  await page.waitFor(phaseIs, 'won');
  assert.match(await page.evaluate(() => document.querySelector('#result').textContent), /You broke the code in 3 guesses/);
}

// `shared`: what the engine offers: 'threads' (SharedArrayBuffer in isolated pages), 'wasm' (shareable WebAssembly
// memory but no SharedArrayBuffer: the app loads, the pool cannot start), 'none' (not even that: the app cannot load).
const ENGINES = [
  { label: 'Firefox ESR', start: () => firefox(), shared: 'threads' },
  { label: 'Firefox ESR, shared memory switched off', start: () => firefox({ sharedMemory: false }), shared: 'none' },
  { label: 'WebKitGTK (SharedArrayBuffer on, as Safari in isolated pages)', start: () => webkit({ sharedMemory: true }), shared: 'threads' },
  { label: 'WebKitGTK without SharedArrayBuffer', start: () => webkit({ sharedMemory: false }), shared: 'wasm' },
];

for (const engine of ENGINES) {
  describe(engine.label, () => {
    let browser;
    before(async () => {
      browser = await engine.start();
      console.log(`${engine.label}: ${browser.version}`);
    });
    after(async () => { await browser?.close(); });

    if (engine.shared === 'threads') {
      test('isolated with its thread pool; you break the code', async () => {
        const t0 = Date.now();
        const page = await browser.open(`${server.url}/#/mastermind?mode=break&secret=3,1,4,1`);
        const threads = await page.waitFor(threadsShown);
        const retries = await page.evaluate(startRetries);
        // Logged, so that a pool that started only on the page's second try shows in the run's output.
        console.log(`${browser.name}: ${threads} threads after ${((Date.now() - t0) / 1000).toFixed(1)} s, ${retries} start(s) retried`);
        assert.ok(threads > 1, `${threads} threads`);
        assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
        await breakGame(page);
        await page.shot(`${browser.name}-break-won`);
        assert.deepEqual(page.errors(), []);
        await page.close();
      });

      for (const [fault, served, said] of [
        ['a pool thread fails', () => threadFails, /The solver stopped: one of its threads failed \(.+\), most likely because this device would not give it more memory/],
        ['the worker dies', () => workerDies, /The solver stopped: it said nothing for 8 s/],
      ]) {
        test(`${fault} in the middle of a count: the job fails with a message, and the game goes on`, async () => {
          const page = await browser.open(`${served().url}/#/mastermind?mode=break&pegs=10&colors=10&secret=9,8,7,6,5,4,3,2,1,0`);
          await page.waitFor(threadsShown);
          await page.waitFor(phaseIs, 'guessing');
          await play(page, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
          await page.waitFor(() => document.querySelector('#count-all') !== null);
          await page.evaluate(click, '#count-all');
          await page.waitFor(phaseIs, 'failed');
          assert.match(await page.evaluate(() => document.querySelector('#failed').textContent), said);
          await page.shot(`${browser.name}-supervised-${fault.replaceAll(' ', '-')}`);
          await page.evaluate(click, '#go-on');
          await page.waitFor(phaseIs, 'guessing');
          await play(page, [9, 8, 7, 6, 5, 4, 3, 2, 0, 1]);
          const black = await page.waitFor(() => document.querySelector('.rows li[data-row="2"] .keys[data-black]')?.dataset.black);
          assert.equal(black, '8');
          assert.ok(await page.waitFor(threadsShown) > 1, 'a fresh pool');
          await page.close();
        });
      }

      test('the computer breaks your code with knuth', async () => {
        const page = await browser.open(`${server.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth`);
        await page.waitFor(threadsShown);
        await page.waitFor(phaseIs, 'entering-secret');
        await play(page, [5, 2, 0, 4]);
        await page.waitFor(phaseIs, 'won');
        const rows = await page.evaluate(() => [...document.querySelectorAll('.rows li.row')]
          .map((r) => [...r.querySelectorAll('.code .peg')].map((p) => Number(p.textContent) - 1)));
        assert.ok(rows.length <= 5, `knuth took ${rows.length} guesses`);
        assert.deepEqual(rows.at(-1), [5, 2, 0, 4]);
        assert.deepEqual(page.errors(), []);
        await page.close();
      });

      test("the English board's every game counted exactly", async () => {
        const page = await browser.open(`${server.url}/#/pegs?board=english&start=3,3&finish=3,3`);
        await page.waitFor(threadsShown);
        const t0 = Date.now();
        await page.evaluate(click, '#count-all');
        const solutions = await page.waitFor(() => document.querySelector('#count-solutions')?.dataset.solutions
          ?? (document.querySelector('#count-error') && `error: ${document.querySelector('#count-error').textContent}`));
        console.log(`${browser.name}: English count ${((Date.now() - t0) / 1000).toFixed(1)} s`);
        // Centre to centre: 40,861,647,040,079,968 games (Bell's and others' published figure, REFERENCE.md). The page
        // sets it beside the shipped table's figure: a browser that counted wrong tells the person so.
        const said = await page.evaluate(() => (document.querySelector('#count-agrees') && 'agrees')
          ?? (document.querySelector('#count-mismatch') && 'differs') ?? 'nothing');
        assert.equal(said, solutions === '40861647040079968' ? 'agrees' : 'differs');
        assert.equal(solutions, '40861647040079968');
        await page.shot(`${browser.name}-pegs-count`);
        assert.deepEqual(page.errors(), []);
        await page.close();
      });

      test("a Cluedo simulation's table equals the native CLI's for the same seed", async () => {
        const page = await browser.open(`${server.url}/#/cluedo/simulate?players=deduction,deduction,deduction&games=300&seed=5`);
        await page.waitFor(threadsShown);
        await page.evaluate(click, '#sim-run');
        const mean = await page.waitFor(() => document.querySelector('#sim-table-out tbody tr')?.dataset.mean);
        // `puzzle-lab --json cluedo simulate --players deduction,deduction,deduction --games 300 --seed 5`: 4.55.
        assert.equal(mean, '4.550');
        await page.shot(`${browser.name}-cluedo-simulate`);
        assert.deepEqual(page.errors(), []);
        await page.close();
      });

      test('embedded in an isolated tutorial page on another origin, with threads', async () => {
        let page = await browser.open(`${host.url}/tutorial.html`);
        let frame = await page.frame('#game');
        let threads = await frame.waitFor(threadsShown);
        let note = await frame.evaluate(() => document.querySelector('.status .note')?.textContent ?? null);
        if (threads === 1 && /did not start within/.test(note ?? '')) {
          // Seen once in Firefox in a full check (not in five runs of the suite alone): the frame's pool did not
          // start within the page's 30 s and the page went on with one thread, as it should. Said, and tried once
          // more in a fresh page: what this test checks is that an embed can get threads.
          console.log(`${browser.name}: embed pool did not start (${note}); loading the page again`);
          await page.close();
          page = await browser.open(`${host.url}/tutorial.html`);
          frame = await page.frame('#game');
          threads = await frame.waitFor(threadsShown);
          note = await frame.evaluate(() => document.querySelector('.status .note')?.textContent ?? null);
        }
        console.log(`${browser.name}: embed ${threads} threads${note ? ` (${note})` : ''}`);
        assert.ok(threads > 1, `${threads} threads in the frame: ${note}`);
        await page.shot(`${browser.name}-embed`);
        assert.deepEqual(page.errors(), []);
        await page.close();
      });
    } else if (engine.shared === 'wasm') {
      test('no shared memory: one thread, a message that says what is missing and what to do, and the game plays', async () => {
        const page = await browser.open(`${server.url}/#/mastermind?mode=break&secret=3,1,4,1`);
        assert.equal(await page.waitFor(threadsShown), 1);
        assert.equal(await page.evaluate(() => typeof SharedArrayBuffer), 'undefined');
        const note = await page.waitFor(() => document.querySelector('.status .note')?.textContent);
        assert.match(note, /SharedArrayBuffer/);
        assert.match(note, /one thread/);
        assert.match(note, /Safari|Firefox|Chrome/);
        await breakGame(page);
        await page.shot(`${browser.name}-one-thread`);
        assert.deepEqual(page.errors(), []);
        await page.close();
      });
    } else {
      test('no shareable memory at all: the app cannot load, and the page says what is missing and what to do', async () => {
        const page = await browser.open(`${server.url}/#/mastermind`);
        const text = await page.waitFor(() => document.querySelector('main.unsupported')?.textContent);
        assert.match(text, /cannot run in this browser/);
        assert.match(text, /memory that threads can share/);
        assert.match(text, /Update this browser/);
        await page.shot(`${browser.name}-unsupported`);
        await page.close();
      });
    }
  });
}
