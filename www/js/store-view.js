// The store's intents about what the board and panel show rather than the game: pointing,
// the keyboard cursor, a tap waiting for confirmation, notices, the explain switches. They
// are methods of the one Store (store.js mixes them in), so each change still tells every
// subscriber.

import { BLACK, WHITE } from './constants.js';
import { t } from './i18n.js';
import { parsePoint, pointName } from './records.js';

const CURSOR_STEPS = { left: [-1, 0], right: [1, 0], up: [0, 1], down: [0, -1] };

export const viewIntents = {
  /** Shows a report kept from before (a reload): `{ report, color, moves, source }`. */
  showReport(report) {
    this.report = report;
    this.emit();
  },

  setNotice(notice) {
    this.notice = notice;
    this.emit();
  },

  /** The browser kept the game (or refused to): told by the saver, which runs before the renderer. */
  noteSaved(ok) {
    this.saveOff = !ok;
  },

  hoverAt(point) {
    if (samePoint(point, this.hover) || (!point && !this.hover)) return;
    this.hover = point;
    this.emit();
  },

  /**
   * A click or tap on a point. With the scores or the heatmap on, a tap first shows how the
   * point's score is made (a second tap plays), and where no stone can go (watching, a
   * replay, the computer's turn) a tap pins that breakdown, a tap on the same point unpins it.
   */
  pressAt(point, { touch }) {
    const explaining = this.explain.heatmap || this.explain.scores;
    if (!this.humanToMove()) {
      if (!explaining) return;
      this.inspect = samePoint(this.inspect, point) ? null : point;
      this.emit();
      return;
    }
    this.inspect = null;
    if (touch && (this.tapConfirm || explaining) && !samePoint(this.preview, point)) {
      this.preview = point;
      this.notice = null;
      this.emit();
      return;
    }
    this.preview = null;
    this.play(point.x, point.y);
  },

  /** Pins the breakdown of the point named `name` ("g8"; a link's or attribute's `point`), or unpins it (null). */
  inspectPoint(name) {
    const xy = name ? parsePoint(name) : null;
    this.inspect = xy ? { x: xy[0], y: xy[1] } : null;
    this.emit();
  },

  /** Closes a breakdown pinned by a tap (the first tap's preview goes with it). */
  unpin() {
    if (!this.inspect && !this.preview) return;
    this.inspect = null;
    this.preview = null;
    this.emit();
  },

  /** Moves the keyboard cursor one point ('left', 'right', 'up', 'down'); false for other actions. */
  moveCursor(action) {
    if (!CURSOR_STEPS[action] || !this.game) return false;
    const size = this.game.size();
    const [dx, dy] = CURSOR_STEPS[action];
    const from = this.cursor ?? { x: (size - 1) >> 1, y: (size - 1) >> 1 };
    const clamp = (v) => Math.min(size - 1, Math.max(0, v));
    this.cursor = { x: clamp(from.x + dx), y: clamp(from.y + dy) };
    const cell = this.shownGame().board()[this.cursor.y * size + this.cursor.x];
    const what = cell === BLACK ? t('black') : cell === WHITE ? t('white') : t('empty');
    this.announcements.push(t('announceCursor', { point: pointName(this.cursor.x, this.cursor.y), what }));
    this.emit();
    return true;
  },

  /** Plays where the keyboard cursor is. */
  playAtCursor() {
    if (this.cursor) this.play(this.cursor.x, this.cursor.y);
  },

  clearCursor({ preview = false } = {}) {
    this.cursor = null;
    if (preview) this.preview = null;
    this.emit();
  },

  /** Turns an explain switch ('heatmap', 'analysis', 'numbers', 'scores') on or off. */
  setExplain(key, on) {
    if (!(key in this.explain)) return;
    this.explain = { ...this.explain, [key]: on };
    this.emit();
  },

  setTapConfirm(on) {
    this.tapConfirm = on;
    this.preview = null;
    this.emit();
  },

  dismissGameOver() {
    this.gameOverDismissed = true;
    this.emit();
  },

  /** The language changed: every text is drawn again. */
  relabel() {
    this.emit();
  },
};

const samePoint = (a, b) => a && b && a.x === b.x && a.y === b.y;
