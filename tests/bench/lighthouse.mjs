// Lighthouse (the npm package, pinned; installed into .tools/lighthouse on first use) on the app's routes, in Debian's
// Chromium, with its default mobile preset (a phone's screen, simulated slow 4G and a 4x slower CPU), dist/ served
// gzip-compressed with the isolation headers and the app's Content-Security-Policy, as a real host serves it. Each
// route is a first visit (a fresh profile). Prints one JSON line per route: its scores (0-100) and metrics.
// node tests/bench/lighthouse.mjs [route...]   (routes as after the address's #, e.g. /mastermind; default: all)
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '../serve.mjs';

const VERSION = '12.2.3';
const TOOLS = fileURLToPath(new URL('../../.tools/lighthouse', import.meta.url));
export const ROUTES = ['/', '/mastermind', '/pegs', '/cluedo', '/cluedo/simulate', '/mastermind/embed'];

const entry = (pkg, main) => pathToFileURL(join(TOOLS, 'node_modules', pkg, main)).href;
if (!existsSync(join(TOOLS, 'node_modules', 'lighthouse', 'package.json'))) {
  console.error(`lighthouse: installing lighthouse@${VERSION} into .tools/lighthouse (once, about 15 s)`);
  execFileSync('npm', ['install', '--prefix', TOOLS, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `lighthouse@${VERSION}`],
    { stdio: ['ignore', 'ignore', 'inherit'] });
}
const { default: lighthouse } = await import(entry('lighthouse', 'core/index.js'));
const chromeLauncher = await import(entry('chrome-launcher', 'dist/index.js'));

const routes = process.argv.slice(2).length ? process.argv.slice(2) : ROUTES;
const server = await serve({ gzip: true });
try {
  for (const route of routes) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      const url = `${server.url}/${route === '/' ? '' : `#${route}`}`;
      const { lhr } = await lighthouse(url, {
        port: chrome.port, output: 'json', logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (lhr.runtimeError) throw new Error(`lighthouse on ${route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const score = (c) => Math.round(100 * (lhr.categories[c].score ?? 0));
      const metric = (a) => {
        const audit = lhr.audits[a];
        if (audit.numericValue === undefined) throw new Error(`lighthouse on ${route}: no ${a} (${audit.errorMessage ?? audit.explanation})`);
        return audit.numericValue;
      };
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && ['binary', 'numeric'].includes(a.scoreDisplayMode)
          && !['metrics'].includes(a.id))
        .map((a) => a.id);
      console.log(JSON.stringify({
        route,
        performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'),
        lcpMs: Math.round(metric('largest-contentful-paint')), cls: Number(metric('cumulative-layout-shift').toFixed(3)),
        tbtMs: Math.round(metric('total-blocking-time')), fcpMs: Math.round(metric('first-contentful-paint')),
        bytes: metric('total-byte-weight'), failed,
      }));
    } finally {
      await chrome.kill();
    }
  }
} finally {
  await server.close();
}
