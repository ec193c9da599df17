// Updates: two builds that differ in every file, served one after the other from the same
// address, as a deploy does. A visitor with the first build cached gets the second within one
// reload, and a page never runs a mix of the two: an open page keeps its own build's files
// (an AI worker started after the deploy included), even once the new service worker has
// taken over. Every response the page and its workers get is matched, body and all, against
// the two builds' files.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { appendFile, cp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/serve-dist.mjs';
import { DIST_DIR, clickPoint, getState, openPage, playMove, waitReady, waitState } from './harness.mjs';

const BUILD_A = join('test-output', 'update', 'a');
const BUILD_B = join('test-output', 'update', 'b');

let suite;
let serve;
const bodies = new Map(); // sha256 of a body → 'a' | 'b' | 'both'

async function files(folder) {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? files(join(folder, e.name)) : [join(folder, e.name)])));
  return nested.flat();
}

const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** A wasm custom section named `name`: valid anywhere after the header, ignored by engines. */
function customSection(name) {
  const body = Buffer.concat([Buffer.from([name.length]), Buffer.from(name)]);
  return Buffer.concat([Buffer.from([0, body.length]), body]);
}

async function replaceAsync(text, pattern, replacer) {
  const parts = await Promise.all([...text.matchAll(pattern)].map((m) => replacer(...m)));
  let i = 0;
  return text.replace(pattern, () => parts[i++]);
}

/** Build B: build A with every file changed (a comment, or a wasm custom section), its service worker refilled. */
async function makeSecondBuild() {
  await cp(BUILD_A, BUILD_B, { recursive: true });
  for (const file of await files(BUILD_B)) {
    if (file.endsWith('.js') && !file.endsWith('sw.js')) await appendFile(file, '\n// build b\n');
    else if (file.endsWith('.css')) await appendFile(file, '\n/* build b */\n');
    else if (file.endsWith('.html')) await appendFile(file, '<!-- build b -->\n');
    else if (file.endsWith('.wasm')) await appendFile(file, customSection('build-b'));
    else if (file.endsWith('.webmanifest') || file.endsWith('.svg')) await appendFile(file, '\n');
    else if (file.endsWith('.txt')) await appendFile(file, '# build b\n'); // the puzzle set: a comment line
  }
  // Subresource integrity, as the build writes it for the stylesheet.
  for (const file of (await files(BUILD_B)).filter((f) => f.endsWith('.html'))) {
    const html = await readFile(file, 'utf8');
    const fixed = await replaceAsync(html, /href="([^"]+)" integrity="sha384-[^"]+"/g, async (_, href) => {
      const sum = createHash('sha384').update(await readFile(join(BUILD_B, href))).digest('base64');
      return `href="${href}" integrity="sha384-${sum}"`;
    });
    await writeFile(file, fixed);
  }
  execFileSync('node', ['scripts/post-build.mjs', BUILD_B], { stdio: 'pipe' });
}

before(async () => {
  await rm(join('test-output', 'update'), { recursive: true, force: true });
  await cp(DIST_DIR, BUILD_A, { recursive: true });
  await makeSecondBuild();
  for (const [dir, build] of [[BUILD_A, 'a'], [BUILD_B, 'b']]) {
    for (const file of await files(dir)) {
      if (file.endsWith('sw.js')) continue;
      const key = sha(await readFile(file));
      bodies.set(key, bodies.has(key) && bodies.get(key) !== build ? 'both' : build);
    }
  }
  serve = await startServer({ root: BUILD_A });
  suite = { url: serve.url, browser: await launchChromium() };
});
after(async () => {
  await suite?.browser.close();
  await new Promise((resolve) => serve?.server.close(resolve));
});

/**
 * Records which build each response of the page and its workers came from (the service
 * worker's own downloads apart), under the label `watch.phase`.
 */
