// The puzzle page's pure parts under plain node: reading the set (every served line reads, bad
// lines are left out whole) and the kept progress (anything in storage is checked).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadProgress, recordSolve, saveProgress } from '../../www/js/puzzle-progress.js';
import { attackLength, parsePuzzle, parseSet, pointName, pointOf } from '../../www/js/puzzle-set.js';
import { PUZZLES_KEY } from '../../www/js/storage.js';

test('every line of the served set reads, in the grades its line length says', () => {
  const text = readFileSync('www/puzzles.txt', 'utf8');
  const lines = text.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
  const set = parseSet(text);
  assert.equal(set.all.length, lines.length);
  assert.ok(set.all.length >= 200);
  const bounds = { 1: [2, 2], 2: [3, 3], 3: [4, 4], 4: [5, 7] };
  for (const p of set.all) {
    const [lo, hi] = bounds[p.grade];
    const n = attackLength(p.line);
    assert.ok(n >= lo && n <= hi, `${p.id}: ${n} moves in grade ${p.grade}`);
    assert.equal(set.byId.get(p.id), p);
  }
  for (const g of [1, 2, 3, 4]) assert.ok(set.byGrade[g].length >= 30, `grade ${g}`);
});

test('a line that does not read is left out whole', () => {
  const good = '0251b76cb519 1 freestyle j7 f6 h5 | f4 f3 f8';
  assert.deepEqual(parsePuzzle(good)?.line, [[5, 3], [5, 2], [5, 7]]);
  for (const bad of [
    '',
    '# comment',
    '0251b76cb519 1 freestyle j7 f6 h5',
    '0251b76cb51 1 freestyle j7 | f4',
    '0251b76cb519 9 freestyle j7 | f4',
    '0251b76cb519 1 renju j7 | f4',
    '0251b76cb519 1 freestyle j7 z99 | f4',
    '0251b76cb519 1 freestyle j7 | p1',
    '0251b76cb519 1 freestyle | f4',
    '0251b76cb519 1 freestyle j7 |',
  ]) {
    assert.equal(parsePuzzle(bad), null, bad);
  }
  assert.deepEqual(pointOf('a1'), [0, 0]);
  assert.equal(pointOf('o16'), null);
  assert.equal(pointName([7, 7]), 'h8');
});

function withStorage(value, run) {
  const items = new Map(value === undefined ? [] : [[PUZZLES_KEY, value]]);
  globalThis.window = {
    localStorage: {
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => items.set(k, String(v)),
      removeItem: (k) => items.delete(k),
    },
  };
  try {
    return run(items);
  } finally {
    delete globalThis.window;
  }
}

test('progress: solves are kept, a clean solve is never downgraded, storage of any shape is checked', () => {
  withStorage(undefined, (items) => {
    const progress = loadProgress();
    assert.deepEqual(progress, { solved: {}, at: {} });
    recordSolve(progress, '0251b76cb519', true);
    recordSolve(progress, '0251b76cb519', false);
    recordSolve(progress, '058cfddb07bb', false);
    progress.at[2] = '058cfddb07bb';
    saveProgress(progress);
    assert.deepEqual(JSON.parse(items.get(PUZZLES_KEY)), {
      solved: { '0251b76cb519': 'clean', '058cfddb07bb': 'helped' },
      at: { 2: '058cfddb07bb' },
    });
    assert.deepEqual(loadProgress(), progress);
  });
  for (const junk of ['{', 'null', '42', '"text"', '[]', '{"solved":[1,2]}', '{"solved":{"x":"clean","0251b76cb519":"yes"},"at":{"1":7,"9":"0251b76cb519"}}']) {
    withStorage(junk, () => assert.deepEqual(loadProgress(), { solved: {}, at: {} }, junk));
  }
});
