// Links, saved games and records: the address reproduces a game, hostile links are refused
// with a message, the game survives a reload whatever the storage does, and move lists and
// PSQ files go in and out.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import { getState, openPage, playMove, startSuite, waitIdle, waitReady, waitState } from './harness.mjs';

let suite;
before(async () => {
  suite = await startSuite();
});
after(() => suite?.close());

test('the address hash follows the game, and opening it elsewhere reproduces the game', async () => {
  const session = await openPage(suite, { query: '?ai=search-100&rule=renju&size=13&think=0&seed=3' });
  const { page } = session;
  await playMove(session, 6, 6);
  const state = await playMove(session, 2, 2);
  const hash = new URL(page.url()).hash;
  const compact = state.moves.replaceAll(' ', '');
  assert.equal(hash, `#moves=${compact}&rule=renju&ai=search-100&size=13&you=black`);
  // The hash has taken over the game's parameters; the query keeps the page's options.
  assert.equal(await page.evaluate(() => location.search), '?think=0&seed=3');

  const other = await openPage(suite, { query: `?think=0${hash}` });
  const copy = await getState(other.page);
  for (const key of ['moves', 'rule', 'size', 'level', 'human', 'board']) assert.deepEqual(copy[key], state[key], key);
  assert.equal(copy.detail, '', 'no complaint about the link');

  // "Copy link" gives the same position without the query.
  await other.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await other.page.click('#copy-link');
  await other.page.waitForFunction(() => document.getElementById('record-message').textContent !== '');
  const copied = await other.page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, `${suite.url}${hash}`);
  await other.assertNoErrors();
  await other.close();
  await session.assertNoErrors();
  await session.close();
});

test('a white human and a custom level survive the round trip', async () => {
  const session = await openPage(suite, { query: '?think=0#ai=search-300&you=white&size=9&moves=e5' });
  const state = await getState(session.page);
  assert.equal(state.human, 2);
  assert.equal(state.level, 'search-300');
  assert.equal(state.size, 9);
  assert.equal(state.moveCount, 1);
  const options = await session.page.$$eval('#level option', (els) => els.map((o) => o.value));
  assert.ok(options.includes('search-300'), 'the link level is in the menu');
  await session.assertNoErrors();
  await session.close();
});

const HOSTILE = [
  ['script in the moves', '#moves=%3Cscript%3Ealert(1)%3C%2Fscript%3E', /moves: .*character 1 \('<'\)/],
  ['HTML in every field', '#size=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&rule=%3Cb%3Ex&ai=javascript:alert(1)', /size “<img src=x onerror=alert\(1\)>” is not valid/],
  ['an illegal move', '#moves=h8h8', /moves: .*occupied/i],
  ['a move off the board', '#size=9&moves=h8z30', /moves: .*/],
  ['numbers out of range', '#size=99&ai=search-999999999&you=red&seed=-1', /size “99” is not valid.*ai “search-999999999” is not valid.*you “red” is not valid/],
  ['an oversized link', `#moves=${'h8'.repeat(3000)}`, /the link is too long/],
  ['broken escapes', '#moves=%E0%A4%A&rule=%', /not valid|character/],
];

for (const [name, hash, message] of HOSTILE) {
  test(`hostile link (${name}): refused with a visible message, the page intact`, async () => {
    const session = await openPage(suite, { query: `?think=0${hash}` });
    const { page } = session;
    const state = await getState(page);
    assert.match(state.detail, /^The link was not fully understood: /);
    assert.match(state.detail, message);
    assert.equal(await page.locator('#status-detail').getAttribute('data-kind'), 'error');
    assert.ok(state.detail.length < 600, 'the message stays short');
    // Nothing from the link became markup, and the page still plays.
    assert.equal(await page.locator('img, b, script:not([src])').count(), 0);
    assert.equal(state.moveCount, 0);
    assert.equal(state.status, 'Your move (black)');
    await page.selectOption('#level', 'scoring-000');
    const after = await playMove(session, 4, 4);
    assert.equal(after.moveCount, 2);
    assert.equal(after.detail, '', 'the message clears with the next move');
    await session.assertNoErrors();
    await session.close();
  });
}

test('the game survives a reload, and opening the bare address resumes it', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=9' });
  const { page } = session;
  await playMove(session, 7, 7);
  await page.check('#explain-numbers');
  const state = await playMove(session, 3, 3);
  await page.reload();
  await waitReady(page);
  let again = await getState(page);
  assert.equal(again.moves, state.moves);
  assert.equal(again.explain.numbers, true, 'preferences too');

  await page.goto(suite.url); // no query, no hash: the saved game
  await waitReady(page);
  again = await getState(page);
  assert.equal(again.moves, state.moves);
  assert.equal(again.level, 'scoring-000');
  assert.equal(new URL(page.url()).hash, `#moves=${state.moves.replaceAll(' ', '')}&rule=freestyle&ai=scoring-000&size=15&you=black`);
  await session.assertNoErrors();
  await session.close();
});

