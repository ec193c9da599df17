#!/usr/bin/env node
// Draws the charts in docs/charts/ from the measurements in docs/data/ (CSV, one row per
// measured match or run), so that no chart is ever drawn by hand:
//   node scripts/docs-charts.mjs            writes docs/charts/*.svg (make docs)
//   node scripts/docs-charts.mjs --check    writes nothing; exits 1, naming the charts whose
//                                           files differ from what the data give
//   --root DIR                              another checkout (docs/data/ and docs/charts/ under it)
//
// docs/charts/peers.svg       our score against each public engine, freestyle, 200 ms a move,
//                             by build, with 95% intervals and the targets
// docs/charts/ladder.svg      the levels on one Elo scale, pattern-001 = 0, each placed by its
//                             latest measured match against the level below
// docs/charts/wasm-speed.svg  the engine's WebAssembly speed as a fraction of native, by build
//
// The output depends on the data only (no dates, fixed number formatting), so the same data
// always give the same bytes, and tests/node/docs-charts.test.mjs can tell a stale chart.
// No packages: plain Node.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---- CSV --------------------------------------------------------------------------------------

/**
 * Parses CSV text (RFC 4180): fields separated by commas, records by LF or CRLF; a field in
 * double quotes may hold commas, quotes (doubled) and line breaks. A final line break ends the
 * last record rather than starting an empty one. Returns the records as arrays of strings;
 * throws on a stray or unclosed quote, naming the line.
 */
export function parseCsv(text) {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records = [];
  let record = [];
  let field = '';
  let fieldStart = true;
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '"' && fieldStart) {
      const opened = line;
      i++;
      for (;;) {
        if (i >= src.length) throw new Error(`CSV line ${opened}: a quoted field is never closed`);
        if (src[i] === '"') {
          if (src[i + 1] !== '"') break;
          field += '"';
          i += 2;
          continue;
        }
        if (src[i] === '\n') line++;
        field += src[i];
        i++;
      }
      i++;
      fieldStart = false;
      const next = src[i];
      if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
        throw new Error(`CSV line ${line}: text after a closing quote`);
      }
      continue;
    }
    if (c === '"') throw new Error(`CSV line ${line}: a quote inside an unquoted field`);
    if (c === ',') {
      record.push(field);
      field = '';
      fieldStart = true;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      fieldStart = true;
      i += c === '\r' && src[i + 1] === '\n' ? 2 : 1;
      line++;
      continue;
    }
    field += c;
    fieldStart = false;
    i++;
  }
  if (!fieldStart || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** The records of a CSV file as objects keyed by its header row; every row as wide as it. */
export function readTable(text, name = 'CSV') {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error(`${name}: no header row`);
  const seen = new Set();
  for (const h of header) {
    if (h === '' || seen.has(h)) throw new Error(`${name}: empty or repeated column name "${h}"`);
    seen.add(h);
  }
  return rows.map((cells, k) => {
    if (cells.length !== header.length) {
      throw new Error(`${name}: data row ${k + 1} has ${cells.length} fields, the header ${header.length}`);
    }
    const row = { _index: k };
    header.forEach((h, j) => { row[h] = cells[j]; });
    return row;
  });
}

function need(rows, columns, name) {
  const have = rows.length ? Object.keys(rows[0]) : columns;
  for (const c of columns) if (!have.includes(c)) throw new Error(`${name}: no column "${c}"`);
}

/** A numeric cell: '' is null, inf and -inf are infinite; anything else not a number throws. */
function num(row, column, name) {
  const v = row[column].trim();
  if (v === '') return null;
  if (v === 'inf' || v === '+inf') return Infinity;
  if (v === '-inf') return -Infinity;
  const x = Number(v);
  if (!Number.isFinite(x)) throw new Error(`${name}: data row ${row._index + 1}, ${column}: not a number: "${v}"`);
  return x;
}

// ---- Numbers and SVG text -------------------------------------------------------------------

/** Coordinates: at most one decimal, no "-0", so output never depends on float noise. */
const f = (x) => {
  const r = Math.round(x * 10) / 10;
  return String(Object.is(r, -0) ? 0 : r);
};
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const MINUS = '\u2212';
const signed = (x) => (x < 0 ? `${MINUS}${Math.abs(x)}` : `+${x}`);

const W = 760;
const H = 360;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Helvetica, Arial, sans-serif";
const INK = '#1a1a1a';
const MUTED = '#555555';
const GRID = '#e3e3e3';
const AXIS = '#8c8c8c';

function svgDoc(id, title, desc, body) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 ${W} ${H}" role="img" aria-labelledby="${id}-title ${id}-desc" font-family="${esc(FONT)}" font-size="12" fill="${INK}">`,
    `<title id="${id}-title">${esc(title)}</title>`,
    `<desc id="${id}-desc">${esc(desc)}</desc>`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

function text(x, y, s, attrs = '') {
  return `<text x="${f(x)}" y="${f(y)}"${attrs ? ` ${attrs}` : ''}>${esc(s)}</text>`;
}

function line(x1, y1, x2, y2, attrs) {
  return `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" ${attrs}/>`;
}

function marker(shape, x, y, color, filled = true) {
  const fill = filled ? color : '#ffffff';
  const stroke = `stroke="${color}" stroke-width="1.6"`;
  if (shape === 'square') return `<rect x="${f(x - 4)}" y="${f(y - 4)}" width="8" height="8" fill="${fill}" ${stroke}/>`;
  if (shape === 'triangle') {
    return `<path d="M${f(x)} ${f(y - 5)}L${f(x + 5)} ${f(y + 4)}L${f(x - 5)} ${f(y + 4)}Z" fill="${fill}" ${stroke}/>`;
  }
  if (shape === 'diamond') {
    return `<path d="M${f(x)} ${f(y - 5)}L${f(x + 5)} ${f(y)}L${f(x)} ${f(y + 5)}L${f(x - 5)} ${f(y)}Z" fill="${fill}" ${stroke}/>`;
  }
  return `<circle cx="${f(x)}" cy="${f(y)}" r="4.2" fill="${fill}" ${stroke}/>`;
}

/** A vertical 95% bar with caps; an end past the plot is drawn as an arrow instead of a cap. */
function vbar(x, yLo, yHi, color, width = 1.4) {
  return [
    line(x, yLo, x, yHi, `stroke="${color}" stroke-width="${width}"`),
    line(x - 3.5, yLo, x + 3.5, yLo, `stroke="${color}" stroke-width="${width}"`),
    line(x - 3.5, yHi, x + 3.5, yHi, `stroke="${color}" stroke-width="${width}"`),
  ].join('');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A day as "30 Nov 2026", or "30 Nov" where `room` (px at 11 px type) is too narrow for the year. */
function dayLabel(date, room = Infinity) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`not a date (YYYY-MM-DD): "${date}"`);
  const day = `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]}`;
  const full = `${day} ${m[1]}`;
  return full.length * DAY_CHAR_WIDTH <= room ? full : day;
}

