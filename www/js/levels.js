// The opponent ladder from the engine (Game.opponent_ids(), weakest first), grouped for the
// level menu. The engine's order decides strength: the page only names the groups.

export const DEFAULT_LEVEL = 'search-100';

const GROUPS = ['groupBeginner', 'groupCasual', 'groupIntermediate', 'groupStrong', 'groupMaster'];

const isArticle = (id) => /^(scoring|pattern)-\d+$/.test(id);
const searchMs = (id) => Number(/^search-(\d+)$/.exec(id)?.[1] ?? NaN);

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

/**
 * `[{ group, levels: [id, …] }]` weakest first: the article levels split into Beginner and
 * Casual in the ladder's order, then the searching levels by their time a move. `extra` ids
 * (a level from a link, say) join the group their time puts them in.
 */
export function groupedLevels(Game, extra = []) {
  const ladder = Array.from(Game.opponent_ids());
  const ids = [...ladder, ...extra.filter((id) => !ladder.includes(id) && isLevel(Game, id))];
  const articles = ladder.filter(isArticle);
  const group = (id) => {
    if (isArticle(id)) return articles.indexOf(id) < Math.ceil(articles.length / 2) ? 0 : 1;
    const ms = searchMs(id);
    if (id.startsWith('analysis-') || ms >= 1000) return 4;
    if (ms >= 300) return 3;
    return 2; // the lookahead level and quick searches
  };
  // Within a group: the ladder's order; searches by their time, analysis after them.
  const rank = (id) => {
    const analysis = /^analysis-(\d+)$/.exec(id);
    if (analysis) return 1e7 + Number(analysis[1]);
    const ms = searchMs(id);
    return Number.isNaN(ms) ? ids.indexOf(id) : 1000 + ms;
  };
  const sorted = [...ids].sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  return GROUPS.map((name, i) => ({ group: name, levels: sorted.filter((id) => group(id) === i) }))
    .filter(({ levels }) => levels.length > 0);
}
