#!/usr/bin/env node
// Runs the headline measurements, records each in benchmarks/results.json (with its date, commit, machine and
// threads) and rewrites BENCHMARKS.md's table from that file. One row per figure.
//
//   node scripts/bench.mjs              the native rows (minutes; builds the release CLI first)
//   node scripts/bench.mjs --browser    also the Chromium rows (needs dist/: `trunk build --release`)
//   node scripts/bench.mjs --long       also the long rows (7x7 every secret, the French and diamond counts: hours)
//   node scripts/bench.mjs --only ID... just those rows (any kind)
//   node scripts/bench.mjs --table      only rewrite BENCHMARKS.md from the recorded results
//   node scripts/bench.mjs --list       the rows this script produces, one id a line
//
// A row names the commit it measured, so the code (crates/, web/, Cargo.lock) must be committed first: the script
// refuses to measure on uncommitted code. The machine is named by its cores, processor and memory.
//
// A row not run keeps its recorded figure, date and commit. Times are wall clock on a shared machine: they vary by
// about 30 % between hours, so compare figures taken side by side, not across days.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { firstVisit } from './first-visit.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS = join(ROOT, 'benchmarks', 'results.json');
const TABLE = join(ROOT, 'BENCHMARKS.md');
const CLI = join(ROOT, 'target', 'release', 'puzzle-lab');

/**
 * Runs `command`, a `puzzle-lab ...` line as a row shows it (so the figure is the shown command's); its JSON (last
 * line of output), wall seconds and peak resident MB.
 */
function run(command) {
  const [program, ...args] = command.split(/\s+/);
  if (program !== 'puzzle-lab') throw new Error(`not a puzzle-lab command: ${command}`);
  const report = join(ROOT, 'target', 'bench-time.txt');
  const started = process.hrtime.bigint();
  let stdout;
  try {
    stdout = execFileSync('/usr/bin/time', ['-o', report, '-f', '%M', CLI, ...args], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 28 });
  } catch (e) {
    throw new Error(`${command} failed: ${e.message}`);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const mb = Math.round(Number(readFileSync(report, 'utf8').trim().split('\n').pop()) / 1024);
  const lines = stdout.trim().split('\n');
  return { json: JSON.parse(lines[lines.length - 1]), seconds, mb };
}

