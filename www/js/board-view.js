// Paints the Gomoku board on a canvas and maps pointer positions to board points.
//
// Board coordinates match the engine: x is the column (0 = 'a', at the left) and
// y is the row (0 = row 1, at the BOTTOM). Canvas pixels grow downwards, so the
// row is flipped in `pixelOf` and `pointAt`.

import {
  drawHeatLabel,
  drawHeatmap,
  drawHint,
  drawLineStone,
  drawMoveNumbers,
  drawScores,
  drawStoneLabel,
  drawThreats,
} from './board-overlays.js';
import { BLACK, EMPTY, LETTERS } from './constants.js';


// Margin around the outer grid lines, in cells: room for a stone's overhang plus the labels.
const MARGIN_CELLS = 1.08;
const STONE_RADIUS = 0.46; // in cells; a little gap between neighbouring stones
const LABEL_OFFSET = 0.8; // label centre distance from the outer grid line, in cells
const DROP_MS = 160; // a new stone settles onto the board this long

/** Star points (hoshi) for a board size: corners at the 4th line (3rd on small boards) and the centre. */
export function starPoints(size) {
  if (size < 7) return [];
  const edge = size >= 13 ? 3 : 2;
  const far = size - 1 - edge;
  const points = [
    [edge, edge],
    [far, edge],
    [edge, far],
    [far, far],
  ];
  if (size % 2 === 1) {
    const mid = (size - 1) / 2;
    points.push([mid, mid]);
    if (size >= 19) points.push([mid, edge], [mid, far], [edge, mid], [far, mid]);
  }
  return points;
}

/** Splits a set of winning stones into straight runs (a move can complete two fives at once). */
export function winningRuns(stones) {
  const key = (x, y) => `${x},${y}`;
  const set = new Set(stones.map(([x, y]) => key(x, y)));
  const runs = [];
  for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
    for (const [x, y] of stones) {
      if (set.has(key(x - dx, y - dy))) continue; // not the start of a run
      let n = 1;
      while (set.has(key(x + n * dx, y + n * dy))) n++;
      if (n >= 5) runs.push([[x, y], [x + (n - 1) * dx, y + (n - 1) * dy]]);
    }
  }
  return runs;
}

export class BoardView {
  /**
   * @param {HTMLCanvasElement} canvas a square canvas; its CSS box sets the drawing size
   */
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    this.boardSize = 15;
    this.cssSize = 0;
    this.dpr = 1;
    this.scene = null;
    this.staticLayer = null; // wood, grid and labels, redrawn only on layout changes
    this.painted = null;
    this.drop = null; // { key, start }: the newest stone, drawn settling onto the board
    this.frame = 0;
    this.reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

