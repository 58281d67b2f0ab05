// The computer breaks a huge code with knuth, its default: past what knuth can list it hands over to the sampled split,
// once, says so in one line, and wins.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot, solverReady, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('knuth at 30x10 hands over to the sampled split once, says so, and breaks the code', async () => {
  const secret = Array.from({ length: 30 }, (_, i) => (i * 7 + 3) % 10);
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&pegs=30&colors=10&rows=200&secret=${secret.join(',')}`);
  await solverReady(page);
  await waitPhase(page, 'won');
  const rows = await page.$$eval('.rows li.row', (rs) => rs.length);
  assert.ok(rows > 5 && rows < 200, `${rows} guesses`);
  // The Strategy box, the game's status and its "why" all name the strategy that played.
  const line = 'knuth cannot list 1.0 × 10³⁰ codes; sampled-split plays instead';
  assert.equal(await page.textContent('#strategy-handover'), line);
  assert.ok((await page.textContent('#handover')).startsWith(line));
  assert.match(await page.textContent('#handover details'), /knuth scores every code against every possible secret, so it lists every code: .*sampled-split chose this guess/);
  assert.match(await page.textContent('.game-status'), /guesses by sampled-split/);
  await shot(page, 'make-30x10-knuth-hands-over');
  assert.deepEqual(page.errors, []);
});
