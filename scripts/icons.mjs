// Draws web/icons/icon.svg as the PNG icons the web app manifest lists (192 and 512 px, which browsers ask for
// before they offer to install an app), in Debian's Chromium: `node scripts/icons.mjs` (from the repository root,
// with tests/node_modules installed). The PNGs are committed; run this again after changing the SVG.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../tests/package.json', import.meta.url));
const { chromium } = require('playwright-core');
const svg = await readFile(new URL('../web/icons/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{width:${size}px;height:${size}px;display:block}</style>${svg}`);
  const path = new URL(`../web/icons/icon-${size}.png`, import.meta.url).pathname;
  await page.screenshot({ path, omitBackground: true });
  console.log(`wrote ${path}`);
}
await browser.close();
