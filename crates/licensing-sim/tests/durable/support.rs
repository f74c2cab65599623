//! A `licensing-sim` process on a free port, and HTTP/1.1 to it over a
//! plain socket (one request per connection): what the crash tests need to
//! kill and start a real process.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

pub(crate) const ADMIN: &str = "durable-admin";
pub(crate) const SHELL: &str = "/order/api/order/v1/shellnums";

/// A simulator process; killed when dropped.
pub(crate) struct Sim {
    child: Child,
    pub addr: String,
}

impl Drop for Sim {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Sim {
    /// Starts one on `store`, armed to kill itself at `crash` (`POINT:N`).
    pub(crate) fn start(store: &Path, crash: Option<&str>) -> Self {
        Self::start_on(store.as_os_str(), crash)
    }

    /// Starts one on `store` (a path, or a `postgres://` URL).
    pub(crate) fn start_on(store: &std::ffi::OsStr, crash: Option<&str>) -> Self {
        Self::start_with(store, crash, &[])
    }

    /// Starts one on `store` with more flags.
    pub(crate) fn start_with(store: &std::ffi::OsStr, crash: Option<&str>, flags: &[&str]) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_licensing-sim"));
        command
            .args(["--listen", "127.0.0.1:0", "--quiet", "--admin-token", ADMIN])
            .args(flags)
            .arg("--store")
            .arg(store)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        match crash {
            Some(point) => command.env("LICENSING_SIM_CRASH_AT", point),
            None => command.env_remove("LICENSING_SIM_CRASH_AT"),
        };
        let mut child = command.spawn().expect("licensing-sim starts");
        let stderr = child.stderr.take().expect("stderr");
        let mut lines = BufReader::new(stderr).lines();
        let addr = loop {
            let line =
                lines.next().and_then(Result::ok).unwrap_or_else(|| panic!("licensing-sim ended before listening"));
            if let Some(rest) = line.split("listening on http://").nth(1) {
                break rest.split('/').next().unwrap_or_default().to_owned();
            }
        };
        // Its later lines (none with --quiet) are read so it never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        Self { child, addr }
    }

    /// Waits for the process to end (killed by its crash point): whether it died of SIGKILL.
    pub(crate) fn wait_killed(&mut self) -> bool {
        use std::os::unix::process::ExitStatusExt;
        let status = self.child.wait().expect("wait");
        status.signal() == Some(9)
    }

    /// Asks the process to stop (SIGTERM), as a service manager does, and
    /// waits for it to end: whether it ended by itself.
    pub(crate) fn stop(&mut self) -> bool {
        let asked = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        asked.is_ok_and(|s| s.success()) && self.child.wait().is_ok_and(|status| status.success())
    }

    fn client(&self) -> Client {
        Client { addr: self.addr.clone() }
    }

    /// One request; `None`: no answer (the connection was cut).
    pub(crate) fn call(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Option<(u16, Value)> {
        self.client().call(method, path, headers, body)
    }

    /// POST a JSON body to an endpoint with the development token and `nonce`.
    pub(crate) fn post(&self, path: &str, nonce: &str, body: &str) -> Option<(u16, Value)> {
        self.client().post(path, nonce, body)
    }
}

/// HTTP to a simulator's address (a worker thread holds one).
pub(crate) struct Client {
    pub addr: String,
}

impl Client {
    /// One request; `None`: no answer (the connection was cut).
    pub(crate) fn call(&self, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Option<(u16, Value)> {
        let mut stream = TcpStream::connect(&self.addr).ok()?;
        stream.set_read_timeout(Some(Duration::from_secs(30))).ok()?;
        let mut request = format!(
            "{method} {path} HTTP/1.1\r\nhost: {}\r\nconnection: close\r\ncontent-length: {}\r\n",
            self.addr,
            body.len()
        );
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str("\r\n");
        request.push_str(body);
        stream.write_all(request.as_bytes()).ok()?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).ok()?;
        let text = String::from_utf8_lossy(&answer);
        let (head, body) = text.split_once("\r\n\r\n")?;
        let status = head.split(' ').nth(1)?.parse().ok()?;
        Some((status, serde_json::from_str(body).unwrap_or(Value::Null)))
    }

    /// POST a JSON body to an endpoint with the development token and `nonce`.
    pub(crate) fn post(&self, path: &str, nonce: &str, body: &str) -> Option<(u16, Value)> {
        let headers = [("authorization", "Bearer dev-all-token"), ("content-type", "application/json")];
        self.call("POST", &format!("{path}?g_nonce={nonce}"), &headers, body)
    }
}

/// The asset numbers of a shellNums answer.
pub(crate) fn numbers(answer: &Value) -> Vec<u64> {
    answer["data"].as_array().map_or_else(Vec::new, |a| a.iter().filter_map(|n| n.as_str()?.parse().ok()).collect())
}