/** Width of one character of a day label, near enough to keep neighbours apart. */
const DAY_CHAR_WIDTH = 6.2;
/** Least space between two day labels. */
const DAY_GAP = 6;

/**
 * The builds of some rows in date order; builds of the same day keep the order of their first
 * row in the file (the files list them oldest first).
 */
function buildsInOrder(rows) {
  const first = new Map();
  for (const r of rows) {
    const prev = first.get(r.build);
    if (!prev) first.set(r.build, { build: r.build, date: r.date, index: r._index });
    else if (prev.date !== r.date && r.date < prev.date) prev.date = r.date;
  }
  return [...first.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.index - b.index));
}

/** Room a build's seven-character sha needs on a row (9.5 px monospace, and a gap). */
const SHA_WIDTH = 44;
/** Most rows the shas are staggered over before some go unlabelled (four keep every label of 44 builds). */
const SHA_ROWS = 4;
/** Height of one row of shas. */
const SHA_ROW_HEIGHT = 10;

/** The x axis of builds: each build's sha under its slot, staggered over rows when the slots
 * are too narrow for one (and, past `SHA_ROWS` rows, only every few builds labelled), and each
 * day's date under its builds. */
function buildAxis(builds, slotX, slotW, yBase) {
  const out = [];
  const rows = Math.min(SHA_ROWS, Math.ceil(SHA_WIDTH / slotW));
  const every = Math.ceil(SHA_WIDTH / (slotW * rows));
  const drop = (rows - 1) * SHA_ROW_HEIGHT;
  builds.forEach((b, i) => {
    if (i % every !== 0) return;
    const row = (i / every) % rows;
    out.push(text(slotX(i), yBase + 14 + row * SHA_ROW_HEIGHT, b.build, `text-anchor="middle" font-size="9.5" font-family="ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace"`));
  });
  let start = 0;
  // A day of one or two builds is narrower than its label: such a label moves right, clear of
  // the one before it (its bracket still marks the day's builds).
  let lastRight = -Infinity;
  for (let i = 1; i <= builds.length; i++) {
    if (i === builds.length || builds[i].date !== builds[start].date) {
      const x1 = slotX(start) - slotW / 2 + 4;
      const x2 = slotX(i - 1) + slotW / 2 - 4;
      const yb = yBase + drop;
      out.push(`<path d="M${f(x1)} ${f(yb + 20)}V${f(yb + 24)}H${f(x2)}V${f(yb + 20)}" fill="none" stroke="${AXIS}" stroke-width="1"/>`);
      const label = dayLabel(builds[start].date, x2 - x1 + 8);
      const half = (label.length * DAY_CHAR_WIDTH) / 2;
      const x = Math.max((x1 + x2) / 2, lastRight + DAY_GAP + half);
      lastRight = x + half;
      out.push(text(x, yb + 37, label, `text-anchor="middle" font-size="11" fill="${MUTED}"`));
      start = i;
    }
  }
  return out;
}

