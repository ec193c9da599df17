// The side panel: status line, buttons, settings form and move list.

export const BOARD_SIZES = [9, 11, 13, 15, 17, 19];
export const RULES = ['freestyle', 'standard', 'renju'];

export class Controls {
  constructor(root = document) {
    this.form = root.getElementById('settings');
    this.opponent = root.getElementById('opponent');
    this.newGameButton = root.getElementById('new-game');
    this.undoButton = root.getElementById('undo');
    this.hint = root.getElementById('settings-hint');
    this.statusCard = root.getElementById('status-card');
    this.statusStone = root.getElementById('status-stone');
    this.statusText = root.getElementById('status');
    this.statusDetail = root.getElementById('status-detail');
    this.moveList = root.getElementById('move-list');
    this.moveCount = root.getElementById('move-count');
    this.active = null; // settings of the game being played
  }

  /** Fills the opponent menu from `[{ id, name }]`. */
  setOpponents(opponents) {
    this.opponent.replaceChildren(
      ...opponents.map(({ id, name }) => new Option(name, id)),
    );
  }

  /** Current form values: `{ first: 'human' | 'computer', opponent, rule, size }`. */
  read() {
    const data = new FormData(this.form);
    return {
      first: data.get('first') === 'computer' ? 'computer' : 'human',
      opponent: String(data.get('opponent')),
      rule: String(data.get('rule')),
      size: Number(data.get('size')),
    };
  }

  /** Sets the form from a partial settings object; unknown values are ignored. */
  write(settings) {
    const { elements } = this.form;
    if (settings.first === 'human' || settings.first === 'computer') elements.first.value = settings.first;
    if (RULES.includes(settings.rule)) elements.rule.value = settings.rule;
    if (BOARD_SIZES.includes(settings.size)) elements.size.value = String(settings.size);
    if ([...this.opponent.options].some((o) => o.value === settings.opponent)) {
      this.opponent.value = settings.opponent;
    }
  }

  /** Records the settings in play, so edits not yet applied can be pointed out. */
  markActive(settings) {
    this.active = settings;
    this.refreshPending();
  }

  refreshPending() {
    const current = this.read();
    const pending =
      this.active !== null && Object.keys(current).some((k) => current[k] !== this.active[k]);
    this.newGameButton.dataset.pending = String(pending);
    this.hint.dataset.pending = String(pending);
    this.hint.textContent = pending
      ? 'Press New game to play with these settings.'
      : 'Settings apply when you start a new game.';
  }

  onNewGame(handler) {
    this.newGameButton.addEventListener('click', handler);
  }

  onUndo(handler) {
    this.undoButton.addEventListener('click', handler);
  }

  onSettingsChange(handler) {
    this.form.addEventListener('change', handler);
    this.form.addEventListener('submit', (event) => event.preventDefault());
  }

  setButtons({ newGame, undo }) {
    this.newGameButton.disabled = !newGame;
    this.undoButton.disabled = !undo;
  }

  /**
   * @param {{ text: string, state: string, stone: number, detail?: string, detailKind?: string }} status
   *   `state` styles the card (human, thinking, won, lost, draw, error); `stone` is 0, 1 or 2.
   */
  setStatus({ text, state, stone, detail = '', detailKind = 'info' }) {
    this.statusCard.dataset.state = state;
    this.statusText.textContent = text;
    this.statusDetail.textContent = detail;
    this.statusDetail.dataset.kind = detailKind;
    this.statusStone.className = `status-stone ${stone === 1 ? 'black' : stone === 2 ? 'white' : ''}`;
  }

  /** Shows moves in notation ("h8", "i9", …) as numbered pairs: black, then white. */
  setMoves(moves) {
    const items = [];
    for (let i = 0; i < moves.length; i += 2) {
      const li = document.createElement('li');
      const number = document.createElement('span');
      number.className = 'n';
      number.textContent = `${i / 2 + 1}.`;
      li.append(number);
      for (const j of [i, i + 1]) {
        if (j >= moves.length) break;
        const move = document.createElement('span');
        move.textContent = moves[j];
        if (j === moves.length - 1) move.className = 'latest';
        li.append(move);
      }
      items.push(li);
    }
    this.moveList.replaceChildren(...items);
    this.moveList.scrollTop = this.moveList.scrollHeight;
    this.moveCount.textContent = moves.length > 0 ? `(${moves.length})` : '';
  }
}
