// What the board shows on top of the stones to explain the computer: the heatmap of a level's
// scores, threat badges, move numbers, numbered stones of the best line, and the hint ring.
// Every function draws in CSS pixels; `at(x, y)` gives a point's centre.

import { BLACK, THREAT } from './constants.js';

// Threats the other side must answer at once: a four of some kind, or five.
const MUST_ANSWER = new Set([THREAT.four, THREAT.openFour, THREAT.fourThree, THREAT.five]);
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const LINE_BLUE = '#1559b5';
const THREAT_LABELS = {
  [THREAT.three]: '3',
  [THREAT.four]: '4',
  [THREAT.doubleThree]: '33',
  [THREAT.fourThree]: '43',
  [THREAT.openFour]: '4+',
  [THREAT.five]: '5',
};

/** Heat colour of t in [0, 1]: clear for the worst points, through amber, to strong red for the best. */
export function heatColor(t) {
  const hue = 48 - 48 * t;
  const alpha = 0.06 + 0.6 * t;
  return `hsl(${hue} 95% ${56 - 10 * t}% / ${alpha})`;
}

/**
 * Squares on every empty point, coloured by score (square-root scale: the few strong points
 * stand out, small differences among weak ones stay visible). Returns `{ values, max, t }`
 * for the label, or null with no scores.
 */
export function drawHeatmap(ctx, values, n, at, step) {
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < 0) continue;
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  if (max === -Infinity) return null;
  const t = (v) => (max > min ? Math.sqrt((v - min) / (max - min)) : 0);
  const half = step * 0.4;
  ctx.save();
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const v = values[y * n + x];
      if (v < 0 || (v === min && max > min)) continue; // the lowest score gets no colour
      const [cx, cy] = at(x, y);
      ctx.fillStyle = heatColor(t(v));
      roundRect(ctx, cx - half, cy - half, half * 2, half * 2, step * 0.12);
      ctx.fill();
      if (v === max && max > min) {
        ctx.strokeStyle = 'rgba(150, 20, 10, 0.9)';
        ctx.lineWidth = Math.max(1.5, step * 0.06);
        ctx.stroke();
      }
    }
  }
  ctx.restore();
  return { values, max, t };
}

/** A score short enough for a point: 950, 1.2k, 45k, 1.2M. */
export function shortScore(v) {
  const abs = Math.abs(v);
  if (abs < 1000) return String(v);
  if (abs < 1e6) return `${(v / 1000).toFixed(abs < 1e4 ? 1 : 0)}k`;
  return `${(v / 1e6).toFixed(abs < 1e7 ? 1 : 0)}M`;
}

/**
 * The article's table on the board: every empty point's score printed on it, as the
 * articles print theirs. Returns how many were printed.
 */
