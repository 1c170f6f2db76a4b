//! `polyx sudoku`: puzzles stream through. The input is read puzzle by puzzle, each
//! answer (a solution in the puzzle's own layout, `No solution`, or with `--count` the
//! number of solutions) is printed in input order, and memory stays flat however long
//! the input. With `-j N` (N > 1) a reader thread hands batches of puzzles to N solver
//! threads and this thread writes the answers back in order; at most [`WINDOW`] batches
//! per thread are in flight, which bounds the reordering. A batch is sized to about
//! [`BATCH_TIME`] of solving, as the solvers last measured it, within [`MAX_BATCH`]
//! puzzles and [`BATCH_CELLS`] cells: easy puzzles go by the hundred (the hand-over of
//! a batch costs about what a few puzzles do), hard ones a few at a time (every thread
//! gets work even from a short file).
//!
//! Output is flushed whenever the next step may wait (for input, or for a solver), so a
//! finished answer is never held back. Ctrl-C stops the solvers; the answers finished
//! before it are printed, in order, and the run exits 130. Exit 1 if a puzzle has no
//! solution, 2 on bad input (after the answers to the puzzles before it). `--target`
//! answers each puzzle with its best score instead ([`target`]).

mod target;

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use crate::apps::sudoku::TargetStats;
use crate::apps::sudoku::{self, Form, Reader, Sudoku};
use crate::cover::Stats;
use crate::error::InputError;

use target::TargetTask;

use super::args::SudokuArgs;
use super::{output, Status};

/// The most threads `-j` may ask for.
const MAX_THREADS: usize = 1024;

/// The solving time a batch aims at.
const BATCH_TIME: Duration = Duration::from_millis(1);

/// The most puzzles in a batch.
const MAX_BATCH: usize = 1024;

/// The most cells in a batch (with [`WINDOW`], what bounds the memory of the puzzles in
/// flight, whatever their size).
const BATCH_CELLS: usize = 1 << 16;

/// Puzzles in a batch before the solvers have timed one.
const FIRST_BATCH: usize = 1;

/// Batches in flight per solver thread.
const WINDOW: usize = 4;

/// How often the writer looks at the stop flag while it waits.
const POLL: Duration = Duration::from_millis(50);

type Input = BufReader<Box<dyn Read + Send>>;

/// The answers to a run of consecutive puzzles, as printed, and what they add up to.
#[derive(Default)]
struct Done {
    text: Vec<u8>,
    answered: u64,
    unsolved: bool,
    /// Ctrl-C stopped a puzzle: the answers here are those before it.
    stopped: bool,
    /// The input line of a puzzle whose answer failed the check (a bug): the answers
    /// here are those before it.
    broken: Option<usize>,
    items: usize,
    options: usize,
    stats: Stats,
    target: TargetStats,
}

impl Done {
    fn add(&mut self, other: &Done) {
        self.answered += other.answered;
        self.unsolved |= other.unsolved;
        self.stopped |= other.stopped;
        self.broken = self.broken.or(other.broken);
        self.items += other.items;
        self.options += other.options;
        self.stats += other.stats;
        self.target += other.target;
    }
}

/// What a solver does with each puzzle.
#[derive(Clone)]
struct Task {
    count: bool,
    stats: bool,
    target: Option<Arc<TargetTask>>,
}

impl Task {
    /// An error at `puzzle` (read from `path`) if this task cannot answer it.
    fn accept(&self, puzzle: &Sudoku, path: &str) -> Result<(), InputError> {
        match &self.target {
            Some(target) => target.accept(puzzle, path),
            None => Ok(()),
        }
    }

