//! The command line as clap sees it: raw arguments, checked for types and for conflicts
//! between options. The conversion to a validated configuration happens in the command
//! modules.

use std::path::PathBuf;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};

/// Shown by `--help` and in the man page.
const EXIT_CODES: &str = "Exit codes: 0 success (solutions found, a count printed), 1 a search \
    that found no solution, 2 bad input or usage, 3 `check` found several solutions, 130 \
    interrupted by Ctrl-C.";

#[derive(Parser, Debug)]
#[command(
    name = "polyx",
    version,
    about = "Polyomino puzzle solver on a Dancing Links exact-cover engine",
    propagate_version = true,
    after_long_help = EXIT_CODES
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find solutions of a puzzle (a built-in name or a path; `-` is stdin).
    Solve(SolveArgs),
    /// Count the solutions of a puzzle (the same as `solve --count`).
    Count(CountArgs),
    /// Show a puzzle or a piece set: pieces with their orientations, the board, the matrix.
    Show(ShowArgs),
    /// List the built-in piece sets and boards.
    List,
    /// Make challenges with exactly one completion: pre-placed pieces of a random solution.
    Generate(GenerateArgs),
    /// Solve the NOI2005 "智慧珠游戏" judge input (FILE or stdin).
    Noi2005(FileArg),
    /// Say whether a puzzle has no, exactly one, or several solutions (exit 1, 0, 3).
    ///
    /// The search stops at the second solution (the second class of solutions, up to the
    /// board's symmetries, unless `--symmetry keep`); with several, it prints two of them
    /// and marks the cells where they differ.
    Check(CheckArgs),
    /// Say whether a partly solved board can be finished, and what to place next.
    ///
    /// The pieces placed so far are the board's pre-placed pieces. The hint is a forced
    /// placement if there is one, else one that every completion makes, else one that
    /// leads to a completion; on a board that cannot be finished, the pieces to take off.
    /// Exit 0 with a hint, 1 when the board cannot be finished.
    Hint(HintArgs),
    /// Solve an exact-cover problem in Knuth's DLX text format (FILE or stdin).
    Dlx(DlxArgs),
    /// Solve Sudoku puzzles of any box size (FILE or stdin).
    Sudoku(SudokuArgs),
    /// Place N non-attacking queens on an N×N board.
    Queens(QueensArgs),
    /// Add up the JSON summaries of the shards of one search (`--shard I/N -f json`).
    Merge(MergeArgs),
    /// Write every free (or one-sided) n-cell shape of a grid as a piece-set TOML.
    Pieces(PiecesArgs),
    /// Count the tilings of the W × n rectangles, n = A..N, as an OEIS b-file.
    ///
    /// Each piece of SET may be used as often as needed (the set's counts do not apply;
    /// one-sided pieces stay one-sided). One transfer-matrix sweep along the strip gives
    /// every n; counts are exact at any size. Square, hex and triangle grids (there the
    /// W × n rectangle is the parallelogram `size = [n, W]`).
    Sequence(SequenceArgs),
    /// Print a completion script for bash, zsh, fish, elvish or powershell.
    ///
    /// For example `polyx completions bash > ~/.local/share/bash-completion/completions/polyx`,
    /// `polyx completions zsh > ~/.zfunc/_polyx` (with `~/.zfunc` in `fpath`), or
    /// `polyx completions fish > ~/.config/fish/completions/polyx.fish`.
    Completions(CompletionsArgs),
    /// Print the man page, in roff (read it with `polyx manpage | man -l -`).
    ///
    /// Install it with `polyx manpage > ~/.local/share/man/man1/polyx.1`; `polyx manpage
    /// solve` prints the page of `polyx solve` (polyx-solve.1), and so on.
    #[command(visible_alias = "man")]
    Manpage(ManpageArgs),
    /// The local web page and its JSON API on 127.0.0.1 (docs/API.md); Ctrl-C ends it.
    ///
    /// Prints `polyx serve: http://ADDRESS/` once it listens; open that address in a
    /// browser.
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
}