export function drawScores(ctx, values, n, at, step) {
  const size = Math.max(7, step * 0.3);
  let printed = 0;
  ctx.save();
  ctx.font = `650 ${size}px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, size * 0.28);
  ctx.strokeStyle = 'rgba(250, 240, 220, 0.85)';
  ctx.fillStyle = '#3a2208';
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const v = values[y * n + x];
      if (v < 0) continue;
      const [cx, cy] = at(x, y);
      const text = shortScore(v);
      // A light halo keeps the digits readable over the grid lines and the heatmap; zeros,
      // most of an open board, stay faint so the points that matter stand out.
      ctx.globalAlpha = v === 0 ? 0.35 : 1;
      ctx.strokeText(text, cx, cy + 0.5);
      ctx.fillText(text, cx, cy + 0.5);
      printed++;
    }
  }
  ctx.restore();
  return printed;
}

/** The score of the hovered point in a small tag above it (below it on the top row). */
export function drawHeatLabel(ctx, heat, hover, n, at, step, canvasSize) {
  const v = heat.values[hover.y * n + hover.x];
  if (v === undefined || v < 0) return;
  const text = String(v);
  const size = Math.max(11, Math.min(16, step * 0.42));
  ctx.save();
  ctx.font = `700 ${size}px ${FONT}`;
  const width = ctx.measureText(text).width + size * 0.9;
  const height = size * 1.6;
  const [cx, cy] = at(hover.x, hover.y);
  const above = cy - step * 0.62 - height;
  const top = above >= 2 ? above : cy + step * 0.62;
  const left = Math.min(Math.max(2, cx - width / 2), canvasSize - width - 2);
  ctx.fillStyle = 'rgba(30, 22, 14, 0.9)';
  roundRect(ctx, left, top, width, height, height / 2);
  ctx.fill();
  ctx.fillStyle = '#fff8ef';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, left + width / 2, top + height / 2 + 0.5);
  ctx.restore();
}

/**
 * Badges on empty points where a stone would make a threat, centred on the point: dark for
 * black's, light for white's, side by side where both have one. On a point where
 * `cornered(x, y)` (a stone of the best line), smaller and in its upper corners, off the
 * stone's number. Returns how many were drawn.
 */
export function drawThreats(ctx, threats, at, step, cornered = () => false) {
  if (threats.length === 0) return 0;
  const full = Math.max(8, step * 0.32);
  let drawn = 0;
  const shared = new Set();
  const seen = new Set();
  for (const { x, y } of threats) {
    const key = `${x},${y}`;
    if (seen.has(key)) shared.add(key);
    seen.add(key);
  }
  ctx.save();
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const { x, y, color, kind } of threats) {
    const label = THREAT_LABELS[kind];
    if (!label) continue;
    const [px, py] = at(x, y);
    const corner = cornered(x, y);
    const size = corner ? Math.max(7, full * 0.72) : full;
    ctx.font = `800 ${size}px ${FONT}`;
    // Where both sides have one, black's goes left; in a corner, one alone goes right.
    const side = shared.has(`${x},${y}`) ? (color === BLACK ? -1 : 1) : corner ? 1 : 0;
    const cx = px + side * step * (corner ? 0.34 : 0.22);
    const cy = corner ? py - step * 0.34 : py;
    const width = Math.max(size * 1.25, ctx.measureText(label).width + size * 0.5);
    const height = size * 1.3;
    const bx = cx - width / 2;
    const by = cy - height / 2;
    const strong = MUST_ANSWER.has(kind);
    ctx.fillStyle = color === BLACK ? '#1b1b1b' : '#fbfaf6';
    ctx.strokeStyle = strong ? '#d0341f' : color === BLACK ? '#fbfaf6' : '#1b1b1b';
    ctx.lineWidth = strong ? Math.max(1.5, step * 0.05) : 1;
    roundRect(ctx, bx, by, width, height, height * 0.3);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = color === BLACK ? '#ffffff' : '#111111';
    ctx.fillText(label, cx, cy + 0.5);
    drawn++;
  }
  ctx.restore();
  return drawn;
}

/** Move numbers on the stones; the last move's number stands out in red. */
export function drawMoveNumbers(ctx, scene, at, radius) {
  const { numbers, board, lastMove, size } = scene;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const number = numbers[y * size + x];
      if (!number) continue;
      const last = lastMove?.[0] === x && lastMove?.[1] === y;
      drawStoneLabel(ctx, ...at(x, y), radius, board[y * size + x], String(number), last ? '#e2412a' : null);
    }
  }
}

/** Text centred on a stone, in the colour that reads on it. */
export function drawStoneLabel(ctx, cx, cy, radius, color, text, fill = null) {
  const size = radius * (text.length >= 3 ? 0.78 : 0.95);
  ctx.save();
  ctx.font = `700 ${size}px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = fill ?? (color === BLACK ? '#f4f1ea' : '#1c1c1c');
  ctx.fillText(text, cx, cy + size * 0.04);
  ctx.restore();
}

/**
 * A stone of the best line: translucent, ringed in blue, numbered in blue, so it never reads
 * as a stone on the board or a move number.
 */
export function drawLineStone(ctx, view, cx, cy, radius, { color, n }) {
  view.drawStone(cx, cy, radius, color, 0.6);
  ctx.save();
  ctx.strokeStyle = LINE_BLUE;
  ctx.lineWidth = Math.max(1.5, radius * 0.1);
  ctx.setLineDash([radius * 0.3, radius * 0.18]);
  ctx.beginPath();
  ctx.arc(cx, cy, radius * 0.96, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
  drawStoneLabel(ctx, cx, cy, radius, color, String(n), color === BLACK ? '#bcdcff' : LINE_BLUE);
}

/** A ring around a suggested point ('hint') or a tap waiting for confirmation ('confirm'). */
export function drawHint(ctx, cx, cy, radius, kind = 'hint') {
  ctx.save();
  ctx.lineWidth = Math.max(2, radius * 0.16);
  ctx.strokeStyle = kind === 'hint' ? '#1c8a55' : '#b3541e';
  if (kind === 'confirm') ctx.setLineDash([radius * 0.35, radius * 0.25]);
  ctx.beginPath();
  ctx.arc(cx, cy, radius * 1.18, 0, Math.PI * 2);
  ctx.stroke();
  if (kind === 'hint') {
    ctx.fillStyle = 'rgba(28, 138, 85, 0.28)';
    ctx.beginPath();
    ctx.arc(cx, cy, radius * 0.9, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  if (ctx.roundRect) ctx.roundRect(x, y, w, h, r);
  else ctx.rect(x, y, w, h);
}