    /// Answers `puzzle` into `done`; `gap` puts a blank line before it.
    fn answer(&self, puzzle: &Sudoku, gap: bool, stop: &AtomicBool, done: &mut Done) {
        // A search polls the flag only now and then; easy puzzles end before it looks.
        if stop.load(Ordering::Relaxed) {
            done.stopped = true;
            return;
        }
        if let Some(target) = &self.target {
            match target.answer(puzzle, gap, stop, &mut done.text) {
                Some((stats, unsolved)) => {
                    done.answered += 1;
                    done.unsolved |= unsolved;
                    done.target += stats;
                }
                None => done.stopped = true,
            }
            return;
        }
        let limit = if self.count { u64::MAX } else { 1 };
        let answer = sudoku::solve(puzzle, limit, stop);
        if answer.stopped {
            done.stopped = true;
            return;
        }
        if self.count {
            let _ = writeln!(done.text, "{}", answer.solutions);
        } else {
            if gap {
                done.text.push(b'\n');
            }
            match &answer.first {
                Some(cells) if !puzzle.is_solved_by(cells) => {
                    done.broken = Some(puzzle.line());
                    return;
                }
                Some(cells) => puzzle.render_into(cells, &mut done.text),
                None => {
                    done.unsolved = true;
                    done.text.extend_from_slice(b"No solution\n");
                }
            }
        }
        done.answered += 1;
        done.stats += answer.stats;
        if self.stats {
            let (items, options) = puzzle.cover_size();
            done.items += items;
            done.options += options;
        }
    }
}

/// Whether a blank line goes before each puzzle: between a grid and its neighbours
/// (between any two answers if `always`).
#[derive(Default)]
struct Gaps {
    previous: Option<Form>,
    always: bool,
}

impl Gaps {
    fn before(&mut self, puzzle: &Sudoku) -> bool {
        let grid = self.always || puzzle.form() == Form::Grid;
        let gap = self.previous.is_some_and(|p| grid || p == Form::Grid);
        self.previous = Some(puzzle.form());
        gap
    }
}

/// Solves (or counts) every puzzle of the input. Exit 1 if any puzzle has no solution.
pub fn run(args: &SudokuArgs) -> anyhow::Result<Status> {
    let threads = threads(args.threads)?;
    let (name, input) = open(args.file.as_deref())?;
    let stop = Arc::new(AtomicBool::new(false));
    on_interrupt(stop.clone());
    let task = Task {
        count: args.count,
        stats: args.stats,
        target: TargetTask::from_args(args)?.map(Arc::new),
    };
    let start = Instant::now();
    let mut out = output::stdout();
    let mut total = Done::default();
    let read = if threads == 1 {
        serial(
            Reader::new(&name, input),
            &name,
            &task,
            &stop,
            &mut out,
            &mut total,
        )
    } else {
        parallel(
            Reader::new(&name, input),
            &name,
            &task,
            threads,
            &stop,
            &mut out,
            &mut total,
        )
    };
    out.flush()?;
    if args.stats && args.target {
        let t = total.target;
        eprintln!(
            "sudoku --target: {} puzzles, {} nodes, {} digits refuted by propagation, {} nodes cut by the bound, {} plain solves ({} without a completion), {:.3} s",
            total.answered,
            t.nodes,
            t.refuted,
            t.cut_by_bound,
            t.solves,
            t.dead,
            start.elapsed().as_secs_f64()
        );
    } else if args.stats {
        output::print_stats(
            "sudoku",
            total.items,
            total.options,
            total.stats,
            start.elapsed(),
        );
    }
    if let Some(line) = total.broken {
        anyhow::bail!(
            "internal error: the solution found for the puzzle on line {line} of {name} \
             fails the check of rows, columns, boxes and givens; the answers before it are printed"
        );
    }
    read?;
    if total.stopped {
        eprintln!(
            "polyx: interrupted: {} puzzles answered, the rest of the input is not",
            total.answered
        );
        return Ok(Status::Interrupted);
    }
    Ok(if total.unsolved {
        Status::NotFound
    } else {
        Status::Success
    })
}

