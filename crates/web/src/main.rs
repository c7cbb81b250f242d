//! `web`: serves the Sudoku board on 127.0.0.1:8080 (`--bind ADDR:PORT` for another address).
//!
//! ```text
//! cargo run --release -p web                      # http://127.0.0.1:8080/
//! cargo run --release -p web -- --bind 127.0.0.1:0   # a free port, printed
//! ```

use std::net::SocketAddr;
use std::process::ExitCode;
use std::time::Duration;

const USAGE: &str = "\
usage: web [--bind ADDR:PORT] [--workers N] [--time-limit SECONDS]

Serves a Sudoku board (solve, hint, explain, grade, generate, watch the engine) on
http://127.0.0.1:8080/ by default. Port 0 picks a free port; the address is printed.
  --bind ADDR:PORT       the address to listen on (default 127.0.0.1:8080)
  --workers N            puzzles worked on at once (default: the number of cores)
  --time-limit SECONDS   the most one request may work (default 30)";

fn parse_args() -> Result<(SocketAddr, web::Config), String> {
    let mut bind: SocketAddr = ([127, 0, 0, 1], 8080).into();
    let mut config = web::Config::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--bind" => {
                let v = value("--bind")?;
                bind = v.parse().map_err(|_| format!("--bind: '{v}' is not ADDR:PORT (for example 127.0.0.1:8080)"))?;
            }
            "--workers" => {
                let v = value("--workers")?;
                config.workers =
                    v.parse().ok().filter(|&n| n > 0).ok_or(format!("--workers: '{v}' is not a positive number"))?;
            }
            "--time-limit" => {
                let v = value("--time-limit")?;
                let secs: f64 = v
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s < 3600.0)
                    .ok_or(format!("--time-limit: '{v}' is not a number of seconds below 3600"))?;
                config.time_limit = Duration::from_secs_f64(secs);
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    Ok((bind, config))
}

fn main() -> ExitCode {
    env_logger::init();
    let (bind, config) = match parse_args() {
        Ok(x) => x,
        Err(why) if why.is_empty() => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(why) => {
            eprintln!("error: {why}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let listener = match tokio::net::TcpListener::bind(bind).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("error: cannot listen on {bind}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let addr = listener.local_addr().unwrap_or(bind);
        println!("Sudoku board on http://{addr}/ (Ctrl-C to stop)");
        tokio::select! {
            r = web::serve(listener, config) => match r {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            },
            _ = tokio::signal::ctrl_c() => ExitCode::SUCCESS,
        }
    })
}
