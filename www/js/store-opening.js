// The store's intents for swap openings (see opening.js for the rules): who acts while the
// opening lasts, a person's choice of colour, and the computer's decisions, which come from
// the engine's search at a fixed node budget (Game.swap_decision in the worker) and are
// told in words with the evaluation behind them.

import { Cancelled } from './ai-client.js';
import { winChance } from './analysis.js';
import { BLACK, HUMAN, WHITE } from './constants.js';
import { colorName, language, t } from './i18n.js';
import { addChoice, exchanges, swapPhase } from './opening.js';
import { pointName } from './records.js';

export const openingIntents = {
  /** The swap opening's step now (`swapPhase`'s answer), or null when there is none to play. */
  openingStep() {
    if (!this.opening || !this.game) return null;
    const phase = swapPhase(this.opening.kind, this.game.move_count(), this.opening.choice);
    return phase && phase.step !== 'done' ? phase : null;
  },

  /** Who acts now: 'human' or a level id (the opening's seat while it lasts). */
  actor() {
    const step = this.openingStep();
    if (step) return this.players[step.seat === 'first' ? BLACK : WHITE];
    return this.players[this.game.side_to_move()];
  },

  /** A person is to choose a colour (or swap2's two stones): the choices, else null. */
  humanChoice() {
    const step = this.openingStep();
    if (!step || step.step !== 'choose' || this.readOnly || this.over || this.viewPly !== null) return null;
    return this.actor() === HUMAN ? step.options : null;
  },

  /** A person's choice: 'black', 'white', or 'two' (swap2: they place two more stones). */
  chooseSwap(taken) {
    const options = this.humanChoice();
    if (!options?.includes(taken)) return;
    this.applyChoice(taken);
    this.notice = null;
    this.changed();
    this.computerTurn();
  },

  /** Records `taken`; when it gives the first player white, the players exchange colours. */
  applyChoice(taken) {
    const { kind, choice } = this.opening;
    this.bump();
    if (exchanges(choice, taken)) this.players = { [BLACK]: this.players[WHITE], [WHITE]: this.players[BLACK] };
    this.opening = { kind, choice: addChoice(choice, taken) };
  },

  /** The computer's part of the opening: it places its stones, or chooses, by its search. */
  async computerOpening(step) {
    const gen = this.gen;
    const thinking = { gen, report: null, started: performance.now(), opening: true };
    this.thinking = thinking;
    this.emit();
    const level = this.actor();
    let decision;
    try {
      decision = await this.ai.swap({ ...this.setup(), level }, this.opening.kind);
    } catch (error) {
      if (error instanceof Cancelled || this.thinking !== thinking) return;
      this.computerFailed(error);
      return;
    }
    if (this.thinking !== thinking) return;
    const rest = this.thinkMs - (performance.now() - thinking.started);
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    if (this.thinking !== thinking || gen !== this.gen) return;
    const { action, stones } = decision;
    const fits = step.step === 'place' ? action === 'place' : step.options.includes(action);
    if (!fits) {
      this.bump();
      this.notice = { text: t('computerFailed', { message: action }), kind: 'error' };
      this.emit();
      return;
    }
    if (action !== 'place') this.applyChoice(action);
    else this.bump();
    try {
      for (const [x, y] of stones) this.game.place_stone(x, y);
    } catch (error) {
      this.computerFailed(error);
      return;
    }
    this.redo = [];
    this.notice = { text: swapWords(decision, level, this.levels), kind: 'info', keep: true };
    this.announcements.push(this.notice.text);
    this.watch.stepping = false;
    this.changed();
    this.computerTurn();
  },
};

/** What the computer did in the opening, and why, in words. */
export function swapWords({ action, stones, white_score: score, proven, compared, budget }, level, levels) {
  const percentFor = (color) => {
    const white = winChance(score);
    return Math.round((color === WHITE ? white : 1 - white) * 100);
  };
  const names = stones.map(([x, y]) => pointName(x, y)).join(' ');
  let text;
  if (action === 'place') {
    text = t('swapProposed', { stones: names, n: compared, percent: percentFor(WHITE) });
  } else if (action === 'two') {
    text = t('swapAdded', { stones: names, percent: percentFor(WHITE) });
  } else {
    const color = action === 'black' ? BLACK : WHITE;
    text = proven
      ? t('swapTookProven', { color: colorName(color), winner: colorName(proven) })
      : t('swapTook', { color: colorName(color), percent: percentFor(color) });
  }
  const how = t(levels.searches(level) ? 'swapBudget' : 'swapBudgetArticle', { nodes: new Intl.NumberFormat(language()).format(budget) });
  return `${text} ${how}`;
}
