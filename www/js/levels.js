// The opponent ladder from the engine, grouped for the level menu (weakest first).

export const DEFAULT_LEVEL = 'search-100';

const GROUPS = ['groupBeginner', 'groupCasual', 'groupIntermediate', 'groupStrong', 'groupMaster'];

/** The group (an i18n key) of a level id. */
export function levelGroup(id) {
  if (/^scoring-00[34]$/.test(id)) return 'groupBeginner';
  if (id.startsWith('scoring-') || id.startsWith('pattern-')) return 'groupCasual';
  const search = /^search-(\d+)$/.exec(id);
  if (search) {
    const ms = Number(search[1]);
    if (ms < 300) return 'groupIntermediate';
    return ms < 1000 ? 'groupStrong' : 'groupMaster';
  }
  if (id.startsWith('analysis-')) return 'groupMaster';
  return 'groupIntermediate';
}

/**
 * Whether the engine accepts `id` as a level. Ids look like `search-500`: checked by shape
 * first, so hostile text never reaches the engine.
 */
export function isLevel(Game, id) {
  if (typeof id !== 'string' || !/^[a-z]{1,12}-\d{1,6}$/.test(id)) return false;
  try {
    Game.opponent_name(id);
    return true;
  } catch {
    return false;
  }
}

/** `[{ group, levels: [id, …] }]` in ladder order, plus `extra` ids (e.g. from a link). */
export function groupedLevels(Game, extra = []) {
  const ids = Array.from(Game.opponent_ids());
  for (const id of extra) if (!ids.includes(id) && isLevel(Game, id)) ids.push(id);
  return GROUPS.map((group) => ({ group, levels: ids.filter((id) => levelGroup(id) === group) }))
    .filter(({ levels }) => levels.length > 0);
}
