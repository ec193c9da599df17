#!/usr/bin/env node
// Trunk post-build hook (see Trunk.toml); also runs by hand on a built folder:
//   node scripts/post-build.mjs [dir]      (default: $TRUNK_STAGING_DIR, else dist)
// Release builds (TRUNK_PROFILE=release) get the engine's SIMD build too (scripts/simd-build.mjs).
// Writes the service worker's file list and build digest into <dir>/sw.js. Under `make serve`
// (GOMOKU_LIVE_RELOAD=1) it lets inline scripts run, for the dev server's live-reload script
// only; that build goes to target/serve, never to dist/.
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { buildSimdEngine } from './simd-build.mjs';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR ?? 'dist';
const liveReload = process.env.GOMOKU_LIVE_RELOAD === '1';
if (process.env.TRUNK_PROFILE === 'release') await buildSimdEngine(dir);
// What the page needs to run; the large PNG icons are fetched only when installing.
const PRECACHED = /\.(html|js|wasm|css|webmanifest|svg)$/;

async function files(folder) {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? files(join(folder, e.name)) : [join(folder, e.name)])),
  );
  return nested.flat();
}

const paths = (await files(dir))
  .map((file) => relative(dir, file).split(sep).join('/'))
  .filter((file) => PRECACHED.test(file) && file !== 'sw.js')
  .sort();

// With inject_scripts off, Trunk leaves its build-manifest link in the page: drop it.
const index = join(dir, 'index.html');
let html = (await readFile(index, 'utf8')).replace(/\s*<link data-trunk rel="rust"[^>]*>/, '');
// The modules of the first paint (what js/main.js imports, transitively) are fetched at once
// instead of import by import. The rest of the page (js/start.js and what it imports) is
// listed in <meta name="gomoku-modules">: main.js preloads them once the board shows
// (preloading them here would delay the first paint). The <gomoku-board> element's own
// modules are not the page's.
const imports = async (file) =>
  [...(await readFile(join(dir, file), 'utf8')).matchAll(/^import [^;]*? from '\.\/([\w-]+\.js)';$/gms)].map((m) => `js/${m[1]}`);
/** Every module `file` imports, transitively (not `file` itself). */
async function importsOf(file) {
  const found = new Set();
  for (const queue = await imports(file); queue.length > 0; ) {
    const next = queue.shift();
    if (!found.has(next)) queue.push(...(await imports(next)));
    found.add(next);
  }
  return found;
}
const critical = await importsOf('js/main.js');
const later = ['js/start.js', ...(await importsOf('js/start.js'))].filter((p) => !critical.has(p)).sort();
const preloads = [
  ...[...critical].sort().map((p) => `<link rel="modulepreload" href="${p}">`),
  `<meta name="gomoku-modules" content="${later.join(' ')}">`,
].join('\n    ');
// A folder built before already has them.
if (html.includes('<!-- page modules -->')) html = html.replace('<!-- page modules -->', preloads);
else if (!html.includes('<meta name="gomoku-modules"')) throw new Error(`${index}: no <!-- page modules --> marker`);
if (liveReload && !html.includes("'unsafe-inline'")) html = html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
await writeFile(index, html);

// The build's digest covers every cached file, the pages without their build tag. Each page
// then carries it as <meta name="gomoku-build">, which the service worker reads to keep a page
// on its own build's files; each file's own digest lets the worker check what it caches.
// Run again on a built folder, this step gives the same result.
const BUILD_TAG = /\n?[ \t]*<meta name="gomoku-build" content="[^"]*">/;
const untagged = (file, bytes) => (file.endsWith('.html') ? Buffer.from(bytes.toString('utf8').replace(BUILD_TAG, '')) : bytes);
const digest = createHash('sha256');
for (const file of paths) digest.update(file).update(untagged(file, await readFile(join(dir, file))));
const build = digest.digest('hex').slice(0, 16);

const sha = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const hashes = {};
for (const file of paths) {
  let bytes = untagged(file, await readFile(join(dir, file)));
  if (file.endsWith('.html')) {
    const page = bytes.toString('utf8');
    const charset = page.match(/^([ \t]*)<meta charset="utf-8">$/m);
    if (!charset) throw new Error(`${file}: no <meta charset="utf-8"> line to put the build tag after`);
    bytes = Buffer.from(page.replace(charset[0], `${charset[0]}\n${charset[1]}<meta name="gomoku-build" content="${build}">`));
    await writeFile(join(dir, file), bytes);
  }
  hashes[file] = sha(bytes);
}

const swPath = join(dir, 'sw.js');
const sw = await readFile(swPath, 'utf8');
const filled = sw
  .replace(/^const BUILD = .*;$/m, `const BUILD = '${build}';`)
  .replace(/^const FILES = .*;$/m, `const FILES = ${JSON.stringify(hashes)};`);
if (filled === sw && !sw.includes(build)) throw new Error(`${swPath}: BUILD/FILES lines not found`);
await writeFile(swPath, filled);
console.log(`post-build: service worker ${build}, ${paths.length} files cached${liveReload ? ', live-reload CSP' : ''}`);
