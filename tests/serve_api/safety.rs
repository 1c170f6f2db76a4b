//! Issue 37: `polyx serve` on a real desktop. Limits before work (the 80-byte board of
//! a million cells refused from its text, sixteen at once in little memory; pictures,
//! placements and pieces capped; a fifth search refused before its body is read), the
//! same-origin rule (wrong `Host`, wrong `Origin`, a cross-site `text/plain` POST), and
//! no pinning (clients that ask for 1,000 solutions and read none free their slots
//! within the budget, or the write timeout, and leave no thread; a client that leaves
//! stops its search).

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::client::Server;
use super::{long_count, threads, wait_for};

/// The request of the issue: 80 bytes, a board of a million cells.
const DOMINOES_1000: &str =
    r#"{"board_toml":"pieces = \"dominoes\"\nsize = [1000, 1000]\nuse_all_pieces = false"}"#;

/// A board of 1,600 cells and 800 dominoes: 1,000 solutions are 30 MB of lines, far more
/// than the sockets between a server and a client that reads nothing hold.
fn dominoes_40x40() -> Value {
    json!({
        "board_toml": "pieces = \"d\"\nsize = [40, 40]\n",
        "pieces_toml": "name = \"d\"\n[[piece]]\nname = \"D\"\ncount = 800\nshape = \"DD\"\n",
        "limit": 1000,
    })
}