const BROKEN_STORAGE = [
  ['not JSON', '{"v":1,"size":15,'],
  ['hostile moves', JSON.stringify({ v: 1, size: 15, rule: 'freestyle', opponent: 'search-100', human: 1, moves: '<img src=x onerror=alert(1)>', redo: [] })],
  ['wrong types', JSON.stringify({ v: 1, size: '15', rule: 'x', opponent: 42, human: 3, moves: null, redo: 'h8' })],
  ['an illegal game', JSON.stringify({ v: 1, size: 15, rule: 'freestyle', opponent: 'search-100', human: 1, moves: 'h8 h8', redo: [] })],
];

for (const [name, value] of BROKEN_STORAGE) {
  test(`corrupted saved game (${name}): reset to a new game with a note`, async () => {
    const session = await openPage(suite, {
      query: '?think=0',
      init: (value) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('gomoku.game.v1', value);
          localStorage.setItem('gomoku.prefs.v1', '[[[');
          sessionStorage.setItem('seeded', '1');
        }
      },
      initArg: value,
    });
    const { page } = session;
    const state = await getState(page);
    assert.equal(state.moveCount, 0);
    assert.equal(state.level, 'search-100');
    assert.equal(state.detail, 'The saved game could not be restored, so a new game was started.');
    assert.equal(await page.locator('img').count(), 0);
    await page.selectOption('#level', 'scoring-000');
    await playMove(session, 7, 7);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('gomoku.game.v1')));
    assert.equal(saved.moves.split(' ')[0], 'h8', 'a good game replaces the broken one');
    await session.assertNoErrors();
    await session.close();
  });
}

const NO_STORAGE = [
  ['disabled', () => Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } })],
  ['full', () => { Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; }],
];

for (const [name, init] of NO_STORAGE) {
  test(`storage ${name}: the page still plays`, async () => {
    const session = await openPage(suite, { query: '?ai=scoring-000&think=0', init });
    const { page } = session;
    await page.check('#explain-heatmap');
    const state = await playMove(session, 7, 7);
    assert.equal(state.moveCount, 2);
    await page.reload();
    await waitReady(page);
    assert.equal((await getState(page)).status, 'Your move (black)');
    await session.assertNoErrors();
    await session.close();
  });
}

test('copy the moves, and load a move list (errors stay in the dialog)', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0&seed=1', context: { permissions: ['clipboard-read', 'clipboard-write'] } });
  const { page } = session;
  const played = await playMove(session, 7, 7);
  await page.click('#copy-moves');
  await page.waitForFunction(() => document.getElementById('record-message').textContent === 'Copied to the clipboard.');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), played.moves);

  await page.click('#load-moves');
  await page.fill('#load-text', 'h8 i9 zz');
  await page.click('#load-submit');
  assert.match(await page.locator('#load-error').textContent(), /^Could not load the moves: .*character 7 \('z'\)/);
  assert.equal(await page.locator('#load-dialog').isVisible(), true);
  assert.equal((await getState(page)).moves, played.moves, 'the game is unchanged');

  await page.fill('#load-text', 'h8 i9 j10');
  await page.click('#load-submit');
  await page.locator('#load-dialog').waitFor({ state: 'hidden' });
  const state = await waitIdle(page);
  assert.match(state.moves, /^h8 i9 j10 [a-o]\d+$/, 'loaded, then the computer (white) replied');
  await session.assertNoErrors();
  await session.close();
});

test('PSQ records: save the game as PSQ and open one', async () => {
  const session = await openPage(suite, { query: '?ai=scoring-000&think=0#moves=h8i9j10' });
  const { page } = session;
  const state = await waitIdle(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-psq')]);
  const text = await readFile(await download.path(), 'utf8');
  const lines = text.trim().split('\n');
  assert.equal(lines[0], 'Piskvorky 15x15, 11:11, 0');
  // h8 is column 8 from the left, row 8 from the top of 15; i9 → 9,7; j10 → 10,6.
  assert.deepEqual(lines.slice(1, 4), ['8,8,0', '9,7,0', '10,6,0']);
  assert.equal(lines.length, state.moveCount + 2);

  const psq = 'Piskvorky 9x9, 11:11, 0\n5,5,120\n4,4,80\n5,4,1\n-1\npbrain-test\n';
  await page.setInputFiles('#psq-file', { name: 'game.psq', mimeType: 'text/plain', buffer: Buffer.from(psq) });
  const loaded = await waitState(page, (s) => s.size === 9 && s.idle);
  assert.match(loaded.moves, /^e5 d6 e6/);
  await page.waitForFunction(() => /^Game loaded: \d+ moves\.$/.test(document.getElementById('record-message').textContent));

  await page.setInputFiles('#psq-file', { name: 'bad.psq', mimeType: 'text/plain', buffer: Buffer.from('Piskvorky 30x30, 11:11, 0\n') });
  await page.waitForFunction(() => document.getElementById('record-message').textContent.startsWith('Not a PSQ record'));
  assert.equal((await getState(page)).size, 9, 'a bad file changes nothing');
  await session.assertNoErrors();
  await session.close();
});
