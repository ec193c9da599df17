// The store's intents about a game's review: every position searched in a worker of its own
// (so the board stays in use), each move classed by the engine (Review in the wasm API), the
// result kept in the browser so a reload keeps it, and the better line of a move shown one
// stone at a time. Methods of the one Store (store.js mixes them in).

import { Cancelled } from './ai-client.js';
import { BLACK, MAX_MOVES, MAX_SIZE, WHITE } from './constants.js';
import { errorText } from './i18n.js';
import * as storage from './storage.js';

export const CLASSES = ['forced', 'best', 'good', 'inaccuracy', 'mistake', 'blunder', 'missed_win'];

/** What identifies a reviewed game: its board, rule and moves. */
export function reviewKey(size, rule, moves) {
  return `${size}|${rule}|${moves}`;
}

export const reviewIntents = {
  /** The game's review as it stands now, if one is open or running for these very moves. */
  currentReview() {
    const r = this.review;
    return r && this.game && r.key === reviewKey(this.game.size(), this.game.rule(), this.moves().join(' ')) ? r : null;
  },

  /** Reviews the moves on the board (opens the kept review of the same moves at once). */
  async startReview() {
    if (!this.game || this.game.move_count() === 0 || !this.makeReviewer) return;
    const moves = this.moves().join(' ');
    const key = reviewKey(this.game.size(), this.game.rule(), moves);
    if (this.review?.key === key && this.review.status !== 'failed') {
      this.review = { ...this.review, open: true };
      this.emit();
      return;
    }
    this.endReviewer();
    const run = { key };
    this.review = { key, status: 'running', done: 0, total: this.game.move_count() + 1, result: null, open: true, line: null, run };
    this.emit();
    const setup = { size: this.game.size(), rule: this.game.rule(), moves };
    try {
      const { review } = await this.reviewClient().review(setup, ({ done, total }) => {
        if (this.review?.run !== run) return;
        this.review = { ...this.review, done, total };
        this.emit();
      });
      if (this.review?.run !== run) return;
      this.review = { ...this.review, status: 'done', done: this.review.total, result: review };
      this.keepReview();
    } catch (error) {
      if (error instanceof Cancelled || this.review?.run !== run) return;
      this.review = { ...this.review, status: 'failed', error: errorText(error) };
    }
    this.endReviewer();
    this.emit();
  },

  /** Stops a running review (the board keeps what it shows). */
  cancelReview() {
    if (this.review?.status !== 'running') return;
    this.review = null;
    this.endReviewer();
    this.emit();
  },

  /** Hides the review panel; the result stays for Review to open again. */
  closeReview() {
    if (!this.review) return;
    if (this.review.status === 'running') return this.cancelReview();
    this.review = { ...this.review, open: false, line: null };
    this.keepReview();
    this.emit();
  },

  /** Shows the position before move `ply` (from 1; the move shown) with the review's better move on it. */
  showBetter(ply = this.viewPly ?? this.game?.move_count()) {
    const move = this.currentReview()?.result?.moves[ply - 1];
    if (!move?.line.length) return;
    this.review = { ...this.review, line: { ply, step: 1 } };
    this.setReplay(ply - 1);
    this.emit();
  },

  /** One stone more (+1) or less (-1) of the better line shown. */
  stepLine(delta) {
    const line = this.review?.line;
    const move = line && this.review.result?.moves[line.ply - 1];
    if (!move) return;
    const step = Math.max(1, Math.min(move.line.length, line.step + delta));
    this.review = { ...this.review, line: { ...line, step } };
    this.emit();
  },

  /** Back from a better line to the move that was played. */
  hideLine() {
    const line = this.review?.line;
    if (!line) return;
    this.review = { ...this.review, line: null };
    this.setReplay(line.ply);
    this.emit();
  },

  /** The worker reviews run in: started at the first review, apart from the computer's. */
  reviewClient() {
    this.reviewer ??= this.makeReviewer();
    return this.reviewer;
  },

  /** Ends the review's worker (a search under way with it): its memory goes back until the next review. */
  endReviewer() {
    this.reviewer?.dispose();
    this.reviewer = null;
  },

  /** Keeps the finished review of this game in the browser (one: the latest). */
  keepReview() {
    const r = this.review;
    if (this.embed || r?.status !== 'done') return;
    storage.save(storage.REVIEW_KEY, { v: 1, key: r.key, open: r.open, result: r.result });
  },

  /** Brings back the kept review of this very game, if there is one; `open` forces it open. */
  restoreReview({ open = false } = {}) {
    if (!this.game) return false;
    const saved = storage.load(storage.REVIEW_KEY);
    const key = reviewKey(this.game.size(), this.game.rule(), this.moves().join(' '));
    if (!saved || typeof saved !== 'object' || saved.v !== 1 || saved.key !== key) return false;
    if (!isReviewResult(saved.result, this.game.move_count())) {
      storage.remove(storage.REVIEW_KEY);
      return false;
    }
    const total = this.game.move_count() + 1;
    this.review = { key, status: 'done', done: total, total, result: saved.result, open: open || saved.open === true, line: null, run: null };
    this.emit();
    return true;
  },
};

const isNumber = (v, min, max) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max;
const isPoint = (p) => Array.isArray(p) && p.length === 2 && p.every((v) => Number.isInteger(v) && v >= 0 && v < MAX_SIZE);
const isLine = (l) => Array.isArray(l) && l.length <= MAX_MOVES && l.every(isPoint);
const isSide = (s) => s && typeof s === 'object' && (s.accuracy === null || isNumber(s.accuracy, 0, 100)) &&
  s.counts && typeof s.counts === 'object' && CLASSES.every((c) => Number.isInteger(s.counts[c]) && s.counts[c] >= 0);

/** Whether a kept review has the shape the engine gives, for a game of `n` moves (storage may hold anything). */
export function isReviewResult(r, n) {
  return (
    r && typeof r === 'object' && Array.isArray(r.positions) && r.positions.length === n + 1 &&
    r.positions.every((p) => p && isNumber(p.black_chance, 0, 1) && [null, BLACK, WHITE].includes(p.proven) &&
      (p.proven_in === null || Number.isInteger(p.proven_in)) && (p.best === null || isPoint(p.best)) && isLine(p.pv)) &&
    Array.isArray(r.moves) && r.moves.length === n &&
    r.moves.every((m) => m && isPoint(m.played) && [BLACK, WHITE].includes(m.mover) && CLASSES.includes(m.class) &&
      isNumber(m.before, 0, 1) && isNumber(m.after, 0, 1) && isNumber(m.drop, 0, 100) && (m.better === null || isPoint(m.better)) && isLine(m.line)) &&
    isSide(r.black) && isSide(r.white)
  );
}
