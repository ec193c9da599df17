// For everyone, everywhere: keyboard play with announcements, touch with tap-to-place,
// English and Chinese, the dark theme, reduced motion, offline play, and a strict
// Content-Security-Policy with no request leaving the page's origin.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { PHONE, cell, clickPoint, getState, openPage, playMove, startSuite, waitIdle, waitReady } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

test('keyboard: Tab reaches the board early; arrows, Enter and Space play; moves are announced', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=2' });
  const { page } = session;
  const order = [];
  for (let i = 0; i < 3 && order.at(-1) !== 'board'; i++) {
    await page.keyboard.press('Tab');
    order.push(await page.evaluate(() => document.activeElement.id));
  }
  assert.deepEqual(order, ['to-puzzles', 'lang', 'board'], 'the link to the puzzles, the language menu, then the board');

  await page.keyboard.press('ArrowLeft'); // from the centre h8 to g8
  assert.equal(await page.locator('#announcer').textContent(), 'g8, empty');
  assert.deepEqual((await getState(page)).painted.ghost, { x: 6, y: 7, color: 1, confirm: false });
  await page.keyboard.press('Enter');
  let state = await waitIdle(page);
  assert.equal(cell(state, 6, 7), 1);
  assert.equal(state.announcement.startsWith('Computer plays '), true, state.announcement);

  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press(' ');
  state = await waitIdle(page);
  assert.equal(cell(state, 6, 9), 1, 'Space plays too');

  // The next stops after the board are the buttons, in reading order.
  const next = [];
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    next.push(await page.evaluate(() => document.activeElement.id));
  }
  assert.deepEqual(next, ['new-game', 'undo', 'hint']);
  await session.assertNoErrors();
  await session.close();
});

test('phone: tap twice to place (optional); one tap places by default', async () => {
  const session = await openPage(suite, { device: PHONE, query: '?ai=scoring-000&think=0&seed=2' });
  const { page } = session;
  let state = await playMove(session, 7, 7);
  assert.equal(state.moveCount, 2);

  await page.check('#tap-confirm');
  // Checking the box at the foot of the panel scrolled the page: the board back in view.
  await page.locator('#board').scrollIntoViewIfNeeded();
  await clickPoint(session, 2, 2);
  state = await getState(page);
  assert.equal(state.moveCount, 2, 'the first tap only previews');
  assert.equal(state.detail, 'Tap c3 again to place your stone.');
  assert.deepEqual(state.painted.ghost, { x: 2, y: 2, color: 1, confirm: true });
  await clickPoint(session, 3, 3); // a tap elsewhere moves the preview
  assert.equal((await getState(page)).detail, 'Tap d4 again to place your stone.');
  await clickPoint(session, 3, 3);
  state = await waitIdle(page);
  assert.equal(state.moveCount, 4);
  assert.equal(cell(state, 3, 3), 1);

  // The board takes touch gestures; the rest of the page scrolls normally.
  assert.equal(await page.locator('#board').evaluate((el) => getComputedStyle(el).touchAction), 'none');
  assert.equal(await page.locator('.panel').evaluate((el) => getComputedStyle(el).touchAction), 'auto');
  await session.assertNoErrors();
  await session.close();
});

test('language: Chinese from the browser, switchable, remembered', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0', context: { locale: 'zh-CN' } });
  const { page } = session;
  let state = await getState(page);
  assert.equal(state.lang, 'zh-CN');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  assert.equal(state.status, '轮到你（黑棋）');
  assert.equal(await page.locator('#new-game').textContent(), '新对局');
  assert.equal(await page.locator('h1').textContent().then((t) => t.trim()), '五子棋');
  assert.equal(await page.locator('#level option[value="scoring-000"]').textContent(), '入门 2（等级分 121）');
  assert.equal(await page.locator('#level option[value="scoring-000"]').getAttribute('title'), '进攻评分表（文章 000）');
  assert.equal(await page.locator('#level-method').textContent(), '进攻评分表（文章 000）');
  assert.equal(await page.locator('#level optgroup').first().getAttribute('label'), '入门');

  await page.selectOption('#lang', 'en');
  state = await getState(page);
  assert.equal(state.status, 'Your move (black)');
  assert.equal(await page.locator('#new-game').textContent(), 'New game');
  assert.equal(await page.locator('#undo').getAttribute('title'), 'Take back your last move and the computer’s reply');
  await page.reload();
  await waitReady(page);
  assert.equal((await getState(page)).lang, 'en', 'the choice outlives the browser language');

  await page.selectOption('#lang', 'zh-CN');
  state = await playMove(session, 7, 7);
  assert.match(state.announcement, /^电脑下在 [a-o]\d+。$/);
  await session.assertNoErrors();
  await session.close();
});

