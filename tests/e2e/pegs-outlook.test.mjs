// Peg solitaire's answer after every jump, as a player meets it: reloaded and shared English games at several
// depths, won and lost (a link from before the hole names, one with names, one past a solution); a jump the heat map
// rates 0 explained on the board; the French board's first game; one notation on the board's edges, the selects and
// the status line; the game's keys anywhere on the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot, solverReady } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const named = (page, name) => page.locator(`.pegs-board .hole[data-name="${name}"]`);
const state = (page) => page.evaluate(() => ({ ...document.querySelector('.pegs').dataset }));
/** Waits until the page knows whether the finish can still be reached; returns the seconds it took. */
async function settled(page, timeout = 60_000) {
  const t0 = Date.now();
  await page.waitForFunction(() => document.querySelector('.pegs')?.dataset.solvable !== 'unknown', null, { timeout });
  return (Date.now() - t0) / 1000;
}

test('an English game from an old link (row,column from 0, hole numbers): solvable, and a solution is shown', async () => {
  // Three jumps in the link; before, "could not tell" after a search that ran out of its budget.
  const page = await open(browser, `${server.url}/#/pegs?board=english&start=3,3&finish=3,3&moves=4-16.7-9.10-8`);
  await solverReady(page);
  const s = await settled(page);
  console.log(`three jumps in: answered in ${s.toFixed(2)} s (${(await state(page)).source})`);
  assert.equal((await state(page)).solvable, 'true');
  assert.equal(await page.getAttribute('.pegs', 'data-pegs'), '29');
  // The link now names holes and jumps the one way people read them.
  await page.waitForFunction(() => /start=d4&finish=d4&moves=[a-g]\d-[a-g]\d\./.test(location.hash));
  assert.equal(await page.getAttribute('#show-solution', 'aria-disabled'), 'false');
  await page.click('#show-solution');
  await page.waitForFunction(() => document.querySelector('.pegs').dataset.won === 'true', null, { timeout: 60_000 });
  assert.match(await page.textContent('#outlook'), /Solved/);
  assert.deepEqual(page.errors, []);
});

test('reloaded games at several depths along a solution are solvable; one jump off it, lost ones say why', async () => {
  const page = await open(browser, `${server.url}/#/pegs?board=english`);
  await solverReady(page);
  await settled(page);
  await page.click('#show-solution');
  await page.waitForFunction(() => document.querySelector('.pegs').dataset.won === 'true', null, { timeout: 60_000 });
  const moves = await page.evaluate(() => new URLSearchParams(location.hash.split('?')[1]).get('moves').split('.'));
  assert.equal(moves.length, 31);
  for (const depth of [4, 9, 15, 22, 28]) {
    const game = await open(browser, `${server.url}/#/pegs?board=english&moves=${moves.slice(0, depth).join('.')}`);
    await solverReady(game);
    const s = await settled(game);
    const st = await state(game);
    console.log(`${depth} jumps along a solution: ${st.solvable} in ${s.toFixed(2)} s (${st.source})`);
    assert.equal(st.solvable, 'true', `after ${depth} jumps`);
    assert.equal(st.pegs, String(32 - depth));
    await game.close();
  }
  // Lost games from links: each says why in a line, and the board draws the proof where there is a short one.
  const lost = [
    'd2-d4.f3-d3.d4-d2.b4-d4.e4-c4', // the jump the heat map rates 0: the shipped opening knows it
    'd2-d4.d5-d3.f5-d5.e3-e5.f3-f5.b4-d4.d4-d2.d6-d4', // past the opening: the search looked at every game
    'f4-d4.e2-e4.d4-f4.g4-e4.c2-e2.b4-d4.g3-e3.e4-c4.e2-e4.e5-e3.d6-d4', // a pagoda function proves it
    'b4-d4.c2-c4.e3-c3.e1-e3.f3-d3.c3-e3.c5-c3.e4-e2.e2-c2.b3-d3.c1-c3.c7-c5.d4-d2.d1-d3', // deeper: the search
  ];
  for (const m of lost) {
    const game = await open(browser, `${server.url}/#/pegs?board=english&moves=${m}`);
    await solverReady(game);
    const s = await settled(game);
    const st = await state(game);
    console.log(`lost after ${m.split('.').length} jumps: ${st.lost} (${st.source}) in ${s.toFixed(2)} s`);
    assert.equal(st.solvable, 'false', m);
    assert.match(await game.textContent('#outlook'), /Not solvable any more/);
    if (st.lost === 'class') assert.ok(await game.locator('.pegs-board .hole.marked').count() > 0);
    if (st.lost === 'pagoda') assert.ok(await game.locator('.pegs-board .weight-label').count() > 0);
    if (st.lost !== 'no-game') assert.ok((await game.textContent('#proof')).length > 20);
    await shot(game, `pegs-lost-${st.lost}`, '.pegs-play');
    assert.deepEqual(game.errors, []);
    await game.close();
  }
  assert.deepEqual(page.errors, []);
});