/// One thread reads, solves and writes. Returns the reading error, if any; the answers
/// before it are written.
fn serial(
    mut reader: Reader<Input>,
    name: &str,
    task: &Task,
    stop: &AtomicBool,
    out: &mut impl Write,
    total: &mut Done,
) -> anyhow::Result<()> {
    let mut gaps = Gaps {
        always: task.target.is_some(),
        ..Gaps::default()
    };
    let mut done = Done::default();
    loop {
        if !reader.has_buffered() {
            out.flush()?;
        }
        let Some(puzzle) = reader.next_puzzle()? else {
            return Ok(());
        };
        task.accept(&puzzle, name)?;
        task.answer(&puzzle, gaps.before(&puzzle), stop, &mut done);
        out.write_all(&done.text)?;
        done.text.clear();
        total.add(&done);
        done = Done {
            text: std::mem::take(&mut done.text),
            ..Done::default()
        };
        if total.stopped || total.broken.is_some() {
            return Ok(());
        }
    }
}

/// A batch of puzzles, numbered in input order, each with its gap flag.
type Batch = (usize, Vec<(Sudoku, bool)>);

/// A reader thread, `threads` solver threads, and this thread writing in order.
fn parallel(
    reader: Reader<Input>,
    name: &str,
    task: &Task,
    threads: usize,
    stop: &Arc<AtomicBool>,
    out: &mut impl Write,
    total: &mut Done,
) -> anyhow::Result<()> {
    let window = WINDOW * threads;
    let (batch_tx, batch_rx) = mpsc::sync_channel::<Batch>(threads);
    let (done_tx, done_rx) = mpsc::channel::<(usize, Done)>();
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(window);
    for _ in 0..window {
        token_tx.send(()).expect("room for every token");
    }
    let sent = Arc::new(AtomicUsize::new(0));
    let size = Arc::new(AtomicUsize::new(FIRST_BATCH));
    let reading = {
        let (stop, sent, task, name) = (stop.clone(), sent.clone(), task.clone(), name.to_string());
        let size = size.clone();
        thread::spawn(move || {
            let flow = Flow {
                stop: &stop,
                sent: &sent,
                size: &size,
                tokens: &token_rx,
                batches: &batch_tx,
            };
            read_batches(reader, &name, &task, &flow)
        })
    };
    let batch_rx = Arc::new(Mutex::new(batch_rx));
    for _ in 0..threads {
        let (batch_rx, done_tx, stop) = (batch_rx.clone(), done_tx.clone(), stop.clone());
        let (task, size) = (task.clone(), size.clone());
        thread::spawn(move || solve_batches(&task, &stop, &size, &batch_rx, &done_tx));
    }
    drop(done_tx);
    let mut waiting = BTreeMap::new();
    let (mut next, mut received) = (0, 0);
    loop {
        let (seq, done) = match done_rx.try_recv() {
            Ok(got) => got,
            Err(_) => {
                out.flush()?;
                match done_rx.recv_timeout(POLL) {
                    Ok(got) => got,
                    Err(RecvTimeoutError::Disconnected) => break,
                    Err(RecvTimeoutError::Timeout) => {
                        if stop.load(Ordering::Relaxed) && received == sent.load(Ordering::SeqCst) {
                            total.stopped = true;
                            return Ok(());
                        }
                        continue;
                    }
                }
            }
        };
        received += 1;
        waiting.insert(seq, done);
        while let Some(done) = waiting.remove(&next) {
            out.write_all(&done.text)?;
            total.add(&done);
            if done.broken.is_some() {
                // The other threads end at their next puzzle.
                stop.store(true, Ordering::SeqCst);
                return Ok(());
            }
            if done.stopped {
                return Ok(());
            }
            next += 1;
            // The reader may have stopped already; a token it will not take is harmless.
            let _ = token_tx.try_send(());
        }
    }
    if stop.load(Ordering::Relaxed) {
        total.stopped = true;
    }
    match reading.join() {
        Ok(result) => result,
        Err(_) => anyhow::bail!("the thread reading the input failed"),
    }
}

/// What the reader thread shares with the others.
struct Flow<'a> {
    stop: &'a AtomicBool,
    /// Batches sent so far.
    sent: &'a AtomicUsize,
    /// Puzzles a batch should hold, as the solvers last timed one.
    size: &'a AtomicUsize,
    /// One for each batch the window has room for.
    tokens: &'a Receiver<()>,
    batches: &'a SyncSender<Batch>,
}

