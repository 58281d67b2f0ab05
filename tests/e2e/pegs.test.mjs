// Peg solitaire in Chromium: a game played to one peg, per-jump counts while playing the English board, a count
// run to its exact figure and another cancelled, a shared link restored.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot, solverReady } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });
// A test's pages close with it: a search one leaves running would take the cores the next test's page needs.

const hole = (page, r, c) => page.locator(`.pegs-board .hole[data-row="${r}"][data-col="${c}"]`);
const waitOutlook = (page, solvable) => page.waitForFunction(
  (s) => document.querySelector('.pegs')?.dataset.solvable === s, solvable, { timeout: 30_000 });

test('the triangle is played to one peg by clicks, then by the solver to the end', async () => {
  const page = await open(browser, `${server.url}/#/pegs?board=triangle&start=0,0&finish=any-one`);
  await solverReady(page);
  await waitOutlook(page, 'true');
  await page.waitForSelector('#outlook:has-text("29,760 games")', { timeout: 30_000 });
  // Pick up the peg at row 2, column 0 (from 0) and jump it into the top hole.
  await hole(page, 2, 0).click();
  assert.equal(await hole(page, 2, 0).getAttribute('aria-pressed'), 'true');
  await hole(page, 0, 0).click();
  assert.equal(await page.getAttribute('.pegs', 'data-pegs'), '13');
  await page.waitForSelector('#outlook:has-text("14,880 games")', { timeout: 30_000 });
  // By keyboard: undo and redo.
  await page.keyboard.press('u');
  await page.waitForFunction(() => document.querySelector('.pegs').dataset.pegs === '14');
  await page.keyboard.press('r');
  await page.waitForFunction(() => document.querySelector('.pegs').dataset.pegs === '13');
  await waitOutlook(page, 'true');
  await page.click('#show-solution');
  await page.waitForFunction(() => document.querySelector('.pegs').dataset.won === 'true', null, { timeout: 30_000 });
  assert.equal(await page.getAttribute('.pegs', 'data-pegs'), '1');
  assert.match(await page.textContent('#outlook'), /Solved/);
  await shot(page, 'pegs-triangle-solved');
  assert.deepEqual(page.errors, []);
});

