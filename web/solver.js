// The solver worker's entry (a module worker). `?game=pegs` in this script's URL names the game: it loads that
// game's solver (solver-pegs.js, the worker crate built for that game alone), starts the wasm-bindgen-rayon pool
// when the page is cross-origin isolated, and hands over to Rust (`start`).
// `?threads=N` caps the pool (used to compare 1 thread with all of them).
const params = new URL(self.location.href).searchParams;
const game = params.get('game') ?? '';
// A name, never a path: the script imported is always one of this build's solvers.
if (!/^[a-z]+$/.test(game)) throw new Error(`solver.js: no game named in its address (?game=${game})`);
const { default: init, exhaustAThread, initThreadPool, poolLost, start, starting } = await import(`./solver-${game}.js`);

const isolated = self.crossOriginIsolated === true;
const asked = Number(params.get('threads')) || 0;
await init();
// A pool thread that fails (scripts/patch-rayon-helper.sh makes the rayon helper say so) is told to the page, which
// fails the job and starts a fresh worker: the pool cannot finish a job one of its threads dropped.
self.addEventListener('pool-thread-lost', (e) => poolLost(String(e.detail)));
// For the tests of that (tests/e2e/supervise.test.mjs), reached through the browser's devtools protocol.
self.solverTest = { exhaustAThread };
let threads = 1;
let note = null;
if (!isolated) {
  note = 'This page is not cross-origin isolated (no COOP/COEP headers), so the solver runs on one thread.';
} else {
  threads = Math.max(1, Math.min(asked || navigator.hardwareConcurrency || 1, 64));
  if (threads > 1 && typeof SharedArrayBuffer === 'undefined') {
    // Isolated, but the threads could not share memory: say what the browser lacks, not how cloning failed.
    threads = 1;
    note = 'This browser does not let threads share memory (it has no SharedArrayBuffer), so the solver runs on '
      + 'one thread: every game plays, searches take longer. For every core, update the browser (Safari 15.2, '
      + 'Firefox 79 and Chrome 92 on have it) or open this page in one that has it.';
  } else if (threads > 1) {
    try {
      starting(threads);
      await initThreadPool(threads);
    } catch (e) {
      threads = 1;
      note = `The thread pool could not start (${e}), so the solver runs on one thread.`;
    }
  } else {
    note = 'The solver was asked to use one thread.';
  }
}
start(threads, isolated, note);
