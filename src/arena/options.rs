//! The `arena` command line.

use super::sprt::{Sprt, DEFAULT_ALPHA, DEFAULT_BETA};
use super::{ArenaError, MatchConfig, PlayerSpec};
use crate::rule::Rule;

/// `arena --help`.
pub const USAGE: &str = "\
Plays a match between two players and reports the score and Elo difference.

usage: arena PLAYER_A PLAYER_B [options]

players:
  a level id: scoring-004, scoring-003, scoring-000, pattern-001, lookahead-002,
              nodes-N (N = positions a move, ±25%), search-N, analysis-N
              (N = milliseconds a move)
  cmd:PROGRAM [ARGS]   an external engine speaking the Gomocup (Piskvork) protocol

options:
  --games N        games to play (default 100; with --sprt, the most); consecutive pairs
                   share an opening, colours swapped
  --time MS        time per move: timeout_turn of external engines (default: the match
                   time, else 100), and, when given, the time of lookahead and search
                   levels instead of their own N
  --match-time MS  time of each external engine for a whole game (timeout_match): it is
                   sent INFO time_left before every move and loses the game when its time
                   runs out (150 ms of grace); levels keep their time per move
  --nodes N        node limit per move for search levels, and INFO max_node for
                   external engines (no time limit unless --time: their timeout_turn is
                   then 30000)
  --depth D        depth limit per move, likewise (INFO max_depth)
  --rule R         freestyle (default), standard or renju
  --size N         board size, 5 to 20 (default 15)
  --openings FILE  move lists such as 'h8 i9 j10', one a line ('#' starts a comment);
                   default: the 26 renju opening shapes under renju, 30 balanced
                   three-stone openings under freestyle and standard
  --seed S         seeds the opening order and tie-breaks (default 1); with --nodes or
                   --depth, or article levels only, a match is repeatable
  --sprt ELO0,ELO1 sequential test of H0 'A − B = ELO0' against H1 'A − B = ELO1' on game
                   pairs (pentanomial, logistic Elo); stops after the pair that decides it
  --alpha A        chance of accepting H1 when H0 holds (default 0.05)
  --beta B         chance of accepting H0 when H1 holds (default 0.05)
  --save FILE      append every game to FILE as it ends: a header of '#' lines (players,
                   rule, size, time), then one line a game of five tab-separated fields:
                   game number, A's colour, result for A (1-0, 0-1, 1/2-1/2), ending (with
                   the fault of a forfeit), and the moves from the empty board ('h8 i9 j10',
                   the opening included, as the page's Load moves reads them)
  --verbose        print every game, and with --sprt the LLR after every pair
  --help           this text
";

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Cli {
    /// `--help`: print [`USAGE`] and do nothing else.
    Help,
    /// Play the match the options describe.
    Run(Box<Options>),
}

/// A match to run.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The first player named.
    pub a: PlayerSpec,
    /// The second player named.
    pub b: PlayerSpec,
    /// Openings are empty here; `openings_file` says where to read them from.
    pub config: MatchConfig,
    /// The file of `--openings`; `None` for the built-in openings of the rule.
    pub openings_file: Option<String>,
    /// Where to append the games (`--save`).
    pub save_file: Option<String>,
    /// `--verbose`: print every game as it ends.
    pub verbose: bool,
}

