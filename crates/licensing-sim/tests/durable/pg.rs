//! A real PostgreSQL server for the tests: Debian's (`scripts/install-tools.sh`
//! installs it), its data directory in a temporary folder, listening on
//! loopback only, started once per test binary; each test takes a database
//! of its own. Where no server is installed the tests that need one say so
//! and pass, unless `LICENSING_SIM_REQUIRE_POSTGRES=1` (`make test` sets it).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;

/// The server, while the test binary runs: a watcher stops it and removes
/// its directory once the test process is gone (a static is never dropped).
pub(crate) struct Server {
    bin: PathBuf,
    data: PathBuf,
    pub port: u16,
}

fn bin_dir() -> Option<PathBuf> {
    if let Ok(dir) = std::env::var("LICENSING_SIM_PG_BIN") {
        return Some(PathBuf::from(dir));
    }
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| Some(e.ok()?.path().join("bin")))
        .filter(|p| p.join("initdb").exists() && p.join("pg_ctl").exists())
        .collect();
    found.sort();
    found.pop()
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Runs a PostgreSQL tool, as the `postgres` user when this is root (initdb
/// refuses root).
fn run(tool: &Path, args: &[&str]) -> Result<(), String> {
    let mut command = if is_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(tool);
        c
    } else {
        Command::new(tool)
    };
    let out = command.args(args).output().map_err(|e| format!("{}: {e}", tool.display()))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{} {args:?}: {}{}",
            tool.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

pub(crate) fn start() -> Result<Server, String> {
    let bin = bin_dir().ok_or("no PostgreSQL server installed (/usr/lib/postgresql/*/bin)")?;
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let data = dir.path().join("data");
    if is_root() {
        // The postgres user owns the data directory (and may enter the temporary one).
        Command::new("chmod").args(["755"]).arg(dir.path()).status().map_err(|e| e.to_string())?;
        std::fs::create_dir(&data).map_err(|e| e.to_string())?;
        Command::new("chown").args(["postgres:postgres"]).arg(&data).status().map_err(|e| e.to_string())?;
    }
    let data_arg = data.to_str().ok_or("a temporary path that is not UTF-8")?;
    run(&bin.join("initdb"), &["-D", data_arg, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-instructions"])?;
    let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map_err(|e| e.to_string())?.port();
    let options = format!("-c listen_addresses=127.0.0.1 -p {port} -k {data_arg} -c max_connections=200 -c fsync=on");
    let log = data.join("server.log");
    run(
        &bin.join("pg_ctl"),
        &["-D", data_arg, "-o", &options, "-l", log.to_str().unwrap_or("server.log"), "-w", "-t", "60", "start"],
    )?;
    let dir = dir.keep();
    let as_postgres = if is_root() { "runuser -u postgres -- " } else { "" };
    let watcher = format!(
        "while kill -0 {pid} 2>/dev/null; do sleep 0.5; done; {as_postgres}'{pg_ctl}' -D '{data_arg}' -m immediate stop >/dev/null 2>&1; rm -rf '{dir}'",
        pid = std::process::id(),
        pg_ctl = bin.join("pg_ctl").display(),
        dir = dir.display(),
    );
    Command::new("sh").args(["-c", &watcher]).stdin(std::process::Stdio::null()).spawn().map_err(|e| e.to_string())?;
    Ok(Server { bin, data, port })
}

impl Server {
    /// Stops it as a crash stops it (`-m immediate`: no checkpoint).
    pub(crate) fn stop(&self) -> Result<(), String> {
        run(&self.bin.join("pg_ctl"), &["-D", self.data.to_str().unwrap_or_default(), "-m", "immediate", "-w", "stop"])
    }

    /// Starts it again after `stop`, on the same port.
    pub(crate) fn restart(&self) -> Result<(), String> {
        let data = self.data.to_str().unwrap_or_default();
        let options = format!("-c listen_addresses=127.0.0.1 -p {} -k {data} -c max_connections=200", self.port);
        let log = self.data.join("server.log");
        run(
            &self.bin.join("pg_ctl"),
            &["-D", data, "-o", &options, "-l", log.to_str().unwrap_or_default(), "-w", "-t", "60", "start"],
        )
    }

    /// A database of its own for a test: its URL.
    pub(crate) fn database(&self) -> String {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let name = format!("t{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        let admin = format!("postgres://postgres@127.0.0.1:{}/postgres", self.port);
        let mut client = postgres::Client::connect(&admin, postgres::NoTls).expect("the test server answers");
        client.batch_execute(&format!("CREATE DATABASE {name}")).expect("a database for the test");
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }
}

/// The server of this test binary (started on first use); `None` where none
/// is installed and none is required.
pub(crate) fn server() -> Option<&'static Server> {
    static SERVER: OnceLock<Result<Server, String>> = OnceLock::new();
    match SERVER.get_or_init(start) {
        Ok(server) => Some(server),
        Err(e) if std::env::var("LICENSING_SIM_REQUIRE_POSTGRES").is_ok_and(|v| v == "1") => {
            panic!("PostgreSQL is required (LICENSING_SIM_REQUIRE_POSTGRES=1): {e}")
        }
        Err(e) => {
            eprintln!("skipped: {e}");
            None
        }
    }
}
