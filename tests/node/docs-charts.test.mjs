// The charts in docs/charts/ are drawn from docs/data/ by scripts/docs-charts.mjs: they must
// match their data (`make docs` redraws them), and the check must notice when they do not.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  CHARTS, ROOT, ladderPlaces, parseCsv, peersChart, readTable, renderCharts, staleCharts,
} from '../../scripts/docs-charts.mjs';

const SCRIPT = fileURLToPath(new URL('../../scripts/docs-charts.mjs', import.meta.url));

/** A copy of docs/data and docs/charts in a temporary folder, removed after `fn`. */
function withCopy(fn) {
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-charts-'));
  try {
    cpSync(path.join(ROOT, 'docs/data'), path.join(dir, 'docs/data'), { recursive: true });
    cpSync(path.join(ROOT, 'docs/charts'), path.join(dir, 'docs/charts'), { recursive: true });
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the committed charts match their data (run `make docs` after changing docs/data/)', () => {
  assert.deepEqual(staleCharts(), [], 'charts out of date with docs/data/: run `make docs`');
});

test('the check exits 0 on the repository and 1 naming a chart whose data changed', () => {
  const ok = spawnSync(process.execPath, [SCRIPT, '--check'], { encoding: 'utf8' });
  assert.equal(ok.status, 0, ok.stderr);

  withCopy((dir) => {
    const csv = path.join(dir, 'docs/data/wasm-speed.csv');
    const rows = readFileSync(csv, 'utf8').split('\n');
    const k = rows.findIndex((r) => r.includes(',01d67c5,'));
    assert.ok(k > 0, 'a row of build 01d67c5 in wasm-speed.csv');
    rows[k] = rows[k].replace(/,0\.(\d+),/, ',0.5$1,');
    writeFileSync(csv, rows.join('\n'));

    assert.deepEqual(staleCharts(dir), ['docs/charts/wasm-speed.svg']);
    const stale = spawnSync(process.execPath, [SCRIPT, '--check', '--root', dir], { encoding: 'utf8' });
    assert.equal(stale.status, 1);
    assert.match(stale.stderr, /docs\/charts\/wasm-speed\.svg/);
    assert.doesNotMatch(stale.stderr, /peers\.svg|ladder\.svg/);
    assert.match(stale.stderr, /make docs/);

    const write = spawnSync(process.execPath, [SCRIPT, '--root', dir], { encoding: 'utf8' });
    assert.equal(write.status, 0, write.stderr);
    assert.deepEqual(staleCharts(dir), []);
  });
});

test('a missing chart counts as stale', () => {
  withCopy((dir) => {
    rmSync(path.join(dir, 'docs/charts/ladder.svg'));
    assert.deepEqual(staleCharts(dir), ['docs/charts/ladder.svg']);
  });
});

test('rendering is deterministic', () => {
  const a = renderCharts();
  const b = renderCharts();
  assert.deepEqual(a, b);
  assert.equal(a.length, CHARTS.length);
  for (const { file, svg } of a) {
    assert.match(svg, /^<svg [^>]*viewBox="0 0 760 360"/, file);
    assert.doesNotMatch(svg, /NaN|Infinity|undefined/, file);
  }
});

test('CSV: quoted fields hold commas, doubled quotes and line breaks', () => {
  const text = 'a,b,c\r\n1,"x, y","say ""hi"""\n"",,"two\nlines"\n"last",  spaced  ,\n';
  assert.deepEqual(parseCsv(text), [
    ['a', 'b', 'c'],
    ['1', 'x, y', 'say "hi"'],
    ['', '', 'two\nlines'],
    ['last', '  spaced  ', ''],
  ]);
  assert.deepEqual(parseCsv('a,b'), [['a', 'b']]);
  assert.deepEqual(parseCsv('\uFEFFa\n'), [['a']]);
  assert.deepEqual(parseCsv(''), []);
  assert.deepEqual(readTable('k,v\n"1,2",3\n'), [{ _index: 0, k: '1,2', v: '3' }]);
});

test('CSV: malformed input is refused with its line', () => {
  assert.throws(() => parseCsv('a\n"open,b\n'), /line 2: a quoted field is never closed/);
  assert.throws(() => parseCsv('a\nb"c\n'), /line 2: a quote inside an unquoted field/);
  assert.throws(() => parseCsv('"a"b\n'), /line 1: text after a closing quote/);
  assert.throws(() => readTable('a,b\n1\n', 't.csv'), /t\.csv: data row 1 has 1 fields, the header 2/);
});

