//! Fits the evaluation's weights to game results, and move ordering's point worths to strong
//! players' moves. `tune --help` shows the commands.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

use gomoku::arena::saved;
use gomoku::tune;
use gomoku::{Color, Rng, Rule};

const USAGE: &str = "\
tune play [--games N] [--nodes N] [--check-nodes N] [--seed N] [--threads N] [--rule R] > games.txt
    Self-play from varied four-stone openings (never one of the arena's built-in
    openings for the rule), N nodes a move (default 20000), written as an `arena --save`
    games file.
    An opening is kept if a search of --check-nodes (default 20000) scores it near even.
tune openings [--games N] [--check-nodes N] [--seed N] [--rule R] > openings.txt
    N of those openings, one move list a line, for `arena --openings`: matches against
    other engines to fit to, and node-limited A/B matches, which repeat a game whenever
    they repeat an opening and so need more openings than the arena's 30.
tune fit [--steps N] [--threads N] [--rule R] [--combos FILE] FILE...
    Logistic regression of each quiet position's result on the evaluation's features,
    from the current weights; prints the loss before and after and the new TEMPO and
    WEIGHTS for src/eval/weights.rs. With --combos, the pattern combinations' weights
    are fitted too and written to FILE (src/eval/combos.rs). FILEs are games files of `tune play` or
    `arena --save`. --threads shares each step's gradient out (the result is the same
    for the same number of threads). With --lambda L, each position's target is
    L · its game's result + (1 − L) · its search score as a chance, the scores read
    from FILE.labels (see `label`).
tune label [--nodes N] [--threads N] [--rule R] FILE > FILE.labels
    A search of N nodes (default 20000) of each position that `fit` uses, one line of
    scores per game of FILE, in the file's order (empty for a game that starts with a
    match opening, which `fit` leaves out).
tune net [--epochs N] [--batch N] [--threads N] [--seed N] [--out FILE] [--rule R] FILE...
    Fits the learned line evaluation (added to the classical one) to the results of the
    quiet positions of FILEs' games; prints the held-out loss (every tenth game) of the
    classical evaluation alone and with the network, and writes the weights to FILE
    (default net.bin), for `GOMOKU_NET=FILE pbrain-gomoku`.
tune policy [--steps N] [--players a|b|both] [--out FILE] [--rule R] FILE...
    Fits move ordering's point worths to the moves the chosen players (default b, the
    second player of an `arena --save` file) made in games of FILEs; prints how well the
    current and the new worths predict the held-out moves (every tenth game) and writes
    the new src/search/policy/table.rs to FILE (default: standard output).
";

struct Args {
    games: u64,
    nodes: u64,
    check_nodes: u64,
    seed: u64,
    threads: u64,
    steps: usize,
    rule: Rule,
    files: Vec<String>,
    combos: Option<String>,
    players: tune::policy::Players,
    out: Option<String>,
    epochs: usize,
    batch: usize,
    lambda: Option<f64>,
}