impl Cli {
    /// What clap cannot say in attributes: the conflicts that depend on a value.
    pub fn check(&self) -> Result<(), clap::Error> {
        match &self.command {
            Command::Solve(args) => args.check(),
            _ => Ok(()),
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Args, Debug, Clone)]
pub struct ManpageArgs {
    /// The page of this command instead of polyx's own (e.g. `solve`).
    pub command: Option<String>,
}

#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    /// Files holding the JSON output of each shard (the summary line is used).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// The grids `polyx pieces` generates on.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridArg {
    /// Polyominoes.
    Square,
    /// Polyhexes (doubled-width pictures).
    Hex,
    /// Polyiamonds (one character per triangle).
    Triangle,
    /// Polycubes (layers of square pictures).
    Cube,
    /// Polyspheres: balls of the square-layer packing that touch.
    Sphere,
    /// Polysticks: edges of the square grid.
    Sticks,
    /// Polytrigs: edges of the triangular grid.
    Trigs,
    /// Polytwigs: edges of the hexagonal grid.
    Twigs,
}

#[derive(Args, Debug, Clone)]
pub struct PiecesArgs {
    /// The grid.
    #[arg(long, value_enum)]
    pub grid: GridArg,
    /// The number of cells of each shape (at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub size: u32,
    /// Shapes up to rotation only: mirror images are two pieces, each `mirror = false`
    /// (square, hex and triangle; on the cube and sphere grids that is the default).
    #[arg(long, conflicts_with = "mirror")]
    pub one_sided: bool,
    /// Let pieces be turned over (for the 3D grids, whose pieces are rotations only by
    /// default); on square, hex and triangle shapes are free already, so it is refused.
    #[arg(long)]
    pub mirror: bool,
    /// Write to FILE instead of stdout.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Args, Debug, Clone)]
pub struct SequenceArgs {
    /// The piece set: a built-in name or a path.
    #[arg(value_name = "SET")]
    pub set: String,
    /// The rectangles' width W (the strip's side across the sweep).
    #[arg(long, value_name = "W")]
    pub width: u32,
    /// The last length n.
    #[arg(long, value_name = "N")]
    pub to: u32,
    /// The first length n.
    #[arg(long, value_name = "A", default_value_t = 1)]
    pub from: u32,
    /// Also print the shortest linear recurrence with integer coefficients that every
    /// term satisfies, and how many terms beyond its order confirm it.
    #[arg(long)]
    pub recurrence: bool,
    /// Output format: `ascii`, an OEIS b-file; `json`, one object per n.
    #[arg(short = 'f', long, value_enum, default_value = "ascii")]
    pub format: SequenceFormatArg,
}

/// How `polyx sequence` writes its counts.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SequenceFormatArg {
    /// `n count` lines, comments starting with `#` (an OEIS b-file).
    Ascii,
    /// One JSON object per line: `{"n":1,"count":1}`, a count past 2^53 − 1 a string.
    Json,
}

/// The levels of `polyx generate --level`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LevelArg {
    /// Forced moves alone finish it (no guess).
    Starter,
    /// One to nine guesses.
    Junior,
    /// Ten to forty-nine guesses.
    Expert,
    /// Fifty guesses or more.
    Master,
}

/// How `polyx generate` writes each challenge.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChallengeFormatArg {
    /// A board TOML file, as users write them.
    Toml,
    /// The NOI2005 judge's input format (the `noi2005` board only).
    Noi2005,
}

#[derive(Args, Debug, Clone)]
pub struct GenerateArgs {
    /// A built-in board name, a path to a board TOML file, or `-` for stdin.
    #[arg(value_name = "PUZZLE")]
    pub name: String,
    /// Use this piece set instead of the board's.
    #[arg(long, value_name = "SET")]
    pub pieces: Option<String>,
    /// How many challenges (1 to 10000).
    #[arg(short = 'n', long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub count: u64,
    /// Seed of every random choice; the same seed, the same challenges.
    #[arg(long, value_name = "S", default_value_t = crate::solve::DEFAULT_SEED)]
    pub seed: u64,
    /// As few pre-placed pieces as a local search reaches.
    #[arg(long)]
    pub min: bool,
    /// Uniqueness checks the local search of --min may make per challenge.
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub swaps: u64,
    /// Only challenges of this level (graded by the guesses a forced-move solver needs).
    #[arg(long, value_enum)]
    pub level: Option<LevelArg>,
    /// How each challenge is written.
    #[arg(short = 'f', long, value_enum, default_value = "toml")]
    pub format: ChallengeFormatArg,
    /// Write one file per challenge into DIR (never over an existing file).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Also draw a printable book of the challenges and their solutions (.svg or .png).
    #[arg(long, value_name = "FILE")]
    pub book: Option<PathBuf>,
    /// Pre-placed pieces, guesses, uniqueness searches, nodes and time on stderr.
    #[arg(long)]
    pub stats: bool,
}

