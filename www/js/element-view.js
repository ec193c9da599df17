// What a <gomoku-board> shows, drawn into its shadow root from the presenter's view model
// (presenter.js): the board (BoardView), how a pointed-at score is made (element-breakdown.js)
// and one status line as the iframe embed has it: whose turn or who won, the replay's ◀ ▶
// with the move shown, pause and step while the computer plays itself, a swap opening's
// choice, and a link that opens the full game. Only text is ever set from data.

import { BoardView } from './board-view.js';
import { BLACK, WHITE } from './constants.js';
import { BreakdownPop } from './element-breakdown.js';
import { ICONS, icon, make } from './element-dom.js';
import { adoptStyles } from './element-style.js';
import { language, t } from './i18n.js';

export class ElementView {
  /**
   * Fills `root` (a ShadowRoot). `actions` are what the buttons do: `{ prev, next, pause,
   * step, newGame, replay, choose(color), unpin }`, and `tapBreakdown(event)`, a tap on the
   * breakdown.
   */
  constructor(root, actions) {
    adoptStyles(root);
    const canvas = make('canvas', { tabIndex: 0, role: 'img' });
    const board = make('div', { className: 'board' }, [canvas]);
    this.breakdown = new BreakdownPop(board, canvas, { tap: actions.tapBreakdown, close: actions.unpin });

    const button = (key, onClick, props = {}, children = []) => {
      const b = make('button', { type: 'button', ...props }, children);
      b.addEventListener('click', (event) => {
        event.preventDefault();
        onClick();
      });
      this.labels.push([b, key, props.className === 'icon' ? 'aria-label' : 'text']);
      return b;
    };
    this.labels = []; // [element, i18n key, 'text' or an attribute]: rewritten when the language changes
    this.stone = make('span', { className: 'stone' });
    this.stone.setAttribute('aria-hidden', 'true');
    this.text = make('p', { className: 'text', role: 'status' });
    this.text.setAttribute('aria-live', 'polite');
    this.detail = make('p', { className: 'detail' });
    this.prev = button('replayPrev', actions.prev, { className: 'icon' }, [icon(ICONS.prev)]);
    this.next = button('replayNext', actions.next, { className: 'icon' }, [icon(ICONS.next)]);
    this.counter = make('span', { className: 'counter' });
    this.replay = make('div', { className: 'bar replay', hidden: true }, [this.prev, this.counter, this.next]);
    this.pause = button('pause', actions.pause);
    this.step = button('step', actions.step);
    this.watch = make('div', { className: 'bar watch', hidden: true }, [this.pause, this.step]);
    this.swapButtons = {
      black: button('swapTakeBlack', () => actions.choose('black')),
      white: button('swapTakeWhite', () => actions.choose('white')),
      two: button('swapAddTwo', () => actions.choose('two')),
    };
    this.swap = make('div', { className: 'bar swap', hidden: true }, Object.values(this.swapButtons));
    this.replayFromStart = button('replay', actions.replay);
    this.over = make('div', { className: 'bar over', hidden: true }, [button('newGame', actions.newGame), this.replayFromStart]);
    this.openFull = make('a', { className: 'icon', target: '_blank', rel: 'noopener', hidden: true }, [icon(ICONS.openFull)]);
    this.labels.push([this.openFull, 'openFull', 'aria-label'], [this.openFull, 'openFull', 'title']);
    this.status = make('div', { className: 'status', dataset: { state: 'loading' } }, [
      this.stone,
      this.text,
      this.replay,
      this.watch,
      this.swap,
      this.over,
      this.openFull,
      this.detail,
    ]);
    this.announcer = make('div', { className: 'announcer' });
    this.announcer.setAttribute('aria-live', 'polite');
    // Watching the computer play itself: the level of each colour, a line each.
    this.matchup = make('ul', { className: 'matchup', hidden: true });
    this.frame = make('div', { className: 'frame' }, [board, this.matchup, this.status, this.announcer]);
    root.append(this.frame);

    this.board = new BoardView(canvas);
    this.lang = null;
    this.gameInfo = '';
    // What test-hook.js's snapshot reads of the page's status card, here.
    const view = this;
    this.fields = {
      el: {
        'status-game': { get textContent() { return view.gameInfo; } },
        status: this.text,
        'status-detail': this.detail,
        announcer: this.announcer,
      },
    };
  }