fn main() -> ExitCode {
    let mut argv = std::env::args().skip(1);
    let command = argv.next();
    let args = match parse(argv) {
        Ok(a) => a,
        Err(e) => return fail(&e),
    };
    let result = match command.as_deref() {
        Some("play") => play(&args),
        Some("fit") => fit(&args),
        Some("label") => label(&args),
        Some("policy") => policy(&args),
        Some("net") => net(&args),
        Some("openings") => {
            openings(&args);
            Ok(())
        }
        Some("--help" | "-h" | "help") => {
            print!("{USAGE}");
            Ok(())
        }
        _ => Err("expected a command: play, openings, fit, label, net or policy".to_owned()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

fn fail(e: &str) -> ExitCode {
    eprintln!("tune: {e}\n\n{USAGE}");
    ExitCode::from(2)
}

fn parse(mut argv: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut a = Args {
        games: 100,
        nodes: 20_000,
        check_nodes: tune::OPENING_CHECK_NODES,
        seed: 1,
        threads: 1,
        steps: 2_000,
        rule: Rule::Freestyle,
        files: Vec::new(),
        combos: None,
        players: tune::policy::Players::B,
        out: None,
        epochs: 8,
        batch: 512,
        lambda: None,
    };
    while let Some(arg) = argv.next() {
        let mut value = |name: &str| argv.next().ok_or(format!("{name} needs a value"));
        let number = |name: &str, v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{name}: not a number: {v}"))
        };
        match arg.as_str() {
            "--games" => a.games = number("--games", value("--games")?)?,
            "--nodes" => a.nodes = number("--nodes", value("--nodes")?)?.max(1),
            "--check-nodes" => {
                a.check_nodes = number("--check-nodes", value("--check-nodes")?)?.max(1);
            }
            "--seed" => a.seed = number("--seed", value("--seed")?)?,
            "--threads" => a.threads = number("--threads", value("--threads")?)?.clamp(1, 64),
            "--epochs" => a.epochs = number("--epochs", value("--epochs")?)? as usize,
            "--batch" => a.batch = number("--batch", value("--batch")?)? as usize,
            "--steps" => a.steps = number("--steps", value("--steps")?)? as usize,
            "--combos" => a.combos = Some(value("--combos")?),
            "--players" => a.players = value("--players")?.parse()?,
            "--out" => a.out = Some(value("--out")?),
            "--lambda" => {
                let v = value("--lambda")?;
                let l = v
                    .parse::<f64>()
                    .ok()
                    .filter(|l| (0.0..=1.0).contains(l))
                    .ok_or(format!("--lambda: not a number from 0 to 1: {v}"))?;
                a.lambda = Some(l);
            }
            "--rule" => {
                let v = value("--rule")?;
                a.rule = v.parse().map_err(|_| format!("--rule: unknown rule {v}"))?;
            }
            s if s.starts_with("--") => return Err(format!("unknown option {s}")),
            _ => a.files.push(arg),
        }
    }
    Ok(a)
}

fn play(a: &Args) -> Result<(), String> {
    println!(
        "# gomoku arena games, one a line, tab-separated: game, A's colour, result for A, \
         ending, moves\n# A: tune self-play (black)\n# B: tune self-play (white)\n\
         # rule {}, size 15, nodes {}, opening check nodes {}, seed {}",
        a.rule, a.nodes, a.check_nodes, a.seed
    );
    let next = AtomicU64::new(0);
    let out = std::sync::Mutex::new(std::io::stdout());
    std::thread::scope(|scope| {
        for _ in 0..a.threads {
            scope.spawn(|| loop {
                let n = next.fetch_add(1, Ordering::Relaxed);
                if n >= a.games {
                    break;
                }
                let mut rng = Rng::seeded(a.seed.wrapping_mul(1_000_003).wrapping_add(n));
                let game =
                    tune::self_play(tune::opening(15, a.rule, &mut rng, a.check_nodes), a.nodes);
                let result = match game.winner() {
                    Some(Color::Black) => "1-0",
                    Some(Color::White) => "0-1",
                    None => "1/2-1/2",
                };
                let line = format!(
                    "{}\tblack\t{result}\tself-play\t{}",
                    n + 1,
                    game.move_list()
                );
                let mut out = out
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                let _ = writeln!(out, "{line}");
            });
        }
    });
    Ok(())
}

fn openings(a: &Args) {
    println!(
        "# {} openings of `tune openings --seed {} --check-nodes {} --rule {}`",
        a.games, a.seed, a.check_nodes, a.rule
    );
    for n in 0..a.games {
        // The same stream of openings as `play` with the same seed.
        let mut rng = Rng::seeded(a.seed.wrapping_mul(1_000_003).wrapping_add(n));
        let game = tune::opening(15, a.rule, &mut rng, a.check_nodes);
        println!("{}", game.move_list());
    }
}

/// Labels one games file: a line of search scores per game (see `tune::search_scores`).
fn label(a: &Args) -> Result<(), String> {
    let [path] = a.files.as_slice() else {
        return Err("label needs one games file".to_owned());
    };
    let games = read_games(path)?;
    let next = AtomicU64::new(0);
    let lines: Vec<std::sync::OnceLock<String>> =
        games.iter().map(|_| std::sync::OnceLock::new()).collect();
    std::thread::scope(|scope| {
        for _ in 0..a.threads {
            scope.spawn(|| loop {
                let n = next.fetch_add(1, Ordering::Relaxed) as usize;
                let Some(g) = games.get(n) else { break };
                // `fit` leaves out games that start with a match opening: an empty line
                // keeps the file's order without searching them.
                let scores = if tune::starts_with_match_opening(15, a.rule, &g.moves.0) {
                    Vec::new()
                } else {
                    tune::search_scores(15, a.rule, &g.moves.0, a.nodes)
                };
                let line = scores
                    .iter()
                    .map(i32::to_string)
                    .collect::<Vec<_>>()
                    .join(" ");
                if let Some(slot) = lines.get(n) {
                    let _ = slot.set(line);
                }
            });
        }
    });
    let mut out = std::io::stdout().lock();
    for slot in lines {
        let line = slot.into_inner().unwrap_or_default();
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// A labels file of `tune label`: per game, its positions' search scores.
fn read_labels(path: &str, games: usize) -> Result<Vec<Vec<i32>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let labels = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            line.split_whitespace()
                .map(|x| x.parse::<i32>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("{path}:{}: {e}", i + 1))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if labels.len() == games {
        Ok(labels)
    } else {
        Err(format!("{path}: {} lines for {games} games", labels.len()))
    }
}

/// The games of an `arena --save` or `tune play` file.
fn read_games(path: &str) -> Result<Vec<saved::SavedGame>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    saved::parse(&text).map_err(|e| format!("{path}: {e}"))
}

fn net(a: &Args) -> Result<(), String> {
    if a.files.is_empty() {
        return Err("net needs at least one games file".to_owned());
    }
    let mut games = Vec::new();
    for path in &a.files {
        games.extend(read_games(path)?);
    }
    let started = std::time::Instant::now();
    let (fitted, held) = tune::net::samples_of(15, a.rule, &games);
    eprintln!(
        "{} games: {} positions fitted, {} held out ({:.0} s)",
        games.len(),
        fitted.len(),
        held.len(),
        started.elapsed().as_secs_f64()
    );
    let settings = tune::net::Settings {
        epochs: a.epochs,
        batch: a.batch,
        threads: a.threads as usize,
        seed: a.seed,
    };
    let f = tune::net::fit(
        &fitted,
        &held,
        (15, a.rule, &games),
        settings,
        &mut |line| {
            eprintln!("{line} ({:.0} s)", started.elapsed().as_secs_f64());
        },
    );
    println!(
        "held-out loss: classical {:.5}, with the network {:.5} (fitted) and {:.5} (as the engine \
         computes it)",
        f.held_classical, f.held_float, f.held_engine
    );
    let out = a.out.clone().unwrap_or_else(|| "net.bin".to_owned());
    std::fs::write(&out, f.net.to_bytes()).map_err(|e| format!("{out}: {e}"))?;
    println!("wrote {out}");
    Ok(())
}

fn fit(a: &Args) -> Result<(), String> {
    if a.files.is_empty() {
        return Err("fit needs at least one games file".to_owned());
    }
    let (mut samples, mut held_out, mut scores) = (Vec::new(), Vec::new(), Vec::new());
    for path in &a.files {
        let games = read_games(path)?;
        let mut labels = match a.lambda {
            Some(_) => read_labels(&format!("{path}.labels"), games.len())?,
            None => vec![Vec::new(); games.len()],
        };
        let mut left_out = 0;
        for (g, l) in games.iter().zip(&mut labels) {
            if tune::starts_with_match_opening(15, a.rule, &g.moves.0) {
                left_out += 1;
                continue;
            }
            let s = tune::samples_of_game(15, a.rule, g);
            if a.lambda.is_some() && s.len() != l.len() {
                return Err(format!(
                    "{path}.labels: game {} has {} positions but {} scores",
                    g.number,
                    s.len(),
                    l.len()
                ));
            }
            // Every tenth game is held out, to show the fit generalises; it is judged on
            // its results alone.
            if g.number % 10 == 0 {
                held_out.extend(s);
            } else {
                samples.extend(s);
                scores.append(l);
            }
        }
        eprintln!(
            "{path}: {} games, {left_out} left out (they start with a match opening)",
            games.len()
        );
    }
    let start = tune::current();
    if let Some(lambda) = a.lambda {
        let scale = tune::scale_of(&start, &samples);
        tune::blend(&mut samples, &scores, scale, lambda)?;
        eprintln!("targets: {lambda} of the result, the rest the search's (scale {scale:.1})");
    }
    let f = tune::fit(
        &start,
        &samples,
        a.steps,
        a.combos.is_some(),
        a.threads as usize,
    );
    println!(
        "// {} positions, scale {:.1}, loss {:.5} -> {:.5}; {} held-out positions, loss \
         {:.5} -> {:.5}",
        samples.len(),
        f.scale,
        f.loss_before,
        f.loss_after,
        held_out.len(),
        tune::loss_of(&start, f.scale, &held_out),
        tune::loss_of(&f.model, f.scale, &held_out),
    );
    print!("{}", tune::rust_source(&f.model.weights, f.model.tempo));
    if let Some(path) = &a.combos {
        std::fs::write(path, tune::combos_source(&f.model)).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}

fn policy(a: &Args) -> Result<(), String> {
    use tune::policy;
    if a.files.is_empty() {
        return Err("policy needs at least one games file".to_owned());
    }
    let (mut fitted, mut held) = (Vec::new(), Vec::new());
    for path in &a.files {
        let games = read_games(path)?;
        // Match openings stay apart from tuning data, as in `fit`.
        let (h, f): (Vec<_>, Vec<_>) = games
            .into_iter()
            .filter(|g| !tune::starts_with_match_opening(15, a.rule, &g.moves.0))
            .partition(|g| g.number % 10 == 0);
        fitted.extend(policy::choices(15, a.rule, &f, a.players));
        held.extend(policy::choices(15, a.rule, &h, a.players));
    }
    let f = policy::fit(&fitted, a.steps);
    let new = |x: u16, y: u16| {
        f64::from(f.policy[0][usize::from(x)]) + f64::from(f.policy[1][usize::from(y)])
    };
    let show = |name: &str, (loss, top): (f64, f64)| {
        eprintln!(
            "{name}: loss {loss:.4}, played point ranked first {:.1}%",
            100.0 * top
        );
    };
    eprintln!(
        "{} choices fitted, {} held out; scale of the hand-set values {:.4}",
        fitted.len(),
        held.len(),
        f.beta
    );
    // Worths are in hand-set units; β turns them into the softmax's.
    let beta = f.beta;
    let current = policy::current_score();
    show(
        "held out, current worths",
        policy::measure(&held, |x, y| beta * current(x, y)),
    );
    show(
        "held out, new worths",
        policy::measure(&held, |x, y| beta * new(x, y)),
    );
    show(
        "fitted, new worths",
        policy::measure(&fitted, |x, y| beta * new(x, y)),
    );
    let source = policy::source(&f.policy);
    match &a.out {
        Some(path) => std::fs::write(path, source).map_err(|e| format!("{path}: {e}"))?,
        None => print!("{source}"),
    }
    Ok(())
}