/// Parses the arguments after the program name.
///
/// ```
/// use gomoku::arena::options::{parse_args, Cli};
/// use gomoku::arena::PlayerSpec;
/// use gomoku::{Level, Rule};
///
/// let args = "search-100 scoring-004 --games 10 --rule renju".split(' ').map(String::from);
/// let Ok(Cli::Run(options)) = parse_args(args) else { panic!("a match to run") };
/// assert_eq!(options.a, PlayerSpec::Level(Level::Search { ms: 100 }));
/// assert_eq!(options.config.games, 10);
/// assert_eq!(options.config.rule, Rule::Renju);
///
/// let error = parse_args(["scoring-004".to_owned()]).unwrap_err();
/// assert_eq!(error.to_string(), "expected exactly two players (see --help)");
/// ```
///
/// # Errors
/// [`ArenaError::Usage`] or [`ArenaError::BadPlayer`].
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Cli, ArenaError> {
    let mut args = args.into_iter();
    let mut players = Vec::new();
    let mut config = MatchConfig::default();
    let mut openings_file = None;
    let mut save_file = None;
    let mut verbose = false;
    let mut elos: Option<(f64, f64)> = None;
    let (mut alpha, mut beta) = (None, None);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| ArenaError::Usage(format!("{arg} needs a value")))
        };
        match arg.as_str() {
            "--help" | "-h" => return Ok(Cli::Help),
            "--games" => config.games = number(&arg, &value()?)?,
            "--time" => {
                let ms: u32 = number(&arg, &value()?)?;
                if ms == 0 {
                    return Err(ArenaError::Usage("--time must be at least 1".into()));
                }
                config.time_ms = Some(ms);
            }
            "--nodes" => config.nodes = Some(number(&arg, &value()?)?),
            "--depth" => config.depth = Some(number(&arg, &value()?)?),
            "--rule" => {
                config.rule = value()?
                    .parse::<Rule>()
                    .map_err(|e| ArenaError::Usage(e.to_string()))?;
            }
            "--size" => {
                config.size = number(&arg, &value()?)?;
                if !(5..=20).contains(&config.size) {
                    return Err(ArenaError::BadSize(config.size));
                }
            }
            "--match-time" => {
                let ms: u64 = number(&arg, &value()?)?;
                if ms == 0 {
                    return Err(ArenaError::Usage("--match-time must be at least 1".into()));
                }
                config.match_time_ms = Some(ms);
            }
            "--sprt" => {
                let text = value()?;
                let bad = || ArenaError::Usage(format!("--sprt: '{text}' is not ELO0,ELO1"));
                let (e0, e1) = text.split_once(',').ok_or_else(bad)?;
                let (Ok(e0), Ok(e1)) = (e0.trim().parse(), e1.trim().parse()) else {
                    return Err(bad());
                };
                elos = Some((e0, e1));
            }
            "--alpha" => alpha = Some(number(&arg, &value()?)?),
            "--beta" => beta = Some(number(&arg, &value()?)?),
            "--save" => save_file = Some(value()?),
            "--openings" => openings_file = Some(value()?),
            "--seed" => config.seed = number(&arg, &value()?)?,
            "--verbose" | "-v" => verbose = true,
            s if s.starts_with("--") => {
                return Err(ArenaError::Usage(format!("unknown option {s}")));
            }
            _ => players.push(arg.parse::<PlayerSpec>()?),
        }
    }
    let mut players = players.into_iter();
    let (Some(a), Some(b), None) = (players.next(), players.next(), players.next()) else {
        return Err(ArenaError::Usage("expected exactly two players".into()));
    };
    config.sprt = match elos {
        Some((e0, e1)) => Some(
            Sprt::new(
                e0,
                e1,
                alpha.unwrap_or(DEFAULT_ALPHA),
                beta.unwrap_or(DEFAULT_BETA),
            )
            .map_err(ArenaError::Usage)?,
        ),
        None if alpha.is_some() || beta.is_some() => {
            return Err(ArenaError::Usage("--alpha and --beta need --sprt".into()));
        }
        None => None,
    };
    Ok(Cli::Run(Box::new(Options {
        a,
        b,
        config,
        openings_file,
        save_file,
        verbose,
    })))
}

fn number<T: std::str::FromStr>(option: &str, text: &str) -> Result<T, ArenaError> {
    text.parse()
        .map_err(|_| ArenaError::Usage(format!("{option}: '{text}' is not a valid number")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn options_and_players_parse() {
        let cli = parse_args(args(
            "search-100 cmd:/bin/engine --games 8 --time 50 --rule renju --size 19 --seed 7 -v",
        ));
        let Ok(Cli::Run(o)) = cli else {
            panic!("expected a match to run");
        };
        assert_eq!(o.a, PlayerSpec::Level(Level::Search { ms: 100 }));
        assert_eq!(o.b, PlayerSpec::External("/bin/engine".into()));
        assert_eq!(o.config.games, 8);
        assert_eq!(o.config.time_ms, Some(50));
        assert_eq!(o.config.rule, Rule::Renju);
        assert_eq!(o.config.size, 19);
        assert_eq!(o.config.seed, 7);
        assert!(o.verbose);
        assert_eq!(o.config.sprt, None);
        assert_eq!(o.config.match_time_ms, None);
        assert_eq!(o.save_file, None);
        assert_eq!(parse_args(args("--help")), Ok(Cli::Help));
    }

    #[test]
    fn sprt_match_time_and_save_parse() {
        let cli = parse_args(args(
            "scoring-000 pattern-001 --sprt -5,10 --beta 0.1 --match-time 30000 --save g.txt",
        ));
        let Ok(Cli::Run(o)) = cli else {
            panic!("expected a match to run");
        };
        assert_eq!(
            o.config.sprt,
            Some(Sprt {
                elo0: -5.0,
                elo1: 10.0,
                alpha: 0.05,
                beta: 0.1
            })
        );
        assert_eq!(o.config.match_time_ms, Some(30_000));
        assert_eq!(o.config.turn_ms_external(), 30_000);
        assert_eq!(o.save_file.as_deref(), Some("g.txt"));
    }

    #[test]
    fn bad_command_lines_are_errors() {
        for bad in [
            "scoring-000",
            "scoring-000 scoring-004 scoring-003",
            "scoring-000 nobody",
            "scoring-000 scoring-004 --games",
            "scoring-000 scoring-004 --games -1",
            "scoring-000 scoring-004 --size 4",
            "scoring-000 scoring-004 --rule caro",
            "scoring-000 scoring-004 --time 0",
            "scoring-000 scoring-004 --frobnicate",
            "scoring-000 cmd:",
            "scoring-000 scoring-004 --sprt 5",
            "scoring-000 scoring-004 --sprt 5,x",
            "scoring-000 scoring-004 --sprt 5,0",
            "scoring-000 scoring-004 --sprt 0,5 --alpha 0",
            "scoring-000 scoring-004 --sprt 0,5 --alpha 0.5 --beta 0.5",
            "scoring-000 scoring-004 --alpha 0.1",
            "scoring-000 scoring-004 --match-time 0",
            "scoring-000 scoring-004 --save",
        ] {
            assert!(parse_args(args(bad)).is_err(), "{bad}");
        }
    }
}
