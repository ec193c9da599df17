// Shared set-up for the end-to-end tests: serves dist/, drives Debian's Chromium through
// playwright-core, and plays on the page by clicking the canvas like a person would.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium } from '../../scripts/chromium.mjs';
import { startServer } from '../../scripts/serve-dist.mjs';

export const DIST_DIR = process.env.DIST_DIR ?? 'dist'; // another build, e.g. while a soak serves dist/
export const SCREENSHOT_DIR = join('test-output', 'screenshots');
export { CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

export const BLACK = 1;
export const WHITE = 2;

/** Starts the static server and the browser; `close()` stops both. */
export async function startSuite() {
  assert.ok(
    existsSync(join(DIST_DIR, 'index.html')),
    'dist/index.html is missing: build the page first (make build)',
  );
  const { server, url } = await startServer({ root: DIST_DIR });
  const browser = await launchChromium();
  return {
    url,
    browser,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Opens the page in a fresh browser context and waits for the first game.
 * Every console error, uncaught exception, failed or foreign request and CSP violation is
 * collected in `errors`; call `assertNoErrors()` at the end of a test.
 *   query     appended to the page address ('?ai=search-100#moves=h8')
 *   device    viewport and touch (DESKTOP, PHONE or a Playwright context option object)
 *   context   more context options (colorScheme, locale, permissions, …)
 *   init      a function run in the page before its scripts (addInitScript), with `initArg`
 *   wait      false: do not wait for the game to be ready
 */
export async function openPage(suite, { query = '', device = DESKTOP, context: options = {}, init, initArg, wait = true } = {}) {
  const context = await suite.browser.newContext({ ...device, ...options });
  const page = await context.newPage();
  const errors = [];
  const origin = new URL(suite.url).origin;
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    // A worker stopped mid-request (move now, new game) is not a failure of the page.
    if (req.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`request failed: ${req.url()}`);
  });
  page.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin) {
      errors.push(`request to another origin: ${url}`);
    }
  });
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  page.on('dialog', (dialog) => {
    errors.push(`unexpected ${dialog.type()} dialog: ${dialog.message()}`);
    dialog.dismiss();
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`);
    });
  });
  if (init) await page.addInitScript(init, initArg);

  await page.goto(suite.url + query);
  if (wait) await waitReady(page);

  return {
    page,
    context,
    errors,
    isTouch: Boolean(device.hasTouch),
    async assertNoErrors() {
      const violations = await page.evaluate(() => window.cspViolations ?? []).catch(() => []);
      assert.deepEqual([...errors, ...violations], [], 'the page reported errors');
    },
    close: () => context.close(),
  };
}

/** Waits until the page has set up its game and the computer is not moving. */
export async function waitReady(page) {
  await page.waitForFunction(() => window.gomokuPage?.ready === true, null, { timeout: 30_000 });
  await waitIdle(page);
  await page.locator('#board').waitFor({ state: 'visible' });
}

export function getState(page) {
  return page.evaluate(() => window.gomokuPage.state());
}

/** Waits until the computer is not moving; returns the page state. */
export async function waitIdle(page) {
  await page.waitForFunction(
    () => {
      const s = window.gomokuPage.state();
      return s !== null && s.idle;
    },
    null,
    { timeout: 60_000 },
  );
  return getState(page);
}

/** Whether two boxes (`{ x, y, width, height }`) overlap. */
export const intersects = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The game-over card as a player reads it: the title whole (no word cut off, under a button
 * or squeezed to nothing), and every button on the card, in view and named, apart from the
 * title and from each other. Returns the title's text and the buttons' names.
 */
export async function assertGameOverReadable(page) {
  const card = await page.locator('#game-over').boundingBox();
  const title = await page.locator('#game-over-title').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { text: el.textContent, scroll: el.scrollWidth, client: el.clientWidth, box: { x: r.x, y: r.y, width: r.width, height: r.height } };
  });
  assert.ok(title.text.length > 0, 'the card has a title');
  assert.ok(title.client > 0 && title.scroll <= title.client + 1, `the title "${title.text}" fits its box: ${JSON.stringify(title)}`);
  const viewport = page.viewportSize();
  const buttons = [];
  for (const id of ['#game-over-new', '#game-over-review', '#game-over-replay', '#game-over-close']) {
    const button = page.locator(id);
    const box = await button.boundingBox();
    assert.ok(box && intersects(box, card), `${id} is on the card`);
    assert.ok(box.x >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height, `${id} is in view`);
    assert.ok(!intersects(box, title.box), `${id} keeps off the title "${title.text}"`);
    for (const other of buttons) assert.ok(!intersects(box, other.box), `${id} keeps off ${other.id}`);
    // The name a screen reader says: the button's word, or its title where an icon stands in.
    const name = await button.evaluate((el) => {
      const label = el.querySelector('.button-label');
      if (label) return label.checkVisibility() ? label.textContent : el.title;
      return el.getAttribute('aria-label') ?? el.textContent;
    });
    assert.ok(name.trim().length > 0, `${id} has a name`);
    buttons.push({ id, box, name });
  }
  return { title: title.text, names: buttons.map((b) => b.name) };
}

/**
 * Waits until `predicate(state, arg)` holds, polling the page state from here (the page's
 * Content-Security-Policy forbids evaluating predicates as strings inside it).
 */
export async function waitState(page, predicate, arg, timeout = 30_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const state = await getState(page);
    if (state && predicate(state, arg)) return state;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${predicate}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** Viewport pixel of board point (x, y), y = 0 being the bottom row. */
export async function pointToPixel(page, x, y) {
  const box = await page.locator('#board').boundingBox();
  const g = await page.evaluate(() => window.gomokuPage.geometry());
  const scale = box.width / g.cssSize;
  return {
    px: box.x + (g.origin + x * g.step) * scale,
    py: box.y + (g.origin + (g.boardSize - 1 - y) * g.step) * scale,
  };
}

/** Clicks (or taps, on touch devices) board point (x, y). */
export async function clickPoint(session, x, y) {
  const { px, py } = await pointToPixel(session.page, x, y);
  if (session.isTouch) await session.page.touchscreen.tap(px, py);
  else await session.page.mouse.click(px, py);
}

/**
 * Human move once the page waits for it, then waits for the computer's reply (or the end of
 * the game). The page takes a click whenever its state says it is idle and the human's turn,
 * so a click that is not taken fails the test, saying what the page showed.
 */
export async function playMove(session, x, y) {
  const before = await waitIdle(session.page);
  await clickPoint(session, x, y);
  await session.page
    .waitForFunction((n) => window.gomokuPage.state().moveCount > n, before.moveCount, { timeout: 30_000 })
    .catch(async (error) => {
      const now = await getState(session.page);
      const seen = ({ moveCount, sideToMove, human, busy, viewPly, status, detail }) =>
        JSON.stringify({ moveCount, sideToMove, human, busy, viewPly, status, detail });
      throw new Error(`the click on (${x}, ${y}) was not taken: before ${seen(before)}, now ${seen(now)}`, { cause: error });
    });
  return waitIdle(session.page);
}

/** Lets the page finish what input it was given: two animation frames later, every handler has run. */
export function settle(page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Asks a second engine instance in the page (playing at `level`) what it would play
 * in the current position: lets the test play sensible moves for the human.
 */
export function adviseMove(page, level, seed) {
  return page.evaluate(
    ({ level, seed }) => {
      const s = window.gomokuPage.state();
      const advisor = new window.wasmBindings.Game(s.size, s.rule, level);
      try {
        advisor.set_seed(seed);
        if (s.moves) advisor.load_moves(s.moves);
        return Array.from(advisor.ai_move());
      } finally {
        advisor.free();
      }
    },
    { level, seed },
  );
}

/**
 * A deliberately harmless move: the first empty point with even x and y, from the bottom
 * left. Such stones never touch, so they neither make a line nor get in the way much.
 */
export function harmlessMove(state) {
  for (let y = 0; y < state.size; y += 2) {
    for (let x = 0; x < state.size; x += 2) {
      if (state.board[y * state.size + x] === 0) return [x, y];
    }
  }
  throw new Error('no harmless move left');
}

/** Plays human moves from `choose(state)` until the game ends; returns the final state. */
export async function playUntilOver(session, choose, maxMoves = 150) {
  let state = await waitIdle(session.page);
  for (let i = 0; i < maxMoves && !state.over; i++) {
    const [x, y] = await choose(state);
    state = await playMove(session, x, y);
  }
  assert.ok(state.over, `the game did not end within ${maxMoves} human moves`);
  return state;
}

export function cell(state, x, y) {
  return state.board[y * state.size + x];
}

/** The status text the page must show for a finished game. */
export function expectedResult(state) {
  if (state.winner === 0) return 'Draw';
  return state.winner === state.human ? 'You win!' : 'Computer wins';
}

export async function screenshot(page, name, options = {}) {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  // Let a stone that was just placed settle onto the board.
  await page.waitForFunction(() => window.gomokuPage?.state?.()?.painted?.settling !== true).catch(() => {});
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  const { fullPage = false, ...rest } = options;
  const shoot = () => (fullPage ? shootFullPage(page, path, rest) : page.screenshot({ path, animations: 'disabled', ...rest }));
  try {
    await shoot();
  } catch (error) {
    // On a starved machine headless Chromium can miss the frame a capture waits for; the
    // picture is for people to look at, so one more try beats failing the page's checks.
    if (error?.name !== 'TimeoutError') throw error;
    console.warn(`screenshot ${name}: ${error.message.replaceAll('\n', ' | ')}; trying again`);
    await page.bringToFront();
    await shoot();
  }
  return path;
}

/**
 * The whole page, below the window's edge too: the window is made as tall as the page for
 * the capture, then put back. (Chromium's own capture beyond the window hung twice in CI,
 * renderer and all, both times on a full-page picture.)
 */
async function shootFullPage(page, path, options) {
  const size = page.viewportSize();
  const pageHeight = () => page.evaluate(() => document.scrollingElement.scrollHeight);
  try {
    // A taller window can lay the page out taller (sizes that follow the window's height).
    for (let i = 0, height = await pageHeight(); i < 3 && height > page.viewportSize().height; i++) {
      await page.setViewportSize({ width: size.width, height });
      height = await pageHeight();
    }
    await page.screenshot({ path, animations: 'disabled', ...options });
  } finally {
    await page.setViewportSize(size);
  }
}