// ---- Score and Elo ------------------------------------------------------------------------------

/** Expected score of an Elo difference (logistic). */
export const scoreOfElo = (elo) => 1 / (1 + 10 ** (-elo / 400));
/** Elo difference of an expected score. */
export const eloOfScore = (s) => 400 * Math.log10(s / (1 - s));
/** One-sided 95% lower bound of the score when all `games` were won: 0.05^(1/games). */
export const perfectScoreBound = (games) => 0.05 ** (1 / games);

/** A match's score and its 95% interval, as fractions: from the Elo interval where given. */
function scoreInterval(row, name) {
  const games = num(row, 'games', name);
  const score = num(row, 'score', name);
  const p = score / games;
  const lo = num(row, 'elo_low', name);
  const hi = num(row, 'elo_high', name);
  if (lo !== null && hi !== null) return { p, lo: scoreOfElo(lo), hi: scoreOfElo(hi), from: 'pairs' };
  const half = 1.96 * Math.sqrt((p * (1 - p)) / games);
  return { p, lo: Math.max(0, p - half), hi: Math.min(1, p + half), from: 'binomial' };
}

// ---- Chart: score against other engines -----------------------------------------------------

// Target scores at 200 ms a move: PentaZen's, Rapfi's and Rapfi-T's are the current goals;
// AIWine's, long met, stays as it was.
const PEERS = [
  { peer: 'AIWine', color: '#0072B2', shape: 'circle', target: 0.65 },
  { peer: 'PentaZen', color: '#D55E00', shape: 'square', target: 0.75 },
  { peer: 'Rapfi', color: '#009E73', shape: 'triangle', target: 0.6 },
  // Rapfi with its trained classical model (the fallback-table Rapfi is 'Rapfi').
  { peer: 'Rapfi-T', color: '#CC79A7', shape: 'diamond', target: 0.5 },
];

