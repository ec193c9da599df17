// The side panel and the game-over card: everything around the board that shows state.
// Only textContent is ever set from data, never HTML.

import { BLACK, WHITE } from './constants.js';
import { make } from './element-dom.js';
import { levelLabel, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

export class Controls {
  constructor() {
    this.el = new Proxy({}, { get: (cache, id) => (cache[id] ??= $(id)) });
    this.announced = '';
    this.pending = null; // messages of the current task, said together
  }

  /** Calls `handlers[id]()` on a click of the element with that id. */
  bindClicks(handlers) {
    for (const [id, handler] of Object.entries(handlers)) {
      this.el[id].addEventListener('click', (event) => {
        event.preventDefault();
        handler();
      });
    }
  }

  /**
   * Fills a level menu from `Levels.grouped()`: option groups, weakest first. An option says
   * what a player chooses, a strength ("Casual 2"), with the level's Elo on the ladder when
   * it has one ("Casual 2 (Elo 201)", the figures of Level::elo in src/level.rs); its method
   * and article are its title and the line under the menu (see setLevelMethod).
   */
  fillLevels(select, groups) {
    const value = select.value;
    select.replaceChildren(
      ...groups.map(({ group, levels }) => {
        const optgroup = document.createElement('optgroup');
        optgroup.label = t(group);
        optgroup.append(
          ...levels.map((info, i) => {
            const name = levels.length > 1 ? `${t(group)} ${i + 1}` : t(group);
            const strength = info.elo != null ? t('levelElo', { name, elo: info.elo }) : name;
            return Object.assign(new Option(strength, info.id), { title: levelLabel(info) });
          }),
        );
        return optgroup;
      }),
    );
    if (value) select.value = value;
  }

  /** The line under a level menu: how the chosen level plays (its method and article). */
  setLevelMethod(id, text) {
    setText(this.el[id], text);
  }

  setButtons(enabled) {
    for (const [id, on] of Object.entries(enabled)) this.el[id].disabled = !on;
  }

  /**
   * `state` styles the card (human, thinking, won, lost, draw, replay, error); `stone` 0, 1
   * or 2; `game` the rule and size line.
   */
  setStatus({ text, state, stone, game = '', detail = '', detailKind = 'info' }) {
    const { el } = this;
    el['status-card'].dataset.state = state;
    setText(el['status-game'], game);
    setText(el.status, text);
    setText(el['status-detail'], detail);
    el['status-detail'].dataset.kind = detailKind;
    el['status-stone'].className = `status-stone ${stoneClass(stone)}`;
  }

  /** The live search line and the Move now button while the computer thinks. */
  setThinking(line, canMoveNow) {
    const { el } = this;
    el['search-line'].hidden = line === null;
    setText(el['search-line'], line ?? '');
    el['move-now'].hidden = line === null;
    el['move-now'].disabled = !canMoveNow;
  }

  /**
   * Moves in notation as numbered pairs (black, then white). `shown` is how many are on the
   * board (replay); with `onPick`, each move is a button that shows the board after it.
   */
  setMoves(moves, { shown = moves.length, onPick = null } = {}) {
    const { el } = this;
    const key = `${moves.join(' ')}|${shown}|${Boolean(onPick)}`;
    if (key === this.movesKey) return;
    this.movesKey = key;
    const items = [];
    for (let i = 0; i < moves.length; i += 2) {
      const li = document.createElement('li');
      const number = document.createElement('span');
      number.className = 'n';
      number.textContent = `${i / 2 + 1}.`;
      li.append(number);
      for (const j of [i, i + 1]) {
        if (j >= moves.length) break;
        const move = document.createElement(onPick ? 'button' : 'span');
        move.textContent = moves[j];
        move.className = 'mv';
        if (j === shown - 1) move.classList.add('latest');
        if (j >= shown) move.classList.add('future');
        if (onPick) {
          move.type = 'button';
          move.addEventListener('click', () => onPick(j + 1));
        }
        li.append(move);
      }
      items.push(li);
    }
    const list = el['move-list'];
    list.replaceChildren(...items);
    // Scroll the list (only the list: scrollIntoView would move the page) to the shown move.
    const latest = list.querySelector('.latest');
    if (latest && onPick) {
      const offset = latest.getBoundingClientRect().top - list.getBoundingClientRect().top;
      list.scrollTop += offset - list.clientHeight / 2;
    } else {
      list.scrollTop = list.scrollHeight;
    }
    setText(el['move-count'], moves.length > 0 ? `(${moves.length})` : '');
  }

  setReplay(replay) {
    const { el } = this;
    el.replay.hidden = !replay;
    if (!replay) return;
    setText(el['replay-counter'], t('replayCounter', { n: replay.ply, total: replay.total }));
    el['replay-first'].disabled = el['replay-prev'].disabled = replay.ply === 0;
    el['replay-next'].disabled = el['replay-last'].disabled = replay.ply === replay.total;
  }

  /** The choice of a swap opening: the options ('black', 'white', 'two') offered, or null to hide it. */
  setSwap(options) {
    const { el } = this;
    el['swap-bar'].hidden = !options;
    el['swap-black'].hidden = !options?.includes('black');
    el['swap-white'].hidden = !options?.includes('white');
    el['swap-two'].hidden = !options?.includes('two');
  }

  /** The bar for watching the computer play itself: `{ paused, canStep, ms }`, or null to hide it. */
  setWatch(watch) {
    const { el } = this;
    el['watch-bar'].hidden = watch === null;
    if (!watch) return;
    setText(el['watch-pause'], t(watch.paused ? 'resume' : 'pause'));
    el['watch-pause'].setAttribute('aria-pressed', String(watch.paused));
    el['watch-step'].disabled = !watch.canStep;
    // The menu's speed nearest to the pause between moves (a link's think= may set any).
    const speed = el['watch-speed'];
    const nearest = [...speed.options].reduce((a, b) =>
      Math.abs(Number(b.value) - watch.ms) < Math.abs(Number(a.value) - watch.ms) ? b : a,
    );
    if (speed.value !== nearest.value) speed.value = nearest.value;
  }

  /** Who plays each colour while the computer plays itself (`[{ color, who, level }]`), or null. */
  setMatchup(sides) {
    const list = this.el.matchup;
    list.hidden = sides === null;
    const key = sides?.map((side) => `${side.who}${side.level}`).join('|') ?? '';
    if (!sides || list.dataset.key === key) return;
    list.dataset.key = key;
    list.replaceChildren(
      ...sides.map(({ color, who, level }) => {
        const stone = make('i', { className: `mini-stone ${color === BLACK ? 'black' : 'white'}` });
        stone.setAttribute('aria-hidden', 'true');
        // An embed has room for the level only: its stone says the colour.
        const words = make('span', {}, [make('b', { className: 'matchup-color', textContent: who }), level]);
        return make('li', { title: `${who}${level}` }, [stone, words]);
      }),
    );
  }

  /** The heatmap legend with the pointed-at score. */
  setHeat(visible, text) {
    this.el['heat-legend'].hidden = !visible;
    setText(this.el['heat-value'], text);
  }

  /**
   * How the pointed-at score is made, over the half of the board away from the point:
   * `{ key, title, rows: [{ text, value, best }], notes, place, pinned }` or null, and the
   * `room` in CSS pixels between the board's edge and the point's stone. The parts scroll
   * inside the box; the title and the notes (which end with the total) always show.
   */
  setBreakdown(model, room) {
    const { el } = this;
    const box = el['breakdown-pop'];
    box.hidden = model === null;
    if (!model) return;
    box.dataset.place = model.place;
    box.dataset.pinned = String(model.pinned);
    box.style.setProperty('--room', `${room}px`);
    setText(el['breakdown-pop-title'], model.title);
    el['breakdown-close'].hidden = !model.pinned;
    if (model.key === this.breakdownKey) return;
    this.breakdownKey = model.key;
    el['breakdown-pop-parts'].replaceChildren(
      ...model.rows.map(({ text, value, best }) =>
        make('li', { className: best ? 'best' : '' }, [make('span', { textContent: text }), make('span', { className: 'breakdown-value', textContent: value })]),
      ),
    );
    el['breakdown-pop-notes'].replaceChildren(...model.notes.map((text) => make('p', { className: 'note', textContent: text })));
    el['breakdown-pop-parts'].scrollTop = 0;
    this.markMoreParts();
  }

  /** Fades the last visible part while more are hidden below it, so the box shows it scrolls. */
  markMoreParts() {
    const parts = this.el['breakdown-pop-parts'];
    parts.dataset.more = String(parts.scrollTop + parts.clientHeight < parts.scrollHeight - 1);
  }

  /** Scrolls the breakdown's parts by `dy` pixels; false when they need no scrolling. */
  scrollBreakdown(dy) {
    const parts = this.el['breakdown-pop-parts'];
    if (this.el['breakdown-pop'].hidden || parts.scrollHeight <= parts.clientHeight) return false;
    parts.scrollTop += dy;
    this.markMoreParts();
    return true;
  }

  /**
   * The evaluation card: `{ blackPercent, left, right, mate, stats, line, note }`
   * (all text but blackPercent), or null to hide it.
   */
  setAnalysis(model) {
    const { el } = this;
    el['analysis-card'].hidden = model === null;
    if (!model) return;
    const percent = model.blackPercent;
    el['eval-bar'].dataset.empty = String(percent === null);
    el['eval-bar'].setAttribute('aria-valuenow', String(percent ?? 50));
    el['eval-bar'].setAttribute('aria-valuetext', model.left ? `${model.left}, ${model.right}` : model.stats);
    el['eval-black'].style.width = `${percent ?? 50}%`;
    setText(el['eval-left'], model.left);
    setText(el['eval-right'], model.right);
    el['eval-mate'].hidden = !model.mate;
    setText(el['eval-mate'], model.mate ?? '');
    setText(el['eval-stats'], model.stats);
    el['eval-words'].hidden = !model.words;
    setText(el['eval-words'], model.words ?? '');
    el['eval-line-row'].hidden = !model.line;
    setText(el['eval-line'], model.line ?? '');
  }

  /**
   * The card when a game ends: `{ title, detail, stone, outcome }` or null. It takes the
   * status card's place (which says the same, and the replay bar comes with Replay or Close),
   * beside the board or under it: never over a stone.
   */
  setGameOver(model) {
    const { el } = this;
    el['game-over'].hidden = model === null;
    el['status-card'].hidden = model !== null;
    if (!model) return;
    el['game-over'].dataset.outcome = model.outcome;
    setText(el['game-over-title'], model.title);
    setText(el['game-over-detail'], model.detail);
    el['game-over-stone'].className = `status-stone ${stoneClass(model.stone)}`;
  }

  /** The explain switches and the tap-to-confirm box: `{ heatmap, analysis, numbers, scores, tapConfirm }`. */
  setToggles(on) {
    const boxes = {
      'explain-heatmap': on.heatmap,
      'explain-analysis': on.analysis,
      'explain-numbers': on.numbers,
      'explain-scores': on.scores,
      'tap-confirm': on.tapConfirm,
    };
    for (const [id, checked] of Object.entries(boxes)) this.el[id].checked = checked;
  }

  /** The embed's link to the full game (null outside embeds). */
  setOpenFull(href) {
    const link = this.el['open-full'];
    link.hidden = href === null;
    if (href !== null && link.getAttribute('href') !== href) link.href = href;
  }

  /** The note that the browser is not saving the game (storage off or full). */
  setSaveOff(off) {
    this.el['save-off'].hidden = !off;
  }

  setRecordMessage(text, fallbackText = null) {
    const { el } = this;
    setText(el['record-message'], text);
    el['copy-fallback'].hidden = fallbackText === null;
    if (fallbackText !== null) {
      el['copy-fallback'].value = fallbackText;
      el['copy-fallback'].select();
    }
  }

  /**
   * Says something to screen readers (the region is visually hidden). What is said in one
   * go ("Computer plays j9." then "Computer wins") is read as one message.
   */
  announce(text) {
    if (!text) return;
    if (!this.pending) {
      this.pending = [];
      queueMicrotask(() => {
        const message = this.pending.join(' ');
        this.pending = null;
        if (message !== this.announced) this.el.announcer.textContent = message;
        this.announced = message;
      });
    }
    if (!this.pending.includes(text)) this.pending.push(text);
  }
}

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function stoneClass(stone) {
  return stone === BLACK ? 'black' : stone === WHITE ? 'white' : '';
}
