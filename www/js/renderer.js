// Puts the view model (presenter.js) on screen: the panel through Controls, the board through
// BoardView. A subscriber of the store, the last one, so it shows what the others left.

import { present } from './presenter.js';
import { setReview } from './review-panel.js';

export function renderer({ controls, view }) {
  let menuKey = null;
  let recordSeq = 0;
  return (store) => {
    const model = present(store);
    if (!model.board) {
      controls.setStatus(model.status);
      return;
    }
    controls.setStatus(model.status);
    controls.setThinking(model.thinking?.line ?? null, model.thinking?.canMoveNow ?? false);
    controls.setButtons(model.buttons);
    const { moves, shown, pickable } = model.moves;
    controls.setMoves(moves, { shown, onPick: pickable ? (ply) => store.stepReplay(ply) : null });
    controls.setReplay(model.replay);
    controls.setSwap(model.swapChoice);
    if (model.levelMenu.key !== menuKey) {
      menuKey = model.levelMenu.key;
      for (const id of ['level', 'new-level', 'new-level-white']) controls.fillLevels(controls.el[id], model.levelMenu.groups);
    }
    controls.el.level.value = model.level;
    // Watching, each colour's level was chosen with the game; the menu is for one level.
    controls.el.level.closest('.level-field').hidden = model.mode === 'watch';
    controls.setLevelMethod('level-method', model.levelMethod);
    controls.setGameOver(model.gameOver);
    controls.setWatch(model.watch);
    controls.setMatchup(model.matchup);
    controls.setHeat(model.heat.visible, model.heat.text);
    const { breakdown } = model;
    controls.setBreakdown(breakdown, breakdown ? view.roomBeside(breakdown.point, breakdown.place) : 0);
    controls.setAnalysis(model.analysis);
    setReview(controls.el, model.review);
    controls.setToggles({ ...model.explain, tapConfirm: model.tapConfirm });
    controls.setSaveOff(model.saveOff);
    if (model.record.seq !== recordSeq) {
      recordSeq = model.record.seq;
      controls.setRecordMessage(model.record.text, model.record.fallback);
    }
    controls.setOpenFull(model.openFull);

    const { canvas } = view;
    canvas.dataset.interactive = String(model.board.interactive);
    if (canvas.getAttribute('aria-label') !== model.board.label) canvas.setAttribute('aria-label', model.board.label);
    view.render(model.board.scene);

    for (const text of store.takeAnnouncements()) controls.announce(text);
    if (store.announceResult) {
      store.announceResult = false;
      controls.announce(model.status.text);
    }
  };
}

