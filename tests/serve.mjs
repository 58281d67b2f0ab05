// A static server for dist/ on loopback, with or without the cross-origin isolation headers.
// Used by the end-to-end tests (and usable by hand: `node tests/serve.mjs [port] [--no-isolation]`).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.png': 'image/png', '.svg': 'image/svg+xml', '.json': 'application/json',
};

/**
 * The Content-Security-Policy the app runs under, as Trunk.toml's `[serve.headers]` and docs/hosting.md's `_headers` give it:
 * the app's own scripts only (no inline or foreign script), WebAssembly compiled from them, pool threads started from
 * blob URLs (wasm-bindgen-rayon), inline style attributes, nothing from other sites.
 */
export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; style-src 'self'; "
  + "style-src-attr 'unsafe-inline'; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; form-action 'self'";

export const DIST = resolve(fileURLToPath(new URL('../dist', import.meta.url)));

/**
 * Starts a server; resolves to { url, close }. `pages` maps extra paths to HTML (for embedding tests);
 * `missing` lists paths to answer 404 (to test what the page does when a file cannot load); `scripts` maps
 * paths to JavaScript served in their place (a stand-in worker); `slow` maps paths to milliseconds their answer is
 * held back (a slow network for one file); `csp` sends the app's Content-Security-Policy (CSP below) on every answer;
 * `gzip` compresses the build's text and WebAssembly where the browser accepts it, as a real host does (Lighthouse).
 */
export function serve({ root = DIST, port = 0, isolation = true, corp = 'same-origin', pages = {}, missing = [], scripts = {}, slow = {}, csp = true, gzip = false } = {}) {
  const compressed = new Map();
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (slow[path]) await new Promise((wait) => setTimeout(wait, slow[path]));
    const headers = {};
    if (csp) headers['Content-Security-Policy'] = CSP;
    if (isolation) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
      headers['Cross-Origin-Resource-Policy'] = corp;
    }
    if (missing.includes(path)) {
      res.writeHead(404, headers);
      return res.end('not found');
    }
    if (scripts[path]) {
      res.writeHead(200, { ...headers, 'Content-Type': TYPES['.js'] });
      return res.end(scripts[path]);
    }
    if (pages[path]) {
      // Another site's page around the app (an embedding test): its own scripts, not under the app's policy.
      delete headers['Content-Security-Policy'];
      res.writeHead(200, { ...headers, 'Content-Type': TYPES['.html'] });
      return res.end(pages[path]);
    }
    const file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(root)) { res.writeHead(403); return res.end(); }
    try {
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      let body = await readFile(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      if (gzip && type !== TYPES['.png'] && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        if (!compressed.has(file)) compressed.set(file, gzipSync(body, { level: 9 }));
        body = compressed.get(file);
        headers['Content-Encoding'] = 'gzip';
        headers.Vary = 'Accept-Encoding';
      }
      res.writeHead(200, { ...headers, 'Content-Type': type });
      res.end(body);
    } catch {
      res.writeHead(404, headers);
      res.end('not found');
    }
  });
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok({
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }),
  })));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.argv[2] ?? 8080);
  const isolation = !process.argv.includes('--no-isolation');
  // By hand it serves as a host meant for embedding does: other sites may frame it (CORP cross-origin).
  serve({ port, isolation, corp: 'cross-origin' }).then(({ url }) => console.log(`serving ${DIST} at ${url} (isolation ${isolation ? 'on' : 'off'})`));
}
