// Runs one job on a fresh worker (its wasm, its pool of `threads`) from a page of the app, through the page
// protocol (serde's JSON of `protocol::ToWorker` and `FromWorker`: an enum's variant is the key of an object),
// and returns the pool's size, the job's outcome and the worker's own time for it.
export async function runInWorker(page, threads, job) {
  return page.evaluate(async ({ threads, job }) => {
    // The job's game names its solver: `{ Pegs: ... }` runs on solver-pegs.js.
    const game = Object.keys(job)[0].toLowerCase();
    const w = new Worker(`./solver.js?game=${game}&threads=${threads}`, { type: 'module' });
    // The worker says `Starting` as its pool starts, then `Ready` with the pool's size.
    const ready = await new Promise((ok) => { w.onmessage = (e) => { const m = JSON.parse(e.data); if (m.Ready) ok(m); }; });
    const done = new Promise((ok) => { w.onmessage = (e) => { const m = JSON.parse(e.data); if (m.Done) ok(m.Done); }; });
    w.postMessage(JSON.stringify({ Run: { id: 1, job } }));
    const m = await done;
    w.terminate();
    return { threads: ready.Ready.threads, outcome: m.outcome, millis: m.stats.millis };
  }, { threads, job });
}