export function peersChart(rows, name = 'peer-matches.csv') {
  need(rows, ['date', 'build', 'peer', 'rule', 'time_ms', 'games', 'score', 'elo_low', 'elo_high', 'seeds'], name);
  // The table's matches: freestyle at 200 ms on the openings of seeds 1 and 2 (or unrecorded
  // seeds), the largest such match of each build and peer (all games, not only those decided
  // on the board).
  const chosen = new Map();
  for (const r of rows) {
    if (r.rule !== 'freestyle' || num(r, 'time_ms', name) !== 200) continue;
    if (r.seeds !== '1-2' && r.seeds !== '') continue;
    if (!PEERS.some((p) => p.peer === r.peer)) throw new Error(`${name}: no series for peer "${r.peer}"`);
    const key = `${r.build}\n${r.peer}`;
    const prev = chosen.get(key);
    if (!prev || num(r, 'games', name) > num(prev, 'games', name)) chosen.set(key, r);
  }
  const picked = [...chosen.values()];
  const builds = buildsInOrder(picked);

  const L = 52;
  const R = W - 90;
  const T = 58;
  const B = 276;
  const slotW = (R - L) / builds.length;
  const slotX = (i) => L + slotW * (i + 0.5);
  const y = (p) => B - (B - T) * p;
  const out = [];

  out.push(text(L, 24, 'Our score against other engines, by build', 'font-size="16" font-weight="600"'));
  const counts = [...new Set(picked.map((r) => num(r, 'games', name)))].sort((a, b) => a - b);
  const games = counts.length === 1 ? `${counts[0]} games` : `${counts.join(' or ')} games`;
  out.push(text(L, 42, `pbrain-gomoku, freestyle 15×15, 200 ms a move, ${games} a match (30 balanced openings, colours swapped)`, `font-size="11.5" fill="${MUTED}"`));

  for (let k = 0; k <= 10; k++) {
    const yy = y(k / 10);
    out.push(line(L, yy, R, yy, `stroke="${k === 0 ? AXIS : GRID}" stroke-width="1"`));
    out.push(text(L - 6, yy + 4, `${k * 10}%`, `text-anchor="end" font-size="10.5" fill="${MUTED}"`));
  }
  out.push(text(14, (T + B) / 2, 'our score', `transform="rotate(-90 14 ${f((T + B) / 2)})" text-anchor="middle" font-size="11.5" fill="${MUTED}"`));

  // Targets: dashed, each in its engine's colour, labelled at the right (the 50% line grey).
  const targets = [
    ...PEERS.map((p) => ({ v: p.target, color: p.color, label: `${p.peer} ${Math.round(p.target * 100)}%` })),
    { v: 0.5, color: '#7a7a7a', label: 'even 50%' },
  ].sort((a, b) => b.v - a.v);
  let lastY = -Infinity;
  for (const t of targets) {
    const yy = y(t.v);
    out.push(line(L, yy, R, yy, `stroke="${t.color}" stroke-width="1.3" stroke-dasharray="6 4"`));
    const ly = Math.max(yy + 4, lastY + 12);
    lastY = ly;
    out.push(text(R + 6, ly, t.label, `font-size="10.5" fill="${t.color}"`));
  }

  out.push(...buildAxis(builds, slotX, slotW, B));

  PEERS.forEach((p, s) => {
    const dx = (s - (PEERS.length - 1) / 2) * Math.min(9, slotW / 5);
    const pts = [];
    builds.forEach((b, i) => {
      const r = chosen.get(`${b.build}\n${p.peer}`);
      if (r) pts.push({ x: slotX(i) + dx, ...scoreInterval(r, name) });
    });
    if (pts.length > 1) {
      out.push(`<polyline points="${pts.map((q) => `${f(q.x)},${f(y(q.p))}`).join(' ')}" fill="none" stroke="${p.color}" stroke-width="1.3" stroke-opacity="0.55"/>`);
    }
    for (const q of pts) out.push(vbar(q.x, y(q.lo), y(q.hi), p.color));
    for (const q of pts) out.push(marker(p.shape, q.x, y(q.p), p.color));
  });

  // Legend, right of the title.
  let lx = W - 16 - PEERS.reduce((w, p) => w + 30 + p.peer.length * 6.6, 0);
  for (const p of PEERS) {
    out.push(marker(p.shape, lx + 5, 20, p.color));
    out.push(text(lx + 14, 24, p.peer, 'font-size="12"'));
    lx += 30 + p.peer.length * 6.6;
  }
  out.push(text(L, H - 4, 'Bars: 95% intervals, from the Elo interval over game pairs where given, else binomial. Dashed: targets.', `font-size="10.5" fill="${MUTED}"`));

  return svgDoc(
    'peers',
    'Our score against other engines, by build',
    `Score of pbrain-gomoku against ${PEERS.map((p) => p.peer).join(', ')} at 200 ms a move, freestyle, for builds ${builds.map((b) => b.build).join(', ')}.`,
    out,
  );
}

// ---- Chart: the ladder of levels ----------------------------------------------------------------

/**
 * The levels from the weakest up, as the page's ladder orders them (src/level.rs): by their
 * place on the ladder, not by a time, so the node-limited levels (no time a move) sit between
 * the lookahead and search-100.
 */
