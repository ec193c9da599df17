// How the pointed-at score is made, inside a <gomoku-board>: the presenter's breakdown model
// (its title, rows and notes) over the half of the board away from the point, never reaching
// the point's stone. Its rows scroll inside it (the wheel over the board scrolls them too, while
// it shows); the notes, the last of which says how the parts make the total, always end it.
// On a touch screen a finger scrolls it, and a tap on it is a tap on the board beneath. Only
// text is ever set from data.

import { make } from './element-dom.js';
import { t } from './i18n.js';

export class BreakdownPop {
  /**
   * Puts the (hidden) pop into `parent`, over `canvas`; `tap(event)` is told of a tap on it,
   * `close()` of its close button (shown when a tap pinned it).
   */
  constructor(parent, canvas, { tap, close }) {
    this.title = make('p', { className: 'title' });
    this.close = make('button', { type: 'button', className: 'icon close', textContent: '×' });
    this.close.addEventListener('click', close);
    this.rows = make('ol');
    this.notes = make('div', { className: 'notes' });
    const head = make('div', { className: 'head' }, [this.title, this.close]);
    this.box = make('div', { className: 'breakdown', role: 'note', hidden: true }, [head, this.rows, this.notes]);
    parent.append(this.box);
    this.key = null;
    canvas.addEventListener('wheel', (event) => this.scrollBy(event), { passive: false });
    this.box.addEventListener('click', (event) => {
      if (!event.target.closest('button')) tap(event);
    });
  }

  /**
   * Shows `model` (the presenter's `{ key, title, place: 'top'|'bottom', rows: [{ text,
   * value, best }], notes: [text, …], pinned }`, or null to hide it), no taller than `room`
   * CSS pixels, the room between the board's edge and the point's stone.
   */
  show(model, room) {
    this.box.hidden = model === null;
    if (!model) return;
    this.box.dataset.place = model.place;
    this.box.dataset.pinned = String(model.pinned);
    this.box.style.setProperty('--room', `${room}px`);
    this.close.hidden = !model.pinned;
    this.close.setAttribute('aria-label', t('breakdownClose'));
    if (model.key === this.key) return;
    this.key = model.key;
    this.title.textContent = model.title;
    this.rows.replaceChildren(
      ...model.rows.map(({ text, value, best }) =>
        make('li', { className: best ? 'best' : '' }, [make('span', { textContent: text }), make('span', { className: 'value', textContent: value })]),
      ),
    );
    this.rows.scrollTop = 0;
    this.notes.replaceChildren(...model.notes.map((text) => make('p', { textContent: text })));
  }

  /** The wheel over the board scrolls the rows while they can go further that way. */
  scrollBy(event) {
    const { rows } = this;
    if (this.box.hidden || rows.scrollHeight <= rows.clientHeight) return;
    const room = event.deltaY > 0 ? rows.scrollHeight - rows.clientHeight - rows.scrollTop : rows.scrollTop;
    if (room <= 0) return;
    rows.scrollTop += event.deltaY;
    event.preventDefault();
  }
}