  /** Before the game is set up: an empty board of `size` and one line of `text`. */
  waiting(size, text, detail = '') {
    this.relabel();
    this.board.render({ board: new Uint8Array(size * size), size, lastMove: null, winningLine: [], forbidden: [] });
    this.setStatus({ state: detail ? 'error' : 'loading', text, stone: 0, detail, detailKind: 'error' });
  }

  /**
   * Shows the view model. `href` is the full game's address, `restart` whether a finished
   * game can start again (New game), `announcements` what screen readers are to be told.
   */
  render(model, { href, restart, announcements }) {
    this.relabel();
    const { status, gameOver, replay, watch, swapChoice, board } = model;
    this.gameInfo = status.game;
    this.setStatus(gameOver ? { ...status, state: gameOver.outcome, text: gameOver.title, stone: gameOver.stone } : status);

    this.replay.hidden = !replay || Boolean(gameOver);
    if (replay) {
      setText(this.counter, t('replayCounter', { n: replay.ply, total: replay.total }));
      this.prev.disabled = replay.ply === 0;
      this.next.disabled = replay.ply === replay.total;
    }
    this.watch.hidden = !watch;
    if (watch) {
      setText(this.pause, t(watch.paused ? 'resume' : 'pause'));
      this.pause.setAttribute('aria-pressed', String(watch.paused));
      this.step.disabled = !watch.canStep;
    }
    this.swap.hidden = !swapChoice;
    for (const [choice, b] of Object.entries(this.swapButtons)) b.hidden = !swapChoice?.includes(choice);
    this.over.hidden = !restart;
    this.replayFromStart.hidden = !gameOver;
    this.openFull.hidden = !href;
    if (href && this.openFull.href !== href) this.openFull.href = href;

    const { canvas } = this.board;
    canvas.dataset.interactive = String(board.interactive);
    if (canvas.getAttribute('aria-label') !== board.label) canvas.setAttribute('aria-label', board.label);
    this.board.render(board.scene);
    const { breakdown, matchup } = model;
    this.breakdown.show(breakdown, breakdown ? this.board.roomBeside(breakdown.point, breakdown.place) : 0);
    this.showMatchup(matchup);
    if (announcements.length > 0) setText(this.announcer, announcements.join(' '));
  }

  /** `[{ color, who, level }]` while the computer plays itself, else null. */
  showMatchup(sides) {
    this.matchup.hidden = !sides;
    const key = sides?.map(({ who, level }) => who + level).join('|') ?? '';
    if (!sides || key === this.matchupKey) return;
    this.matchupKey = key;
    this.matchup.replaceChildren(
      ...sides.map(({ color, who, level }) =>
        make('li', { title: who + level }, [
          make('span', { className: `stone ${color === BLACK ? 'black' : 'white'}` }),
          make('span', { className: 'level' }, [make('span', { className: 'who', textContent: who }), level]),
        ]),
      ),
    );
  }

  setStatus({ state, text, stone, detail = '', detailKind = 'info' }) {
    this.status.dataset.state = state;
    setText(this.text, text);
    setText(this.detail, detail);
    this.detail.dataset.kind = detailKind ?? 'info';
    this.stone.className = `stone ${stone === BLACK ? 'black' : stone === WHITE ? 'white' : ''}`;
  }

  /** The buttons' words in the language t() speaks now, rewritten only when it changed. */
  relabel() {
    const lang = language();
    if (lang === this.lang) return;
    this.lang = lang;
    this.frame.lang = lang;
    for (const [element, key, where] of this.labels) {
      if (where === 'text') element.textContent = t(key);
      else element.setAttribute(where, t(key));
    }
  }
}

function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