export const LADDER = [
  'pattern-001', 'scoring-000', 'scoring-003', 'scoring-004', 'lookahead-002',
  'nodes-100', 'nodes-300', 'nodes-1000', 'nodes-3000', 'nodes-5000', 'nodes-10000', 'nodes-20000',
  'search-100', 'search-250', 'search-500', 'search-1000', 'search-2000',
];

/** Each level's place: the chain of the latest freestyle matches of a level against the one below. */
export function ladderPlaces(rows, name = 'ladder.csv') {
  need(rows, ['date', 'rule', 'a', 'b', 'games', 'score_a', 'elo', 'elo_low', 'elo_high'], name);
  const places = [{ level: LADDER[0], elo: 0, bound: false, step: null }];
  for (let i = 1; i < LADDER.length; i++) {
    const a = LADDER[i];
    const b = LADDER[i - 1];
    let row = null;
    for (const r of rows) {
      if (r.rule !== 'freestyle' || r.a !== a || r.b !== b) continue;
      if (!row || r.date >= row.date) row = r;
    }
    if (!row) throw new Error(`${name}: no freestyle match of ${a} against ${b}`);
    const games = num(row, 'games', name);
    const score = num(row, 'score_a', name);
    let step;
    const elo = num(row, 'elo', name);
    if (elo !== null) {
      step = { elo, lo: num(row, 'elo_low', name) ?? elo, hi: num(row, 'elo_high', name) ?? elo, bound: false };
    } else if (score === games) {
      const lo = Math.round(eloOfScore(perfectScoreBound(games)));
      step = { elo: lo, lo, hi: Infinity, bound: true };
    } else if (score === 0) {
      throw new Error(`${name}: ${a} lost every game to ${b}: the ladder is out of order`);
    } else {
      const p = score / games;
      const half = 1.96 * Math.sqrt((p * (1 - p)) / games);
      step = {
        elo: Math.round(eloOfScore(p)),
        lo: Math.round(eloOfScore(Math.max(p - half, 1e-9))),
        hi: p + half >= 1 ? Infinity : Math.round(eloOfScore(p + half)),
        bound: false,
      };
    }
    const below = places[i - 1];
    places.push({
      level: a,
      elo: below.elo + step.elo,
      bound: below.bound || step.bound,
      step: { ...step, against: b, games, score, date: row.date },
    });
  }
  return places;
}