function watchResponses(page) {
  const watch = { phase: 'start', seen: [], pending: [] };
  page.on('response', (response) => {
    if (response.request().serviceWorker()) return;
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('/sw.js') || response.status() !== 200) return;
    const phase = watch.phase;
    watch.pending.push(
      response
        .body()
        .then((body) => watch.seen.push({ phase, path: pathname, build: bodies.get(sha(body)) ?? 'neither' }))
        .catch(() => {}),
    );
  });
  return watch;
}

/** The builds seen in `phase`, as 'a', 'b', 'a+b' (a mix), with the paths of each. */
async function buildsIn(watch, phase) {
  await Promise.all(watch.pending);
  const seen = watch.seen.filter((s) => s.phase === phase && s.build !== 'both');
  const builds = [...new Set(seen.map((s) => s.build))].sort();
  return { builds: builds.join('+'), paths: seen.map((s) => `${s.build} ${s.path}`).sort() };
}

/** Waits until the service worker of `build` has installed and taken over. */
async function installed(page, build) {
  const deadline = Date.now() + 30_000;
  const look = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const state = (worker) => (worker ? `${new URL(worker.scriptURL).pathname} ${worker.state}` : 'none');
      return {
        active: state(registration?.active),
        installing: state(registration?.installing),
        waiting: state(registration?.waiting),
        caches: await caches.keys(),
      };
    });
  for (;;) {
    const seen = await look();
    const ready = seen.active.endsWith(' activated') && seen.installing === 'none' && seen.waiting === 'none';
    if (ready && seen.caches.includes(`gomoku-${build}`)) return;
    assert.ok(Date.now() < deadline, `the service worker of build ${build} did not install: ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pageBuild = (page) => page.evaluate(() => document.querySelector('meta[name="gomoku-build"]').content);
const controlled = (page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
const builds = async () => ({
  a: (await readFile(join(BUILD_A, 'index.html'), 'utf8')).match(/name="gomoku-build" content="(\w+)"/)[1],
  b: (await readFile(join(BUILD_B, 'index.html'), 'utf8')).match(/name="gomoku-build" content="(\w+)"/)[1],
});

test('the two builds differ in every file the page loads', async () => {
  const { a, b } = await builds();
  assert.notEqual(a, b);
  const shared = [...bodies.values()].filter((v) => v === 'both').length;
  assert.equal(shared, (await files(BUILD_A)).filter((f) => f.endsWith('.png')).length, 'only the PNG icons are the same');
});

test('a deploy under an open page: the page and a worker started after it stay on the old build; one reload brings the new one whole', async () => {
  serve.setRoot(BUILD_A);
  const { a, b } = await builds();
  const session = await openPage(suite, { query: '?ai=search-2000&think=0&seed=4' });
  const { page } = session;
  const watch = watchResponses(page);
  await controlled(page);
  assert.equal(await pageBuild(page), a);
  // A second load, now under the service worker, with the first build cached.
  watch.phase = 'cached';
  await page.reload();
  await waitReady(page);
  await page.selectOption('#level', 'scoring-000');
  await playMove(session, 7, 7);
  assert.deepEqual((await buildsIn(watch, 'cached')).builds, 'a');

  // The deploy; then the browser finds the new service worker, which installs and takes
  // over the open page.
  serve.setRoot(BUILD_B);
  watch.phase = 'deployed';
  const changes = await page.evaluate(
    () =>
      new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve('taken over'), { once: true });
        navigator.serviceWorker.getRegistration().then((r) => r.update());
        setTimeout(() => resolve('not taken over'), 20_000);
      }),
  );
  assert.equal(changes, 'taken over');
  // A search stopped by Undo: its worker is ended and a new one started, after the deploy.
  await page.selectOption('#level', 'search-2000');
  const { workers } = await getState(page);
  await clickPoint(session, 3, 3);
  await page.waitForFunction(() => window.gomokuPage.state().busy);
  await page.click('#undo');
  await waitState(page, (s) => s.workers > workers && !s.busy);
  await page.selectOption('#level', 'search-100');
  const played = await playMove(session, 3, 3);
  assert.equal(played.moveCount, 4, 'the new worker plays');
  const deployed = await buildsIn(watch, 'deployed');
  assert.equal(deployed.builds, 'a', deployed.paths.join('\n'));
  assert.ok(deployed.paths.some((p) => p.includes('/js/ai-worker.js')), `the new worker's script was seen:\n${deployed.paths.join('\n')}`);
  assert.ok(deployed.paths.some((p) => p.endsWith('/gomoku.js')), `the new worker's engine glue was seen:\n${deployed.paths.join('\n')}`);
  assert.equal(await pageBuild(page), a);

  // One reload: the new build, whole.
  watch.phase = 'reloaded';
  await page.reload();
  await waitReady(page);
  assert.equal(await pageBuild(page), b);
  const kept = await getState(page);
  assert.equal(kept.moveCount, 4, 'the game is kept across the update');
  await playMove(session, 10, 10);
  const reloaded = await buildsIn(watch, 'reloaded');
  assert.equal(reloaded.builds, 'b', reloaded.paths.join('\n'));
  assert.ok(reloaded.paths.some((p) => p.endsWith('.wasm')), reloaded.paths.join('\n'));
  await session.assertNoErrors();
  await session.close();
});

