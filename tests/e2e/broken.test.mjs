// The solver worker cannot load (its script is missing): the page says so once, does not restart it in a loop,
// and what needs no solver still works.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { feedback, launch, open, typeCode, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve({ missing: ['/solver.js'] }); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('a solver that cannot start is reported, and guessing a fixed secret still works', async () => {
  let workers = 0;
  const page = await open(browser, 'about:blank');
  page.on('worker', () => workers++);
  await page.goto(`${server.url}/#/mastermind?mode=break&secret=1,2,3,4`);
  await page.waitForSelector('.status .error');
  assert.match(await page.textContent('.status .error'), /The solver could not start: its file solver\.js did not load \(the host answered 404/);
  await waitPhase(page, 'guessing');
  await typeCode(page, [1, 1, 2, 2]);
  await page.waitForSelector('.rows li[data-row="1"] .keys[data-black]');
  const keys = await page.$eval('.rows li[data-row="1"] .keys', (k) => ({ black: Number(k.dataset.black), white: Number(k.dataset.white) }));
  assert.deepEqual(keys, feedback([1, 1, 2, 2], [1, 2, 3, 4]));
  await page.waitForTimeout(500);
  assert.ok(workers <= 1, `the page started ${workers} workers`);
  // A game that needs the solver says why it cannot go on.
  await page.evaluate(() => { location.hash = '#/mastermind?mode=make&scoring=manual'; });
  await waitPhase(page, 'failed');
  assert.match(await page.textContent('.banner.bad'), /The solver could not start: its file solver\.js did not load \(the host answered 404/);
});
