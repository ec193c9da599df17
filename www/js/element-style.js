// The look of <gomoku-board>, inside its shadow root: nothing leaks out to the page, and the
// frame resets what a page's text styles would pass in (font, colour, spacing, alignment).
// One constructed stylesheet serves every board; a browser without constructed stylesheets
// gets a <style> element instead (which a strict policy must allow, see docs/embedding.md).

const CSS = `
:host { display: block; min-width: 0; }
:host([hidden]) { display: none; }
[hidden] { display: none !important; }

.frame {
  all: initial;
  --ink: #2a2119;
  --ink-soft: #67574a;
  --paper: #f6f0e6;
  --line: #d9ccb9;
  --field: #fffdf9;
  --focus: #c0782f;
  --loss: #a63a2a;
  position: relative;
  display: flex;
  flex-direction: column;
  width: 100%;
  box-sizing: border-box;
  color: var(--ink);
  font: 14px/1.3 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif;
  text-align: start;
  color-scheme: light;
}
.frame *, .frame *::before, .frame *::after { box-sizing: border-box; }

.board { position: relative; width: 100%; aspect-ratio: 1; }
/* Out of the flow: the drawing's own size never feeds back into the board's. */
canvas {
  position: absolute;
  inset: 0;
  display: block;
  width: 100%;
  height: 100%;
  border-radius: 4px;
  touch-action: manipulation;
  -webkit-tap-highlight-color: transparent;
}
canvas[data-interactive="true"] { cursor: pointer; }
canvas:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }

.status {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 6px;
  min-height: 40px;
  margin-top: 2px;
  padding: 3px 6px;
  border-radius: 4px;
  background: var(--paper);
}
.stone {
  flex: none;
  width: 18px;
  height: 18px;
  border-radius: 50%;
  background: var(--line);
  box-shadow: 0 1px 3px rgb(0 0 0 / 0.35);
}
.stone.black { background: radial-gradient(circle at 35% 32%, #6b6b6b, #222 45%, #050505 100%); }
.stone.white { background: radial-gradient(circle at 35% 32%, #ffffff, #f1efea 45%, #c9c5bd 100%); }
.status[data-state="thinking"] .stone { animation: pulse 1s ease-in-out infinite; }
@keyframes pulse { 50% { transform: scale(0.82); opacity: 0.6; } }

.text { flex: 1 1 0; min-width: 0; margin: 0; overflow: hidden; font-weight: 650; text-overflow: ellipsis; white-space: nowrap; }
/* A row of its own under the line. */
.detail { flex: 1 0 100%; margin: 0; color: var(--loss); font-size: 12px; line-height: 1.25; overflow-wrap: anywhere; }
/* Like the iframe embed: only what went wrong takes room under the line. */
.detail[data-kind="info"], .detail:empty { display: none; }
/* The replay counter or the watch buttons (the stone shows who is to move) say it all; the
   line's room is kept, so the buttons stay at its end. */
.status:has(.replay:not([hidden]), .watch:not([hidden])) .text { visibility: hidden; }

.bar { display: flex; flex: none; align-items: center; gap: 4px; }
.counter { min-width: 3.6em; font-size: 12.5px; text-align: center; font-variant-numeric: tabular-nums; }
button {
  min-height: 30px;
  margin: 0;
  padding: 0 8px;
  border: 1px solid var(--line);
  border-radius: 8px;
  background: var(--field);
  color: var(--ink);
  font: inherit;
  font-size: 12.5px;
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
}
button:hover:not(:disabled) { background: var(--paper); }
button:disabled { opacity: 0.4; cursor: default; }
.icon {
  display: inline-grid;
  place-items: center;
  width: 30px;
  height: 30px;
  padding: 0;
  border: 0;
  border-radius: 8px;
  background: transparent;
  color: var(--ink);
}
a.icon:hover, button.icon:hover:not(:disabled) { background: var(--line); }
button:focus-visible, a:focus-visible { outline: 3px solid var(--focus); outline-offset: 1px; }
svg { display: block; fill: currentColor; }

/* How the pointed-at score is made: over the half of the board away from the point, never
   reaching its stone (--room, from the board's geometry). */
.breakdown {
  position: absolute;
  left: 3%;
  right: 3%;
  bottom: 4px;
  z-index: 1;
  display: flex;
  flex-direction: column;
  max-height: var(--room, 47%);
  padding: 5px 8px;
  border: 1px solid var(--line);
  border-radius: 8px;
  background: var(--field);
  box-shadow: 0 6px 18px rgb(40 20 0 / 0.3);
  font-size: 12px;
  line-height: 1.25;
  pointer-events: none;
}
.breakdown[data-place="top"] { top: 4px; bottom: auto; }
.breakdown[data-pinned="true"] { pointer-events: auto; }
.breakdown .head { display: flex; flex: none; align-items: center; justify-content: space-between; gap: 8px; }
.breakdown .close { width: 22px; height: 22px; min-height: 0; margin: -3px -5px -3px 0; font-size: 15px; }
.breakdown .close[hidden] { display: none; }

/* Watching: each colour's level, a line each, under the board. */
.matchup { display: grid; gap: 1px; margin: 3px 0 0; padding: 0 6px; list-style: none; font-size: 11.5px; font-weight: 600; line-height: 1.3; }
.matchup[hidden] { display: none; }
.matchup li { display: flex; align-items: center; gap: 6px; min-width: 0; }
.matchup .stone { flex: none; width: 11px; height: 11px; }
.matchup .level { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
/* The stone says the colour; the word is for screen readers. */
.matchup .who { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
.breakdown p { flex: none; margin: 0; }
.breakdown .title { font-weight: 700; }
.breakdown .notes { flex: none; margin-top: 2px; color: var(--ink-soft); }
.breakdown ol {
  flex: 0 1 auto;
  min-height: 1.25em;
  margin: 2px 0 0;
  padding: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
  list-style: none;
  /* A shade at an edge with more rows beyond it: covers scroll with the rows, shades stay. */
  background:
    linear-gradient(var(--field) 40%, transparent) top / 100% 16px no-repeat local,
    linear-gradient(transparent, var(--field) 60%) bottom / 100% 16px no-repeat local,
    radial-gradient(farthest-side at 50% 0, rgb(60 40 20 / 0.25), transparent) top / 100% 6px no-repeat scroll,
    radial-gradient(farthest-side at 50% 100%, rgb(60 40 20 / 0.25), transparent) bottom / 100% 6px no-repeat scroll;
}
.breakdown li { display: flex; justify-content: space-between; gap: 12px; }
.breakdown .value { flex: none; font-weight: 650; font-variant-numeric: tabular-nums; }
.breakdown .best { font-weight: 750; }
.breakdown .best .value { text-decoration: underline; }
/* On touch screens the finger scrolls it; a mouse points through it at the board. */
@media (hover: none) { .breakdown { pointer-events: auto; touch-action: pan-y; } }

.announcer {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}

@media (prefers-reduced-motion: reduce) {
  .status[data-state="thinking"] .stone { animation: none; }
}
`;

let sheet = null;

/** Gives `root` (a ShadowRoot) the element's styles. */
export function adoptStyles(root) {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
  } else {
    root.append(Object.assign(document.createElement('style'), { textContent: CSS }));
  }
}