test('the English board: counts at once from the shipped opening, the table built meanwhile and kept across jumps', async () => {
  const page = await open(browser, `${server.url}/#/pegs?board=english`);
  await solverReady(page);
  // The classic game's first positions are in the shipped opening: their counts come at once.
  const t0 = Date.now();
  await page.waitForSelector('#outlook:has-text("40,861,647,040,079,968 games")', { timeout: 30_000 });
  console.log(`per-jump counts at the start (opening book): ${((Date.now() - t0) / 1000).toFixed(2)} s`);
  // Meanwhile the worker builds this game's table of every position, level by level.
  const level = () => page.evaluate(() => {
    const m = document.querySelector('#table-building')?.textContent.match(/level (\d+) of (\d+)/);
    return m ? Number(m[1]) : null;
  });
  await page.waitForFunction(() => {
    const m = document.querySelector('#table-building')?.textContent.match(/level (\d+) of/);
    return m && Number(m[1]) >= 3;
  }, null, { timeout: 120_000 });
  const before = await level();
  await shot(page, 'pegs-english-building', '.pegs-play');
  // The person jumps before it is done (row 1, column 3 into the centre): the counts come from the opening at
  // once, and the build goes on from the levels it made (the new request's first report says how many).
  await hole(page, 1, 3).click();
  const t1 = Date.now();
  await hole(page, 3, 3).click();
  await page.waitForSelector('#outlook:has-text("10,215,411,760,019,992 games")', { timeout: 30_000 });
  console.log(`per-jump counts after the first jump, the table at level ${before}: ${((Date.now() - t1) / 1000).toFixed(2)} s`);
  await page.waitForFunction(() => /level \d+ of/.test(document.querySelector('#table-building')?.textContent ?? ''),
    null, { timeout: 30_000 });
  const after = await level();
  assert.ok(after >= before, `the build went on from level ${before}, not from ${after}`);
  // The counts through each jump of a picked-up peg.
  await hole(page, 2, 1).click();
  const targets = await page.$$eval('.pegs-board .hole.target', (hs) => hs.map((h) => h.dataset.games));
  assert.ok(targets.length >= 1 && targets.every((g) => Number(g) > 0), `targets: ${targets}`);
  await shot(page, 'pegs-english-heat', '.pegs-play'); // docs/screenshot-pegs-heat.png is a copy
  await hole(page, 2, 1).click();
  await page.waitForSelector('#table-levels', { state: 'detached', timeout: 180_000 });
  console.log(`table of games from every position built (one jump during it): ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // Past the opening the table answers: a solution played to the end, then ten jumps taken back (21 pegs).
  await page.click('#show-solution');
  await page.waitForFunction(() => document.querySelector('.pegs').dataset.won === 'true', null, { timeout: 60_000 });
  // By keyboard: the show's button keeps the focus when the game is won, so the game's keys still work.
  for (let i = 0; i < 10; i++) await page.keyboard.press('u');
  await page.waitForFunction(() => document.querySelector('.pegs').dataset.pegs === '11', null, { timeout: 5_000 });
  const t2 = Date.now();
  await page.waitForSelector('#outlook:has-text("games from here reach the finish")', { timeout: 30_000 });
  console.log(`per-jump counts past the opening, from the table: ${((Date.now() - t2) / 1000).toFixed(2)} s`);
  assert.deepEqual(page.errors, []);
});

test('a count runs to its exact figure, and a long one can be cancelled', async () => {
  const page = await open(browser, `${server.url}/#/pegs?board=triangle&start=0,0&finish=any-one`);
  await solverReady(page);
  await page.click('#count-all');
  await page.waitForSelector('#count-solutions', { timeout: 30_000 });
  assert.equal(await page.getAttribute('#count-solutions', 'data-solutions'), '29760');
  await shot(page, 'pegs-count-triangle', '.count-panel'); // docs/screenshot-pegs-count.png is a copy
  const english = await open(browser, `${server.url}/#/pegs?board=english&finish=dead-end`);
  await solverReady(english);
  await english.click('#count-all');
  await english.waitForFunction(() => Number(document.querySelector('#count-levels')?.value) >= 3, null, { timeout: 60_000 });
  // The positions per level are drawn as the levels finish, before the count ends.
  await english.waitForFunction(() => document.querySelectorAll('.count-panel .chart .point').length >= 4, null, { timeout: 60_000 });
  const live = await english.$$eval('.count-panel .chart .point', (ps) =>
    Object.fromEntries(ps.map((p) => [p.dataset.row, Number(p.dataset.value)])));
  // Positions after 1, 2, 3 jumps (every position, not classes), as OEIS A112737's neighbours count them.
  assert.deepEqual([live[1], live[2], live[3]], [4, 12, 60]);
  await shot(english, 'pegs-count-live', '.count-panel');
  await english.click('#count-cancel');
  await english.waitForSelector('#count-error:has-text("Cancelled")');
  // The pool is free again: the game's own questions are answered.
  await waitOutlook(english, 'true');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(english.errors, []);
});

test("a board's table of games by start ships with the app: its count shows at once, a click plays a row", async () => {
  const page = await open(browser, `${server.url}/#/pegs?board=triangle&start=a1&finish=any-one`);
  await solverReady(page);
  // Folded until asked for (its rows drawn only then); open, it stays open as its links open other games.
  assert.equal(await page.locator('#starts-table tbody tr[data-start]').count(), 0);
  await page.click('#starts-table > summary');
  // One row per class of start holes (corner, next to a corner, mid-edge, inside), the one played marked.
  assert.equal(await page.locator('#starts-table tbody tr[data-start]').count(), 4);
  assert.equal(await page.getAttribute('#starts-table tr.current', 'data-start'), 'a1');
  assert.equal(await page.getAttribute('#count-shipped-games', 'data-solutions'), '29760');
  assert.equal(await page.textContent('#count-all'), 'Count it live');
  // The inside start, to one peg anywhere: 1,550 games (Durango Bill); the click plays it.
  await page.click('#starts-table tr[data-start="b3"] td:nth-of-type(1) a');
  await page.waitForFunction(() => document.querySelector('#pegs-start')?.value === 'b3', null, { timeout: 10_000 });
  assert.equal(await page.inputValue('#pegs-finish'), 'any-one');
  assert.equal(await page.getAttribute('#starts-table tr.current', 'data-start'), 'b3');
  assert.equal(await page.getAttribute('#count-shipped-games', 'data-solutions'), '1550');
  // Counted live in the tab, the same figure.
  await solverReady(page);
  await page.click('#count-all');
  await page.waitForSelector('#count-solutions', { timeout: 30_000 });
  assert.equal(await page.getAttribute('#count-solutions', 'data-solutions'), '1550');
  // Beside the shipped figure: said to agree (a browser that counted wrong would be told, with both figures).
  assert.match(await page.textContent('#count-agrees'), /same figure as the table shipped/);
  assert.equal(await page.locator('#count-mismatch').count(), 0);
  await shot(page, 'pegs-starts-table', '#starts-table');
  // A start the table answers through a symmetry (the corner e5 is a1 turned).
  const turned = await open(browser, `${server.url}/#/pegs?board=triangle&start=e5&finish=any-one`);
  await solverReady(turned);
  await turned.click('#starts-table > summary');
  assert.equal(await turned.getAttribute('#count-shipped-games', 'data-solutions'), '29760');
  assert.equal(await turned.getAttribute('#starts-table tr.current', 'data-start'), 'a1');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(turned.errors, []);
  // The French board, too big to count in a tab: its shipped figure at once, beside the command that counts it.
  const french = await open(browser, `${server.url}/#/pegs?board=french&start=d2&finish=any-one`);
  await solverReady(french);
  await french.click('#starts-table > summary');
  assert.equal(await french.locator('#starts-table tbody tr[data-start]').count(), 8);
  assert.equal(await french.getAttribute('#starts-table tr.current', 'data-start'), 'd2');
  assert.equal(await french.getAttribute('#count-shipped-games', 'data-solutions'), '13257409691238507296626');
  assert.equal(await french.locator('#count-all').count(), 0);
  assert.match(await french.textContent('#count-command'), /pegs count --board french --start d2 --finish any-one/);
  await shot(french, 'pegs-starts-french', '#starts-table');
  assert.deepEqual(french.errors, []);
  // The diamond board: d2 to one peg anywhere counted natively in 1 h 28 min, shown at once with its command.
  const diamond = await open(browser, `${server.url}/#/pegs?board=diamond&start=d2&finish=any-one`);
  await solverReady(diamond);
  await diamond.click('#starts-table > summary');
  assert.equal(await diamond.locator('#starts-table tbody tr[data-start]').count(), 9);
  // Each start drawn with its hole empty and coloured by whether it can be won, with the reason where it cannot:
  // d2 and e3 can; the centre is ruled out by two counts of the rule of three (shaded and ringed on its drawing);
  // the tip e1 is allowed five holes by the rule, and a full count found no game.
  const outlook = (start) => diamond.getAttribute(`#starts-table tr[data-start="${start}"]`, 'data-outlook');
  assert.deepEqual(await Promise.all(['e1', 'd2', 'e2', 'c3', 'd3', 'e3', 'd4', 'e4', 'e5'].map(outlook)),
    ['lost', 'won', 'lost', 'lost', 'lost', 'won', 'lost', 'lost', 'lost']);
  const why = (start) => diamond.textContent(`#starts-table tr[data-start="${start}"] + tr.why`);
  assert.match(await why('d2'), /^Can be won/);
  assert.match(await why('e5'), /^Cannot be won, by the rule of three: .* every hole is shaded or ringed/);
  assert.match(await why('e1'), /allows the last peg on the 5 ringed holes \(e3, b6, e6, h6, e9\), yet counting every game/);
  const drawn = (start, what) => diamond.locator(`#starts-table tr[data-start="${start}"] .mini-board ${what}`).count();
  assert.deepEqual(await Promise.all([drawn('e5', '.socket.start'), drawn('e5', '.ball'), drawn('e1', '.ring')]), [1, 40, 5]);
  assert.ok(await drawn('e5', '.socket.marked') > 0 && await drawn('e5', '.ring') > 0);
  assert.equal(await drawn('d2', '.socket.marked') + await drawn('d2', '.ring'), 0);
  assert.equal(await diamond.getAttribute('#count-shipped-games', 'data-solutions'), '733154325329298002411');
  assert.match(await diamond.textContent('#count-command'), /pegs count --board diamond --start d2 --finish any-one/);
  // Every game to its end is too big to count exactly on this board (over 100 GB): each start's is an estimate,
  // marked "about", with its error on hover, and the footnote says how it was made.
  const deadEnds = await diamond.locator('#starts-table tbody tr[data-start] td.estimate').allTextContents();
  assert.equal(deadEnds.length, 9);
  for (const text of deadEnds) assert.match(text, /^about \d\.\d+ × 10\d\d$/);
  assert.match(await diamond.getAttribute('#starts-table tr[data-start="d2"] td.estimate a', 'title'), /^Estimated, not counted: .*±\d\.\d\d %/);
  assert.match(await diamond.textContent('#starts-estimated'), /pegs estimate --board diamond/);
  await shot(diamond, 'pegs-starts-diamond', '#starts-table');
  assert.deepEqual(diamond.errors, []);
  // Played to its end, the count panel shows the estimate at once, with both commands, and offers no count.
  const end = await open(browser, `${server.url}/#/pegs?board=diamond&start=d2&finish=dead-end`);
  await solverReady(end);
  assert.match(await end.textContent('#count-estimated'), /^about \d\.\d+ × 10\d\d games/);
  assert.ok(Number(await end.getAttribute('#count-estimated', 'data-games')) > 1e20);
  assert.match(await end.textContent('#estimate-command'), /pegs estimate --board diamond --start d2 --finish dead-end/);
  assert.equal(await end.locator('#count-all').count(), 0);
  await shot(end, 'pegs-diamond-estimate', '.count-panel');
  assert.deepEqual(end.errors, []);
});

test('a shared link restores the board, the start, the finish and the jumps', async () => {
  const page = await open(browser, `${server.url}/#/pegs?board=english`);
  await solverReady(page);
  await hole(page, 1, 3).click();
  await hole(page, 3, 3).click();
  await hole(page, 2, 1).click();
  await hole(page, 2, 3).click();
  await page.waitForFunction(() => location.hash.includes('moves='));
  const link = await page.evaluate(() => location.href);
  const other = await open(browser, link);
  await solverReady(other);
  assert.equal(await other.getAttribute('.pegs', 'data-pegs'), '30');
  assert.equal(await other.locator('.pegs-board .hole.peg').count(), 30);
  const bad = await open(browser, `${server.url}/#/pegs?board=hexagon&start=9,9&moves=1-2`);
  assert.match(await bad.textContent('.banner.warn'), /no board called 'hexagon'/);
  assert.deepEqual(other.errors, []);
});

test('phone and projector widths, and the embed layout', async () => {
  const phone = await open(browser, `${server.url}/#/pegs?board=english&embed=1`, { width: 375, height: 740 });
  await solverReady(phone);
  assert.equal(await phone.locator('header.top').count(), 0, 'no site header when embedded');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `scrolls sideways by ${overflow} px`);
  const board = await phone.locator('.pegs-board').boundingBox();
  assert.ok(board.width <= 375 && board.width >= 300, `board ${board.width} px wide`);
  await shot(phone, 'pegs-phone-embed');
  const projector = await open(browser, `${server.url}/#/pegs?board=diamond&start=4,4`, { width: 1920, height: 1080 });
  await solverReady(projector);
  await projector.waitForSelector('.pegs-board .hole.peg');
  await shot(projector, 'pegs-projector-diamond');
  assert.deepEqual(phone.errors, []);
  assert.deepEqual(projector.errors, []);
});

