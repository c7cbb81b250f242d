//! Batch mode (`--batch`): one line in, one line out, in input order, across `--jobs` threads,
//! with bounded memory and a progress bar on a terminal.

use super::*;

/// The batch progress bar: drawn on a terminal stderr only, and only once the batch has run
/// for a moment.
pub(super) struct Progress {
    pub(super) enabled: bool,
    pub(super) bar: Option<ProgressBar>,
    pub(super) start: Instant,
    pub(super) last: Instant,
    pub(super) total_bytes: Option<u64>,
}

impl Progress {
    const DELAY: Duration = Duration::from_millis(500);
    const EVERY: Duration = Duration::from_millis(100);

    pub(super) fn new(total_bytes: Option<u64>) -> Progress {
        let now = Instant::now();
        Progress { enabled: io::stderr().is_terminal(), bar: None, start: now, last: now, total_bytes }
    }

    pub(super) fn update(&mut self, puzzles: u64, bytes: u64) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.last) < Progress::EVERY || now.duration_since(self.start) < Progress::DELAY {
            return;
        }
        self.last = now;
        let bar = self.bar.get_or_insert_with(|| {
            let (bar, template) = match self.total_bytes {
                Some(len) => (
                    ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr()),
                    "[{elapsed_precise}] {wide_bar} {percent:>3}% {msg}, eta {eta}",
                ),
                None => (
                    ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
                    "[{elapsed_precise}] {spinner} {msg}",
                ),
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            bar
        });
        let rate = puzzles as f64 / now.duration_since(self.start).as_secs_f64();
        bar.set_position(bytes);
        bar.set_message(format!("{puzzles} puzzles, {rate:.0} puzzles/s"));
    }

    pub(super) fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// How a run ended when it could not finish normally.
pub(super) enum Stop {
    /// Stdout was closed (a broken pipe): stop quietly.
    Closed,
    /// An I/O error, with what was being done.
    Io(String, io::Error),
}

pub(super) fn output_error(e: io::Error) -> Stop {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Stop::Closed
    } else {
        Stop::Io("writing the output".into(), e)
    }
}

pub(super) fn display_name(path: Option<&Path>) -> String {
    match path {
        None => "standard input".into(),
        Some(p) if p == Path::new("-") => "standard input".into(),
        Some(p) if puzzle_argument(p).is_some() => "the argument".into(),
        Some(p) => p.display().to_string(),
    }
}

/// The puzzle written as the argument instead of a file name: a line of cells (or a Sukaku
/// line of candidates) that names no file.
pub(super) fn puzzle_argument(path: &Path) -> Option<&str> {
    let text = path.to_str()?.trim();
    if path.exists() || text.contains(['/', '\\']) || text.lines().count() != 1 {
        return None;
    }
    let cells = Grid::parse_keeping_clashes(text).is_ok() && Shape::from_num_cells(text.chars().count()).is_some();
    (cells || PencilMarks::looks_like(text)).then_some(text)
}

pub(super) fn open_input(path: Option<&Path>) -> io::Result<(Box<dyn Read>, Option<u64>)> {
    match path {
        None => Ok((Box::new(io::stdin().lock()), None)),
        Some(p) if p == Path::new("-") => Ok((Box::new(io::stdin().lock()), None)),
        Some(p) if puzzle_argument(p).is_some() => {
            let text = puzzle_argument(p).unwrap_or_default().as_bytes().to_vec();
            let len = text.len() as u64;
            Ok((Box::new(io::Cursor::new(text)), Some(len)))
        }
        Some(p) => {
            let file = File::open(p)?;
            let len = file.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
            Ok((Box::new(file), len))
        }
    }
}

// ---- batch ---------------------------------------------------------------------------------

