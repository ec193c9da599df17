#!/usr/bin/env node
// Minimal static file server for the built page in dist/.
//   node scripts/serve-dist.mjs [--port 8081] [--root dist] [--cors]
// Also imported by the end-to-end tests, which start it on a free port. With --cors every
// answer allows any origin (Access-Control-Allow-Origin: *), as a host serving the game's
// files to <gomoku-board> elements on other sites must (docs/embedding.md).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm', // required by WebAssembly.instantiateStreaming
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves `root` on `host:port` (port 0 picks a free port), to any origin with `cors`.
 * Resolves to `{ server, url, setRoot }` once listening; `setRoot(dir)` serves another folder
 * from the next request on, as a deploy does.
 */
export async function startServer({ root = 'dist', host = '127.0.0.1', port = 0, cors = false } = {}) {
  let rootDir = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      const { pathname } = new URL(req.url, 'http://localhost');
      let file = normalize(join(rootDir, decodeURIComponent(pathname)));
      if (file !== rootDir && !file.startsWith(rootDir + sep)) {
        return send(res, 403, 'Forbidden');
      }
      const info = await stat(file).catch(() => null);
      if (info?.isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file).catch(() => null);
      if (body === null) return send(res, 404, 'Not found');
      res.writeHead(200, {
        'Content-Type': MIME_TYPES[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-store',
        ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      send(res, 500, String(err));
    }
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  const address = server.address();
  const setRoot = (dir) => {
    rootDir = resolve(dir);
  };
  return { server, url: `http://${host}:${address.port}/`, setRoot };
}

function send(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : fallback;
  };
  const { url } = await startServer({
    root: arg('--root', 'dist'),
    port: Number(arg('--port', 8081)),
    cors: process.argv.includes('--cors'),
  });
  console.log(`Serving dist/ at ${url}`);
}