export function ladderChart(rows, name = 'ladder.csv') {
  const places = ladderPlaces(rows, name);
  const L = 112;
  const R = W - 28;
  const T = 60;
  const B = 296;
  const finite = places.flatMap((p, i) => {
    const base = i ? places[i - 1].elo : 0;
    const vals = [p.elo];
    if (p.step && Number.isFinite(p.step.hi)) vals.push(base + p.step.hi);
    return vals;
  });
  const max = Math.ceil((Math.max(...finite) + 150) / 250) * 250;
  const x = (e) => L + ((R - L) * e) / max;
  const rowH = (B - T) / places.length;
  const yOf = (i) => B - rowH * (i + 0.5);
  // Too many levels for a label above each marker and the detail under it: both on the
  // marker's line instead, beside the step's bar.
  const compact = rowH < 26;
  const out = [];

  out.push(text(16, 24, 'The levels on one Elo scale', 'font-size="16" font-weight="600"'));
  out.push(text(16, 42, 'freestyle 15×15, pattern-001 = 0; each level placed by its latest match against the level below', `font-size="11.5" fill="${MUTED}"`));

  for (let e = 0; e <= max; e += 250) {
    out.push(line(x(e), T - 4, x(e), B, `stroke="${e === 0 ? AXIS : GRID}" stroke-width="1"`));
    out.push(text(x(e), B + 15, e === 0 ? '0' : signed(e), `text-anchor="middle" font-size="10.5" fill="${MUTED}"`));
  }
  out.push(line(L, B, R, B, `stroke="${AXIS}" stroke-width="1"`));
  out.push(text((L + R) / 2, B + 32, 'Elo above pattern-001', `text-anchor="middle" font-size="11.5" fill="${MUTED}"`));

  const COLOR = '#0072B2';
  const BOUND = '#D55E00';
  places.forEach((p, i) => {
    const yy = yOf(i);
    out.push(text(L - 10, yy + 4, p.level, `text-anchor="end" font-size="${compact ? 10.5 : 11.5}" font-family="ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace"`));
    const color = p.bound ? BOUND : COLOR;
    if (p.step) {
      const base = places[i - 1].elo;
      const x1 = x(base + p.step.lo);
      const open = !Number.isFinite(p.step.hi);
      const x2 = open ? R : x(base + p.step.hi);
      out.push(line(x1, yy, x2, yy, `stroke="${color}" stroke-width="1.4" stroke-opacity="0.8"`));
      out.push(line(x1, yy - 4, x1, yy + 4, `stroke="${color}" stroke-width="1.4"`));
      if (open) out.push(`<path d="M${f(R - 6)} ${f(yy - 4)}L${f(R)} ${f(yy)}L${f(R - 6)} ${f(yy + 4)}" fill="none" stroke="${color}" stroke-width="1.4"/>`);
      else out.push(line(x2, yy - 4, x2, yy + 4, `stroke="${color}" stroke-width="1.4"`));
    }
    out.push(marker(p.bound ? 'diamond' : 'circle', x(p.elo), yy, color, !p.bound));
    const label = p.step ? `${p.bound ? '≥ ' : ''}${signed(Math.round(p.elo))}` : '0';
    let detail = '';
    if (p.step) {
      const pct = `${f((100 * p.step.score) / p.step.games)}%`;
      detail = p.step.bound && p.step.score === p.step.games
        ? `${pct} of ${p.step.games} vs ${p.step.against}: ≥ ${signed(p.step.elo)} (one-sided 95%)`
        : `${signed(p.step.elo)} vs ${p.step.against} (${pct} of ${p.step.games})`;
    }
    if (compact) {
      // "+1652  +186 vs nodes-10000 (74.5% of 100)" right of the bar where it fits, else left.
      const base = p.step ? places[i - 1].elo : 0;
      const right = p.step && Number.isFinite(p.step.hi) ? x(base + p.step.hi) : x(p.elo);
      const left = p.step ? x(base + p.step.lo) : x(p.elo);
      const wide = label.length * 6.6 + (detail ? 8 + detail.length * 5.2 : 0);
      const atRight = right + 8 + wide <= R || left - 8 - wide < L;
      const parts = `<tspan font-weight="600" fill="${color}">${esc(label)}</tspan>${detail ? `<tspan dx="8" font-size="10" fill="${MUTED}">${esc(detail)}</tspan>` : ''}`;
      const at = atRight ? `x="${f(right + 8)}"` : `x="${f(left - 8)}" text-anchor="end"`;
      out.push(`<text ${at} y="${f(yy + 4)}" font-size="11">${parts}</text>`);
      return;
    }
    // The label above the marker; the step's detail to the right of the label where it fits,
    // else to the left of the marker.
    const anchor = p.step ? `x="${f(x(p.elo))}" y="${f(yy - 7)}" text-anchor="middle"` : `x="${f(x(p.elo) + 9)}" y="${f(yy + 4)}"`;
    out.push(`<text ${anchor} font-size="11.5" font-weight="600" fill="${color}">${esc(label)}</text>`);
    if (detail) {
      const room = R - x(p.elo);
      const wide = detail.length * 5.6;
      if (room > wide + 16) out.push(text(x(p.elo) + 10, yy + 13, detail, `font-size="10" fill="${MUTED}"`));
      else out.push(text(x(p.elo) - 10, yy + 13, detail, `text-anchor="end" font-size="10" fill="${MUTED}"`));
    }
  });

  out.push(text(16, H - 24, 'Bars: the step\'s 95% interval from the level below. A 100% score has no finite Elo: its step is the one-sided 95% lower', `font-size="10.5" fill="${MUTED}"`));
  out.push(text(16, H - 10, 'bound of the score, 0.05^(1/games), as Elo, and every level above it is a lower bound too (≥, open markers).', `font-size="10.5" fill="${MUTED}"`));

  return svgDoc(
    'ladder',
    'The levels on one Elo scale',
    `Levels ${places.map((p) => `${p.level} ${p.bound ? 'at least ' : ''}${Math.round(p.elo)}`).join(', ')} Elo above pattern-001, freestyle.`,
    out,
  );
}

// ---- Chart: WebAssembly speed -------------------------------------------------------------------

