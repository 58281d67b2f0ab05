// The browsers besides Chromium that players use, behind one small interface for the smoke suite:
// - Firefox: Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core (Playwright's own Firefox is a
//   patched build not available here).
// - WebKit, Safari's engine: Debian's webkit2gtk-driver, `WebKitWebDriver` driving `MiniBrowser` over classic
//   WebDriver (a few HTTP calls, below), in an X server of its own (Xvfb). `sharedMemory` sets
//   JSC_useSharedArrayBuffer=1, which gives it SharedArrayBuffer in isolated pages as Safari has; without it, it
//   is a browser that isolates pages but cannot share memory between threads.
// A page offers `evaluate(fn, ...args)` (fn runs in the page; its result comes back as JSON), `waitFor(fn, ...args)`,
// `frame(selector)` (the same, inside an iframe), `shot(name)` and `errors()` (uncaught errors and console errors,
// where the engine reports them).
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { ARTIFACTS } from '../e2e/helpers.mjs';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** Polls `evaluate(fn, ...args)` until it gives a truthy value (returned), failing after `timeout` ms. */
async function poll(evaluate, fn, args, timeout) {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await evaluate(fn, ...args);
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out after ${timeout} ms waiting for ${String(fn).slice(0, 160)}`);
    await sleep(100);
  }
}

async function savePng(name, bytes) {
  await mkdir(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await writeFile(path, bytes);
  console.log(`screenshot: ${path}`);
}

/**
 * Firefox ESR over WebDriver BiDi; `sharedMemory: false` switches SharedArrayBuffer off (its
 * `javascript.options.shared_memory` preference), as in a browser that cannot share memory between threads.
 */
export async function firefox({ sharedMemory = true } = {}) {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX ?? '/usr/bin/firefox-esr',
    headless: true,
    extraPrefsFirefox: sharedMemory ? {} : { 'javascript.options.shared_memory': false },
  });
  return {
    name: sharedMemory ? 'firefox' : 'firefox-no-shared-memory',
    version: await browser.version(),
    async open(url, viewport = { width: 1100, height: 900 }) {
      const page = await browser.newPage();
      await page.setViewport(viewport);
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await page.goto(url);
      const on = (target) => ({
        evaluate: (fn, ...args) => target.evaluate(fn, ...args),
        waitFor: (fn, ...args) => poll((f, ...a) => target.evaluate(f, ...a), fn, args, 60_000),
      });
      return {
        ...on(page),
        async frame(selector) {
          const element = await page.$(selector);
          return on(await element.contentFrame());
        },
        shot: async (name) => savePng(name, await page.screenshot()),
        errors: () => errors,
        close: () => page.close(),
      };
    },
    close: () => browser.close(),
  };
}

/** A free TCP port on loopback. */
function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => ok(port)); });
  });
}

/** WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver), in an Xvfb of its own. */
export async function webkit({ sharedMemory }) {
  const display = `:${90 + Math.floor(Math.random() * 400)}`;
  const xvfb = spawn('Xvfb', [display, '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  const port = await freePort();
  const env = { ...process.env, DISPLAY: display };
  if (sharedMemory) env.JSC_useSharedArrayBuffer = '1';
  else delete env.JSC_useSharedArrayBuffer;
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], { env, stdio: 'ignore' });
  const stop = () => { driver.kill(); xvfb.kill(); };
  const base = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    const response = await fetch(base + path, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`WebDriver ${method} ${path}: ${JSON.stringify(json.value ?? json)}`);
    return json.value;
  };
  let session;
  try {
    // The driver takes a moment to listen.
    for (let i = 0; ; i++) {
      try {
        session = await call('POST', '/session', {
          capabilities: { alwaysMatch: { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
        });
        break;
      } catch (e) {
        if (i > 50) throw e;
        await sleep(200);
      }
    }
  } catch (e) {
    stop();
    throw e;
  }
  const id = session.sessionId;
  const s = (path) => `/session/${id}${path}`;
  // The one window's browsing context: a page at a time, as the suite uses it.
  const execute = (fn, ...args) => call('POST', s('/execute/sync'), { script: `return (${fn}).apply(null, arguments);`, args });
  return {
    name: sharedMemory ? 'webkit' : 'webkit-no-shared-memory',
    version: session.capabilities.browserVersion,
    async open(url, viewport = { width: 1100, height: 900 }) {
      await call('POST', s('/window/rect'), { width: viewport.width, height: viewport.height });
      await call('POST', s('/url'), { url: 'about:blank' });
      await call('POST', s('/url'), { url });
      const inFrame = (selector) => async (fn, ...args) => {
        const element = await call('POST', s('/element'), { using: 'css selector', value: selector });
        await call('POST', s('/frame'), { id: element });
        try {
          return await execute(fn, ...args);
        } finally {
          await call('POST', s('/frame'), { id: null });
        }
      };
      return {
        evaluate: execute,
        waitFor: (fn, ...args) => poll(execute, fn, args, 60_000),
        async frame(selector) {
          const evaluate = inFrame(selector);
          return { evaluate, waitFor: (fn, ...args) => poll(evaluate, fn, args, 60_000) };
        },
        shot: async (name) => savePng(name, Buffer.from(await call('GET', s('/screenshot')), 'base64')),
        // Classic WebDriver reports no console: the checks read the page itself instead.
        errors: () => [],
        close: async () => {},
      };
    },
    async close() {
      try { await call('DELETE', s('')); } finally { stop(); }
    },
  };
}
