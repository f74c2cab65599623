//! Found by an adversarial pass: a process out of file descriptors asked the
//! listener again at once after each failed accept, a core's worth of CPU for
//! as long as the connections stayed open.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::Duration;

/// The CPU time of process `pid` so far, in clock ticks (/proc/PID/stat's utime + stime).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the process's stat");
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    let after = stat.rsplit_once(')').map(|(_, rest)| rest).unwrap_or_default();
    let fields: Vec<&str> = after.split_whitespace().collect();
    fields.get(11..13).map_or(0, |f| f.iter().filter_map(|t| t.parse::<u64>().ok()).sum())
}

#[test]
fn out_of_file_descriptors_it_waits_for_one_and_does_not_spin() {
    // 32 descriptors: the runtime's own and a few connections; the rest stay queued.
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -n 32 && exec \"$0\" --listen 127.0.0.1:0 --admin-token t"])
        .arg(env!("CARGO_BIN_EXE_licensing-sim"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("licensing-sim starts");
    let mut lines = BufReader::new(child.stderr.take().expect("stderr")).lines();
    let addr = loop {
        let line = lines.next().and_then(Result::ok).expect("licensing-sim listens");
        if let Some(rest) = line.split("listening on http://").nth(1) {
            break rest.split('/').next().unwrap_or_default().to_owned();
        }
    };
    std::thread::spawn(move || lines.for_each(drop));
    let connections: Vec<TcpStream> = (0..60).filter_map(|_| TcpStream::connect(&addr).ok()).collect();
    assert!(connections.len() > 32, "only {} connections", connections.len());
    std::thread::sleep(Duration::from_millis(300));
    let before = cpu_ticks(child.id());
    std::thread::sleep(Duration::from_secs(3));
    let spent = cpu_ticks(child.id()) - before;
    drop(connections);
    let _ = child.kill();
    let _ = child.wait();
    // 3 s of a core is 300 ticks (100 a second); spinning took most of them.
    assert!(spent < 75, "{spent} ticks of CPU in 3 s with every descriptor taken");
}