    // Observing device pixels keeps the backing store exactly one texel per screen pixel,
    // including after zooming or moving the window to a screen with another pixel ratio.
    this.resizeObserver = new ResizeObserver((entries) => this.onResize(entries[0]));
    try {
      this.resizeObserver.observe(canvas, { box: 'device-pixel-content-box' });
    } catch {
      this.resizeObserver.observe(canvas);
    }
  }

  /** Board geometry in CSS pixels relative to the canvas's top-left corner; `stoneRadius` as drawn. */
  geometry() {
    const step = this.cssSize / (this.boardSize - 1 + 2 * MARGIN_CELLS);
    return { boardSize: this.boardSize, cssSize: this.cssSize, origin: MARGIN_CELLS * step, step, stoneRadius: step * STONE_RADIUS };
  }

  /** Centre of point (x, y) in CSS pixels relative to the canvas. */
  pixelOf(x, y) {
    const { origin, step } = this.geometry();
    return [origin + x * step, origin + (this.boardSize - 1 - y) * step];
  }

  /**
   * The height a box over the board may take, from the board's `place` edge ('top' or
   * 'bottom') towards point `{ x, y }` without reaching its stone: `edge` pixels are kept
   * from the board's edge, `gap` from the stone (CSS pixels).
   */
  roomBeside({ x, y }, place, edge = 4, gap = 3) {
    const { cssSize, stoneRadius } = this.geometry();
    const [, py] = this.pixelOf(x, y);
    const near = place === 'top' ? py - stoneRadius : cssSize - py - stoneRadius;
    return Math.max(0, Math.floor(near - edge - gap));
  }

  /** The board point under a client (viewport) position, or null off the grid. */
  pointAt(clientX, clientY) {
    const rect = this.canvas.getBoundingClientRect();
    if (rect.width === 0) return null;
    const { origin, step } = this.geometry();
    const scale = this.cssSize / rect.width; // the canvas may be scaled by CSS transforms
    const x = Math.round(((clientX - rect.left) * scale - origin) / step);
    const row = Math.round(((clientY - rect.top) * scale - origin) / step);
    const y = this.boardSize - 1 - row;
    if (x < 0 || y < 0 || x >= this.boardSize || y >= this.boardSize) return null;
    return { x, y };
  }

  setBoardSize(size) {
    if (size === this.boardSize) return;
    this.boardSize = size;
    this.staticLayer = null;
  }

  /**
   * Draws a scene. `board` holds size*size cells (index y*size + x); points are [x, y].
   *   { board, size, lastMove, winningLine, forbidden, cursor,
   *     ghost: { x, y, color, confirm? } | null,     hover or tap-to-place preview
   *     numbers: [moveNumber per cell] | null,        move numbers on the stones
   *     heatmap: { values, hover: { x, y } | null } | null,   scores, -1 on stones
   *     scores: [score, …] | null   the same scores printed on every empty point
   *     threats: [{ x, y, color, kind }],  pv: [{ x, y, color, n }],  hint: [x, y] | null }
   */
  render(scene) {
    const previous = this.scene;
    this.scene = scene;
    this.setBoardSize(scene.size);
    this.startDrop(previous, scene);
    if (this.cssSize === 0) {
      // The first time, measure now rather than wait a frame for the resize observer:
      // the board then shows with the page's first paint.
      const width = this.canvas.getBoundingClientRect().width;
      if (width === 0) return;
      this.resizeTo(width, Math.round(width * (window.devicePixelRatio || 1)));
      return;
    }
    this.paint();
  }

  /** A stone just added at the last move settles in; not with reduced motion. */
  startDrop(previous, scene) {
    const last = scene.lastMove;
    const key = last ? `${scene.size}:${last[0]},${last[1]}` : null;
    const added = previous && last && previous.board[last[1] * scene.size + last[0]] === EMPTY;
    if (key && key !== this.drop?.key && added && !this.reducedMotion.matches) {
      this.drop = { key, start: performance.now() };
    } else if (!key) {
      this.drop = null;
    }
  }

  onResize(entry) {
    const cssSize = entry.contentRect.width;
    if (cssSize === 0) return; // hidden or taken out of the page: nothing to draw until it is back
    const device = entry.devicePixelContentBoxSize?.[0]?.inlineSize;
    const estimate = Math.round(cssSize * (window.devicePixelRatio || 1));
    // Emulated pixel ratios (device mode, test browsers) are missing from the device box.
    const backing = device !== undefined && Math.abs(device - estimate) <= 2 ? device : estimate;
    this.resizeTo(cssSize, backing);
  }

  /** Sets the drawing size (CSS pixels) and the backing store (device pixels), then paints. */
  resizeTo(cssSize, backing) {
    if (cssSize === this.cssSize && backing === this.canvas.width) return;
    this.cssSize = cssSize;
    this.dpr = backing / Math.max(cssSize, 1);
    this.canvas.width = backing;
    this.canvas.height = backing;
    this.staticLayer = null;
    if (this.scene) this.paint();
  }

  paint() {
    const { ctx, canvas, scene } = this;
    if (!this.staticLayer) this.staticLayer = this.drawStaticLayer();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(this.staticLayer, 0, 0);
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);

    const { step } = this.geometry();
    const radius = step * STONE_RADIUS;
    const n = scene.size;
    const at = (x, y) => this.pixelOf(x, y);
    const winningLine = scene.winningLine ?? [];
    const heat = scene.heatmap ? drawHeatmap(ctx, scene.heatmap.values, n, at, step) : null;

    // Halos go under the stones so their glow only shows around them.
    if (winningLine.length > 0) this.drawWinningHalos(winningLine, radius);
    const settle = this.dropProgress();
    let stones = 0;
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const cell = scene.board[y * n + x];
        if (cell === EMPTY) continue;
        stones++;
        const dropping = settle < 1 && scene.lastMove?.[0] === x && scene.lastMove?.[1] === y;
        const r = dropping ? radius * (1 + 0.16 * (1 - settle) ** 2) : radius;
        this.drawStone(...at(x, y), r, cell, dropping ? 0.55 + 0.45 * settle : 1);
      }
    }

    const forbidden = scene.forbidden ?? [];
    for (const [x, y] of forbidden) this.drawForbidden(...at(x, y), step);

    if (scene.numbers) drawMoveNumbers(ctx, scene, at, radius);
    else if (scene.lastMove) {
      const [x, y] = scene.lastMove;
      this.drawLastMoveMark(...at(x, y), radius, scene.board[y * n + x]);
    }

    if (winningLine.length > 0) this.drawWinningRuns(winningLine, radius);

    const threats = scene.threats ?? [];
    const pv = scene.pv ?? [];
    for (const stone of pv) drawLineStone(ctx, this, ...at(stone.x, stone.y), radius, stone);
    // Badges go over the best line's stones, in the corner of a point that has one, so both
    // its number and the threat stay readable.
    const onLine = new Set(pv.map(({ x, y }) => y * n + x));
    const badges = drawThreats(ctx, threats, at, step, (x, y) => onLine.has(y * n + x));
    if (scene.hint) drawHint(ctx, ...at(...scene.hint), radius);

    const ghost = scene.ghost;
    if (ghost) {
      this.drawStone(...at(ghost.x, ghost.y), radius, ghost.color, ghost.confirm ? 0.7 : 0.5);
      if (ghost.confirm) drawHint(ctx, ...at(ghost.x, ghost.y), radius, 'confirm');
    }
    if (scene.cursor) this.drawCursor(...at(scene.cursor.x, scene.cursor.y), step);
    const printed = scene.scores ? drawScores(ctx, scene.scores, n, at, step) : 0;
    const hover = scene.heatmap?.hover;
    if (heat && hover && !scene.scores) drawHeatLabel(ctx, heat, hover, n, at, step, this.cssSize);

    // The first paint is a page-load milestone (read by scripts/page-budgets.mjs).
    if (!this.painted) performance.mark('gomoku-board-painted');
    this.painted = {
      stones,
      lastMove: scene.lastMove,
      winningLine,
      forbidden,
      ghost,
      numbers: Boolean(scene.numbers),
      heatmap: heat ? Array.from(scene.heatmap.values) : null,
      scores: printed,
      threats: badges,
      pv: pv.map(({ x, y, n: number }) => [x, y, number]),
      hint: scene.hint ?? null,
      settling: settle < 1,
      cssSize: this.cssSize,
      backingSize: canvas.width,
    };
    if (settle < 1) this.schedulePaint();
  }

  dropProgress() {
    if (!this.drop) return 1;
    const t = (performance.now() - this.drop.start) / DROP_MS;
    if (t >= 1) this.drop.start = -Infinity;
    return Math.min(1, Math.max(0, t));
  }

  schedulePaint() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.scene && this.cssSize > 0) this.paint();
    });
  }

  drawStaticLayer() {
    const layer = document.createElement('canvas');
    layer.width = this.canvas.width;
    layer.height = this.canvas.height;
    const ctx = layer.getContext('2d');
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    this.drawWood(ctx);
    this.drawGrid(ctx);
    this.drawLabels(ctx);
    return layer;
  }

  drawWood(ctx) {
    const s = this.cssSize;
    const base = ctx.createLinearGradient(0, 0, s, s);
    base.addColorStop(0, '#eccb8e');
    base.addColorStop(0.5, '#dfb06a');
    base.addColorStop(1, '#d09a50');
    ctx.fillStyle = base;
    ctx.fillRect(0, 0, s, s);

    // Grain: faint wavy streaks from a fixed pseudo-random sequence, so repaints never shimmer.
    let seed = 20240611;
    const random = () => {
      seed = (seed * 1664525 + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    ctx.lineCap = 'round';
    for (let i = 0; i < 70; i++) {
      const y0 = random() * s;
      const amplitude = (0.004 + random() * 0.012) * s;
      const period = (0.35 + random() * 0.8) * s;
      const phase = random() * Math.PI * 2;
      const dark = random() < 0.7;
      ctx.strokeStyle = dark
        ? `rgba(120, 70, 20, ${0.03 + random() * 0.06})`
        : `rgba(255, 236, 200, ${0.05 + random() * 0.08})`;
      ctx.lineWidth = (0.5 + random() * 2.2) * (s / 600);
      ctx.beginPath();
      for (let x = -10; x <= s + 10; x += s / 60) {
        const y = y0 + amplitude * Math.sin((x / period) * Math.PI * 2 + phase) + (x / s) * 0.04 * s;
        if (x === -10) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }

    const light = ctx.createRadialGradient(s * 0.3, s * 0.25, 0, s * 0.3, s * 0.25, s * 0.9);
    light.addColorStop(0, 'rgba(255, 245, 220, 0.22)');
    light.addColorStop(1, 'rgba(255, 245, 220, 0)');
    ctx.fillStyle = light;
    ctx.fillRect(0, 0, s, s);

    const vignette = ctx.createRadialGradient(s / 2, s / 2, s * 0.45, s / 2, s / 2, s * 0.75);
    vignette.addColorStop(0, 'rgba(90, 50, 10, 0)');
    vignette.addColorStop(1, 'rgba(90, 50, 10, 0.22)');
    ctx.fillStyle = vignette;
    ctx.fillRect(0, 0, s, s);
  }

  drawGrid(ctx) {
    const n = this.boardSize;
    const { origin, step } = this.geometry();
    const far = origin + (n - 1) * step;
    // Line widths in whole device pixels, positions snapped to them: sharp at any ratio.
    const thin = Math.max(1, Math.round(this.dpr * Math.min(1.2, step * 0.04)));
    const thick = thin * 2;
    const snap = (v, width) => (Math.round(v * this.dpr - width / 2) + width / 2) / this.dpr;

    ctx.strokeStyle = 'rgba(58, 34, 12, 0.78)';
    ctx.lineWidth = thin / this.dpr;
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      const p = snap(origin + i * step, thin);
      ctx.moveTo(snap(origin, thin), p);
      ctx.lineTo(snap(far, thin), p);
      ctx.moveTo(p, snap(origin, thin));
      ctx.lineTo(p, snap(far, thin));
    }
    ctx.stroke();

    ctx.lineWidth = thick / this.dpr;
    const a = snap(origin, thick);
    const b = snap(far, thick);
    ctx.strokeRect(a, a, b - a, b - a);

    ctx.fillStyle = 'rgba(50, 28, 8, 0.9)';
    const starRadius = Math.max(2, Math.min(4, step * 0.1));
    for (const [x, y] of starPoints(n)) {
      ctx.beginPath();
      ctx.arc(...this.pixelOf(x, y), starRadius, 0, Math.PI * 2);
      ctx.fill();
    }
  }

  drawLabels(ctx) {
    const n = this.boardSize;
    const { origin, step } = this.geometry();
    const far = origin + (n - 1) * step;
    const fontSize = Math.max(8, Math.min(15, step * 0.36));
    ctx.font = `600 ${fontSize}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
    ctx.fillStyle = 'rgba(70, 40, 14, 0.82)';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const offset = step * LABEL_OFFSET;
    for (let i = 0; i < n; i++) {
      const [px] = this.pixelOf(i, 0);
      ctx.fillText(LETTERS[i], px, origin - offset);
      ctx.fillText(LETTERS[i], px, far + offset);
      const [, py] = this.pixelOf(0, i);
      ctx.fillText(String(i + 1), origin - offset, py);
      ctx.fillText(String(i + 1), far + offset, py);
    }
  }

  drawStone(cx, cy, r, color, alpha = 1) {
    const { ctx } = this;
    ctx.save();
    ctx.globalAlpha = alpha;
    if (alpha === 1) {
      // Shadow parameters are in device pixels: they ignore the canvas transform.
      ctx.shadowColor = 'rgba(40, 20, 0, 0.45)';
      ctx.shadowBlur = r * 0.35 * this.dpr;
      ctx.shadowOffsetX = r * 0.1 * this.dpr;
      ctx.shadowOffsetY = r * 0.16 * this.dpr;
    }
    const g = ctx.createRadialGradient(cx - r * 0.35, cy - r * 0.4, r * 0.05, cx, cy, r);
    if (color === BLACK) {
      g.addColorStop(0, '#7a7a7a');
      g.addColorStop(0.3, '#303030');
      g.addColorStop(1, '#050505');
    } else {
      g.addColorStop(0, '#ffffff');
      g.addColorStop(0.45, '#f2f0eb');
      g.addColorStop(1, '#b9b3a8');
    }
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
  }

  drawLastMoveMark(cx, cy, r, color) {
    const { ctx } = this;
    ctx.fillStyle = color === BLACK ? '#ff6a4d' : '#d9432a';
    ctx.beginPath();
    ctx.arc(cx, cy, r * 0.22, 0, Math.PI * 2);
    ctx.fill();
  }

  drawForbidden(cx, cy, step) {
    const { ctx } = this;
    const h = step * 0.17;
    ctx.save();
    ctx.strokeStyle = '#d22f1f';
    ctx.lineWidth = Math.max(1.5, step * 0.075);
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(cx - h, cy - h);
    ctx.lineTo(cx + h, cy + h);
    ctx.moveTo(cx + h, cy - h);
    ctx.lineTo(cx - h, cy + h);
    ctx.stroke();
    ctx.restore();
  }

  drawWinningHalos(points, r) {
    const { ctx } = this;
    ctx.save();
    ctx.fillStyle = '#ffc53d';
    ctx.shadowColor = 'rgba(255, 150, 20, 1)';
    ctx.shadowBlur = r * 0.8 * this.dpr;
    for (const [x, y] of points) {
      ctx.beginPath();
      ctx.arc(...this.pixelOf(x, y), r * 1.17, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.restore();
  }

  drawWinningRuns(points, r) {
    const { ctx } = this;
    ctx.save();
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#f0a81c';
    ctx.lineWidth = Math.max(1.5, r * 0.09);
    for (const [x, y] of points) {
      ctx.beginPath();
      ctx.arc(...this.pixelOf(x, y), r * 0.96, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.strokeStyle = 'rgba(232, 62, 38, 0.85)';
    ctx.lineWidth = Math.max(2, r * 0.16);
    for (const [from, to] of winningRuns(points)) {
      ctx.beginPath();
      ctx.moveTo(...this.pixelOf(...from));
      ctx.lineTo(...this.pixelOf(...to));
      ctx.stroke();
    }
    ctx.restore();
  }

  drawCursor(cx, cy, step) {
    const { ctx } = this;
    const h = step * 0.5;
    const arm = step * 0.18;
    ctx.save();
    ctx.strokeStyle = '#b3541e';
    ctx.lineWidth = Math.max(1.5, step * 0.06);
    ctx.beginPath();
    for (const [sx, sy] of [[-1, -1], [1, -1], [1, 1], [-1, 1]]) {
      ctx.moveTo(cx + sx * h, cy + sy * (h - arm));
      ctx.lineTo(cx + sx * h, cy + sy * h);
      ctx.lineTo(cx + sx * (h - arm), cy + sy * h);
    }
    ctx.stroke();
    ctx.restore();
  }
}