fn error_message(reply: &super::Reply) -> String {
    reply.json()["error"]["message"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn the_80_byte_board_of_a_million_cells_is_refused_from_its_text() {
    let server = Server::start();
    for path in [
        "/api/puzzle",
        "/api/check-input",
        "/api/render",
        "/api/solve",
    ] {
        let reply = server
            .request("POST", path, DOMINOES_1000.as_bytes())
            .unwrap();
        assert_eq!(reply.status, 413, "{path}: {}", reply.text());
        let message = error_message(&reply);
        assert!(message.contains("1000000 cells"), "{path}: {message}");
        assert!(message.contains("limit of 2500"), "{path}: {message}");
    }
    assert_eq!(server.get("/api/jobs").json()["jobs"], json!([]));
}

#[test]
fn sixteen_huge_boards_at_once_leave_the_server_small() {
    let server = Server::start();
    let started = Instant::now();
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..16)
            .map(|_| {
                let server = &server;
                scope.spawn(move || {
                    let body = DOMINOES_1000.as_bytes();
                    server.request("POST", "/api/puzzle", body).unwrap().status
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    eprintln!("16 huge boards answered in {:?}", started.elapsed());
    // Each is refused at once, or finds the pool of short work full.
    assert!(
        statuses.iter().all(|&s| s == 413 || s == 429),
        "{statuses:?}"
    );
    assert!(statuses.contains(&413), "{statuses:?}");
    if let Some(peak) = server.peak_memory_kb() {
        assert!(peak < 300 * 1024, "peak memory {peak} kB");
    }
}

#[test]
fn placements_pieces_and_pictures_are_capped() {
    let server = Server::start();
    let wide = json!({"board_toml": "pieces = \"pentominoes\"\nsize = [50, 50]\nuse_all_pieces = false\n"});
    let reply = server.post("/api/puzzle", &wide);
    assert_eq!(reply.status, 413, "{}", reply.text());
    assert!(
        error_message(&reply).contains("limit of 60000"),
        "{}",
        reply.text()
    );
    let pieces = "name = \"many\"\n[[piece]]\nname = \"X\"\ncount = 2501\nshape = \"X\"\n";
    let many =
        json!({"board_toml": "size = [4, 4]\nuse_all_pieces = false\n", "pieces_toml": pieces});
    let reply = server.post("/api/check-input", &many);
    assert_eq!(reply.status, 413, "{}", reply.text());
    assert!(
        error_message(&reply).contains("2501 copies"),
        "{}",
        reply.text()
    );
    // A huge cell size is refused, a big picture too; the largest allowed is drawn.
    let huge = json!({"board": "6x10", "format": "png", "cell_size": 1024});
    let reply = server.post("/api/render", &huge);
    assert_eq!(reply.status, 400, "{}", reply.text());
    assert!(
        error_message(&reply).contains("4 to 64"),
        "{}",
        reply.text()
    );
    let big = json!({"board_toml": "pieces = \"dominoes\"\nsize = [50, 50]\nuse_all_pieces = false\n", "format": "png", "cell_size": 64});
    let reply = server.post("/api/render", &big);
    assert_eq!(reply.status, 413, "{}", reply.text());
    assert!(
        error_message(&reply).contains("limit of 8000000"),
        "{}",
        reply.text()
    );
    let largest = json!({"board": "6x10", "format": "png", "cell_size": 64});
    assert_eq!(server.post("/api/render", &largest).status, 200);
    // A book of 50 challenges on a board of 1,600 cells would be too many pixels.
    let book = json!({"board_toml": "pieces = \"d\"\nsize = [40, 40]\n", "pieces_toml": "name = \"d\"\n[[piece]]\nname = \"D\"\ncount = 800\nshape = \"DD\"\n", "format": "png", "count": 50});
    let reply = server.post("/api/book", &book);
    assert_eq!(reply.status, 413, "{}", reply.text());
    assert_eq!(server.get("/api/jobs").json()["jobs"], json!([]));
}

#[test]
fn renders_at_once_get_200_or_429() {
    let server = Server::start();
    let body = json!({"board_toml": "pieces = \"dominoes\"\nsize = [40, 40]\nuse_all_pieces = false\n", "format": "png", "cell_size": 32});
    let body = body.to_string();
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..24)
            .map(|_| {
                let (server, body) = (&server, body.as_bytes());
                scope.spawn(move || server.request("POST", "/api/render", body).unwrap().status)
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(
        statuses.iter().all(|&s| s == 200 || s == 429),
        "{statuses:?}"
    );
    assert!(statuses.contains(&200), "{statuses:?}");
}

#[test]
fn a_fifth_search_is_refused_before_its_body_is_read() {
    let server = Server::start();
    let ids: Vec<String> = (0..4)
        .map(|_| {
            let reply = long_count(&server);
            assert_eq!(reply.status, 202, "{}", reply.text());
            reply.json()["job"].as_str().unwrap().to_string()
        })
        .collect();
    // Not JSON, and a board too large: still 429, since no slot was free to parse it.
    let reply = server.request("POST", "/api/solve", b"{not json").unwrap();
    assert_eq!(reply.status, 429, "{}", reply.text());
    let reply = server
        .request("POST", "/api/count", DOMINOES_1000.as_bytes())
        .unwrap();
    assert_eq!(reply.status, 429, "{}", reply.text());
    for id in &ids {
        assert_eq!(server.delete(&format!("/api/jobs/{id}")).status, 200);
    }
    for id in &ids {
        assert_eq!(wait_for(&server, id)["state"], "cancelled");
    }
    // A request refused at its setup leaves no job behind.
    let reply = server.request("POST", "/api/solve", b"{not json").unwrap();
    assert_eq!(reply.status, 400, "{}", reply.text());
    assert_eq!(
        server.get("/api/jobs").json()["jobs"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
}

#[test]
fn other_sites_are_refused() {
    let server = Server::start();
    let addr = server.addr.clone();
    let own = format!("http://{addr}");
    let body = br#"{"board": "6x10"}"#;
    let send = |method: &str, path: &str, headers: &[(&str, &str)]| {
        let body: &[u8] = if method == "POST" { body } else { b"" };
        server.request_with(method, path, headers, body).unwrap()
    };
    let json = ("Content-Type", "application/json");
    // A cross-site form or fetch: text/plain, with or without the other site's Origin.
    let plain = ("Content-Type", "text/plain");
    let reply = send("POST", "/api/solve", &[("Host", &addr), plain]);
    assert_eq!(reply.status, 415, "{}", reply.text());
    assert!(error_message(&reply).contains("application/json"));
    let evil = ("Origin", "http://evil.example");
    let reply = send("POST", "/api/solve", &[("Host", &addr), plain, evil]);
    assert_eq!(reply.status, 403, "{}", reply.text());
    let reply = send("POST", "/api/solve", &[("Host", &addr), json, evil]);
    assert_eq!(reply.status, 403, "{}", reply.text());
    let reply = send(
        "POST",
        "/api/count",
        &[("Host", &addr), ("Origin", "null"), json],
    );
    assert_eq!(reply.status, 403, "{}", reply.text());
    // DNS rebinding: the other site's name as Host, on every kind of path.
    for (method, path) in [
        ("GET", "/"),
        ("GET", "/api/builtins"),
        ("GET", "/api/jobs"),
        ("POST", "/api/solve"),
        ("GET", "/nothing"),
    ] {
        let reply = send(method, path, &[("Host", "evil.example"), json]);
        assert_eq!(reply.status, 403, "{method} {path}: {}", reply.text());
    }
    let reply = send("GET", "/", &[]);
    assert_eq!(reply.status, 403, "no Host: {}", reply.text());
    assert_eq!(server.get("/api/jobs").json()["jobs"], json!([]));
    // The server's own page, by any loopback name.
    let reply = send(
        "POST",
        "/api/solve",
        &[("Host", &addr), json, ("Origin", &own)],
    );
    assert_eq!(reply.status, 200, "{}", reply.text());
    let port = addr.rsplit(':').next().unwrap();
    let localhost = format!("localhost:{port}");
    let local_origin = format!("http://{localhost}");
    let reply = send(
        "POST",
        "/api/check-input",
        &[("Host", &localhost), json, ("Origin", &local_origin)],
    );
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_eq!(send("GET", "/", &[("Host", &localhost)]).status, 200);
}

/// Waits until no job is running (at most `within`) and returns how long it took.
fn none_running_within(server: &Server, within: Duration) -> Duration {
    let start = Instant::now();
    loop {
        let jobs = server.get("/api/jobs").json();
        let running = (jobs["jobs"].as_array().unwrap().iter())
            .filter(|j| j["state"] == "running")
            .count();
        if running == 0 {
            return start.elapsed();
        }
        assert!(start.elapsed() < within, "still running: {jobs}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Four clients ask for 1,000 solutions each and read nothing; the slots come back (the
/// jobs stopped), four new searches get 200, and no search thread is left.
fn slow_readers_free_their_slots(server: &Server, within: Duration) {
    assert_eq!(server.get("/api/builtins").status, 200);
    let idle = threads(server.pid());
    let readers: Vec<_> = (0..4)
        .map(|_| server.post_unread("/api/solve", &dominoes_40x40()))
        .collect();
    std::thread::sleep(Duration::from_millis(500));
    let jobs = server.get("/api/jobs").json();
    let running = (jobs["jobs"].as_array().unwrap().iter())
        .filter(|j| j["state"] == "running")
        .count();
    assert_eq!(running, 4, "{jobs}");
    assert_eq!(
        server.post("/api/solve", &json!({"board": "6x10"})).status,
        429
    );
    let took = none_running_within(server, within);
    eprintln!("4 slow readers: every job ended after {took:?} more");
    for job in server.get("/api/jobs").json()["jobs"].as_array().unwrap() {
        assert_eq!(job["state"], "stopped", "{job}");
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..4)
            .map(|_| scope.spawn(|| server.post("/api/solve", &json!({"board": "6x10"})).status))
            .collect();
        for h in handles {
            assert_eq!(h.join().unwrap(), 200);
        }
    });
    if let Some(idle) = idle {
        let start = Instant::now();
        while threads(server.pid()).unwrap() > idle {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "threads left running"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    drop(readers);
}

#[test]
fn slow_readers_are_stopped_by_the_budget() {
    let server = Server::with_args(&["--search-seconds", "2"]);
    slow_readers_free_their_slots(&server, Duration::from_secs(2 + 5));
}

#[test]
fn slow_readers_are_stopped_by_the_write_timeout() {
    // The budget (60 s) is far off; a write that waits 10 s ends the search.
    let server = Server::start();
    slow_readers_free_their_slots(&server, Duration::from_secs(10 + 5));
}

#[test]
fn a_client_that_leaves_stops_its_search() {
    let server = Server::start();
    let long = json!({"board": "8x8-square", "count": 50, "min": true});
    let client = server.post_unread("/api/generate", &long);
    std::thread::sleep(Duration::from_millis(1000));
    let jobs = server.get("/api/jobs").json();
    assert_eq!(jobs["jobs"][0]["state"], "running", "{jobs}");
    drop(client);
    let took = none_running_within(&server, Duration::from_secs(5));
    eprintln!("a generate whose client left ended {took:?} later");
    assert_eq!(
        server.get("/api/jobs").json()["jobs"][0]["state"],
        "stopped"
    );
}