#[derive(Args, Debug, Clone)]
pub struct FileArg {
    /// Input file; stdin when absent or `-`.
    pub file: Option<PathBuf>,
}

#[derive(Args, Debug, Clone)]
pub struct DlxArgs {
    /// Input file; stdin when absent or `-`.
    pub file: Option<PathBuf>,
    /// Print the number of solutions only (symmetries of the matrix that fix an item
    /// are found and used to search less).
    #[arg(long)]
    pub count: bool,
    /// With --count: search every option, without looking for symmetries.
    #[arg(long, requires = "count")]
    pub no_symmetry: bool,
    /// Stop after N solutions (default: all).
    #[arg(short = 'n', long = "limit", value_name = "N", conflicts_with = "best")]
    pub limit: Option<u64>,
    /// The K cheapest solutions, cheapest first (options with costs `|n`; the default
    /// with costs is 1).
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub best: Option<u64>,
    /// Output: the options of each solution as text, or JSON Lines.
    #[arg(short = 'f', long, value_enum, default_value = "text")]
    pub format: DlxFormatArg,
    /// Worker threads of `--count` and of the search for the cheapest solutions
    /// (default: all cores).
    #[arg(short = 'j', long = "threads", value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub threads: Option<u64>,
    /// Nodes, updates and time on stderr.
    #[arg(long)]
    pub stats: bool,
}

/// How `polyx dlx` writes solutions.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum DlxFormatArg {
    /// Each solution's options, one per line, blank lines between solutions.
    Text,
    /// One JSON object per solution, then a summary.
    Json,
}

#[derive(Args, Debug, Clone)]
pub struct SudokuArgs {
    /// Input file; stdin when absent or `-`.
    pub file: Option<PathBuf>,
    /// Print the number of solutions of each puzzle instead of a solution.
    #[arg(long, conflicts_with = "target")]
    pub count: bool,
    /// The target Sudoku (NOIP 2009): print each puzzle's best score Σ weight × digit
    /// over its completions, or -1 when it has none.
    #[arg(long)]
    pub target: bool,
    /// With --target: the weights, n² integers for an n×n board (default: the NOIP
    /// target, 10 at the centre down to 6 on the rim, for 9×9 puzzles).
    #[arg(long, value_name = "FILE", requires = "target")]
    pub weights: Option<PathBuf>,
    /// With --target: print a grid that reaches the best score under it.
    #[arg(long, requires = "target")]
    pub show_grid: bool,
    /// Nodes, updates and time on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Solver threads (default: all cores); answers keep the input's order.
    #[arg(short = 'j', long = "threads", value_name = "N")]
    pub threads: Option<usize>,
}

