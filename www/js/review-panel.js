// The review card on screen (the model is review-model.js): progress, the win-chance graph as
// SVG, the class of the move shown, its better line, and each side's figures. Text only ever
// goes in as textContent.

import { make } from './element-dom.js';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 300;
const HEIGHT = 64;
// Classes marked on the graph, as dots on the move's point.
const MARKED = new Set(['inaccuracy', 'mistake', 'blunder', 'missed_win']);

const svg = (name, attributes) => {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
};

/** Puts `model` (reviewModel) into the card; `el` is Controls' element lookup. */
export function setReview(el, model) {
  const card = el['review-card'];
  card.hidden = model === null;
  if (!model) return;
  card.dataset.status = model.status;
  el['review-progress'].hidden = model.status !== 'running';
  el['review-failed'].hidden = model.status !== 'failed';
  el['review-done'].hidden = model.status !== 'done';
  if (model.status === 'running') {
    el['review-bar'].value = model.percent;
    el['review-progress-text'].textContent = model.text;
    el['review-chance'].textContent = '';
    return;
  }
  if (model.status === 'failed') {
    el['review-failed'].textContent = model.text;
    return;
  }
  el['review-chance'].textContent = model.chance;
  drawGraph(el['review-graph'], model.graph);
  const { move } = model;
  el['review-move'].hidden = !move;
  el['review-move'].dataset.class = move?.class ?? '';
  el['review-class'].textContent = move?.text ?? '';
  el['review-drop'].textContent = move && move.class !== 'forced' ? move.drop : '';
  el['review-help'].textContent = model.help;
  el['review-help'].hidden = !model.help;
  el['review-better-row'].hidden = !move?.better || Boolean(move.line);
  el['review-better'].textContent = move?.better ?? '';
  el['review-show-better'].textContent = move?.showBetter ?? '';
  el['review-puzzle'].hidden = !move?.puzzle;
  if (move?.puzzle) {
    el['review-puzzle'].href = move.puzzle.href;
    el['review-puzzle'].textContent = move.puzzle.text;
  }
  el['review-line-row'].hidden = !move?.line;
  if (move?.line) {
    el['review-line-text'].textContent = move.line.text;
    el['review-line-prev'].disabled = !move.line.canPrev;
    el['review-line-next'].disabled = !move.line.canNext;
  }
  el['review-sides'].replaceChildren(
    ...model.sides.map((side) =>
      make('li', { className: 'review-side' }, [
        make('span', { className: `mini-stone ${side.color === 1 ? 'black' : 'white'}`, ariaHidden: 'true' }),
        make('strong', {}, [side.title]),
        ...side.counts.map((c) => make('span', { className: 'review-count', dataset: { class: c.class } }, [`${c.label} ${c.n}`])),
      ]),
    ),
  );
}

/** Black's chance over the game: the area below the line is black's, the rest white's. */
function drawGraph(node, { chances, marks, current, label }) {
  const key = `${chances.join(',')}|${current}`;
  if (node.dataset.key === key) return;
  node.dataset.key = key;
  node.setAttribute('aria-label', label);
  const n = Math.max(1, chances.length - 1);
  const x = (ply) => (ply / n) * WIDTH;
  const y = (p) => (1 - p) * HEIGHT;
  const line = chances.map((p, ply) => `${x(ply).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
  node.replaceChildren(
    svg('rect', { class: 'graph-white', x: 0, y: 0, width: WIDTH, height: HEIGHT }),
    svg('polygon', { class: 'graph-black', points: `0,${HEIGHT} ${line} ${WIDTH},${HEIGHT}` }),
    svg('line', { class: 'graph-mid', x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2 }),
    svg('polyline', { class: 'graph-line', points: line }),
    svg('line', { class: 'graph-current', x1: x(current), y1: 0, x2: x(current), y2: HEIGHT }),
    ...marks.filter((m) => MARKED.has(m.class)).map((m) => svg('circle', { class: `graph-mark ${m.class}`, cx: x(m.ply), cy: y(chances[m.ply]), r: 2.6 })),
  );
  node.dataset.plies = String(n);
}

/** The ply a click at `clientX` on the graph points at. */
export function graphPly(node, clientX) {
  const box = node.getBoundingClientRect();
  const plies = Number(node.dataset.plies ?? 0);
  if (box.width <= 0 || plies <= 0) return null;
  return Math.max(0, Math.min(plies, Math.round(((clientX - box.left) / box.width) * plies)));
}
