// Pointer and keyboard input on the board canvas, turned into board actions:
//   hover(point | null)            a mouse over a point (or leaving the board)
//   press(point, { touch })        a click or tap released on a point
//   key(action)                    'left' | 'right' | 'up' | 'down' | 'place' | 'first' | 'last' | 'escape'
//   blur()                         the board lost the keyboard focus
//   wheel(dy)                      the mouse wheel over the board: true if something scrolled

const KEYS = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Enter: 'place',
  ' ': 'place',
  Home: 'first',
  End: 'last',
  Escape: 'escape',
};

export function bindBoardInput(view, handlers) {
  const { canvas } = view;
  let pressed = null; // pointer id of a press that started on the board
  const pointOf = (event) => view.pointAt(event.clientX, event.clientY);

  canvas.addEventListener('pointerdown', (event) => {
    if (!event.isPrimary || event.button !== 0) return;
    pressed = event.pointerId;
    canvas.setPointerCapture(event.pointerId);
    if (event.pointerType === 'mouse') handlers.hover(pointOf(event));
  });
  canvas.addEventListener('pointermove', (event) => {
    if (event.pointerType === 'mouse') handlers.hover(pointOf(event));
  });
  canvas.addEventListener('pointerup', (event) => {
    if (pressed !== event.pointerId) return;
    pressed = null;
    const point = pointOf(event);
    if (point) handlers.press(point, { touch: event.pointerType !== 'mouse' });
  });
  canvas.addEventListener('pointercancel', () => {
    pressed = null;
  });
  canvas.addEventListener('pointerleave', (event) => {
    if (event.pointerType === 'mouse') handlers.hover(null);
  });

  canvas.addEventListener('keydown', (event) => {
    const action = KEYS[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    if (handlers.key(action) !== false) event.preventDefault();
  });
  canvas.addEventListener('blur', () => handlers.blur());
  // The breakdown over the board follows the mouse and lets it through; the wheel scrolls
  // its parts when they overflow, rather than the page from under the pointer.
  canvas.addEventListener(
    'wheel',
    (event) => {
      if (handlers.wheel?.(event.deltaY)) event.preventDefault();
    },
    { passive: false },
  );
}