test('a board of your own: typed in the page, carried in the link, counted and played; a bad layout is named', async () => {
  const page = await open(browser, `${server.url}/#/pegs?board=english`);
  await solverReady(page);
  await page.selectOption('#pegs-board', 'custom');
  await page.fill('#pegs-layout', 'triangle\no\noo\nooo\noooo\nooooo');
  await page.click('#pegs-layout-play');
  await page.waitForFunction(() => location.hash.includes('layout=triangle/o/oo/ooo/oooo/ooooo'));
  assert.equal(await page.locator('.pegs-board .hole').count(), 15);
  // The same board by link, to one peg anywhere from the top: the triangle's 29,760 games.
  const linked = await open(browser, `${server.url}/#/pegs?layout=triangle/o/oo/ooo/oooo/ooooo&start=0,0&finish=any-one`);
  await solverReady(linked);
  await linked.waitForSelector('#outlook:has-text("29,760 games")', { timeout: 30_000 });
  await linked.click('#count-all');
  await linked.waitForSelector('#count-solutions', { timeout: 30_000 });
  assert.equal(await linked.getAttribute('#count-solutions', 'data-solutions'), '29760');
  // A square of 25 holes: no game from its centre ends back there, so it opens on a start that can be won, says so,
  // and puts that start in the address.
  const square = await open(browser, `${server.url}/#/pegs?layout=ooooo/ooooo/ooooo/ooooo/ooooo`);
  await solverReady(square);
  await square.waitForSelector('#pegs-start-note', { timeout: 30_000 });
  assert.match(await square.textContent('#pegs-start-note'),
    /own start, c3 empty, ends with one peg back in c3, so it opened on ([a-e][1-5]), from which a game ends with one peg/);
  const start = await square.inputValue('#pegs-start');
  assert.notEqual(start, 'c3');
  await square.waitForFunction((s) => location.hash.includes(`start=${s}&`), start);
  await square.waitForSelector('.pegs[data-solvable="true"]', { timeout: 30_000 });
  await shot(square, 'pegs-own-board-start', '.pegs-play');
  const bad = await open(browser, `${server.url}/#/pegs?layout=oo/q`);
  await solverReady(bad);
  assert.match(await bad.textContent('.banner.warn'), /layout: .*the English board is used/);
  for (const p of [page, linked, square, bad]) assert.deepEqual(p.errors, []);
});