const METHODS = [
  { prefix: 'make bench-wasm: 5 rounds of 7 runs', label: 'make bench-wasm: 5 rounds of 7 runs, median of runs 3–7', color: '#0072B2', shape: 'circle' },
  { prefix: 'earlier method', label: 'earlier method: median of runs 2–5', color: '#D55E00', shape: 'diamond' },
];

export function wasmChart(rows, name = 'wasm-speed.csv') {
  need(rows, ['date', 'build', 'method', 'ratio', 'ratio_low', 'ratio_high'], name);
  const placed = rows.filter((r) => r.build !== '' && r.date !== '' && r.ratio !== '');
  const builds = buildsInOrder(placed);
  const methodOf = (r) => {
    const m = METHODS.find((mm) => r.method.startsWith(mm.prefix));
    if (!m) throw new Error(`${name}: data row ${r._index + 1}: no series for method "${r.method}"`);
    return m;
  };

  const L = 58;
  const R = W - 84;
  const T = 62;
  const B = 268;
  const lo = 0.6;
  const hi = 1.25;
  const slotW = (R - L) / builds.length;
  const slotX = (i) => L + slotW * (i + 0.5);
  const y = (v) => B - ((B - T) * (v - lo)) / (hi - lo);
  const out = [];

  out.push(text(L, 24, 'WebAssembly speed in Chromium, as a fraction of native', 'font-size="16" font-weight="600"'));
  out.push(text(L, 42, 'the engine bench (depth 7) once warm, wasm nodes/s ÷ native nodes/s on the same shared 2-core machine', `font-size="11.5" fill="${MUTED}"`));

  for (let k = 0; k <= Math.round((hi - lo) / 0.05); k++) {
    const v = lo + k * 0.05;
    const yy = y(v);
    const major = k % 2 === 0;
    out.push(line(L, yy, R, yy, `stroke="${k === 0 ? AXIS : GRID}" stroke-width="1"${major ? '' : ' stroke-opacity="0.5"'}`));
    if (major) out.push(text(L - 6, yy + 4, `${v.toFixed(1)}×`, `text-anchor="end" font-size="10.5" fill="${MUTED}"`));
  }
  out.push(text(16, (T + B) / 2, 'wasm ÷ native', `transform="rotate(-90 16 ${f((T + B) / 2)})" text-anchor="middle" font-size="11.5" fill="${MUTED}"`));
  out.push(line(L, y(1), R, y(1), `stroke="${AXIS}" stroke-width="1"`));
  out.push(text(R + 6, y(1) + 4, 'native', `font-size="10.5" fill="${MUTED}"`));
  out.push(line(L, y(0.8), R, y(0.8), 'stroke="#333333" stroke-width="1.3" stroke-dasharray="6 4"'));
  out.push(text(R + 6, y(0.8) + 4, 'target 0.8×', 'font-size="10.5" fill="#333333"'));

  out.push(...buildAxis(builds, slotX, slotW, B));

  builds.forEach((b, i) => {
    // Within a build: one column per method and range (rows that share a range are the runs
    // of one series), the runs side by side in it.
    const groups = [];
    for (const r of placed) {
      if (r.build !== b.build) continue;
      const key = `${r.method}\n${r.ratio_low}\n${r.ratio_high}`;
      let g = groups.find((gg) => gg.key === key);
      if (!g) groups.push((g = { key, method: methodOf(r), rows: [] }));
      g.rows.push(r);
    }
    const colW = Math.min(26, (slotW - 6) / groups.length);
    groups.forEach((g, k) => {
      const cx = slotX(i) + (k - (groups.length - 1) / 2) * colW;
      const rlo = num(g.rows[0], 'ratio_low', name);
      const rhi = num(g.rows[0], 'ratio_high', name);
      if (rlo !== null && rhi !== null) {
        // A range past the plot is cut at its edge, and its end written there.
        const [top, bottom] = [Math.min(rhi, hi), Math.max(rlo, lo)];
        out.push(`<rect x="${f(cx - 4)}" y="${f(y(top))}" width="8" height="${f(y(bottom) - y(top))}" rx="2" fill="${g.method.color}" fill-opacity="0.16" stroke="${g.method.color}" stroke-opacity="0.5" stroke-width="1"/>`);
        if (rhi > hi) out.push(text(cx + 7, y(hi) + 8, `↑${rhi.toFixed(2)}×`, `font-size="9" fill="${MUTED}"`));
        if (rlo < lo) out.push(text(cx + 7, y(lo) - 2, `↓${rlo.toFixed(2)}×`, `font-size="9" fill="${MUTED}"`));
      }
      const n = g.rows.length;
      const spread = Math.min(colW - 8, 3 * (n - 1));
      g.rows.forEach((r, j) => {
        const px = n === 1 ? cx : cx - spread / 2 + (spread * j) / (n - 1);
        out.push(marker(g.method.shape, px, y(num(r, 'ratio', name)), g.method.color));
      });
    });
  });

  // Legend under the subtitle.
  let lx = L;
  const ly = H - 14;
  for (const m of METHODS) {
    out.push(marker(m.shape, lx + 5, ly - 4, m.color));
    out.push(text(lx + 14, ly, m.label, 'font-size="10.5"'));
    lx += 14 + m.label.length * 5.5 + 18;
  }
  out.push(`<rect x="${f(lx + 1)}" y="${f(ly - 11)}" width="8" height="14" rx="2" fill="#777777" fill-opacity="0.16" stroke="#777777" stroke-opacity="0.5"/>`);
  out.push(text(lx + 14, ly, 'range of the rounds', 'font-size="10.5"'));

  return svgDoc(
    'wasm-speed',
    'WebAssembly speed in Chromium, as a fraction of native',
    `Run medians of the wasm to native speed ratio for builds ${builds.map((bb) => bb.build).join(', ')}; the target is 0.8.`,
    out,
  );
}

