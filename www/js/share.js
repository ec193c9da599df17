// Records leaving or entering the page through the browser: the clipboard, a downloaded PSQ
// file, a chosen PSQ file.

import { t } from './i18n.js';
import { formatPsq } from './records.js';

const MAX_RECORD_BYTES = 100_000; // a full 20×20 PSQ record is a few kB
const REVOKE_MS = 1000;

/** Copies `text`; the store's records message says whether it worked. */
export async function copyText(store, text) {
  try {
    await navigator.clipboard.writeText(text);
    store.setRecordMessage(t('copied'));
  } catch {
    store.setRecordMessage(t('copyFailed'), text);
  }
}

/** Downloads the game as a PSQ record. */
export function downloadPsq(store) {
  const blob = new Blob([formatPsq(store.moves(), store.game.size())], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `gomoku-${new Date().toISOString().slice(0, 10)}.psq`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_MS);
}

/** Loads a chosen PSQ (or move list) file into the store. */
export async function importFile(store, file) {
  if (!file) return;
  if (file.size > MAX_RECORD_BYTES) {
    store.setRecordMessage(t('fileTooLarge', { kb: Math.ceil(file.size / 1000) }));
    return;
  }
  store.loadText(await file.text()); // says in the records panel how it went
}