test('"Count it live" past the opening starts at once, and its lanes stay its own after the game goes on building', async () => {
  // Nine jumps into the classic game: past the shipped opening, so the game builds its table meanwhile.
  const moves = 'd2-d4.b3-d3.c1-c3.e1-c1.b5-b3.c4-c2.c1-c3.c6-c4.c3-c5';
  const page = await open(browser, `${server.url}/#/pegs?board=english&start=d4&finish=d4&moves=${moves}`);
  await solverReady(page);
  assert.equal(await page.getAttribute('.pegs', 'data-pegs'), '23');
  await page.click('#count-all');
  // Never silent: the count says it is starting, then its levels, within seconds; the game's counts wait, and say so.
  assert.match(await page.textContent('.count-progress'), /Starting the count|Level \d+ of \d+/);
  await page.waitForSelector('#outlook:has-text("counted once your count of every game is done")', { timeout: 5_000 });
  await page.waitForFunction(() => Number(document.querySelector('#count-levels')?.value) >= 1, null, { timeout: 5_000 });
  await page.waitForSelector('#count-lanes .lanes', { timeout: 10_000 });
  assert.match(await page.textContent('#count-lanes h3'), /This count's latest step/);
  await page.waitForSelector('#count-solutions', { timeout: 60_000 });
  assert.equal(await page.getAttribute('#count-solutions', 'data-solutions'), '40861647040079968');
  // The game's own table build goes on afterwards; the count's lanes still show the count's last step.
  const drawn = await page.innerHTML('#count-lanes');
  assert.match(await page.textContent('#count-lanes h3'), /This count's last step/);
  // The counts through each jump waited for the count (said so), and are worked out after it.
  await page.waitForFunction(() => /Counting the games through each jump/.test(document.querySelector('#outlook').textContent),
    null, { timeout: 30_000 });
  await page.waitForTimeout(1_000);
  assert.equal(await page.innerHTML('#count-lanes'), drawn);
  await page.waitForSelector('#outlook:has-text("games from here reach the finish")', { timeout: 60_000 });
  assert.deepEqual(page.errors, []);
});

test('a shared link deep in a game shows its counts within seconds, from a table of the positions ahead', async () => {
  // Nine jumps into the classic game, opened fresh (a reload or a shared link): no table of the game is built yet.
  const moves = 'd2-d4.b3-d3.c1-c3.e1-c1.b5-b3.c4-c2.c1-c3.c6-c4.c3-c5';
  const t0 = Date.now();
  const page = await open(browser, `${server.url}/#/pegs?board=english&start=d4&finish=d4&moves=${moves}`);
  await solverReady(page);
  await page.waitForSelector('#outlook:has-text("2,467,902,088 games from here reach the finish")', { timeout: 30_000 });
  console.log(`counts through each jump for a link nine jumps in: ${((Date.now() - t0) / 1000).toFixed(2)} s after opening`);
  // The next jumps are answered from the same table at once; the game's own table is built meanwhile.
  const pegs = await page.getAttribute('.pegs', 'data-pegs');
  const jump = await page.evaluate(() => {
    const t = document.querySelector('.pegs-board .hole.movable');
    return t && { from: t.dataset.name };
  });
  assert.ok(jump, 'a peg can move');
  await page.click(`.pegs-board .hole[data-name="${jump.from}"]`);
  const t1 = Date.now();
  await page.click('.pegs-board .hole.target');
  await page.waitForFunction((before) => document.querySelector('.pegs').dataset.pegs === String(Number(before) - 1)
    && /games from here reach the finish|Not solvable|No game/.test(document.querySelector('#outlook').textContent), pegs, { timeout: 10_000 });
  console.log(`the answer after the next jump: ${((Date.now() - t1) / 1000).toFixed(2)} s`);
  assert.deepEqual(page.errors, []);
  // Seven jumps in, the first position past the shipped opening: a table of the positions ahead as well, not the
  // game's whole table (tens of seconds).
  const seven = moves.split('.').slice(0, 7).join('.');
  const t2 = Date.now();
  const page7 = await open(browser, `${server.url}/#/pegs?board=english&start=d4&finish=d4&moves=${seven}`);
  await solverReady(page7);
  assert.equal(await page7.getAttribute('.pegs', 'data-pegs'), '25');
  await page7.waitForFunction(() => /games from here reach the finish|a table of the positions ahead/.test(document.querySelector('#outlook').textContent),
    null, { timeout: 30_000 });
  assert.doesNotMatch(await page7.textContent('#outlook'), /table of every position/);
  await page7.waitForSelector('#outlook:has-text("games from here reach the finish")', { timeout: 30_000 });
  console.log(`counts through each jump for a link seven jumps in: ${((Date.now() - t2) / 1000).toFixed(2)} s after opening`);
  assert.deepEqual(page7.errors, []);
});
