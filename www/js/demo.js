// The demo write-up (how-it-thinks.html): its language switch and the buttons in its text,
// which drive the <gomoku-board> elements beside them as an article's own script would, by
// setting their attributes:
//   data-board="id"                    the board a button drives
//   data-set="name=value&name=value"   attributes to set (an empty value for a switch turns it on)
//   data-step="-1" | "1"               one move back or on in a replay
//   data-watch="black-level white-level"   the computer plays itself from the position shown

const LANGUAGES = ['en', 'zh-CN'];

function setLanguage(lang) {
  document.documentElement.lang = lang;
  document.title = lang === 'zh-CN' ? '五子棋电脑是怎么想的' : 'How a Gomoku computer thinks';
  for (const board of document.querySelectorAll('gomoku-board')) board.setAttribute('lang', lang);
  const other = LANGUAGES.find((l) => l !== lang);
  const button = document.getElementById('lang-switch');
  button.dataset.to = other;
  button.textContent = other === 'zh-CN' ? '中文' : 'English';
}

function drive(button) {
  const board = document.getElementById(button.dataset.board);
  if (!board) return;
  if (button.dataset.set !== undefined) {
    for (const [name, value] of new URLSearchParams(button.dataset.set)) board.setAttribute(name, value);
  }
  if (button.dataset.step !== undefined) {
    const total = (board.getAttribute('moves') ?? '').split(/\s+/).filter(Boolean).length;
    const ply = Number(board.getAttribute('ply') ?? total) + Number(button.dataset.step);
    board.setAttribute('ply', String(Math.max(0, Math.min(total, ply))));
  }
  if (button.dataset.watch !== undefined) {
    const [black, white] = button.dataset.watch.split(' ');
    // From the position shown: the moves up to the replayed one.
    const moves = (board.getAttribute('moves') ?? '').split(/\s+/).filter(Boolean);
    const shown = board.hasAttribute('ply') ? moves.slice(0, Number(board.getAttribute('ply'))) : moves;
    for (const name of ['replay', 'ply', 'point', 'ai']) board.removeAttribute(name);
    board.setAttribute('black', black);
    board.setAttribute('white', white);
    board.setAttribute('moves', shown.join(' '));
    // The same attributes as before start nothing new by themselves: start the game again.
    board.restart?.();
  }
}

document.addEventListener('click', (event) => {
  const button = event.target.closest('button');
  if (!button) return;
  if (button.id === 'lang-switch') setLanguage(button.dataset.to);
  else if (button.dataset.board) drive(button);
});

const asked = new URLSearchParams(location.search).get('lang');
const browser = (navigator.languages ?? [navigator.language]).some((l) => String(l).toLowerCase().startsWith('zh'));
setLanguage(LANGUAGES.includes(asked) ? asked : browser ? 'zh-CN' : 'en');