/// The reader thread: batches of the size the solvers ask for (at most [`BATCH_CELLS`]
/// cells), a batch sent early when the next read may wait, each only when the window
/// has room. Returns the reading error.
fn read_batches(
    mut reader: Reader<Input>,
    name: &str,
    task: &Task,
    flow: &Flow,
) -> anyhow::Result<()> {
    let mut gaps = Gaps {
        always: task.target.is_some(),
        ..Gaps::default()
    };
    let mut batch = Vec::new();
    let mut cells = 0;
    let mut seq = 0;
    let mut send = |batch: &mut Vec<(Sudoku, bool)>, cells: &mut usize| -> bool {
        if batch.is_empty() {
            return true;
        }
        if flow.stop.load(Ordering::Relaxed) || flow.tokens.recv().is_err() {
            return false;
        }
        flow.sent.fetch_add(1, Ordering::SeqCst);
        let full = std::mem::take(batch);
        *cells = 0;
        let ok = flow.batches.send((seq, full)).is_ok();
        seq += 1;
        ok
    };
    loop {
        let full = batch.len() >= flow.size.load(Ordering::Relaxed) || cells >= BATCH_CELLS;
        if (full || !reader.has_buffered()) && !send(&mut batch, &mut cells) {
            return Ok(());
        }
        match reader.next_puzzle() {
            Ok(Some(puzzle)) => {
                if let Err(e) = task.accept(&puzzle, name) {
                    send(&mut batch, &mut cells);
                    return Err(e.into());
                }
                let gap = gaps.before(&puzzle);
                cells += puzzle.cells().len();
                batch.push((puzzle, gap));
            }
            Ok(None) => {
                send(&mut batch, &mut cells);
                return Ok(());
            }
            Err(e) => {
                send(&mut batch, &mut cells);
                return Err(e.into());
            }
        }
    }
}

/// A solver thread: answers each batch it takes, until the batches end, and sets the
/// size of the next batches to what it takes [`BATCH_TIME`] to answer.
fn solve_batches(
    task: &Task,
    stop: &AtomicBool,
    size: &AtomicUsize,
    batches: &Mutex<Receiver<Batch>>,
    done_tx: &mpsc::Sender<(usize, Done)>,
) {
    loop {
        let next = batches.lock().map(|rx| rx.recv());
        let Ok(Ok((seq, puzzles))) = next else {
            return;
        };
        let start = Instant::now();
        let mut done = Done::default();
        for (puzzle, gap) in &puzzles {
            task.answer(puzzle, *gap, stop, &mut done);
            if done.stopped || done.broken.is_some() {
                break;
            }
        }
        size.store(
            batch_size(puzzles.len(), start.elapsed()),
            Ordering::Relaxed,
        );
        if done_tx.send((seq, done)).is_err() {
            return;
        }
    }
}

/// The puzzles a batch should hold for [`BATCH_TIME`] of solving, when `puzzles` took
/// `took`: 1 to [`MAX_BATCH`].
fn batch_size(puzzles: usize, took: Duration) -> usize {
    let each = took.as_nanos() / (puzzles.max(1) as u128);
    let fit = BATCH_TIME.as_nanos() / each.max(1);
    usize::try_from(fit)
        .unwrap_or(MAX_BATCH)
        .clamp(1, MAX_BATCH)
}

