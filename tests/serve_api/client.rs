//! A `polyx serve --port 0` process for one test (killed when dropped) and a small
//! blocking HTTP/1.1 client over `TcpStream` (one request a connection, chunked bodies
//! decoded, any headers), with a client that never reads its answer.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, ChildStdout, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// A running server.
pub struct Server {
    child: Child,
    _stdout: BufReader<ChildStdout>,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    /// Starts `polyx serve --port 0` and reads the address it prints.
    pub fn start() -> Server {
        Server::with_args(&[])
    }

    /// The same, with more arguments.
    pub fn with_args(args: &[&str]) -> Server {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("polyx"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("polyx serve starts");
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        let addr = line
            .trim()
            .strip_prefix("polyx serve: http://")
            .and_then(|rest| rest.strip_suffix('/'))
            .unwrap_or_else(|| panic!("the address line: {line:?}"))
            .to_string();
        Server {
            child,
            _stdout: stdout,
            addr,
        }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// A `POST` of `body` that never reads its answer: the connection, held open.
    pub fn post_unread(&self, path: &str, body: &Value) -> TcpStream {
        let body = body.to_string();
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body.as_bytes()).unwrap();
        stream
    }

    /// The process's peak resident memory, in kB (Linux's `VmHWM`).
    pub fn peak_memory_kb(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    pub fn get(&self, path: &str) -> Reply {
        self.request("GET", path, b"").unwrap()
    }

    pub fn delete(&self, path: &str) -> Reply {
        self.request("DELETE", path, b"").unwrap()
    }

    pub fn post(&self, path: &str, body: &Value) -> Reply {
        self.request("POST", path, body.to_string().as_bytes())
            .unwrap()
    }

    /// One request on a new connection, as the page sends it (its `Host`, JSON); the
    /// body is written by another thread so that an answer sent before the whole body
    /// was read (413) is still read.
    pub fn request(&self, method: &str, path: &str, body: &[u8]) -> std::io::Result<Reply> {
        let host = self.addr.clone();
        let headers = [
            ("Host", host.as_str()),
            ("Content-Type", "application/json"),
        ];
        self.request_with(method, path, &headers, body)
    }

    /// One request with exactly these `headers` (and `Connection`, `Content-Length`).
    pub fn request_with(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> std::io::Result<Reply> {
        let mut stream = TcpStream::connect(&self.addr)?;
        stream.set_read_timeout(Some(Duration::from_secs(120)))?;
        let mut head = format!("{method} {path} HTTP/1.1\r\n");
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str(&format!(
            "Connection: close\r\nContent-Length: {}\r\n\r\n",
            body.len()
        ));
        stream.write_all(head.as_bytes())?;
        let mut writer = stream.try_clone()?;
        let body = body.to_vec();
        let sending = std::thread::spawn(move || {
            let _ = writer.write_all(&body);
        });
        let mut raw = Vec::new();
        let read = stream.read_to_end(&mut raw);
        let _ = sending.join();
        if raw.is_empty() {
            read?;
        }
        Ok(Reply::parse(&raw))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An answer.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    fn parse(raw: &[u8]) -> Reply {
        let end = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a complete head");
        let head = String::from_utf8_lossy(&raw[..end]).to_string();
        let mut lines = head.split("\r\n");
        let status = lines.next().unwrap().split(' ').nth(1).unwrap();
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let rest = &raw[end + 4..];
        let chunked = headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
        Reply {
            status: status.parse().unwrap(),
            body: if chunked {
                dechunk(rest)
            } else {
                rest.to_vec()
            },
            headers,
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        (self.headers.iter())
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).to_string()
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }
}

fn dechunk(mut rest: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    while let Some(eol) = rest.windows(2).position(|w| w == b"\r\n") {
        let size = String::from_utf8_lossy(&rest[..eol]);
        let size = usize::from_str_radix(size.split(';').next().unwrap().trim(), 16).unwrap();
        if size == 0 {
            break;
        }
        let start = eol + 2;
        body.extend_from_slice(&rest[start..start + size]);
        rest = &rest[start + size + 2..];
    }
    body
}
