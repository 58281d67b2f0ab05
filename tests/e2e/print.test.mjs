// Printing: each game prints as the thing itself, a blank Mastermind sheet, a peg board, a Cluedo
// notebook, without the site's header, status line, settings and buttons (checked with print media emulated, and
// looked at in the screenshots).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot, solverReady } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

for (const [name, path, kept] of [
  ['mastermind', '/#/mastermind?mode=break', '.rows'],
  ['pegs', '/#/pegs?board=english', '.pegs-board'],
  ['cluedo', '/#/cluedo?players=deduction,random&seed=3&pace=step', '.notebook table'],
]) {
  test(`${name} prints the game alone`, async () => {
    const page = await open(browser, `${server.url}${path}`, { width: 794, height: 1123 });
    await solverReady(page);
    await page.waitForSelector(kept);
    await page.emulateMedia({ media: 'print' });
    const shown = (selector) => page.$$eval(selector, (els) => els.some((e) => e.getClientRects().length > 0));
    assert.equal(await shown(kept), true, `${kept} is printed`);
    for (const gone of ['header.top', 'div.status', 'form.settings, .cluedo-settings', '#submit, #undo, #share, #embed-this, #count-all, .cluedo-move']) {
      assert.equal(await shown(gone), false, `${gone} is not printed`);
    }
    await shot(page, `print-${name}`);
    assert.deepEqual(page.errors, []);
  });
}