test('dark theme follows the system; reduced motion stops the animations', async () => {
  const session = await openPage(suite, {
    query: '?ai=search-500&think=1200',
    context: { colorScheme: 'dark', reducedMotion: 'reduce' },
  });
  const { page } = session;
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/\d+/g).map(Number).map((v) => v / 255);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const colors = await page.evaluate(() => ({
    page: getComputedStyle(document.body).backgroundColor,
    ink: getComputedStyle(document.body).color,
    panel: getComputedStyle(document.querySelector('.panel')).backgroundColor,
  }));
  assert.ok(luminance(colors.page) < 0.15, `dark page ${colors.page}`);
  assert.ok(luminance(colors.panel) < 0.2, `dark panel ${colors.panel}`);
  assert.ok(luminance(colors.ink) > 0.75, `light text ${colors.ink}`);

  await clickPoint(session, 7, 7);
  await page.waitForFunction(() => window.gomokuPage.state().busy);
  const animation = await page.locator('#status-stone').evaluate((el) => getComputedStyle(el).animationName);
  assert.equal(animation, 'none', 'no pulsing stone');
  await waitIdle(page);
  await session.assertNoErrors();
  await session.close();
});

test('offline: after the first visit the page reloads and plays without the network', async () => {
  const session = await openPage(suite, { query: '?ai=search-100&think=0' });
  const { page, context } = session;
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  await session.assertNoErrors();

  await context.setOffline(true);
  await page.reload();
  await waitReady(page);
  assert.equal(await page.evaluate(() => navigator.onLine), false);
  const state = await playMove(session, 7, 7); // the AI worker and the engine come from the cache
  assert.equal(state.moveCount, 2);
  await page.goto(`${suite.url}bench.html`);
  await page.locator('#bench-run').waitFor();
  await context.setOffline(false);
  // Requests that failed while offline are expected here.
  session.errors.length = 0;
  await session.close();
});

test('the benchmark page repeats a run in one worker with the same node count', async () => {
  const session = await openPage(suite);
  const { page } = session;
  await page.goto(`${suite.url}bench.html?depth=2&auto=1&runs=3`);
  const results = await (await page.waitForFunction(() => window.benchResults?.length >= 3 && window.benchResults, null, { timeout: 120_000 })).jsonValue();
  assert.equal(results.length, 3);
  assert.ok(results[0].nodes > 0);
  assert.ok(results.every((r) => r.depth === 2 && r.nodes === results[0].nodes), JSON.stringify(results));
  assert.equal(await page.locator('#bench-results tr').count(), 3);
  await session.assertNoErrors();
  await session.close();
});

test('installable: a manifest with icons, a service worker, and a strict CSP', async () => {
  const session = await openPage(suite);
  const { page } = session;
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector('link[rel="manifest"]');
    return (await fetch(link.href)).json();
  });
  assert.equal(manifest.name, 'Gomoku');
  assert.equal(manifest.display, 'standalone');
  const sizes = manifest.icons.map((icon) => icon.sizes);
  assert.ok(sizes.includes('192x192') && sizes.includes('512x512'));
  for (const icon of manifest.icons) {
    const response = await page.request.get(new URL(icon.src, suite.url).href);
    assert.equal(response.status(), 200, icon.src);
  }

  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'(;|$)/);
  assert.doesNotMatch(csp, /'unsafe-eval'|'unsafe-inline'/);
  assert.equal(await page.locator('script:not([src])').count(), 0, 'no inline script');
  // Inline script and eval stay blocked for anything that gets into the page.
  const outcome = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.head.append(script);
    setTimeout('window.evalRan = true', 0);
    // Timers of equal delay run in order: had the string timer been allowed, it ran before this one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { inline: window.inlineRan === true, evaled: window.evalRan === true, violations: window.cspViolations.length };
  });
  assert.deepEqual(outcome, { inline: false, evaled: false, violations: 2 });
  // The only errors are the two refusals just provoked.
  assert.equal(session.errors.length, 2, session.errors.join('\n'));
  for (const error of session.errors) assert.match(error, /Content Security Policy/);
  await session.close();
});