#[derive(Args, Debug, Clone)]
pub struct QueensArgs {
    /// The size of the board (1 to 1024).
    #[arg(value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub n: u32,
    /// Print the number of solutions instead of the first one.
    #[arg(long)]
    pub count: bool,
    /// Nodes, updates and time on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Progress on stderr (auto: only on a terminal).
    #[arg(long, value_enum, default_value = "auto")]
    pub progress: ProgressArg,
    /// Seed of the random tie-breaking of restarts, which the search for a first
    /// placement makes when its early choices stall; the same seed, the same placement.
    #[arg(long, value_name = "S", default_value_t = crate::solve::DEFAULT_SEED)]
    pub seed: u64,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SymmetryArg {
    Reduce,
    Keep,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatArg {
    Ascii,
    Unicode,
    Json,
    Svg,
    Png,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProgressArg {
    Auto,
    Always,
    Never,
}

/// The puzzle to search and which of its solutions count: what `solve` and `count` share
/// first.
#[derive(Args, Debug, Clone)]
pub struct PuzzleArgs {
    /// A built-in board name, a path to a board TOML file, or `-` for stdin (default: 6x10).
    #[arg(value_name = "PUZZLE")]
    pub name: Option<String>,
    /// Use this piece set instead of the board's.
    #[arg(long, value_name = "SET")]
    pub pieces: Option<String>,
    /// One solution per symmetry class (reduce) or every solution (keep).
    #[arg(long, value_enum, default_value = "reduce")]
    pub symmetry: SymmetryArg,
}

/// How a search runs: what `solve` and `count` share last.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long = "threads", value_name = "N")]
    pub threads: Option<usize>,
    /// Progress on stderr (auto: only on a terminal).
    #[arg(long, value_enum, default_value = "auto")]
    pub progress: ProgressArg,
    /// Items, options, nodes, updates, time and solutions on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Save the search state to FILE periodically and on Ctrl-C; resume from it if it exists.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Seconds between checkpoints.
    #[arg(long, value_name = "SECS", default_value = "60")]
    pub checkpoint_every: u64,
    /// Solve only the I-th of N deterministic parts of the search (1-based).
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// Stop after about N search nodes as Ctrl-C does: the result so far is reported
    /// as incomplete, the checkpoint (if any) is saved, and the exit code is 130.
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
}

#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Stop after N solutions (default 1).
    #[arg(short = 'n', long = "limit", value_name = "N")]
    pub limit: Option<u64>,
    /// Every solution.
    #[arg(short = 'a', long, conflicts_with = "limit")]
    pub all: bool,
    /// Count only; print the number alone (as `polyx count` does).
    #[arg(long, conflicts_with_all = ["limit", "all", "output", "cell_size"])]
    pub count: bool,
    /// Output format (default: ascii, or from the extension of --output).
    #[arg(short = 'f', long, value_enum)]
    pub format: Option<FormatArg>,
    /// Write to FILE instead of stdout.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Cell size in pixels for svg and png output (4 to 1024).
    #[arg(long, value_name = "PX")]
    pub cell_size: Option<u32>,
    /// Seed of the random tie-breaking of restarts, which a search for the first
    /// solutions makes when its early choices stall; the same seed, the same solutions.
    #[arg(long, value_name = "S", default_value_t = crate::solve::DEFAULT_SEED)]
    pub seed: u64,
    #[command(flatten)]
    pub run: RunArgs,
}

/// The formats a count is printed in.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountFormatArg {
    /// The number alone.
    Ascii,
    /// One JSON summary line, which `polyx merge` adds up across shards.
    Json,
}

impl From<CountFormatArg> for FormatArg {
    fn from(format: CountFormatArg) -> FormatArg {
        match format {
            CountFormatArg::Ascii => FormatArg::Ascii,
            CountFormatArg::Json => FormatArg::Json,
        }
    }
}

/// `count` takes only what a count honours: no limit, no output file, no picture.
#[derive(Args, Debug, Clone)]
pub struct CountArgs {
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Output format (default: ascii, the number alone).
    #[arg(short = 'f', long, value_enum)]
    pub format: Option<CountFormatArg>,
    #[command(flatten)]
    pub run: RunArgs,
}

impl From<CountArgs> for SolveArgs {
    /// `count` is `solve --count`.
    fn from(args: CountArgs) -> SolveArgs {
        SolveArgs {
            puzzle: args.puzzle,
            limit: None,
            all: false,
            count: true,
            format: args.format.map(FormatArg::from),
            output: None,
            cell_size: None,
            seed: crate::solve::DEFAULT_SEED,
            run: args.run,
        }
    }
}

impl SolveArgs {
    /// Refuses, as clap refuses a conflict, a `--format` that `--count` would ignore.
    pub fn check(&self) -> Result<(), clap::Error> {
        match self.format {
            Some(format @ (FormatArg::Unicode | FormatArg::Svg | FormatArg::Png)) if self.count => {
                let name = format.to_possible_value().expect("no value is skipped");
                let mut command = Cli::command();
                // Built, `solve` knows its usage line (`polyx solve ...`).
                command.build();
                let solve = command
                    .find_subcommand_mut("solve")
                    .expect("`solve` is a subcommand");
                Err(solve.error(
                    clap::error::ErrorKind::ArgumentConflict,
                    format!(
                        "--count prints a number: `--format {}` cannot be used with it (use ascii or json)",
                        name.get_name()
                    ),
                ))
            }
            _ => Ok(()),
        }
    }
}

