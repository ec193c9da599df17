// Draws the puzzle page from the store's state: the board, the grade chooser with what has
// been solved, the puzzle's card and which buttons apply.

import { colorName, t } from './i18n.js';
import { GRADES } from './puzzle-set.js';

// The card's look per phase: the game page's status card states (won green, lost red).
const PHASE_STATE = { loading: 'loading', play: 'human', thinking: 'thinking', wrong: 'lost', solved: 'won', shown: 'over', error: 'lost' };

export function puzzleRenderer({ view, el, store }) {
  return (s) => {
    const stones = store.stones();
    const size = s.entry?.size ?? 15;
    const board = new Uint8Array(size * size);
    stones.forEach(([x, y], i) => {
      board[y * size + x] = i % 2 === 0 ? 1 : 2;
    });
    view.render({
      board,
      size,
      lastMove: stones.at(-1) ?? null,
      winningLine: s.winning,
      forbidden: [],
      hint: s.hint ?? (s.phase === 'wrong' ? s.wrong?.reply ?? null : null),
      cursor: s.cursor,
    });

    const solved = store.progress.solved;
    for (const g of GRADES) {
      const list = s.set?.byGrade[g] ?? [];
      const done = list.filter((p) => solved[p.id]).length;
      el[`grade-count-${g}`].textContent = s.set ? t('puzzleSolvedCount', { solved: done, total: list.length }) : '';
    }
    for (const input of el.grades.querySelectorAll('input')) input.checked = Number(input.value) === s.grade;

    const at = store.position();
    el.title.textContent = s.entry?.custom
      ? t('puzzleFromGame')
      : at
        ? `${t('puzzleNumber', at)}${solved[s.entry.id] ? ` · ${t(solved[s.entry.id] === 'clean' ? 'puzzleDoneClean' : 'puzzleDoneHelped')}` : ''}`
        : '';
    el.task.textContent = s.puzzle ? t('puzzleTask', { color: colorName(s.puzzle.attacker, true), n: s.puzzle.attack }) : '';
    el.stone.className = `status-stone ${s.puzzle ? (s.puzzle.attacker === 1 ? 'black' : 'white') : ''}`;
    el.status.textContent = message(s.message);
    el.card.dataset.state = PHASE_STATE[s.phase] ?? 'loading';
    el.card.dataset.phase = s.phase;

    const playing = s.phase === 'play' || s.phase === 'wrong';
    el.hint.disabled = !playing;
    el.solution.disabled = !playing;
    el.back.hidden = s.phase !== 'wrong';
    el.retry.disabled = !s.entry || s.phase === 'loading';
    el.prev.disabled = !s.set || Boolean(s.entry?.custom);
    el.next.disabled = !s.set;
    el.link.disabled = !s.entry;
    el.canvas.setAttribute('aria-label', boardLabel(stones));
  };
}

function message(m) {
  if (!m) return '';
  const params = { ...m.params };
  if (typeof params.color === 'number') params.color = colorName(params.color, true);
  return t(m.key, params);
}

/** The board in words for screen readers: how many stones, the last move. */
function boardLabel(stones) {
  const last = stones.at(-1);
  const name = last ? `${String.fromCharCode(97 + last[0])}${last[1] + 1}` : '';
  return t('puzzleBoardLabel', { stones: stones.length, last: name });
}