test('the ladder: a 100% step is a one-sided bound, and the levels above it are bounds too', () => {
  const rows = readTable(
    [
      'date,rule,a,b,games,score_a,elo,elo_low,elo_high',
      '2026-01-01,freestyle,scoring-000,pattern-001,200,120,70,30,110',
      '2026-01-01,freestyle,scoring-003,scoring-000,200,100,0,-40,40',
      '2026-01-01,freestyle,scoring-004,scoring-003,200,100,0,-40,40',
      '2026-01-01,freestyle,lookahead-002,scoring-004,200,100,0,-40,40',
      // The node-limited levels have no time a move: placed by the ladder's order all the same.
      '2026-01-01,freestyle,nodes-100,lookahead-002,100,50,0,-60,60',
      '2026-01-01,freestyle,nodes-300,nodes-100,100,50,0,-60,60',
      '2026-01-01,freestyle,nodes-1000,nodes-300,100,50,0,-60,60',
      '2026-01-01,freestyle,nodes-3000,nodes-1000,100,50,0,-60,60',
      '2026-01-01,freestyle,nodes-5000,nodes-3000,100,50,0,-60,60',
      '2026-01-01,freestyle,nodes-10000,nodes-5000,100,50,0,-60,60',
      '2026-01-01,freestyle,nodes-20000,nodes-10000,100,50,0,-60,60',
      '2026-01-01,freestyle,search-100,nodes-20000,100,100,,,',
      '2026-01-01,freestyle,search-250,search-100,100,50,0,-60,60',
      '2026-01-01,freestyle,search-500,search-250,100,50,0,-60,60',
      '2026-01-01,freestyle,search-1000,search-500,100,50,0,-60,60',
      '2026-01-01,freestyle,search-2000,search-1000,16,8,0,-150,150',
      '2026-02-01,freestyle,scoring-000,pattern-001,200,100,10,-30,50',
    ].join('\n'),
  );
  const places = ladderPlaces(rows);
  assert.equal(places[1].elo, 10, 'the latest match of a step is used');
  const search100 = places.find((p) => p.level === 'search-100');
  assert.equal(search100.step.elo, 607, '100 of 100: 0.05^(1/100) = 0.9705, +607');
  assert.equal(search100.bound, true);
  assert.equal(places.at(-1).bound, true);
  assert.equal(places[4].bound, false);
  assert.deepEqual(
    places.slice(4, 13).map((p) => p.level),
    ['lookahead-002', 'nodes-100', 'nodes-300', 'nodes-1000', 'nodes-3000', 'nodes-5000', 'nodes-10000', 'nodes-20000', 'search-100'],
  );
  assert.equal(places.find((p) => p.level === 'nodes-20000').bound, false);
});

test("the peers chart's build labels do not overlap, however many builds it shows", () => {
  const csv = readFileSync(path.join(ROOT, 'docs/data/peer-matches.csv'), 'utf8');
  const labels = (svg) => [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"[^>]*ui-monospace[^>]*>([0-9a-f]{7})<\/text>/g)]
    .map((m) => ({ x: Number(m[1]), y: Number(m[2]), sha: m[3] }));
  // A seven-character sha at 9.5 px in a monospace font is about 40 px wide.
  const WIDTH = 7 * 9.5 * 0.6;
  // The repository's data, and the same with as many builds again (new shas, same rows).
  const doubled = csv.trimEnd() + '\n' + csv.trimEnd().split('\n').slice(1)
    .map((line) => line.replace(/^([^,]*),([0-9a-f]{7}),/, (_, d, sha) => `${d},${[...sha].reverse().join('')},`))
    .join('\n') + '\n';
  const shown = labels(peersChart(readTable(csv))).length;
  assert.ok(shown >= 10, `${shown} build labels`);
  for (const [text, expected] of [[csv, shown], [doubled, 2 * shown]]) {
    const found = labels(peersChart(readTable(text)));
    assert.equal(found.length, expected);
    for (let i = 1; i < found.length; i++) {
      for (let j = 0; j < i; j++) {
        const [a, b] = [found[i], found[j]];
        if (a.y === b.y) assert.ok(Math.abs(a.x - b.x) >= WIDTH, `${a.sha} and ${b.sha} overlap`);
      }
    }
  }
});

test("the peers chart's day labels keep apart and inside the chart, however many builds it shows", () => {
  const csv = readFileSync(path.join(ROOT, 'docs/data/peer-matches.csv'), 'utf8');
  // Two days of one build each, side by side at the right: the narrowest case.
  const extra = [
    '2027-01-01,aaaaaaa,m,pbrain-gomoku,Rapfi-T,,,freestyle,200,200,80,,,,0,1-2,',
    '2027-01-02,bbbbbbb,m,pbrain-gomoku,Rapfi-T,,,freestyle,200,200,80,,,,0,1-2,',
  ].join('\n');
  for (const text of [csv, `${csv.trimEnd()}\n${extra}\n`]) {
    const svg = peersChart(readTable(text));
    const days = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"[^>]*font-size="11" fill="[^"]*">(\d{1,2} [A-Z][a-z]{2}(?: \d{4})?)<\/text>/g)]
      .map((m) => ({ x: Number(m[1]), y: Number(m[2]), label: m[3] }));
    assert.ok(days.length >= 5, `${days.length} day labels`);
    // Half a label's width at 11 px: about 6 px a character in the sans-serif font.
    const half = (d) => (d.label.length * 6) / 2;
    for (let i = 1; i < days.length; i++) {
      const [a, b] = [days[i - 1], days[i]];
      assert.ok(b.x - half(b) >= a.x + half(a), `"${a.label}" and "${b.label}" overlap`);
    }
    const last = days.at(-1);
    assert.ok(last.x + half(last) <= 760, `"${last.label}" ends inside the chart`);
  }
});