test('a jump the heat map rates 0 is answered "not solvable any more" at once, with its reason', async () => {
  const page = await open(browser, `${server.url}/#/pegs?board=english&moves=d2-d4.f3-d3.d4-d2.b4-d4`);
  await solverReady(page);
  await settled(page);
  await page.waitForSelector('#outlook:has-text("games from here reach the finish")', { timeout: 120_000 });
  await named(page, 'e4').click();
  const rated = await named(page, 'c4').getAttribute('data-games');
  assert.equal(rated, '0', 'the heat map rates e4-c4 at 0');
  // The full number is in the side panel beside the short one in the hole.
  assert.match(await page.textContent('#jump-counts'), /e4-c4: 0 games/);
  await named(page, 'c4').click();
  const s = await settled(page, 10_000);
  console.log(`the zero-rated jump answered in ${s.toFixed(2)} s`);
  assert.equal((await state(page)).solvable, 'false');
  assert.match(await page.textContent('#outlook'), /Not solvable any more/);
  assert.match(await page.textContent('.pegs-side .muted'), /last e4-c4/);
  assert.deepEqual(page.errors, []);
});

test('the French board opens on its classic game (d2 to d6), the diamond on d2 to c5, both found solvable; the French count is offered on the command line', async () => {
  const page = await open(browser, `${server.url}/#/pegs?board=french`);
  await solverReady(page);
  assert.equal(await page.inputValue('#pegs-start'), 'd2');
  assert.equal(await page.inputValue('#pegs-finish'), 'd6');
  // A long search shows its progress; the page stays playable meanwhile.
  const s = await settled(page, 240_000);
  console.log(`the French board's first game found solvable in ${s.toFixed(1)} s`);
  assert.equal((await state(page)).solvable, 'true');
  assert.equal(await page.locator('#count-all').count(), 0, 'no count that cannot fit in the tab');
  assert.match(await page.textContent('#count-command'), /puzzle-lab pegs count --board french --start d2 --finish d6/);
  // The table of starts has every game from d2 to its end, beside the wins.
  await page.click('#starts-table > summary');
  assert.match(await page.textContent('#starts-table tr[data-start="d2"]'), /13,257,409,691,238,507,296,626[\s\S]*9,729,404,958,320,804,496,982,848/);
  await shot(page, 'pegs-french-first-game');
  // Its centre game is ruled out at once, by the rule of three, drawn on the board.
  const centre = await open(browser, `${server.url}/#/pegs?board=french&start=d4&finish=d4`);
  await solverReady(centre);
  await settled(centre, 10_000);
  assert.equal((await state(centre)).lost, 'class');
  assert.match(await centre.textContent('#outlook'), /No game from this start reaches this finish/);
  assert.ok(await centre.locator('.pegs-board .hole.marked').count() > 0);
  await shot(centre, 'pegs-french-centre-proof', '.pegs-play');
  // The diamond board too opens on a game that can be won (d2 to c5), found by the search.
  const diamond = await open(browser, `${server.url}/#/pegs?board=diamond`);
  await solverReady(diamond);
  assert.equal(await diamond.inputValue('#pegs-start'), 'd2');
  assert.equal(await diamond.inputValue('#pegs-finish'), 'c5');
  const d = await settled(diamond, 240_000);
  console.log(`the diamond board's first game found solvable in ${d.toFixed(1)} s`);
  assert.equal((await state(diamond)).solvable, 'true');
  // From the diamond's centre no single peg can be left anywhere: no one count of the rule of three shows it (each
  // rules out either its own holes or the others), two together do, at once, both drawn; the count in the tab says
  // 0 at once as well.
  const diamondCentre = await open(browser, `${server.url}/#/pegs?board=diamond&start=e5&finish=any-one`);
  await solverReady(diamondCentre);
  console.log(`the diamond's centre to one peg anywhere ruled out in ${(await settled(diamondCentre, 10_000)).toFixed(2)} s`);
  assert.equal((await state(diamondCentre)).lost, 'class-pair');
  assert.match(await diamondCentre.textContent('.pegs .proof'), /Count the pegs twice .*no single peg can be left/);
  assert.ok(await diamondCentre.locator('.pegs-board .hole.marked').count() > 0);
  assert.ok(await diamondCentre.locator('.pegs-board .hole.ringed').count() > 0);
  assert.equal(await diamondCentre.getAttribute('#count-shipped-games', 'data-solutions'), '0');
  await diamondCentre.click('#count-all');
  await diamondCentre.waitForSelector('#count-solutions', { timeout: 10_000 });
  assert.equal(await diamondCentre.getAttribute('#count-solutions', 'data-solutions'), '0');
  await shot(diamondCentre, 'pegs-diamond-centre-proof', '.pegs-play');
  // From its tip no rule rules a last peg out, but the shipped count found no game: said at once, from that count,
  // after a jump too (the search alone ran on without end).
  const tip = await open(browser, `${server.url}/#/pegs?board=diamond&start=e1&finish=any-one`);
  await solverReady(tip);
  await settled(tip, 10_000);
  assert.equal((await state(tip)).lost, 'no-game');
  assert.match(await tip.textContent('#outlook'), /No game from this start reaches this finish: .*counted ahead of time for the board's table below/);
  await named(tip, 'e3').click();
  await named(tip, 'e1').click();
  await settled(tip, 10_000);
  assert.match(await tip.textContent('#outlook'), /Not solvable any more: .*counted ahead of time/);
  assert.deepEqual(tip.errors, []);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(centre.errors, []);
  assert.deepEqual(diamond.errors, []);
  assert.deepEqual(diamondCentre.errors, []);
});

test('one notation: edge labels, selects, the status line; U, R and Escape anywhere on the page', async () => {
  const page = await open(browser, `${server.url}/#/pegs?board=english`);
  await solverReady(page);
  const edges = await page.$$eval('.pegs-board text.edge', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(edges, ['a', 'b', 'c', 'd', 'e', 'f', 'g', '1', '2', '3', '4', '5', '6', '7']);
  assert.equal(await page.inputValue('#pegs-start'), 'd4');
  await named(page, 'd2').click();
  await named(page, 'd4').click();
  await page.waitForSelector('.pegs-side .muted:has-text("last d2-d4")');
  // Focus away from the board (a click on the page's text), then the keys.
  await page.click('.help');
  await page.keyboard.press('u');
  await page.waitForFunction(() => document.querySelector('.pegs').dataset.pegs === '32');
  await page.keyboard.press('r');
  await page.waitForFunction(() => document.querySelector('.pegs').dataset.pegs === '31');
  await named(page, 'b3').click();
  assert.equal(await named(page, 'b3').getAttribute('aria-pressed'), 'true');
  await page.click('.help');
  await page.keyboard.press('Escape');
  assert.equal(await named(page, 'b3').getAttribute('aria-pressed'), 'false');
  // Heat labels stay inside their socket at every count.
  await named(page, 'b3').click();
  await page.waitForSelector('.pegs-board .heat-label');
  const spill = await page.$$eval('.pegs-board .hole.target', (gs) => gs.map((g) => {
    const ring = g.querySelector('.socket').getBBox();
    const label = g.querySelector('.heat-label')?.getBBox();
    return label ? label.width - ring.width : -1;
  }));
  assert.ok(spill.every((d) => d <= 1), `labels wider than their hole by ${spill}`);
  await shot(page, 'pegs-notation', '.pegs-play');
  assert.deepEqual(page.errors, []);
});