pub(super) fn run_batch(args: &Args, config: Config) -> ExitCode {
    let jobs = match args.jobs {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => usize::from(n),
    };
    let name = display_name(args.input.as_deref());
    let (input, total_bytes) = match open_input(args.input.as_deref()) {
        Ok(x) => x,
        Err(e) => {
            note!("error: cannot open {name}: {e}");
            return ExitCode::from(code::IO);
        }
    };
    let start = Instant::now();
    let mut workers: Vec<Worker> = (0..jobs).map(|_| Worker::new(config.clone())).collect();
    let mut tally = Tally::default();
    let mut progress = Progress::new(total_bytes);
    let stdout = io::stdout();
    let flush_each = stdout.is_terminal();
    let mut out = BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut reader = batch::Reader::new(BufReader::with_capacity(64 * 1024, input));
    let result = batch_loop(&mut reader, &mut out, &mut workers, &mut tally, &mut progress, flush_each, &name);
    let result = result.and_then(|()| out.flush().map_err(output_error));
    progress.finish();
    let code = match result {
        Ok(()) => code::SOLVED,
        Err(Stop::Closed) => return ExitCode::from(code::SOLVED),
        Err(Stop::Io(what, e)) => {
            note!("error: {what}: {e}");
            code::IO
        }
    };
    let wall = start.elapsed();
    let rate = tally.puzzles as f64 / wall.as_secs_f64().max(1e-9);
    let mut summary = format!(
        "summary: puzzles={} unique={} multiple={} unsolvable={} invalid={} limit={}",
        tally.puzzles, tally.unique, tally.multiple, tally.unsolvable, tally.invalid, tally.limit
    );
    if tally.solved > 0 || matches!(config.mode, Mode::First) {
        let _ = write!(summary, " solved={}", tally.solved);
    }
    let _ = write!(summary, " time={:.3}s rate={rate:.1} puzzles/s jobs={jobs}", wall.as_secs_f64());
    note!("{summary}");
    if args.stats {
        let mut total = Stats::default();
        for w in &workers {
            add_stats(&mut total, &w.stats);
        }
        note!("stats: {total}");
    }
    ExitCode::from(code)
}

pub(super) fn batch_loop(
    reader: &mut batch::Reader<impl BufRead>,
    out: &mut impl Write,
    workers: &mut [Worker],
    tally: &mut Tally,
    progress: &mut Progress,
    flush_each: bool,
    name: &str,
) -> Result<(), Stop> {
    let chunk_len = if workers.len() == 1 { 1 } else { (CHUNK_PER_JOB * workers.len()).min(MAX_CHUNK) };
    let mut chunk: Vec<batch::Line> = Vec::with_capacity(chunk_len);
    loop {
        chunk.clear();
        let mut eof = false;
        while chunk.len() < chunk_len {
            match reader.next_line() {
                Ok(Some(item)) => chunk.push(item),
                Ok(None) => {
                    eof = true;
                    break;
                }
                Err(e) => {
                    // Answer what was read, then report.
                    emit(&solve_chunk(workers, &chunk), out, tally, flush_each)?;
                    return Err(Stop::Io(format!("reading {name}"), e));
                }
            }
        }
        emit(&solve_chunk(workers, &chunk), out, tally, flush_each)?;
        progress.update(tally.puzzles, reader.bytes_read());
        if eof {
            return Ok(());
        }
    }
}

pub(super) fn emit(
    verdicts: &[Verdict],
    out: &mut impl Write,
    tally: &mut Tally,
    flush_each: bool,
) -> Result<(), Stop> {
    for v in verdicts {
        v.write_line(out).map_err(output_error)?;
        tally.add(v);
    }
    if flush_each && !verdicts.is_empty() {
        out.flush().map_err(output_error)?;
    }
    Ok(())
}

/// Answers a chunk of puzzles, in order: on the calling thread with one worker, else with one
/// scoped thread per worker taking puzzles from a shared counter (so one hard puzzle does not
/// hold up a whole share).
pub(super) fn solve_chunk(workers: &mut [Worker], chunk: &[batch::Line]) -> Vec<Verdict> {
    if workers.len() == 1 || chunk.len() <= 1 {
        let w = &mut workers[0];
        return chunk.iter().map(|item| w.verdict(item)).collect();
    }
    let next = AtomicUsize::new(0);
    let mut verdicts: Vec<Option<Verdict>> = (0..chunk.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = workers
            .iter_mut()
            .map(|w| {
                let next = &next;
                scope.spawn(move || {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = chunk.get(i) else { break };
                        done.push((i, w.verdict(item)));
                    }
                    done
                })
            })
            .collect();
        for h in handles {
            match h.join() {
                Ok(done) => {
                    for (i, v) in done {
                        verdicts[i] = Some(v);
                    }
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    verdicts.into_iter().map(|v| v.unwrap_or(Verdict::Limit)).collect()
}

// ---- single puzzle -------------------------------------------------------------------------