/// `-j N`, checked; every core when absent.
fn threads(asked: Option<usize>) -> Result<usize, InputError> {
    match asked {
        Some(0) => Err(
            InputError::new("--threads 0: at least one thread is needed")
                .with_hint("leave -j out to use every core"),
        ),
        Some(n) if n > MAX_THREADS => Err(InputError::new(format!(
            "--threads {n} is more than the limit of {MAX_THREADS}"
        ))
        .with_hint("leave -j out to use every core")),
        Some(n) => Ok(n),
        None => Ok(thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// FILE, or stdin when it is absent or `-`, buffered; and its name for messages.
fn open(file: Option<&Path>) -> Result<(String, Input), crate::Error> {
    let (name, input): (String, Box<dyn Read + Send>) = match file {
        Some(p) if p != Path::new("-") => {
            let name = p.display().to_string();
            if p.is_dir() {
                return Err(InputError::in_file(&name, "is a folder, not a file")
                    .with_hint("name a file of puzzles, one a line or grids")
                    .into());
            }
            let file = File::open(p).map_err(|e| crate::Error::io(&name, e))?;
            (name, Box::new(file))
        }
        _ => ("<stdin>".to_string(), Box::new(io::stdin())),
    };
    Ok((name, BufReader::with_capacity(1 << 16, input)))
}

/// The first Ctrl-C sets `stop`; the second ends the process at once.
fn on_interrupt(stop: Arc<AtomicBool>) {
    let _ = ctrlc::set_handler(move || {
        if stop.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sizes of the batches the reader makes of `puzzles` copies of `line` when the
    /// solvers ask for `size` puzzles a batch (the whole input in the reader's buffer).
    fn batches_read(line: &str, puzzles: usize, size: usize) -> Vec<usize> {
        let text = format!("{line}\n").repeat(puzzles).into_bytes();
        let input: Input =
            BufReader::with_capacity(text.len() + 1, Box::new(io::Cursor::new(text)));
        let task = Task {
            count: false,
            stats: false,
            target: None,
        };
        let (token_tx, token_rx) = mpsc::sync_channel(puzzles);
        let (batch_tx, batch_rx) = mpsc::sync_channel(puzzles);
        for _ in 0..puzzles {
            token_tx.send(()).unwrap();
        }
        let (stop, sent, size) = (
            AtomicBool::new(false),
            AtomicUsize::new(0),
            AtomicUsize::new(size),
        );
        let flow = Flow {
            stop: &stop,
            sent: &sent,
            size: &size,
            tokens: &token_rx,
            batches: &batch_tx,
        };
        read_batches(Reader::new("t", input), "t", &task, &flow).unwrap();
        drop(batch_tx);
        batch_rx.iter().map(|(_, batch)| batch.len()).collect()
    }

    #[test]
    fn the_reader_makes_batches_of_the_size_the_solvers_ask_for() {
        let nine =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
        // Hard puzzles one at a time: a short file reaches every thread.
        assert_eq!(batches_read(nine, 5, 1), [1; 5]);
        assert_eq!(batches_read(nine, 10, 4), [4, 4, 2]);
        // At most BATCH_CELLS cells: 810 puzzles of 81 cells.
        assert_eq!(batches_read(nine, 2000, MAX_BATCH), [810, 810, 380]);
    }

    #[test]
    fn a_solver_sets_the_size_of_the_next_batches() {
        let puzzle = crate::apps::sudoku::parse("t", &".".repeat(81))
            .unwrap()
            .remove(0);
        let task = Task {
            count: false,
            stats: false,
            target: None,
        };
        let (batch_tx, batch_rx) = mpsc::sync_channel(1);
        let (done_tx, done_rx) = mpsc::channel();
        batch_tx.send((0, vec![(puzzle, false)])).unwrap();
        drop(batch_tx);
        let size = AtomicUsize::new(0);
        solve_batches(
            &task,
            &AtomicBool::new(false),
            &size,
            &Mutex::new(batch_rx),
            &done_tx,
        );
        assert!((1..=MAX_BATCH).contains(&size.load(Ordering::Relaxed)));
        assert_eq!(done_rx.recv().unwrap().1.answered, 1);
    }

    #[test]
    fn a_batch_holds_about_a_millisecond_of_solving() {
        let micros = Duration::from_micros;
        // 2.5 µs a puzzle (easy 9×9): 400 a batch.
        assert_eq!(batch_size(64, micros(160)), 400);
        // 10 ms a puzzle (a hard target Sudoku): one at a time.
        assert_eq!(batch_size(3, micros(30_000)), 1);
        // Faster than the clock can tell, or an empty batch: the most.
        assert_eq!(batch_size(1000, Duration::ZERO), MAX_BATCH);
        assert_eq!(batch_size(0, Duration::ZERO), MAX_BATCH);
        assert_eq!(batch_size(10, micros(1)), MAX_BATCH);
    }
}
