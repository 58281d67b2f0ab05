// The presentation view for classrooms: `present=1` or the header's "Present" button; the site's header
// hidden, type large enough for the back of a room at 1920x1080 and at a projector's 1280x720, nothing wider than
// the screen; "Leave the presentation view" brings the page back.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot, solverReady } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const PAGES = [
  ['mastermind', '/#/mastermind?mode=break&see=1&present=1', '.rows'],
  ['pegs', '/#/pegs?board=english&present=1', '.pegs-board'],
  ['cluedo', '/#/cluedo?players=deduction,random&seed=3&pace=step&present=1', '.notebook table'],
];

for (const [width, height] of [[1920, 1080], [1280, 720]]) {
  for (const [name, path, shown] of PAGES) {
    test(`${name} presented at ${width}x${height}`, async () => {
      const page = await open(browser, `${server.url}${path}`, { width, height });
      await solverReady(page);
      await page.waitForSelector(shown);
      await page.waitForFunction(() => document.documentElement.classList.contains('present'));
      assert.equal(await page.locator('header.top').count(), 0, 'no site header');
      const root = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      assert.ok(root >= 20, `root type ${root}px`);
      // The smallest text a student must read: the controls' labels, the status line, the lanes' captions.
      const smallest = await page.evaluate(() => Math.min(...[...document.querySelectorAll('main label, div.status, .lane-name, .notebook td, .game-status')]
        .filter((e) => e.getClientRects().length).map((e) => parseFloat(getComputedStyle(e).fontSize))));
      assert.ok(smallest >= 16, `smallest caption ${smallest}px`);
      // The boards themselves grow, not only the type: the peg board to most of the screen's height, Mastermind's
      // pegs past the page's 46 px where the screen is tall enough for ten larger rows.
      if (name === 'pegs') {
        const board = await page.evaluate(() => document.querySelector('.pegs-board').getBoundingClientRect().width);
        assert.ok(board >= 0.7 * height, `the peg board is ${board}px wide on a ${height}px screen`);
      }
      if (name === 'mastermind') {
        const peg = await page.evaluate(() => document.querySelector('.rows .peg').getBoundingClientRect().width);
        assert.ok(peg >= (height >= 1000 ? 55 : 46), `Mastermind's pegs are ${peg}px`);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `${overflow}px wider than the screen`);
      await shot(page, `present-${name}-${width}x${height}`);
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }
}

test('the Present button turns the view on and off', async () => {
  const page = await open(browser, `${server.url}/#/pegs?board=english`, { width: 1280, height: 720 });
  await solverReady(page);
  await page.click('header.top #present');
  await page.waitForFunction(() => document.documentElement.classList.contains('present'));
  assert.equal(await page.locator('header.top').count(), 0);
  await page.click('#present');
  await page.waitForSelector('header.top');
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('present')), false);
  assert.deepEqual(page.errors, []);
});
