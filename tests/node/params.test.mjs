// One list of parameters (PARAMS in url-state.js) for links, iframe embeds and the
// <gomoku-board> element: every parameter is read by readLink, and the element follows every
// one as an attribute and reads it as readLink reads it from a link. Plain node: the element's
// module is loaded with just enough of a DOM to define it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { attributeParams } from '../../www/js/element-attributes.js';
import { Levels } from '../../www/js/levels.js';
import { GAME_PARAMS, PARAMS, readLink, readParams } from '../../www/js/url-state.js';

// A valid text of every parameter and the value it reads as; a parameter added to PARAMS
// without one here fails the first test. A bad text of each (default NOT_VALID).
const SAMPLES = {
  size: ['9', 9],
  rule: ['renju', 'renju'],
  ai: ['scoring-000', 'scoring-000'],
  opponent: ['search-500', 'search-500'],
  first: ['computer', 2],
  you: ['white', 2],
  black: ['human', 'human'],
  white: ['nodes-1000', 'nodes-1000'],
  moves: ['h8i9', 'h8i9'],
  opening: ['swap2', 'swap2'],
  choice: ['two', 'two'],
  heatmap: ['1', true],
  analysis: ['0', false],
  numbers: ['yes', true],
  scores: ['', true],
  embed: ['1', true],
  replay: ['on', true],
  review: ['1', true],
  lang: ['zh-CN', 'zh-CN'],
  ply: ['3', 3],
  seed: ['42', 42],
  think: ['0', 0],
  limit: ['60', 60],
  point: ['g8', 'g8'],
};
const NOT_VALID = 'not-valid';
const BAD = { moves: 'h8'.repeat(1001), limit: '0' };

/** The levels as the engine describes them, for the ids the samples use. */
const levels = new Levels({
  levels: () => [],
  level_info(id) {
    const [, kind, n] = /^(scoring|search|nodes)-(\d+)$/.exec(id) ?? [];
    if (!kind) throw new Error(`unknown level ${id}`);
    return { id, kind: kind === 'scoring' ? 'article' : kind, time_ms: kind === 'search' ? Number(n) : null, nodes: kind === 'nodes' ? Number(n) : null };
  },
});

const where = (kind) => (kind === 'game' ? 'game' : 'options');

test('readLink reads every parameter into its place, and refuses a bad value naming it', () => {
  assert.deepEqual(Object.keys(SAMPLES).sort(), PARAMS.map((p) => p.name).sort(), 'a sample for every parameter');
  for (const { name, kind, key } of PARAMS) {
    const [text, value] = SAMPLES[name];
    const read = readLink({ search: `?${name}=${encodeURIComponent(text)}` }, levels);
    assert.deepEqual(read.errors, [], name);
    assert.deepEqual(read[where(kind)][key], value, name);
    assert.equal(read.hasGame, kind === 'game', name);
    const bad = readLink({ hash: `#${name}=${encodeURIComponent(BAD[name] ?? NOT_VALID)}` }, levels);
    assert.deepEqual(bad.errors.map((e) => [e.key, e.params.name]), [['linkBadParam', name]], name);
    assert.equal(bad[where(kind)][key], undefined, name);
  }
  assert.deepEqual(GAME_PARAMS, PARAMS.filter((p) => p.kind === 'game').map((p) => p.name));
});

/** Just enough of an element for attributeParams: attributes in order. */
function fakeElement(attributes) {
  return { getAttributeNames: () => attributes.map(([name]) => name), getAttribute: (name) => attributes.find(([n]) => n === name)?.[1] ?? null };
}

test('<gomoku-board> observes every parameter and reads its attributes as readLink reads a link', async () => {
  globalThis.HTMLElement ??= class {};
  const defined = new Map();
  globalThis.customElements ??= { get: (name) => defined.get(name), define: (name, element) => defined.set(name, element) };
  await import('../../www/js/gomoku-board.js');
  const observed = customElements.get('gomoku-board').observedAttributes;
  for (const { name } of PARAMS) assert.ok(observed.includes(name), `${name} is observed`);

  for (const { name } of PARAMS) {
    for (const text of [SAMPLES[name][0], BAD[name] ?? NOT_VALID]) {
      const fromAttributes = readParams(attributeParams(fakeElement([['id', 'board'], [name, text]])), levels);
      assert.deepEqual(fromAttributes, readLink({ search: `?${name}=${encodeURIComponent(text)}` }, levels), `${name}="${text}"`);
    }
  }
  // A yes/no option: present is on, "0" is off; of two names of one setting, the later.
  const read = (attributes) => readParams(attributeParams(fakeElement(attributes)), levels);
  assert.equal(read([['scores', '']]).options.scores, true);
  assert.equal(read([['scores', '0']]).options.scores, false);
  assert.equal(read([['ai', 'scoring-000'], ['opponent', 'search-500']]).game.level, 'search-500');
  assert.equal(read([['opponent', 'search-500'], ['ai', 'scoring-000']]).game.level, 'scoring-000');
});
