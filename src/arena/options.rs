//! The `arena` command line.

use super::{ArenaError, MatchConfig, PlayerSpec};
use crate::rule::Rule;

/// `arena --help`.
pub const USAGE: &str = "\
Plays a match between two players and reports the score and Elo difference.

usage: arena PLAYER_A PLAYER_B [options]

players:
  a level id: scoring-004, scoring-003, scoring-000, pattern-001, lookahead-002,
              search-N, analysis-N (N = milliseconds a move)
  cmd:PROGRAM [ARGS]   an external engine speaking the Gomocup (Piskvork) protocol

options:
  --games N        games to play (default 100); consecutive pairs share an opening,
                   colours swapped
  --time MS        time per move: timeout_turn of external engines (default 100), and,
                   when given, the time of lookahead and search levels instead of their
                   own N
  --nodes N        node limit per move for search levels (no time limit unless --time)
  --depth D        depth limit per move for search levels (no time limit unless --time)
  --rule R         freestyle (default), standard or renju
  --size N         board size, 5 to 20 (default 15)
  --openings FILE  move lists such as 'h8 i9 j10', one a line ('#' starts a comment);
                   default: the 26 renju opening shapes under renju, 30 balanced
                   three-stone openings under freestyle and standard
  --seed S         seeds the opening order and tie-breaks (default 1); with --nodes or
                   --depth, or article levels only, a match is repeatable
  --verbose        print every game
  --help           this text
";

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cli {
    Help,
    Run(Options),
}

/// A match to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub a: PlayerSpec,
    pub b: PlayerSpec,
    /// Openings are empty here; `openings_file` says where to read them from.
    pub config: MatchConfig,
    pub openings_file: Option<String>,
    pub verbose: bool,
}

/// Parses the arguments after the program name.
///
/// # Errors
/// [`ArenaError::Usage`] or [`ArenaError::BadPlayer`].
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Cli, ArenaError> {
    let mut args = args.into_iter();
    let mut players = Vec::new();
    let mut config = MatchConfig::default();
    let mut openings_file = None;
    let mut verbose = false;
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
    Ok(Cli::Run(Options {
        a,
        b,
        config,
        openings_file,
        verbose,
    }))
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
        assert_eq!(parse_args(args("--help")), Ok(Cli::Help));
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
        ] {
            assert!(parse_args(args(bad)).is_err(), "{bad}");
        }
    }
}
