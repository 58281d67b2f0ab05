// Cluedo in Chromium: a whole game against two computer players played to its end (by the page's own hint, with
// cards shown when asked), the notebook filled and explained, the computers' notebooks revealed; the simulation
// page run and cancelled; bad links named.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot, solverReady } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const phase = (page) => page.getAttribute('.cluedo', 'data-phase');
/** Waits until the page waits for the person (or the game is over) with no job running. */
const settled = (page) => page.waitForFunction(() => {
  const s = document.querySelector('.cluedo');
  return s && s.dataset.busy === 'false' && s.dataset.phase !== 'computer';
}, null, { timeout: 60_000 });

/** Asks the hint which card to show, checks it (the card named and highlighted, the reason not about which card it
 * is) and shows that card. */
async function showByHint(page) {
  await page.click('text=Suggest for me');
  await page.waitForSelector('#cluedo-hint');
  const hint = await page.textContent('#cluedo-hint');
  const m = /^The expert would show ([^:]+): [a-z][^:]*\.$/.exec(hint);
  assert.ok(m, hint);
  assert.equal(await page.textContent('.cluedo-move button.primary'), `Show ${m[1]}`, 'the hinted card is highlighted');
  await page.click('.cluedo-move button.primary');
}

test('a whole game against two computers, played to the end with the hint', async () => {
  const page = await open(browser, `${server.url}/#/cluedo?players=deduction,random&seed=7&pace=100`);
  await solverReady(page);
  await page.waitForSelector('.notebook table');
  await shot(page, 'cluedo-start');
  let moves = 0;
  for (; moves < 200; moves++) {
    await settled(page);
    const p = await phase(page);
    if (p === 'over') break;
    if (p === 'show') {
      await showByHint(page);
    } else {
      await page.click('text=Suggest for me');
      await page.waitForSelector('.cluedo-move .hint[role=status]');
      const hint = await page.textContent('.cluedo-move .hint');
      // The expert's move, and why, in one line.
      assert.match(hint, /^The expert would (suggest|accuse|end the turn)[^:]*: [a-z].*\.$/);
      if (/^The expert would accuse/.test(hint)) {
        // The hint's move is the highlighted one, and an accusation asks first.
        assert.equal(await page.getAttribute('#accuse', 'class'), 'primary', 'Accuse is highlighted when suggested');
        await page.click('#accuse');
        assert.match(await page.textContent('.cluedo-move .confirm'), /you are out of the game/);
        await page.click('#accuse-confirm');
      }
      else if (p === 'your-turn') await page.click('.cluedo-move button:has-text("Suggest")');
      else await page.click('.cluedo-move button:has-text("End turn")');
    }
    await page.waitForFunction((n) => document.querySelector('.cluedo').dataset.phase !== n
      || document.querySelector('.cluedo').dataset.busy === 'true', p, { timeout: 30_000 }).catch(() => {});
  }
  assert.equal(await phase(page), 'over', `still playing after ${moves} moves`);
  const over = await page.textContent('.cluedo-over');
  assert.match(over, /wins|win!/);
  assert.match(over, /The envelope held/);
  // Every computer's notebook is revealed.
  await page.waitForFunction(() => !document.querySelector('.cluedo-revealed')?.textContent.includes('counting'));
  assert.equal(await page.locator('.cluedo-revealed details').count(), 2);
  await page.locator('.cluedo-revealed summary').first().click();
  assert.equal(await page.locator('.cluedo-revealed details[open] tbody tr').count(), 21);
  // The notebook is filled: my six cards and more are certain.
  const sure = await page.locator('section.notebook td.sure').count();
  assert.ok(sure > 6, `${sure} certain cells`);
  await shot(page, 'cluedo-over');
  assert.deepEqual(page.errors, []);
});

