//! Issue 27: the JSON API of `polyx serve` through the binary, every endpoint: the page
//! and the built-ins, located 400s for each kind of bad input in `tests/data/serve/bad`,
//! the geometry of a puzzle on every grid (placements as `polyx show` counts them),
//! solve equal to `polyx solve -f json`, counts as jobs with progress and cancel (the
//! search thread ends), 429 when the job slots are full, 50 concurrent requests, a
//! 10 MB body, render, and the design tools. `safety.rs`: the limits, the same-origin
//! rule and slow readers (issue 37).

mod client;
mod safety;

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use client::{Reply, Server};

fn polyx(args: &[&str]) -> String {
    let out = Command::new(assert_cmd::cargo::cargo_bin("polyx"))
        .args(args)
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// The status of job `id`, once it is not running (at most a minute).
fn wait_for(server: &Server, id: &str) -> Value {
    let start = Instant::now();
    loop {
        let status = server.get(&format!("/api/jobs/{id}")).json();
        if status["state"] != "running" {
            return status;
        }
        assert!(start.elapsed() < Duration::from_secs(60), "{status}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A count that runs far longer than any test: the Bedlam cube in keep mode (minutes).
fn long_count(server: &Server) -> Reply {
    server.post(
        "/api/count",
        &json!({"board": "bedlam-4x4x4", "symmetry": "keep"}),
    )
}

#[test]
fn the_page_and_its_files() {
    let server = Server::start();
    let page = server.get("/");
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    for (file, kind) in [("app.js", "text/javascript"), ("style.css", "text/css")] {
        let reply = server.get(&format!("/{file}"));
        assert_eq!(reply.status, 200, "{file}");
        assert!(reply.header("content-type").unwrap().starts_with(kind));
    }
    let missing = server.get("/no-such.js");
    assert_eq!(missing.status, 404);
    assert!(missing.json()["error"]["message"].is_string());
    assert_eq!(server.get("/api/no-such").status, 404);
    let wrong = server.get("/api/solve");
    assert_eq!(wrong.status, 405);
    assert!(wrong.json()["error"]["message"].is_string());
}

#[test]
fn builtins_list_boards_with_thumbnails_and_sets() {
    let server = Server::start();
    let reply = server.get("/api/builtins");
    assert_eq!(reply.status, 200);
    let list = reply.json();
    let boards = list["boards"].as_array().unwrap();
    let noi = boards.iter().find(|b| b["name"] == "noi2005").unwrap();
    assert_eq!(noi["grid"], "square");
    assert_eq!(noi["pieces"], "noi2005");
    assert_eq!(noi["cells"], 55);
    for board in boards {
        assert!(board["thumbnail"].as_str().unwrap().starts_with("<svg"));
    }
    let sets = list["sets"].as_array().unwrap();
    let pentominoes = sets.iter().find(|s| s["name"] == "pentominoes").unwrap();
    assert_eq!(pentominoes["pieces"], 12);
}

#[test]
fn check_input_answers_the_size_or_a_located_error_for_each_bad_input() {
    let server = Server::start();
    let ok = server.post("/api/check-input", &json!({"board": "6x10"}));
    assert_eq!(ok.status, 200);
    let ok = ok.json();
    assert_eq!(ok["ok"], true);
    assert_eq!(
        (ok["cells"].as_u64(), ok["placements"].as_u64()),
        (Some(60), Some(2056))
    );
    let dir = crate::data().join("serve/bad");
    let expected = std::fs::read_to_string(dir.join("expected.tsv")).unwrap();
    let mut cases = 0;
    for line in expected.lines().filter(|l| !l.starts_with('#')) {
        let [name, file, line_no, column, needle] = line.split('\t').collect::<Vec<_>>()[..] else {
            panic!("a bad line in expected.tsv: {line}")
        };
        let read =
            |kind: &str| std::fs::read_to_string(dir.join(format!("{name}.{kind}.toml"))).ok();
        let mut request = json!({});
        match read("board") {
            Some(text) => request["board_toml"] = json!(text),
            None => request["board"] = json!("6x10"),
        }
        if let Some(text) = read("pieces") {
            request["pieces_toml"] = json!(text);
        }
        let reply = server.post("/api/check-input", &request);
        // 413 for a board over the server's limits, located all the same.
        let status = if name == "too-large" { 413 } else { 400 };
        assert_eq!(reply.status, status, "{name}: {}", reply.text());
        let error = &reply.json()["error"];
        assert_eq!(error["file"], file, "{name}: {error}");
        assert_eq!(error["line"].to_string(), line_no, "{name}: {error}");
        assert_eq!(error["column"].to_string(), column, "{name}: {error}");
        assert!(
            error["message"].as_str().unwrap().contains(needle),
            "{name}: {error}"
        );
        cases += 1;
    }
    assert!(cases >= 30, "{cases} cases");
}

#[test]
fn bad_requests_are_400_with_a_message() {
    let server = Server::start();
    for (request, needle) in [
        (json!({"board": "6x11"}), "not a built-in board"),
        (json!({}), "names no board"),
        (
            json!({"board": "6x10", "pieces": "pentominos"}),
            "not a built-in piece set",
        ),
        (
            json!({"board": "6x10", "board_toml": "size = [2, 2]"}),
            "not both",
        ),
        (json!({"board": 7}), "not the JSON expected"),
        (
            json!({"board": "noi2005", "placed": [{"piece": "Z", "cells": [[0, 0]]}]}),
            "names no piece",
        ),
        (
            json!({"board": "noi2005", "placed": [{"piece": "A", "cells": [[5, 0], [5, 1], [6, 1]]}]}),
            "not an open cell",
        ),
        (
            json!({"board": "noi2005", "placed": [{"piece": "A", "cells": [[0, 0], [0, 1], [0, 2]]}]}),
            "not that piece",
        ),
    ] {
        let reply = server.post("/api/check-input", &request);
        assert_eq!(reply.status, 400, "{request}: {}", reply.text());
        let message = reply.json()["error"]["message"].to_string();
        assert!(message.contains(needle), "{request}: {message}");
    }
    let garbage = server.request("POST", "/api/solve", b"{not json").unwrap();
    assert_eq!(garbage.status, 400);
    assert_eq!(server.get("/api/jobs/12345").status, 404);
}

/// The placements `polyx show` counts for `board`.
fn show_placements(board: &str) -> u64 {
    let text = polyx(&["show", board]);
    let line = text.lines().find(|l| l.starts_with("matrix:")).unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    let k = words.iter().position(|w| *w == "options").unwrap();
    words[k - 1].parse().unwrap()
}

#[test]
fn puzzle_geometry_on_every_grid() {
    let server = Server::start();
    for (board, grid, corners, cells) in [
        ("6x10", "square", 4, 60),
        ("tetrahexes-4x7", "hex", 6, 28),
        ("hexiamonds-6x6", "triangle", 3, 72),
        ("soma-3x3x3", "cube", 4, 27),
        ("iq-puzzler-pro-pyramid", "sphere", 4, 55),
    ] {
        let reply = server.post("/api/puzzle", &json!({ "board": board }));
        assert_eq!(reply.status, 200, "{board}");
        let g = reply.json();
        assert_eq!(g["grid"], grid);
        let list = g["cells"].as_array().unwrap();
        assert_eq!(list.len(), cells, "{board}");
        for c in list {
            assert_eq!(
                c["polygon"].as_array().unwrap().len(),
                corners,
                "{board}: {c}"
            );
            // Layer z is drawn in its own panel, to the right of the ones below.
            let z = c["at"][2].as_f64().unwrap();
            let left = z * (g["size"][0].as_f64().unwrap() + 1.0);
            assert!(c["centre"][0].as_f64().unwrap() > left, "{board}: {c}");
        }
        let placements = g["placements"].as_array().unwrap();
        assert_eq!(placements.len() as u64, show_placements(board), "{board}");
        placements_follow_their_orientations(&g);
        let again = server.post("/api/check-input", &json!({ "board_toml": g["toml"] }));
        assert_eq!(
            again.json()["placements"].as_u64(),
            Some(show_placements(board))
        );
    }
}

#[test]
fn a_board_of_sticks_speaks_puzzlers_segments() {
    let server = Server::start();
    let board = "polysticks-123-3x3";
    let g = server
        .post("/api/puzzle", &json!({ "board": board }))
        .json();
    assert_eq!(g["grid"], "sticks");
    let cells = g["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 20);
    assert!(cells
        .iter()
        .all(|c| c["segment"].as_array().unwrap().len() == 3));
    for piece in g["pieces"].as_array().unwrap() {
        for o in piece["orientations"].as_array().unwrap() {
            let n = o["cells"].as_array().unwrap().len();
            assert_eq!(o["segments"].as_array().unwrap().len(), n, "{o}");
            assert_eq!(o["polygons"].as_array().unwrap().len(), n, "{o}");
        }
    }
    placements_follow_their_orientations(&g);
    // The board file reads back as the same board (a segment list, not a picture).
    let toml = g["toml"].as_str().unwrap();
    assert!(
        toml.contains("segments = [[") && !toml.contains("shape"),
        "{toml}"
    );
    let again = server.post("/api/check-input", &json!({ "board_toml": toml }));
    assert_eq!(
        again.json()["placements"].as_u64(),
        Some(show_placements(board))
    );
    // A placement of a solution line goes back as `placed`, in the same [x, y, d].
    let solve = server.post("/api/solve", &json!({ "board": board, "limit": 1 }));
    let first = lines_without_time(&solve.text()).remove(0);
    let placement = first["placements"][0].clone();
    assert!(
        placement["cells"][0].as_array().unwrap().len() == 3,
        "{placement}"
    );
    let placed = json!({ "board": board, "placed": [placement] });
    let check = server.post("/api/check", &placed);
    assert_eq!(check.status, 200, "{}", check.text());
    assert_ne!(check.json()["result"], "none");
    let hint = server.post("/api/hint", &placed).json();
    assert_ne!(hint["kind"], "remove", "{hint}");
    let mut wrong = placed.clone();
    wrong["placed"][0]["cells"][0] = json!([0, 0, 7]);
    let reply = server.post("/api/check", &wrong);
    assert_eq!(reply.status, 400);
    assert!(reply.text().contains("[x, y, d]"), "{}", reply.text());
}

/// Placement `p` of orientation `o` covers `o.cells[i] + shift` in order; the moves
/// lead to orientations of the same piece.
fn placements_follow_their_orientations(g: &Value) {
    let pieces = g["pieces"].as_array().unwrap();
    for p in g["placements"].as_array().unwrap() {
        let piece = &pieces[p["piece"].as_u64().unwrap() as usize];
        let o = &piece["orientations"][p["orientation"].as_u64().unwrap() as usize];
        let (cells, shape) = (
            p["cells"].as_array().unwrap(),
            o["cells"].as_array().unwrap(),
        );
        assert_eq!(cells.len(), shape.len());
        let shift: Vec<i64> = (0..3)
            .map(|k| cells[0][k].as_i64().unwrap() - shape[0][k].as_i64().unwrap())
            .collect();
        for (c, s) in cells.iter().zip(shape) {
            for k in 0..3 {
                assert_eq!(
                    c[k].as_i64().unwrap(),
                    s[k].as_i64().unwrap() + shift[k],
                    "{p}"
                );
            }
        }
    }
    for piece in pieces {
        let n = piece["orientations"].as_array().unwrap().len() as u64;
        for o in piece["orientations"].as_array().unwrap() {
            assert!(o["rotate"].as_u64().unwrap() < n, "{piece}");
            assert!(o["flip"].as_u64().is_none_or(|f| f < n), "{piece}");
        }
    }
}

/// The lines of a JSON Lines answer, each without `elapsed_ms`.
fn lines_without_time(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| {
            let mut v: Value = serde_json::from_str(l).unwrap();
            v.as_object_mut().unwrap().remove("elapsed_ms");
            v
        })
        .collect()
}

#[test]
fn solve_streams_the_lines_of_polyx_solve() {
    let server = Server::start();
    let reply = server.post("/api/solve", &json!({"board": "noi2005"}));
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), Some("application/x-ndjson"));
    let lines = lines_without_time(&reply.text());
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["placements"].as_array().unwrap().len(), 12);
    assert_eq!(lines[1]["type"], "summary");
    let cli = lines_without_time(&polyx(&["solve", "noi2005", "-f", "json"]));
    assert_eq!(lines, cli);
    let three = server.post(
        "/api/solve",
        &json!({"board": "6x10", "limit": 3, "symmetry": "keep"}),
    );
    assert_eq!(lines_without_time(&three.text()).len(), 4);
    let over = server.post("/api/solve", &json!({"board": "6x10", "limit": 0}));
    assert_eq!(over.status, 400);
}

#[test]
fn count_is_a_job_with_progress_events() {
    let server = Server::start();
    let reply = server.post(
        "/api/count",
        &json!({"board": "6x10", "symmetry": "reduce"}),
    );
    assert_eq!(reply.status, 202);
    let id = reply.json()["job"].as_str().unwrap().to_string();
    let events = server.get(&format!("/api/jobs/{id}/events"));
    assert_eq!(events.status, 200);
    assert!(events
        .header("content-type")
        .unwrap()
        .starts_with("text/event-stream"));
    let text = events.text();
    let end = text.split("event: end\n").nth(1).expect("an end event");
    let data: Value =
        serde_json::from_str(end.trim().strip_prefix("data:").unwrap().trim()).unwrap();
    assert_eq!(data["solutions"], 2339);
    let status = wait_for(&server, &id);
    assert_eq!(
        (status["state"].as_str(), status["solutions"].as_u64()),
        (Some("done"), Some(2339))
    );
    assert_eq!(status["kind"], "count");
    let jobs = server.get("/api/jobs").json();
    assert!(jobs["jobs"]
        .as_array()
        .unwrap()
        .iter()
        .any(|j| j["job"] == id.as_str()));
}

/// The threads of process `pid` (Linux).
fn threads(pid: u32) -> Option<usize> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("Threads:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn a_cancelled_count_ends_its_threads() {
    let server = Server::start();
    assert_eq!(server.get("/api/builtins").status, 200);
    let idle = threads(server.pid());
    let reply = long_count(&server);
    assert_eq!(reply.status, 202, "{}", reply.text());
    let id = reply.json()["job"].as_str().unwrap().to_string();
    std::thread::sleep(Duration::from_millis(300));
    let running = server.get(&format!("/api/jobs/{id}")).json();
    assert_eq!(running["state"], "running");
    if let Some(idle) = idle {
        assert!(
            threads(server.pid()).unwrap() > idle,
            "the search has its threads"
        );
    }
    // The events say the count's progress until the cancel, then its end.
    let events = std::thread::scope(|scope| {
        let events = scope.spawn(|| server.get(&format!("/api/jobs/{id}/events")).text());
        std::thread::sleep(Duration::from_millis(1500));
        let cancel = server.delete(&format!("/api/jobs/{id}"));
        assert_eq!(cancel.status, 200);
        assert_eq!(cancel.json()["state"], "cancelled");
        events.join().unwrap()
    });
    let progress: Vec<Value> = (events.split("event: progress\ndata: ").skip(1))
        .map(|e| serde_json::from_str(e.lines().next().unwrap()).unwrap())
        .collect();
    assert!(progress.len() >= 2, "{events}");
    assert!(
        progress.last().unwrap()["nodes"].as_u64().unwrap() > 0,
        "{events}"
    );
    assert!(events.contains("event: end\ndata: {"), "{events}");
    assert_eq!(wait_for(&server, &id)["state"], "cancelled");
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
}

#[test]
fn a_count_past_its_budget_is_stopped() {
    let server = Server::with_args(&["--max-seconds", "1"]);
    let reply = long_count(&server);
    assert_eq!(reply.status, 202, "{}", reply.text());
    let id = reply.json()["job"].as_str().unwrap().to_string();
    let status = wait_for(&server, &id);
    assert_eq!(status["state"], "stopped", "{status}");
    assert!(status["solutions"].as_u64().is_some());
}

#[test]
fn a_fifth_search_gets_429_while_four_run() {
    let server = Server::start();
    let ids: Vec<String> = (0..4)
        .map(|_| {
            let reply = long_count(&server);
            assert_eq!(reply.status, 202, "{}", reply.text());
            reply.json()["job"].as_str().unwrap().to_string()
        })
        .collect();
    let busy = long_count(&server);
    assert_eq!(busy.status, 429);
    assert_eq!(busy.header("retry-after"), Some("1"));
    assert!(busy.json()["error"]["message"].is_string());
    assert_eq!(
        server
            .post("/api/solve", &json!({"board": "noi2005"}))
            .status,
        429
    );
    assert_eq!(server.get("/api/builtins").status, 200);
    for id in &ids {
        assert_eq!(server.delete(&format!("/api/jobs/{id}")).status, 200);
    }
    for id in &ids {
        assert_eq!(wait_for(&server, id)["state"], "cancelled");
    }
    assert_eq!(
        server
            .post("/api/solve", &json!({"board": "noi2005"}))
            .status,
        200
    );
}

#[test]
fn fifty_concurrent_requests_get_200_or_429() {
    let server = Server::start();
    let statuses: Vec<u16> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..50)
            .map(|k| {
                let server = &server;
                scope.spawn(move || {
                    let reply = if k % 2 == 0 {
                        server.request("POST", "/api/solve", br#"{"board":"noi2005"}"#)
                    } else {
                        server.request("GET", "/api/builtins", b"")
                    };
                    reply.expect("no connection error").status
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(
        statuses.iter().all(|&s| s == 200 || s == 429),
        "{statuses:?}"
    );
    assert!(statuses.contains(&200));
    assert_eq!(server.get("/api/builtins").status, 200);
    assert_eq!(
        server
            .post("/api/check-input", &json!({"board": "noi2005"}))
            .status,
        200
    );
}

#[test]
fn a_ten_megabyte_body_is_413() {
    let server = Server::start();
    let body = vec![b'a'; 10 << 20];
    let reply = server.request("POST", "/api/check-input", &body).unwrap();
    assert_eq!(reply.status, 413);
    assert!(reply.json()["error"]["message"]
        .as_str()
        .unwrap()
        .contains("larger"));
    assert_eq!(server.get("/api/builtins").status, 200);
}

#[test]
fn render_draws_svg_and_png() {
    let server = Server::start();
    let empty = server.post("/api/render", &json!({"board": "noi2005", "format": "svg"}));
    assert_eq!(empty.status, 200);
    assert_eq!(empty.header("content-type"), Some("image/svg+xml"));
    assert!(empty.text().starts_with("<svg"));
    let line = server
        .post("/api/solve", &json!({"board": "noi2005"}))
        .text();
    let solution: Value = serde_json::from_str(line.lines().next().unwrap()).unwrap();
    let request = json!({"board": "noi2005", "format": "png", "solution": solution["placements"]});
    let png = server.post("/api/render", &request);
    assert_eq!(png.status, 200);
    assert_eq!(png.header("content-type"), Some("image/png"));
    assert_eq!(&png.body[..8], b"\x89PNG\r\n\x1a\n");
    let svg = server.post(
        "/api/render",
        &json!({"board": "noi2005", "solution": solution["placements"]}),
    );
    let cli = polyx(&["solve", "noi2005", "-f", "svg"]);
    assert_eq!(svg.text(), cli);
    let bad = server.post("/api/render", &json!({"board": "noi2005", "format": "gif"}));
    assert_eq!(bad.status, 400);
}

#[test]
fn check_says_unique_several_or_none() {
    let server = Server::start();
    let unique = server
        .post("/api/check", &json!({"board": "noi2005-sample"}))
        .json();
    assert_eq!(unique["result"], "unique");
    assert_eq!(unique["solutions"].as_array().unwrap().len(), 1);
    let several = server.post("/api/check", &json!({"board": "6x10"})).json();
    assert_eq!(several["result"], "several");
    assert_eq!(several["solutions"].as_array().unwrap().len(), 2);
    assert!(!several["differing"].as_array().unwrap().is_empty());
    let none = json!({"board_toml": "pieces = \"pentominoes\"\nsize = [60, 1]\n"});
    let none = server.post("/api/check", &none).json();
    assert_eq!(none["result"], "none");
}

#[test]
fn hint_gives_the_next_move() {
    let server = Server::start();
    let hint = server
        .post("/api/hint", &json!({"board": "noi2005-sample"}))
        .json();
    assert_eq!(hint["kind"], "shared");
    assert_eq!(hint["placements"].as_array().unwrap().len(), 1);
    assert!(hint["message"]
        .as_str()
        .unwrap()
        .contains("can be finished"));
    let placed =
        json!({"board": "noi2005", "placed": [{"piece": "A", "cells": [[0, 0], [0, 1], [1, 1]]}]});
    let guess = server.post("/api/hint", &placed).json();
    assert_eq!(guess["kind"], "guess");
}

#[test]
fn a_players_hint_takes_off_only_the_players_pieces() {
    let server = Server::start();
    let given = include_str!("data/design/tetrahexes-given.toml");
    let o = json!({"piece": "O", "cells": [[10, 2], [12, 2], [11, 3], [13, 3]]});
    let request = json!({"board_toml": given, "placed": [o]});
    let hint = server.post("/api/hint", &request).json();
    assert_eq!(hint["kind"], "remove", "{hint}");
    assert_eq!(hint["placements"][0]["piece"], "O4", "{hint}");
    // O given, I the player's: taking I off does not help, and O is never named.
    let given = include_str!("data/design/tetrahexes-given-o.toml");
    let i = json!({"piece": "I", "cells": [[0, 0], [2, 0], [4, 0], [6, 0]]});
    let request = json!({"board_toml": given, "placed": [i]});
    let hint = server.post("/api/hint", &request).json();
    assert_eq!(hint["kind"], "unsolvable", "{hint}");
    assert!(hint["message"]
        .as_str()
        .unwrap()
        .contains("player's pieces"));
}

#[test]
fn generate_with_a_seed_is_reproducible_and_makes_a_book() {
    let server = Server::start();
    let request = json!({"board": "noi2005", "seed": 3, "count": 1});
    let first = server.post("/api/generate", &request);
    assert_eq!(first.status, 200, "{}", first.text());
    let first = first.json();
    let second = server.post("/api/generate", &request).json();
    assert_eq!(first, second);
    let challenge = &first["challenges"][0];
    let toml = challenge["toml"].as_str().unwrap();
    let check = server
        .post("/api/check", &json!({ "board_toml": toml }))
        .json();
    assert_eq!(check["result"], "unique");
    let book = server.post(
        "/api/book",
        &json!({"board": "noi2005", "seed": 3, "format": "png"}),
    );
    assert_eq!(book.status, 200);
    assert_eq!(&book.body[..8], b"\x89PNG\r\n\x1a\n");
}