/** Runs a `tests/bench` script; the JSON lines it prints. */
function browser(script, args) {
  const out = execFileSync('node', [join('bench', script), ...args], { cwd: join(ROOT, 'tests'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  return out.trim().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
}

const s = (x) => `${x.toFixed(x < 10 ? 2 : 1)} s`;
const n = (x) => BigInt(x).toLocaleString('en-US');
// An estimate's repeats, lowest to highest, as shares of their mean.
const spread = (json) => `${(Math.min(...json.repeats) / json.games * 100 - 100).toFixed(1)} % to +${(Math.max(...json.repeats) / json.games * 100 - 100).toFixed(1)} %`;
const title = (board) => board[0].toUpperCase() + board.slice(1);

/** Every measurement: its id, kind (native, browser or long), what it is, its command, target, and how to run it. */
const ROWS = [
  {
    id: 'mm-4x6-knuth', kind: 'native', what: 'Mastermind 4x6, Knuth, every secret',
    command: 'puzzle-lab --threads 2 --json mastermind stats --pegs 4 --colors 6 --strategy knuth --all',
    target: 'Knuth (1977): 4.476 / 5',
    measure() {
      const { json, seconds } = run(this.command);
      return { figure: `mean ${json.mean.toFixed(4)}, worst ${json.worst}, ${s(seconds)}`, holds: json.mean.toFixed(3) === '4.476' && json.worst === 5 };
    },
  },
  {
    id: 'mm-4x6-optimal-book', kind: 'native', what: 'Mastermind 4x6, the optimal book searched',
    command: 'puzzle-lab --threads 2 --json mastermind book --pegs 4 --colors 6',
    target: 'under 1 s; 5625 guesses in all (Koyama and Lai)',
    measure() {
      const { seconds } = run(this.command);
      const { json } = run(`puzzle-lab --threads 2 --json mastermind stats --pegs 4 --colors 6 --strategy optimal --all`);
      const total = Math.round(json.mean * json.games);
      return { figure: `${s(seconds)}; ${total} guesses over ${json.games} secrets`, holds: seconds < 1 && total === 5625 };
    },
  },
  ...['knuth', 'most-parts', 'expected-size', 'entropy'].map((strategy) => ({
    id: `mm-5x8-${strategy}`, kind: 'native', what: `Mastermind 5x8, ${strategy}, every secret from 11223 (1 thread)`,
    command: `puzzle-lab --threads 1 --json mastermind stats --pegs 5 --colors 8 --strategy ${strategy} --all --first 0,0,1,1,2`,
    target: '',
    measure() {
      const { json, seconds } = run(this.command);
      return { figure: `mean ${json.mean.toFixed(4)}, worst ${json.worst}, ${s(seconds)}`, holds: null };
    },
  })),
  {
    id: 'mm-6x9-knuth', kind: 'native', what: 'Mastermind 6x9, Knuth, every secret from 112234 (2 threads)',
    command: 'puzzle-lab --threads 2 --json mastermind stats --pegs 6 --colors 9 --strategy knuth --all --first 0,0,1,1,2,3',
    target: '30 s; mean 6.4289, worst 9 (mikemag)',
    measure() {
      const { json, seconds, mb } = run(this.command);
      return { figure: `mean ${json.mean.toFixed(4)}, worst ${json.worst}, ${s(seconds)}, ${mb} MB`, holds: seconds <= 30 && json.mean.toFixed(4) === '6.4289' };
    },
  },
  ...[['knuth', '0,0,1,1,2,2,3', '120 s; mean 6.2222, worst 8 (mikemag)', (j, t) => t <= 120 && j.mean.toFixed(4) === '6.2222'],
    ['entropy', '0,0,1,1,2,2,3', 'within 2x of knuth', null],
    ['expected-size', '0,0,0,1,1,2,2', 'within 2x of knuth', null]].map(([strategy, first, target, holds]) => ({
    id: `mm-7x7-${strategy}`, kind: 'long', what: `Mastermind 7x7, ${strategy}, every secret from ${first.replaceAll(',', '').replace(/\d/g, (d) => Number(d) + 1)} (2 threads)`,
    command: `puzzle-lab --threads 2 --json mastermind stats --pegs 7 --colors 7 --strategy ${strategy} --all --first ${first}`,
    target,
    measure(results) {
      const { json, seconds, mb } = run(this.command);
      const knuth = results['mm-7x7-knuth']?.seconds;
      const ratio = strategy !== 'knuth' && knuth ? `, ${(seconds / knuth).toFixed(2)}x knuth` : '';
      return { figure: `mean ${json.mean.toFixed(4)}, worst ${json.worst}, ${s(seconds)}, ${mb} MB${ratio}`, seconds, holds: holds ? holds(json, seconds) : (knuth ? seconds <= 2 * knuth : null) };
    },
  })),
  {
    id: 'mm-feedback', kind: 'native', what: 'Feedback kernel, 4x6 (2 threads)',
    command: 'puzzle-lab --threads 2 --json mastermind bench-feedback --pegs 4 --colors 6',
    target: '',
    measure() {
      const { json } = run(this.command);
      return { figure: `${Math.round(json.feedbacks / json.seconds / 1e6)} M feedbacks/s`, holds: null };
    },
  },
  {
    id: 'mm-100x20', kind: 'native', what: 'Mastermind 100x20, local search, 10 seeded games (2 threads)',
    command: 'puzzle-lab --threads 2 --json mastermind stats --pegs 100 --colors 20 --games 10 --seed 1 --strategy local-search',
    target: 'every game solved',
    measure() {
      const { json, seconds } = run(this.command);
      return { figure: `mean ${json.mean.toFixed(1)} guesses, worst ${json.worst}, ${json.failed} failed, ${s(seconds)}`, holds: json.failed === 0 };
    },
  },
  ...[['20', '15', 30, 20, 25.5], ['50', '20', 30, 55, 82.6], ['100', '20', 30, 130, '178-211']].map(([pegs, colors, games, goal, before]) => ({
    id: `mm-${pegs}x${colors}-sampled`, kind: 'native', what: `Mastermind ${pegs}x${colors}, sampled split, ${games} seeded games (2 threads)`,
    command: `puzzle-lab --threads 2 --json mastermind stats --pegs ${pegs} --colors ${colors} --games ${games} --seed 1 --strategy sampled-split`,
    target: `mean within ${goal} guesses${before ? ` (local search when it was set: ${before})` : ''}, every game solved`,
    measure() {
      const { json, seconds } = run(this.command);
      return { figure: `mean ${json.mean.toFixed(1)} guesses, worst ${json.worst}, ${json.failed} failed, ${s(seconds)}`, holds: json.failed === 0 && json.mean <= goal };
    },
  })),
  {
    id: 'mm-8x8-sampled', kind: 'native', what: 'Mastermind 8x8, sampled split, 1000 seeded games, beside the exact strategies over every secret (2 threads)',
    command: 'puzzle-lab --threads 2 --json mastermind stats --pegs 8 --colors 8 --games 1000 --seed 1 --strategy sampled-split',
    target: 'compared with every secret played exactly (mikemag, REFERENCE.md): knuth 7.1810, most parts 7.1544, entropy 7.0270 (ranked in float32)',
    measure() {
      const { json, seconds } = run(this.command);
      // The standard error of the mean, from the histogram of guesses: how far the sampled mean may stray.
      const h = json.histogram;
      const games = h.reduce((a, c) => a + c, 0);
      const variance = h.reduce((a, c, i) => a + c * (i - json.mean) ** 2, 0) / (games - 1);
      return { figure: `mean ${json.mean.toFixed(3)} ± ${Math.sqrt(variance / games).toFixed(3)} guesses, worst ${json.worst}, ${s(seconds)}`, holds: null };
    },
  },
  ...[['20', '15', 30], ['50', '20', 30], ['100', '20', 10]].map(([pegs, colors, games]) => ({
    id: `mm-${pegs}x${colors}-by-colour`, kind: 'native', what: `Mastermind ${pegs}x${colors}, one colour at a time, ${games} seeded games (2 threads)`,
    command: `puzzle-lab --threads 2 --json mastermind stats --pegs ${pegs} --colors ${colors} --games ${games} --seed 1 --strategy colour-by-colour`,
    target: `compared with the sampled split's row above; every game solved`,
    measure() {
      const { json, seconds } = run(this.command);
      const handed = (json.fallbacks ?? []).reduce((a, f) => a + f.games, 0);
      return { figure: `mean ${json.mean.toFixed(1)} guesses, worst ${json.worst}, ${json.failed} failed, ${handed} handed to local search (no colour missing), ${s(seconds)}`, holds: json.failed === 0 };
    },
  })),
  {
    id: 'pegs-english-count', kind: 'native', what: 'Peg solitaire, English centre to centre, every game counted (2 threads)',
    command: 'puzzle-lab --threads 2 --json pegs count --board english',
    target: '40,861,647,040,079,968 (the seed)',
    measure() {
      const { json, seconds, mb } = run(this.command);
      return { figure: `${n(json.solutions)} in ${s(seconds)}, ${mb} MB`, holds: String(json.solutions) === '40861647040079968' };
    },
  },
  {
    id: 'pegs-english-table', kind: 'native', what: 'Peg solitaire, the English table of every reachable position (2 threads)',
    command: 'puzzle-lab --threads 2 --json pegs table --board english',
    target: '',
    measure() {
      const { seconds, mb } = run(this.command);
      return { figure: `${s(seconds)}, ${mb} MB`, holds: null };
    },
  },
  ...[['english', '300', '', 'never gives up'], ['french', '300', '--give-up-after 10', 'every position within 2 s'], ['french', '300', '--seed 2 --give-up-after 10', 'every position within 2 s', 2],
    ['diamond', '300', '--give-up-after 10', 'every position within 2 s']].map(([board, positions, extra, target, seed]) => ({
    id: `pegs-assess-${board}${seed ? `-seed${seed}` : ''}`, kind: board === 'english' ? 'native' : 'long',
    what: `Peg solitaire, "can the finish still be reached?", ${positions} random ${title(board)} positions${seed ? `, seed ${seed}` : ''}`,
    command: `puzzle-lab --json pegs assess --board ${board} --positions ${positions} ${extra}`.trim(),
    target,
    measure() {
      const { json } = run(this.command);
      const unsettled = Array.isArray(json.unsettled) ? json.unsettled.length : Number(json.unsettled ?? 0);
      const slowest = unsettled > 0 ? `${unsettled} not settled within ${json.give_up_after_s} s` : `the slowest ${json.worst.ms.toFixed(0)} ms`;
      const holds = board === 'english' ? unsettled === 0 : unsettled === 0 && json.worst.ms <= 2000;
      return { figure: `median ${json.median_ms.toFixed(1)} ms, 99 % within ${json.p99_ms.toFixed(0)} ms, ${slowest}`, holds };
    },
  })),
  ...[['french', 'd2', '13,257,409,691,238,507,296,626'], ['diamond', 'd2', '']].map(([board, start, target]) => ({
    id: `pegs-${board}-any-one`, kind: 'long', what: `Peg solitaire, ${title(board)} board, ${start} to one peg anywhere (2 threads)`,
    command: `puzzle-lab --threads 2 --json pegs count --board ${board} --start ${start} --finish any-one`,
    target: target || 'counted on this machine',
    measure() {
      const { json, seconds, mb } = run(this.command);
      return { figure: `${n(json.solutions)} in ${s(seconds)}, ${mb} MB resident, ${Math.round(json.disk_bytes / 2 ** 30)} GB on disk at most`, holds: target ? n(json.solutions) === target : true };
    },
  })),
  {
    id: 'pegs-diamond-c5', kind: 'long', what: 'Peg solitaire, Diamond board, d2 to c5 (the game the page opens on), every game counted (2 threads)',
    command: 'puzzle-lab --threads 2 --json pegs count --board diamond --start d2 --finish c5',
    target: 'counted on this machine',
    measure() {
      const { json, seconds, mb } = run(this.command);
      return { figure: `${n(json.solutions)} in ${s(seconds)}, ${mb} MB resident, ${Math.round(json.disk_bytes / 2 ** 30)} GB on disk at most`, holds: true };
    },
  },
  ...[['diamond', 'd2', 'c5', 12], ['french', 'd2', 'd6', 8]].map(([board, start, finish, levels]) => ({
    id: `pegs-${board}-book`, kind: 'long', what: `Peg solitaire, ${title(board)} board, ${start} to ${finish}: the winning book of its first ${levels} levels built (2 threads)`,
    command: `puzzle-lab --threads 2 --json pegs book --board ${board} --start ${start} --finish ${finish} --levels ${levels} --out crates/peg-solitaire/books/${board}-${start}-${finish}.book`,
    target: 'built on this machine (within 12 GB of memory)',
    measure() {
      const { json, seconds, mb } = run(this.command);
      return { figure: `${json.bytes.toLocaleString('en')} bytes, ${n(json.winnable.reduce((a, b) => a + b, 0))} winnable classes, in ${s(seconds)}, ${mb} MB resident`, holds: mb <= 12 * 1024 };
    },
  })),
  // Estimates of every game to its end: where the exact count is known, how far off; the diamond's, which no
  // machine here can count exactly (over 100 GB at its widest levels), are shipped in its table.
  ...[['english', 'd4', 'the seed\'s 577,116,156,815,309,849,672'], ['french', 'd4', 'the exact count above']].map(([board, start, exact]) => ({
    id: `pegs-estimate-${board}-${start}`, kind: 'long', what: `Peg solitaire, ${title(board)} board, every game from ${start} to its end estimated (2 threads, 1,000,000 classes a level, 16 repeats)`,
    command: `puzzle-lab --threads 2 --json pegs estimate --board ${board} --start ${start} --finish dead-end --keep 1000000 --repeats 16`,
    target: `within 3 standard errors of ${exact}`,
    measure() {
      const { json, seconds, mb } = run(this.command);
      const off = (json.games / Number(json.shipped) - 1) * 100;
      return {
        figure: `about ${json.games.toPrecision(5)}, standard error ${(json.relative_error * 100).toFixed(2)} %, repeats ${spread(json)}: ${off >= 0 ? '+' : ''}${off.toFixed(2)} % from the exact count (${json.standard_errors_off.toFixed(2)} standard errors), in ${s(seconds)}, ${mb} MB resident`,
        holds: Math.abs(json.standard_errors_off) < 3,
      };
    },
  })),
  // The game the page opens on with 1,000,000 classes a level (11 min); the other starts with half (6 min each).
  ...[['e1', 500], ['d2', 1000], ['e2', 500], ['c3', 500], ['d3', 500], ['e3', 500], ['d4', 500], ['e4', 500], ['e5', 500]].map(([start, k]) => ({
    id: `pegs-estimate-diamond-${start}`, kind: 'long', what: `Peg solitaire, Diamond board, every game from ${start} to its end estimated (2 threads, ${n(k * 1000)} classes a level, 16 repeats)`,
    command: `puzzle-lab --threads 2 --json pegs estimate --board diamond --start ${start} --finish dead-end --keep ${k * 1000} --repeats 16`,
    target: 'standard error under 1 % (an exact count needs over 100 GB of memory)',
    measure() {
      const { json, seconds, mb } = run(this.command);
      return {
        figure: `about ${json.games.toPrecision(4)}, standard error ${(json.relative_error * 100).toFixed(2)} %, repeats ${spread(json)} (table line: ${start} dead-end ~${json.games.toPrecision(4)} ${json.relative_error.toPrecision(2)}), in ${s(seconds)}, ${mb} MB resident`,
        holds: json.relative_error < 0.01,
      };
    },
  })),
  // Counts run beside other work on one thread say so: the figure is this command's, not the 2-thread one's.
  ...[['pegs-french-dead-end', 'd2', 2], ['pegs-french-dead-end-d3', 'd3', 2], ['pegs-french-dead-end-d4', 'd4', 2], ['pegs-french-dead-end-c1', 'c1', 2],
    ['pegs-french-dead-end-d1', 'd1', 1], ['pegs-french-dead-end-b2', 'b2', 1],
    ['pegs-french-dead-end-c3', 'c3', 1], ['pegs-french-dead-end-c2', 'c2', 1]].map(([id, start, threads]) => ({
    id, kind: 'long', what: `Peg solitaire, French board, every game from ${start} to its end (${threads} thread${threads > 1 ? 's' : ''})`,
    command: `puzzle-lab --threads ${threads} --json pegs count --board french --start ${start} --finish dead-end`,
    target: 'within 12 GB of memory (disk allowed)',
    measure() {
      const { json, seconds, mb } = run(this.command);
      return { figure: `${n(json.solutions)} in ${s(seconds)}, ${mb} MB resident, ${Math.round(json.disk_bytes / 2 ** 30)} GB on disk at most`, holds: mb <= 12 * 1024 };
    },
  })),
  ...[
    ['mastermind-match-by-colour', 'the same 30 tests, one colour at a time', 'colour-by-colour'],
    ['mastermind-match', '30 tests of 5 to 100 pegs and 5 to 20 colours, local search and the sampled split', 'local-search,sampled-split'],
  ].map(([id, tests, strategies]) => ({
    id, kind: 'native', what: `Mastermind, the seed's match: ${tests} (2 threads)`,
    command: `puzzle-lab --threads 2 --json mastermind match --tests 30 --strategies ${strategies} --seed 1`,
    target: '',
    measure() {
      const { json, seconds } = run(this.command);
      const band = (x) => `${x.pegs[0]}-${x.pegs[1]} pegs ${x.score.toFixed(3)} (${x.guesses.toFixed(1)} guesses)`;
      const each = json.strategies.map(({ strategy, bands: b }) => `${strategy}: mean score ${b[3].score.toFixed(3)}; ${b.slice(0, 3).map(band).join(', ')}`);
      return { figure: `${each.join('. ')}. ${s(seconds)} in all`, holds: null };
    },
  })),
  {
    id: 'cluedo-10000', kind: 'native', what: 'Cluedo, three deduction players, 10,000 games (2 threads)',
    command: 'puzzle-lab --threads 2 --json cluedo simulate --players deduction,deduction,deduction --games 10000 --seed 1',
    target: 'under 10 s (the median of three runs: one run on a shared 2-core machine varies by 20 %)',
    measure() {
      const runs = [0, 1, 2].map(() => run(this.command));
      const times = runs.map((r) => r.seconds).sort((a, b) => a - b);
      const median = times[1];
      return {
        figure: `median ${s(median)} of 3 runs (${s(times[0])} to ${s(times[2])}), mean ${runs[0].json.mean_rounds.toFixed(2)} rounds`,
        holds: median < 10,
      };
    },
  },
  {
    id: 'cluedo-line-ups', kind: 'native', what: 'Cluedo, the seed report\'s line-ups (2 to 5 players of one kind, 250 games each), the expert added (2 threads)',
    command: 'puzzle-lab --threads 2 --json cluedo table --games 250 --seed 1',
    target: '',
    measure() {
      const { json, seconds } = run(this.command);
      const cell = (c) => `${c.mean_rounds.toFixed(1)}${c.seed_mean == null ? '' : ` (${c.seed_mean.toFixed(1)})`}`;
      const rows = json.rows.map((r) => `${r.kind} ${r.cells.map(cell).join(' / ')}`);
      return { figure: `mean rounds at 2 / 3 / 4 / 5 players (the report's in brackets): ${rows.join('; ')}; ${s(seconds)}`, holds: null };
    },
  },
  {
    id: 'cluedo-expert-2', kind: 'native', what: 'Cluedo, the expert against two deduction players, rotated through every seat, 10,002 games (2 threads)',
    command: 'puzzle-lab --threads 2 --json cluedo simulate --players expert,deduction,deduction --games 10002 --seed 1 --rotate',
    target: 'the expert wins more than 40 % (fair 33.3 %); a game within 5x the time of three deduction players',
    measure() {
      const { json, seconds } = run(this.command);
      const e = json.by_kind.find((k) => k.kind === 'expert');
      return { figure: `the expert wins ${(100 * e.share).toFixed(1)} % (${e.wins} of ${json.games}), ${s(seconds)}`, holds: e.share > 0.4 };
    },
  },
  {
    id: 'cluedo-expert-5', kind: 'native', what: 'Cluedo, the expert against five deduction players, rotated through every seat, 10,002 games (2 threads)',
    command: 'puzzle-lab --threads 2 --json cluedo simulate --players expert,deduction,deduction,deduction,deduction,deduction --games 10002 --seed 1 --rotate',
    target: 'the expert wins more than 22 % (fair 16.7 %)',
    measure() {
      const { json, seconds } = run(this.command);
      const e = json.by_kind.find((k) => k.kind === 'expert');
      return { figure: `the expert wins ${(100 * e.share).toFixed(1)} % (${e.wins} of ${json.games}), ${s(seconds)}`, holds: e.share > 0.22 };
    },
  },
  {
    id: 'download', kind: 'browser', what: "A first visit to one game: the page and that game's page module and solver, gzip -9",
    command: 'trunk build --release; node scripts/first-visit.mjs',
    target: "any one game's first visit <= 600,000 bytes, the page's module <= 300,000 (budgets in tests/e2e/download.test.mjs)",
    measure() {
      const { home, games } = firstVisit(join(ROOT, 'dist'));
      const each = Object.entries(games).map(([game, g]) => `${game} ${n(g.total)} (page module ${n(g.module)})`).join(', ');
      const holds = Object.values(games).every((g) => g.total <= 600000 && g.module <= 300000);
      return { figure: `${each}; home page ${n(home.bytes)}`, holds };
    },
  },
  {
    id: 'browser-pegs-english', kind: 'browser', what: 'Peg solitaire, English centre, every game counted in Chromium (2 pool threads)',
    command: 'node tests/bench/pegs-count.mjs english d4 d4',
    target: 'under 10 s, under 1 GB',
    measure() {
      const [r] = browser('pegs-count.mjs', ['english', 'd4', 'd4']);
      // The page says the tables' peak in words: "150 MB", "1.2 GB".
      const [, value, unit] = /([\d.]+) (MB|GB)/.exec(r.memory ?? '') ?? [];
      const mb = value ? Number(value) * (unit === 'GB' ? 1024 : 1) : NaN;
      return { figure: `${s(r.seconds)}, ${r.memory ?? '?'} of tables`, holds: r.seconds < 10 && mb < 1024 };
    },
  },
  {
    id: 'browser-leave-memory', kind: 'browser', what: "Peg solitaire, English board in Chromium: the renderer's resident memory fresh, with the game's table, after leaving the game",
    command: 'node tests/bench/leave-memory.mjs',
    target: 'leaving gives the table back (less than half of what it took stays)',
    measure() {
      const [r] = browser('leave-memory.mjs', []);
      return { figure: `${r.fresh} MB fresh, ${r.playing} MB with its table, ${r.left} MB after leaving`, holds: r.left - r.fresh < (r.playing - r.fresh) / 2 };
    },
  },
  // Lighthouse on each route a person opens first: a phone (the mobile preset: simulated slow 4G, a 4x slower CPU).
  ...['/', '/mastermind', '/pegs', '/cluedo', '/cluedo/simulate', '/mastermind/embed'].map((route) => ({
    id: `lighthouse-${route === '/' ? 'home' : route.slice(1).replace('/', '-')}`, kind: 'browser',
    what: `Lighthouse 12.2.3, mobile preset, ${route === '/' ? 'the home page' : `#${route}`}, dist/ served gzip, a first visit`,
    command: `node tests/bench/lighthouse.mjs ${route}`,
    target: 'performance >= 95, accessibility 100, best practices 100, LCP <= 2.5 s, CLS <= 0.02, TBT <= 150 ms',
    measure() {
      const [r] = browser('lighthouse.mjs', [route]);
      const figure = `performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}; `
        + `LCP ${(r.lcpMs / 1000).toFixed(1)} s, CLS ${r.cls}, TBT ${r.tbtMs} ms, FCP ${(r.fcpMs / 1000).toFixed(1)} s`;
      const holds = r.performance >= 95 && r.accessibility === 100 && r.bestPractices === 100 && r.lcpMs <= 2500
        && r.cls <= 0.02 && r.tbtMs <= 150;
      return { figure, holds };
    },
  })),
  // Links into the English classic game: nine jumps in, and seven (the first position past the shipped opening).
  ...[['browser-pegs-link', 'nine jumps into the English classic game', 'd2-d4.b3-d3.c1-c3.e1-c1.b5-b3.c4-c2.c1-c3.c6-c4.c3-c5'],
    ['browser-pegs-link-seven', 'seven jumps into the English classic game (the first position past the shipped opening)', 'd2-d4.b3-d3.c1-c3.e1-c1.b5-b3.c4-c2.c1-c3']].map(([id, where, moves]) => ({
    id, kind: 'browser',
    what: `Peg solitaire, a link ${where}: its counts through each jump, from opening the page (2 pool threads)`,
    command: `node tests/bench/pegs-link.mjs english d4 d4 ${moves}`,
    target: 'within seconds (the game\'s own table took 23 s)',
    measure() {
      const [r] = browser('pegs-link.mjs', ['english', 'd4', 'd4', moves]);
      return { figure: `${s(r.seconds)} (the solver ready after ${s(r.solver_ready_seconds)}), ${r.games} games`, holds: r.seconds < 10 };
    },
  })),
  {
    id: 'browser-pegs-answer', kind: 'browser',
    what: 'Peg solitaire, the slowest of the 300 French positions natively (d4-d2 f3-d3 f5-f3 f2-f4 e1-e3 c2-e2 e3-e1, lost), answered in Chromium (2 pool threads)',
    command: 'node tests/bench/pegs-answer.mjs french d2 d6 d4-d2.f3-d3.f5-f3.f2-f4.e1-e3.c2-e2.e3-e1',
    target: 'within 5 s',
    measure() {
      const [r] = browser('pegs-answer.mjs', ['french', 'd2', 'd6', 'd4-d2.f3-d3.f5-f3.f2-f4.e1-e3.c2-e2.e3-e1']);
      return { figure: `${s(r.seconds)} from the solver ready to the verdict (${r.solvable ? 'solvable' : 'lost'})`, holds: r.seconds <= 5 };
    },
  },
  {
    id: 'browser-feedback', kind: 'browser', what: 'Feedback kernel, 4x6, in Chromium (2 pool threads)',
    command: 'node tests/bench/feedback.mjs 2 4 6 4096 4096',
    target: '',
    measure() {
      const [r] = browser('feedback.mjs', ['2', '4', '6', '4096', '4096']);
      return { figure: `${Math.round(r.per_second / 1e6)} M feedbacks/s`, holds: null };
    },
  },
  ...[
    ['browser-100x20', 'local search', 'local-search', '4', 100, 30],
    ['browser-100x20-sampled', 'the sampled split', 'sampled-split', '4', 100, 30],
    // No time goal at 50x20: its games draw 64 codes a guess, each guess within its 250 ms.
    ['browser-50x20-sampled', 'the sampled split', 'sampled-split', '2', 50, null],
  ].map(([id, name, strategy, games, pegs, limit]) => ({
    id, kind: 'browser',
    what: `Mastermind ${pegs}x20, ${name}, ${games} games in Chromium, what the solver knows drawn beside them (2 pool threads)`,
    command: `node tests/bench/game-time.mjs ${pegs} 20 ${strategy} ${games}`,
    target: limit ? `within ${limit} s a game` : '',
    measure() {
      const [r] = browser('game-time.mjs', [String(pegs), '20', strategy, games]);
      return {
        figure: `mean ${s(r.mean_seconds)} a game, slowest ${s(r.max_seconds)}; ${r.mean_guesses.toFixed(1)} guesses, ${r.ms_per_guess} ms a guess`,
        holds: limit ? r.max_seconds <= limit : null,
      };
    },
  })),
  {
    id: 'browser-6x9-knuth', kind: 'long', what: 'Mastermind 6x9, Knuth, every secret in Chromium, against native (2 threads)',
    command: 'node tests/bench/play-all.mjs 2 6 9 knuth (beside puzzle-lab --threads 2 mastermind stats --pegs 6 --colors 9 --strategy knuth --all)',
    target: 'within 1.5x of native',
    measure() {
      const [r] = browser('play-all.mjs', ['2', '6', '9', 'knuth']);
      const { seconds } = run(`puzzle-lab --threads 2 --json mastermind stats --pegs 6 --colors 9 --strategy knuth --all`);
      return { figure: `${s(r.seconds)} against ${s(seconds)}: ${(r.seconds / seconds).toFixed(2)}x`, holds: r.seconds <= 1.5 * seconds };
    },
  },
  {
    id: 'browser-memory-back', kind: 'long', what: 'Memory given back after Cancel: the 8x8 knuth game in Chromium',
    command: 'node tests/bench/memory-back.mjs 12',
    target: 'back to the size before the game',
    measure() {
      const [r] = browser('memory-back.mjs', ['12']);
      const { before, peak, after_cancel: after } = r.largest_process_mb;
      return { figure: `the tab's largest process ${before} MB before, ${peak} MB at its peak, ${after} MB ${r.seconds_to_give_back.toFixed(1)} s after Cancel`, holds: after <= before * 1.1 };
    },
  },
  {
    id: 'check', kind: 'long', what: 'The whole check (`scripts/check`, what CI runs), tools already installed',
    command: './scripts/check',
    target: 'CI: under 90 minutes on 2 cores, from a clean clone',
    measure() {
      const started = process.hrtime.bigint();
      execFileSync(join(ROOT, 'scripts', 'check'), { cwd: ROOT, stdio: 'inherit' });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      return { figure: `${Math.round(seconds)} s`, holds: seconds < 90 * 60 };
    },
  },
];

function table(results) {
  const rows = ROWS.filter((r) => results[r.id]).map((r) => {
    const x = results[r.id];
    const holds = x.holds === true ? 'yes' : x.holds === false ? '**no**' : '';
    const on = [x.date, `\`${x.commit}\``, x.threads.replace(/^1 threads$/, '1 thread')].filter(Boolean).join(', ');
    return `| ${r.what} | ${x.figure} | \`${r.command}\` | ${r.target} | ${holds} | ${on} |`;
  });
  const missing = ROWS.filter((r) => !results[r.id]).map((r) => `\`${r.id}\``);
  return `# Benchmarks

The project's measured figures, one row per figure, written by \`node scripts/bench.mjs\` from
[\`benchmarks/results.json\`](benchmarks/results.json); do not edit the table by hand. Each row says when it was
measured, on which commit, and on how many threads; run its command (or \`node scripts/bench.mjs --only ID\`) to
measure it again. The machine is this project's: ${results._machine ?? '2 cores, 24 GiB'} (rows measured before
2026-12-08 name only its 2 cores and 24 GiB: the processor was not recorded then). Times are wall clock and vary by
about 30 % between hours: compare figures taken side by side. Speed and memory goals live here, never in tests.
"holds" says whether the target (where one is set) is met.

| what | figure | command | target | holds | measured |
|---|---|---|---|---|---|
${rows.join('\n')}
${missing.length ? `\nNot measured yet: ${missing.join(', ')}.\n` : ''}
How the figures came about (what was tried, kept and dropped, with its data) is in
[docs/notebook.md](docs/notebook.md).
`;
}

const args = process.argv.slice(2);
if (args.includes('--list')) {
  console.log(ROWS.map((r) => r.id).join('\n'));
  process.exit(0);
}
mkdirSync(join(ROOT, 'benchmarks'), { recursive: true });
let results = {};
try { results = JSON.parse(readFileSync(RESULTS, 'utf8')); } catch { /* none yet */ }
if (!args.includes('--table')) {
  const only = args.includes('--only') ? args.slice(args.indexOf('--only') + 1).filter((a) => !a.startsWith('--')) : null;
  const kinds = new Set(['native', ...(args.includes('--browser') ? ['browser'] : []), ...(args.includes('--long') ? ['long', 'browser'] : [])]);
  const chosen = ROWS.filter((r) => (only ? only.includes(r.id) : kinds.has(r.kind)));
  if (only && chosen.length !== only.length) throw new Error(`unknown rows: ${only.filter((id) => !ROWS.some((r) => r.id === id)).join(', ')}`);
  if (chosen.some((r) => r.kind !== 'browser' || r.id === 'browser-6x9-knuth')) {
    console.log('==> building the release CLI');
    execFileSync('cargo', ['+stable', 'build', '--release', '-p', 'cli', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
  }
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--', 'crates', 'web', 'Cargo.lock', 'index.html', 'Trunk.toml', 'scripts'], { cwd: ROOT, encoding: 'utf8' }).trim();
  if (dirty) throw new Error(`bench: commit the code first (a row names the commit it measured):\n${dirty}`);
  results._machine = `${cpus().length} cores of ${cpus()[0].model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB`;
  for (const row of chosen) {
    console.log(`==> ${row.id}: ${row.command}`);
    const got = row.measure(results);
    const threads = /--threads (\d+)|bench\/\w[\w-]*\.mjs (\d) /.exec(row.command);
    results[row.id] = { ...got, date: new Date().toISOString().slice(0, 10), commit, threads: threads ? `${threads[1] ?? threads[2]} thread${(threads[1] ?? threads[2]) === '1' ? '' : 's'}` : '', machine: results._machine };
    console.log(`    ${got.figure}${got.holds === false ? ' (target not met)' : ''}`);
    writeFileSync(RESULTS, `${JSON.stringify(results, null, 1)}\n`);
  }
}
writeFileSync(TABLE, table(results));
console.log(`==> BENCHMARKS.md written from ${RESULTS}`);