// ---- Files ---------------------------------------------------------------------------------------

export const CHARTS = [
  { file: 'docs/charts/peers.svg', data: 'docs/data/peer-matches.csv', render: peersChart },
  { file: 'docs/charts/ladder.svg', data: 'docs/data/ladder.csv', render: ladderChart },
  { file: 'docs/charts/wasm-speed.svg', data: 'docs/data/wasm-speed.csv', render: wasmChart },
];

/** Every chart as its data give it: [{ file, svg }], paths relative to root. */
export function renderCharts(root = ROOT) {
  return CHARTS.map(({ file, data, render }) => {
    const rows = readTable(readFileSync(path.join(root, data), 'utf8'), data);
    return { file, svg: render(rows, data) };
  });
}

/** The charts whose files are missing or differ from what the data give. */
export function staleCharts(root = ROOT) {
  return renderCharts(root)
    .filter(({ file, svg }) => {
      const p = path.join(root, file);
      return !existsSync(p) || readFileSync(p, 'utf8') !== svg;
    })
    .map(({ file }) => file);
}

export function writeCharts(root = ROOT) {
  const written = [];
  for (const { file, svg } of renderCharts(root)) {
    const p = path.join(root, file);
    mkdirSync(path.dirname(p), { recursive: true });
    if (!existsSync(p) || readFileSync(p, 'utf8') !== svg) {
      writeFileSync(p, svg);
      written.push(file);
    }
  }
  return written;
}

function main(argv) {
  const check = argv.includes('--check');
  const r = argv.indexOf('--root');
  const root = r >= 0 ? path.resolve(argv[r + 1] ?? '.') : ROOT;
  const unknown = argv.filter((a, i) => a !== '--check' && a !== '--root' && !(r >= 0 && i === r + 1));
  if (unknown.length) {
    console.error(`docs-charts: unknown argument ${unknown[0]}\nusage: node scripts/docs-charts.mjs [--check] [--root DIR]`);
    return 2;
  }
  if (check) {
    const stale = staleCharts(root);
    if (stale.length) {
      console.error(`Charts out of date with docs/data/:\n${stale.map((s) => `  ${s}`).join('\n')}\nRun \`make docs\` to redraw them.`);
      return 1;
    }
    console.log(`docs-charts: ${CHARTS.length} charts match their data`);
    return 0;
  }
  const written = writeCharts(root);
  for (const file of CHARTS.map((c) => c.file)) console.log(`${written.includes(file) ? 'wrote    ' : 'unchanged'} ${file}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (e) {
    console.error(`docs-charts: ${e.message}`);
    process.exitCode = 1;
  }
}
