//! End-to-end tests of `polyx serve` in a real browser: starts the server on a free port,
//! runs `node tests/browser/e2e.mjs ADDRESS DIR` (playwright-core driving Debian's
//! /usr/bin/chromium; DIR is `browser-screenshots` in cargo's temporary folder,
//! `target/tmp/` unless CARGO_TARGET_DIR says otherwise) and checks that every step
//! passed and left its screenshot, the Play panel's among them. Without Chromium or `tests/browser/node_modules`
//! the test prints `serve_browser: SKIPPED: why` where the test run shows it (straight to
//! stderr, past the test harness's capture) and passes, unless
//! `POLYX_BROWSER_TESTS=required` (as `.ci/run` sets), when it fails.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const CHROMIUM: &str = "/usr/bin/chromium";

/// The server process, killed when the test ends however it ends.
struct Server {
    child: Child,
    address: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `polyx serve --port 0` and reads the address it prints:
/// `polyx serve: http://127.0.0.1:PORT/`.
fn start_server() -> Server {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("polyx"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("polyx serve starts");
    let stdout = child.stdout.take().expect("the server's stdout");
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(rest) = line.strip_prefix("polyx serve: ") {
                let _ = sender.send(rest.trim().to_string());
            }
        }
    });
    let mut server = Server {
        child,
        address: String::new(),
    };
    server.address = receiver
        .recv_timeout(Duration::from_secs(60))
        .expect("polyx serve prints its address within a minute");
    assert!(
        server.address.starts_with("http://127.0.0.1:"),
        "the server binds 127.0.0.1 by default: {}",
        server.address
    );
    server
}

/// Why the browser test cannot run here, if it cannot.
fn missing(browser_dir: &Path) -> Option<String> {
    if !Path::new(CHROMIUM).exists() {
        return Some(format!("{CHROMIUM} is missing (apt-get install chromium)"));
    }
    if !browser_dir.join("node_modules/playwright-core").exists() {
        return Some(
            "tests/browser/node_modules is missing (npm ci --prefix tests/browser)".into(),
        );
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("node is missing".into());
    }
    None
}

#[test]
fn the_page_works_in_chromium() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let browser_dir = root.join("tests/browser");
    if let Some(why) = missing(&browser_dir) {
        let required = std::env::var("POLYX_BROWSER_TESTS").is_ok_and(|v| v == "required");
        assert!(!required, "POLYX_BROWSER_TESTS=required but {why}");
        // Not eprintln!: the harness would swallow it in a passing test.
        let line = format!("\nserve_browser: SKIPPED: {why}; the page was not tested\n");
        let _ = std::io::stderr().write_all(line.as_bytes());
        return;
    }
    // In cargo's target folder, wherever that is (CARGO_TARGET_DIR).
    let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser-screenshots");
    let _ = std::fs::remove_dir_all(&shots);
    let server = start_server();
    let status = Command::new("node")
        .arg(browser_dir.join("e2e.mjs"))
        .arg(&server.address)
        .arg(&shots)
        .status()
        .expect("node runs");
    assert!(status.success(), "the browser steps failed: {status}");
    for step in [
        "01-load",
        "02-noi2005-solved",
        "03-toml-error",
        "04-editor-blocked",
        "04-editor",
        "05-editor-sticks",
        "06-design",
        "06-count-progress",
        "07-count-cancelled",
        "08-big-count",
        "09-hex",
        "10-sphere-3d",
        "11-cube-3d",
        "12-play",
        "play-1-challenge",
        "play-2-midway",
        "play-3-solved",
        "play-polysticks-123-3x3-2-midway",
        "play-polysticks-123-3x3-3-solved",
    ] {
        let shot = shots.join(format!("{step}.png"));
        let size = std::fs::metadata(&shot).map(|m| m.len()).unwrap_or(0);
        assert!(size > 1000, "the screenshot {} is saved", shot.display());
    }
}