test('against two experts the hint says which card to show, and their reasons stay hidden', async () => {
  const page = await open(browser, `${server.url}/#/cluedo?players=expert,expert&seed=7&pace=100`);
  await solverReady(page);
  for (let moves = 0; ; moves++) {
    assert.ok(moves < 100, 'seed 7 asks the person to choose a card to show');
    await settled(page);
    const p = await phase(page);
    assert.notEqual(p, 'over', 'seed 7 asks the person to choose a card to show before the game ends');
    // An opponent's reason would tell the person what only it knows.
    assert.equal(await page.locator('#cluedo-reason').count(), 0);
    if (p === 'show') {
      await page.click('text=Suggest for me');
      await page.waitForSelector('#cluedo-hint');
      await shot(page, 'cluedo-show-hint', '.cluedo-panel');
      await showByHint(page);
      break;
    }
    if (p === 'after-suggestion') await page.click('.cluedo-move button:has-text("End turn")');
    else {
      if (moves === 0) {
        // The hint for a suggestion says how many envelopes each answer would leave.
        await page.click('text=Suggest for me');
        await page.waitForSelector('#cluedo-hint');
        assert.match(await page.textContent('#cluedo-hint'),
          /^The expert would suggest [^:]+: of all suggestions, this one.s answer .* deals that fit the game \(\d+ envelopes? between them\), .*answers? would leave .*envelopes?.*right about \d+ % of the time\.$/);
        await shot(page, 'cluedo-suggest-hint', '.cluedo-panel');
      }
      await page.click('.cluedo-move button:has-text("Suggest")');
    }
  }
  assert.deepEqual(page.errors, []);
});

test('a watched expert says why it plays each move', async () => {
  const page = await open(browser, `${server.url}/#/cluedo?players=deduction,deduction&watch=expert&seed=4&pace=100`);
  await solverReady(page);
  await page.waitForSelector('#cluedo-reason', { timeout: 30_000 });
  assert.equal(await page.getAttribute('#cluedo-reason', 'data-seat'), '0');
  assert.match(await page.textContent('#cluedo-reason'), /^Why .+'s last move: .+\.$/);
  await page.waitForFunction(() => document.querySelector('.cluedo').dataset.phase === 'over', null, { timeout: 60_000 });
  await shot(page, 'cluedo-expert-watched');
  assert.deepEqual(page.errors, []);
});

test('the notebook says why a card is certain, and the log marks the turns', async () => {
  const page = await open(browser, `${server.url}/#/cluedo?players=random,random&seed=3&pace=step`);
  await solverReady(page);
  await settled(page);
  // My first suggestion: shown a card by somebody (or nobody could refute).
  await page.click('.cluedo-move button:has-text("Suggest")');
  await settled(page);
  assert.equal(await phase(page), 'after-suggestion');
  const told = await page.textContent('.cluedo-move p');
  await page.click('.cluedo-move button:has-text("End turn")');
  // The computers wait for "Next move" at this pace.
  await page.waitForFunction(() => document.querySelector('.cluedo').dataset.busy === 'false');
  await page.waitForTimeout(300);
  assert.equal(await phase(page), 'computer');
  assert.equal(await page.getAttribute('.cluedo', 'data-turns'), '1');
  await page.click('text=Next move');
  await page.waitForFunction(() => Number(document.querySelector('.cluedo').dataset.turns) >= 2);
  const shown = /showed you (.+?)\. Accuse/.exec(told);
  assert.ok(shown, `seed 3 deals a first suggestion somebody refutes: ${told}`);
  {
    const card = shown[1];
    await page.click(`.notebook button[aria-label="Why is ${card} certain?"]`);
    await page.waitForSelector('.why-text');
    assert.match(await page.textContent('.why-text'), /forced by turn 1/);
    assert.equal(await page.locator('.cluedo-log li.forced').count(), 1);
  }
  await shot(page, 'cluedo-why', '.cluedo-columns');
  assert.deepEqual(page.errors, []);
});

test('a simulation runs with progress and lanes, and another is cancelled', async () => {
  const page = await open(browser, `${server.url}/#/cluedo/simulate?players=deduction,deduction,deduction&games=300&seed=5`);
  await solverReady(page);
  await page.click('#sim-run');
  await page.waitForSelector('#sim-table-out tbody tr', { timeout: 120_000 });
  const mean = Number(await page.getAttribute('#sim-table-out tbody tr', 'data-mean'));
  assert.ok(mean > 2 && mean < 7, `mean rounds ${mean}`);
  await page.waitForSelector('.latest-search svg');
  await shot(page, 'cluedo-simulate');
  await page.click('#sim-table');
  await page.waitForSelector('#sim-cancel');
  await page.click('#sim-cancel');
  await page.waitForSelector('.cluedo-sim .error:has-text("Stopped")');
  assert.ok(!(await page.isVisible('#sim-cancel')));
  assert.deepEqual(page.errors, []);
});

test('bad links are named, and the page still plays', async () => {
  const page = await open(browser, `${server.url}/#/cluedo?players=deduction,clever&seed=x&pace=fast`);
  await solverReady(page);
  const errors = await page.locator('.cluedo > .error').allTextContents();
  assert.ok(errors.some((e) => e.includes("'clever' is not a kind of player")), errors.join('|'));
  assert.ok(errors.some((e) => e.includes("players: 1 computer player; a game has 2 to 5 (with you, 3 to 6 seats), so 2 play (deduction players added)")), errors.join('|'));
  assert.ok(errors.some((e) => e.includes("seed: 'x'")), errors.join('|'));
  assert.ok(errors.some((e) => e.includes("pace: 'fast'")), errors.join('|'));
  await settled(page);
  assert.equal(await phase(page), 'your-turn');
  const sim = await open(browser, `${server.url}/#/cluedo/simulate?players=random&games=0`);
  await sim.waitForSelector('.cluedo-sim > .error');
  const simErrors = await sim.locator('.cluedo-sim > .error').allTextContents();
  assert.ok(simErrors.some((e) => e.includes("players: 1 player; a game has 2 to 6, so 2 play (deduction players added)")), simErrors.join('|'));
  assert.ok(simErrors.some((e) => e.includes("games: '0'")), simErrors.join('|'));
  // Named once, and gone from the address: a reload or a copied link carries the values used.
  await sim.waitForFunction(() => location.hash === '#/cluedo/simulate?players=random,deduction&games=1000&seed=1');
  assert.deepEqual(page.errors, []);
});

test('on a phone the table fits the width, and the move panel is near the top', async () => {
  const page = await open(browser, `${server.url}/#/cluedo?players=deduction,listening,random&seed=11`, { width: 375, height: 740 });
  await solverReady(page);
  await page.waitForSelector('.notebook table');
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, width: innerWidth }));
  assert.ok(scroll <= width + 1, `page scrolls sideways: ${scroll} > ${width}`);
  const top = await page.evaluate(() => document.querySelector('.cluedo-move').getBoundingClientRect().top);
  assert.ok(top < 740, `the move panel starts at ${top}px`);
  await shot(page, 'cluedo-phone');
  const sim = await open(browser, `${server.url}/#/cluedo/simulate`, { width: 375, height: 740 });
  await solverReady(sim);
  const s = await sim.evaluate(() => document.scrollingElement.scrollWidth);
  assert.ok(s <= 376, `simulation page scrolls sideways: ${s}`);
  assert.deepEqual(page.errors, []);
});

