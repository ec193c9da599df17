// The levels as the engine describes them (Game.levels(), Game.level_info(id)): id, kind
// (article, lookahead, nodes, search, analysis), place on the ladder, time a move (or node
// budget), Elo on the ladder. The engine's ladder decides strength; the page only groups the
// levels for its menus.

export const DEFAULT_LEVEL = 'search-100';

const GROUPS = ['groupBeginner', 'groupCasual', 'groupIntermediate', 'groupStrong', 'groupMaster'];
const STRONG_MS = 300; // searches this long a move and more are "strong"
const MASTER_MS = 1000; // and this long, "master"

export class Levels {
  constructor(Game) {
    this.Game = Game;
    this.ladder = Array.from(Game.levels());
    this.known = new Map(this.ladder.map((info) => [info.id, info]));
  }

  /**
   * The description of `id`, or null when the engine does not accept it. Ids look like
   * `search-500`: checked by shape first, so hostile text never reaches the engine.
   */
  info(id) {
    if (typeof id !== 'string' || !/^[a-z]{1,12}-\d{1,6}$/.test(id)) return null;
    if (!this.known.has(id)) {
      try {
        this.known.set(id, this.Game.level_info(id));
      } catch {
        return null;
      }
    }
    return this.known.get(id);
  }

  isLevel(id) {
    return this.info(id) !== null;
  }

  searches(id) {
    return this.info(id)?.searches ?? false;
  }

  /**
   * `[{ group, levels: [info, …] }]` weakest first: the article levels split into Beginner
   * and Casual in the ladder's order, then the others by their time a move; the node-limited
   * levels, which have no time, are Intermediate, after the lookahead and before the timed
   * searches, by their budget (the ladder's order). `extra` ids (a level from a link, say)
   * join the group their time or budget puts them in.
   */
  grouped(extra = []) {
    const infos = [...this.ladder];
    for (const id of extra) {
      const info = this.info(id);
      if (info && !infos.some((l) => l.id === id)) infos.push(info);
    }
    const articles = this.ladder.filter((l) => l.kind === 'article');
    const group = (info) => {
      if (info.kind === 'article') return articles.indexOf(info) < Math.ceil(articles.length / 2) ? 0 : 1;
      if (info.kind === 'analysis' || info.time_ms >= MASTER_MS) return 4;
      if (info.kind === 'search' && info.time_ms >= STRONG_MS) return 3;
      return 2; // the lookahead level and quick searches
    };
    // Within a group: the ladder's order; node levels by their budget (at most 600000, so
    // from 500 to 800: after the lookahead's rank, before any search), searches by their
    // time, analysis after them.
    const order = (info) => {
      if (info.kind === 'nodes') return 500 + info.nodes / 2000;
      if (info.kind === 'analysis') return 1e7 + info.time_ms;
      if (info.kind === 'search') return 1000 + info.time_ms;
      return info.rank ?? infos.indexOf(info);
    };
    const sorted = [...infos].sort((a, b) => group(a) - group(b) || order(a) - order(b));
    return GROUPS.map((name, i) => ({ group: name, levels: sorted.filter((info) => group(info) === i) }))
      .filter(({ levels }) => levels.length > 0);
  }
}
