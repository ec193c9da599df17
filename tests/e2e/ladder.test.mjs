// The ladder with no cliff: the node-limited levels between the lookahead and search-100 are
// in the level menu with their Elo, in English and Chinese, and one of them plays a reply.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DESKTOP, PHONE, getState, openPage, playMove, startSuite, waitIdle, waitState } from './harness.mjs';

const NODE_LEVELS = ['nodes-100', 'nodes-300', 'nodes-1000', 'nodes-3000', 'nodes-5000', 'nodes-10000', 'nodes-20000'];
const OUT = 'test-output';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

/** `[{ group, options: [[value, text], …] }]` of the level menu. */
function menu(page) {
  return page.$$eval('#level optgroup', (groups) =>
    groups.map((g) => ({ group: g.label, options: Array.from(g.querySelectorAll('option'), (o) => [o.value, o.text]) })),
  );
}

/** The engine's ladder: `{ id: elo }`. */
function ladderElo(page) {
  return page.evaluate(() => Object.fromEntries(Array.from(window.wasmBindings.Game.levels(), (l) => [l.id, l.elo])));
}

/**
 * A native select's popup is drawn outside the page, where no screenshot reaches: the menu is
 * shown open as a list box (every group and option, as the popup lists them) for the picture.
 */
async function shootOpenMenu(page, name) {
  await page.evaluate(() => {
    const select = document.querySelector('#level');
    select.size = select.options.length + select.querySelectorAll('optgroup').length;
    select.style.height = 'auto';
    select.scrollIntoView({ block: 'start' });
  });
  await mkdir(OUT, { recursive: true });
  await page.locator('#level').screenshot({ path: join(OUT, `${name}.png`), animations: 'disabled' });
  await page.screenshot({ path: join(OUT, `${name}-page.png`), animations: 'disabled' });
}

test('the menu lists the node levels between the lookahead and search-100, with Elo, in English', async () => {
  const session = await openPage(suite, { device: DESKTOP, query: '?think=0' });
  const { page } = session;
  const elo = await ladderElo(page);
  for (const id of NODE_LEVELS) assert.equal(typeof elo[id], 'number', id);
  const groups = await menu(page);
  const intermediate = groups.find((g) => g.group === 'Intermediate');
  assert.deepEqual(
    intermediate.options.map(([id]) => id),
    ['lookahead-002', ...NODE_LEVELS, 'search-100', 'search-250'],
    'by rank: the lookahead, the node levels by budget, then the quick searches',
  );
  intermediate.options.forEach(([id, text], i) => {
    assert.equal(text, `Intermediate ${i + 1} (Elo ${elo[id]})`);
  });
  // Every ladder level shows its Elo; the Elo climbs with the menu.
  const all = groups.flatMap((g) => g.options);
  const shown = all.map(([id, text]) => [id, Number(/\(Elo (\d+)\)$/.exec(text)?.[1])]);
  for (const [id, value] of shown) if (elo[id] != null) assert.equal(value, elo[id], id);
  const climbing = shown.filter(([, v]) => Number.isFinite(v)).map(([, v]) => v);
  assert.deepEqual(climbing, [...climbing].sort((a, b) => a - b));
  assert.equal(all.find(([id]) => id === 'pattern-001')[1], 'Beginner 1 (Elo 0)');
  // The top of the ladder: search-1000 splits the step from search-500 to search-2000.
  const master = groups.find((g) => g.group === 'Master');
  assert.deepEqual(master.options, [
    ['search-1000', `Master 1 (Elo ${elo['search-1000']})`],
    ['search-2000', `Master 2 (Elo ${elo['search-2000']})`],
    ['analysis-10000', 'Master 3'],
  ]);
  assert.ok(elo['search-2000'] - elo['search-1000'] <= 250 && elo['search-1000'] - elo['search-500'] <= 250);
  // Its title and the line under the menu say how it plays.
  assert.equal(await page.locator('#level option[value="nodes-3000"]').getAttribute('title'), 'Search, 3,000 positions a move');
  await page.selectOption('#level', 'nodes-3000');
  await waitState(page, (s) => s.level === 'nodes-3000');
  assert.equal(await page.locator('#level-method').textContent(), 'Search, 3,000 positions a move');
  await shootOpenMenu(page, 'level-menu-desktop');
  await session.assertNoErrors();
  await session.close();
});

test('the menu shows Elo in Chinese too', async () => {
  const session = await openPage(suite, { device: PHONE, query: '?think=0', context: { locale: 'zh-CN' } });
  const { page } = session;
  assert.equal((await getState(page)).lang, 'zh-CN');
  const elo = await ladderElo(page);
  const groups = await menu(page);
  const intermediate = groups.find((g) => g.group === '中级');
  assert.deepEqual(intermediate.options.map(([id]) => id), ['lookahead-002', ...NODE_LEVELS, 'search-100', 'search-250']);
  intermediate.options.forEach(([id, text], i) => {
    assert.equal(text, `中级 ${i + 1}（等级分 ${elo[id]}）`);
  });
  assert.equal(await page.locator('#level option[value="nodes-20000"]').getAttribute('title'), '搜索，每手 20,000 个局面');
  await shootOpenMenu(page, 'level-menu-phone-zh');
  await session.assertNoErrors();
  await session.close();
});

test('a game against a node level: it plays a reply, and the link keeps the level', async () => {
  const session = await openPage(suite, { device: DESKTOP, query: '?ai=nodes-1000&think=0' });
  const { page } = session;
  let state = await waitIdle(page);
  assert.equal(state.level, 'nodes-1000');
  assert.match(await page.locator('#level option[value="nodes-1000"]').textContent(), /^Intermediate \d \(Elo \d+\)$/);
  state = await playMove(session, 7, 7);
  assert.equal(state.moveCount, 2, 'the computer replied');
  assert.ok(state.board.filter((c) => c !== 0).length === 2);
  await session.assertNoErrors();
  await session.close();
});