test('the keyboard alone plays a turn', async () => {
  const page = await open(browser, `${server.url}/#/cluedo?players=random,random&seed=3&pace=step`);
  await solverReady(page);
  await settled(page);
  await page.focus('.cluedo-move select[aria-label=suspect]');
  await page.keyboard.press('ArrowDown'); // Colonel Mustard
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown'); // Knife
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab'); // the Suggest button
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.cluedo').dataset.turns === '1');
  assert.match(await page.textContent('.cluedo-log li'), /You suggested Colonel Mustard, Knife, Kitchen/);
  await page.waitForFunction(() => document.querySelector('.cluedo').dataset.busy === 'false');
  await page.locator('.cluedo-move button:has-text("End turn")').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.cluedo').dataset.phase === 'computer');
  assert.deepEqual(page.errors, []);
});

test('a reload goes on from the same move (the address keeps the moves)', async () => {
  const page = await open(browser, `${server.url}/#/cluedo?players=deduction,random&seed=11&pace=50`);
  await solverReady(page);
  // A few turns of the person's (by the hint) and the computers'.
  for (let turn = 0; turn < 3; turn++) {
    await settled(page);
    const p = await phase(page);
    if (p === 'over') break;
    if (p === 'show') await page.locator('.cluedo-move button').first().click();
    else if (p === 'after-suggestion') await page.click('.cluedo-move button:has-text("End turn")');
    else await page.click('.cluedo-move button:has-text("Suggest")');
  }
  await settled(page);
  const before = {
    turns: await page.getAttribute('.cluedo', 'data-turns'),
    phase: await phase(page),
    log: await page.textContent('.cluedo-log'),
  };
  assert.ok(Number(before.turns) > 0, 'some turns were played');
  assert.match(page.url(), /moves=\d/);
  await page.reload();
  await solverReady(page);
  await settled(page);
  assert.equal(await page.getAttribute('.cluedo', 'data-turns'), before.turns);
  assert.equal(await phase(page), before.phase);
  assert.equal(await page.textContent('.cluedo-log'), before.log);
  assert.equal(await page.locator('.cluedo > .error').count(), 0);
  await shot(page, 'cluedo-reloaded');
  assert.deepEqual(page.errors, []);
});