/// The puzzle `check` and `hint` work on.
#[derive(Args, Debug, Clone)]
pub struct DesignPuzzleArgs {
    /// A built-in board name, a path to a board TOML file, or `-` for stdin; with
    /// `--noi2005`, a NOI2005 judge input (a file, or `-`).
    #[arg(value_name = "PUZZLE")]
    pub puzzle: String,
    /// Use this piece set instead of the board's.
    #[arg(long, value_name = "SET")]
    pub pieces: Option<String>,
    /// Read PUZZLE in the NOI2005 judge's format (10 lines, `.` empty, `A`..`L` placed).
    #[arg(long)]
    pub noi2005: bool,
    /// Stop after about N search nodes, without an answer (exit 130).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Nodes and updates of the searches on stderr.
    #[arg(long)]
    pub stats: bool,
}

#[derive(Args, Debug, Clone)]
pub struct CheckArgs {
    #[command(flatten)]
    pub puzzle: DesignPuzzleArgs,
    /// Count solutions up to the board's symmetries (reduce) or tell mirror images apart (keep).
    #[arg(long, value_enum, default_value = "reduce")]
    pub symmetry: SymmetryArg,
    /// Seed of the random tie-breaking of the search's restarts.
    #[arg(long, value_name = "S", default_value_t = crate::solve::DEFAULT_SEED)]
    pub seed: u64,
}

#[derive(Args, Debug, Clone)]
pub struct HintArgs {
    #[command(flatten)]
    pub puzzle: DesignPuzzleArgs,
    /// Also print the placements that every way to finish the board makes (about one
    /// search per piece).
    #[arg(long)]
    pub all: bool,
    /// The challenge this board is played from: its pre-placed pieces were given, so a
    /// board that cannot be finished gets only the player's pieces to take off.
    #[arg(long, value_name = "FILE")]
    pub challenge: Option<String>,
}

#[derive(Args, Debug, Clone)]
pub struct ShowArgs {
    /// A built-in board or piece set, or a path to one.
    pub puzzle: String,
    /// Use this piece set instead of the board's.
    #[arg(long, value_name = "SET")]
    pub pieces: Option<String>,
    /// Write the puzzle's exact-cover matrix in Knuth's DLX format instead.
    #[arg(long)]
    pub dlx: bool,
    /// Write STL files to 3D-print: one per piece of a piece set into the directory PATH
    /// (made if missing), or a tray for a board of squares, hexagons or triangles into
    /// the file PATH.
    #[arg(long, value_name = "PATH", conflicts_with = "dlx")]
    pub stl: Option<std::path::PathBuf>,
    /// With --stl: one cell in millimetres (a square's or a cube's side, a ball's
    /// diameter, the distance between the centres of neighbouring hexagons).
    #[arg(long, value_name = "MM", default_value_t = 10.0, requires = "stl")]
    pub cell_size: f64,
    /// With --stl: the height of a piece of a plane grid in millimetres (a tray's recess
    /// is half as deep).
    #[arg(long, value_name = "MM", default_value_t = 5.0, requires = "stl")]
    pub thickness: f64,
    /// With --stl: how far each piece's outer surfaces move in (and a tray's recess
    /// out), in millimetres, so that printed pieces fit.
    #[arg(long, value_name = "MM", default_value_t = 0.2, requires = "stl")]
    pub clearance: f64,
}

#[cfg(feature = "serve")]
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// The address to listen on; another than 127.0.0.1 lets other machines in (with a
    /// warning: the API still answers only requests for that address or localhost, from
    /// the server's own page).
    #[arg(long, value_name = "H", default_value = "127.0.0.1")]
    pub host: String,
    /// The port to listen on; 0 picks a free one (the printed address says which).
    #[arg(long, value_name = "P", default_value_t = 8080)]
    pub port: u16,
    /// The longest a count may run, in seconds.
    #[arg(long, value_name = "S", default_value_t = 600)]
    pub max_seconds: u64,
    /// The longest any other search (solve, check, hint, generate, book) may run, in
    /// seconds.
    #[arg(long, value_name = "S", default_value_t = crate::serve::SEARCH_SECONDS)]
    pub search_seconds: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn clap_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