test('a visitor who comes back after a deploy gets the new build at the first reload, with no old file', async () => {
  serve.setRoot(BUILD_A);
  const { a, b } = await builds();
  const session = await openPage(suite, { query: '?think=0' });
  const { page } = session;
  await controlled(page);
  assert.equal(await pageBuild(page), a);
  const watch = watchResponses(page);
  serve.setRoot(BUILD_B);
  watch.phase = 'reloaded';
  await page.reload();
  await waitReady(page);
  assert.equal(await pageBuild(page), b);
  const state = await playMove(session, 7, 7);
  assert.equal(state.moveCount, 2);
  const reloaded = await buildsIn(watch, 'reloaded');
  assert.equal(reloaded.builds, 'b', reloaded.paths.join('\n'));
  // Once the new service worker has installed, offline, the page still starts: from the new
  // build's cache.
  await installed(page, b);
  await session.context.setOffline(true);
  watch.phase = 'offline';
  await page.reload();
  await waitReady(page);
  assert.equal(await pageBuild(page), b);
  await playMove(session, 3, 3);
  await session.context.setOffline(false);
  const offline = await buildsIn(watch, 'offline');
  assert.equal(offline.builds, 'b', offline.paths.join('\n'));
  await session.assertNoErrors();
  await session.close();
});

test('an install that meets a half-deployed server fails and leaves the old build serving', async () => {
  serve.setRoot(BUILD_A);
  const { a } = await builds();
  const session = await openPage(suite, { query: '?think=0' });
  const { page } = session;
  await controlled(page);
  // A server with build B's service worker but build A's files: B's install must refuse them.
  const half = join('test-output', 'update', 'half');
  await rm(half, { recursive: true, force: true });
  await cp(BUILD_A, half, { recursive: true });
  await cp(join(BUILD_B, 'sw.js'), join(half, 'sw.js'));
  serve.setRoot(half);
  const outcome = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update().catch(() => {});
    const installing = registration.installing;
    if (!installing) return 'no new worker';
    return new Promise((resolve) => {
      installing.addEventListener('statechange', () => {
        if (installing.state === 'redundant' || installing.state === 'activated') resolve(installing.state);
      });
    });
  });
  assert.equal(outcome, 'redundant');
  serve.setRoot(BUILD_A);
  await page.reload();
  await waitReady(page);
  assert.equal(await pageBuild(page), a);
  await playMove(session, 7, 7);
  session.errors.length = 0; // the refused install may log its failed check
  await session.close();
});
