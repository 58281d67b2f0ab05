// How long "Count every game" takes when clicked while the classic English game's table is being built (the count
// pauses the build): node tests/bench/pegs-count-wait.mjs ; needs dist/.
import { serve } from '../serve.mjs';
import { launch, open, solverReady } from '../e2e/helpers.mjs';
const server = await serve();
const browser = await launch();
const page = await open(browser, `${server.url}/#/pegs?board=english`);
await solverReady(page);
await page.waitForSelector('#outlook:has-text("40,861,647,040,079,968 games")', { timeout: 30_000 });
const t0 = Date.now();
await page.click('#count-all');
await page.waitForSelector('#count-solutions', { timeout: 120_000 });
console.log('count done after', (Date.now() - t0) / 1000);
await browser.close(); await server.close();
