//! The process killed as `kill -9` kills it (SIGKILL: nothing flushed, no
//! destructor run) at each point of a write, and at random under load; the
//! restart on the same store has every write whose answer was sent, hands
//! out no asset number twice and refuses every answered write's nonce.

use std::sync::{Arc, Mutex};

use crate::support::{numbers, Sim, ADMIN, SHELL};

/// Asks for one asset number at a time until the process dies: the numbers answered.
fn numbers_until_killed(sim: &mut Sim) -> Vec<u64> {
    let mut answered = Vec::new();
    for i in 0.. {
        match sim.post(SHELL, &format!("n{i}"), r#"{"size":1}"#) {
            Some((200, answer)) => answered.extend(numbers(&answer)),
            Some((status, answer)) => panic!("answered {status}: {answer}"),
            None => break,
        }
    }
    assert!(sim.wait_killed(), "killed by its crash point");
    answered
}

/// The next number the simulator on `store` hands out, and whether it refuses an answered write's nonce.
fn after_restart(store: &std::ffi::OsStr) -> (u64, bool) {
    let sim = Sim::start_on(store, None);
    let (status, answer) = sim.post(SHELL, "n0", r#"{"size":1}"#).expect("an answer");
    let refused = status == 299 && answer["code"] == "13004";
    let (status, answer) = sim.post(SHELL, "after-restart", r#"{"size":1}"#).expect("an answer");
    assert_eq!(status, 200, "{answer}");
    (numbers(&answer)[0], refused)
}

/// Kills a simulator on the store `make` gives at each point of a write; the
/// restart on it keeps every answered write.
fn killed_at_each_point(make: impl Fn() -> std::ffi::OsString) {
    // (point, the pass that kills, whether the write killed there was committed)
    let points = [("applied", 3, false), ("appended", 3, false), ("committed", 3, true)];
    for (point, pass, kept) in points {
        let store = make();
        let mut sim = Sim::start_on(&store, Some(&format!("{point}:{pass}")));
        let answered = numbers_until_killed(&mut sim);
        assert!(!answered.is_empty(), "{point}: some writes answered before the kill");
        let last = *answered.iter().max().unwrap();
        let (next, refused) = after_restart(&store);
        assert!(refused, "{point}: an answered write's nonce is refused after the restart");
        // The write killed before its commit was never answered and is not kept: its
        // number is handed out again; one killed after its commit is kept, unanswered.
        let expected = if kept { last + 2 } else { last + 1 };
        assert_eq!(next, expected, "{point}: answered {answered:?}");
    }
}

#[test]
fn killed_at_each_point_of_a_write_the_restart_keeps_every_answered_write() {
    let dir = tempfile::tempdir().unwrap();
    let made = std::sync::atomic::AtomicU32::new(0);
    killed_at_each_point(|| {
        dir.path().join(format!("sim{}.db", made.fetch_add(1, std::sync::atomic::Ordering::Relaxed))).into_os_string()
    });
}

#[test]
fn killed_at_each_point_of_a_write_on_postgres_the_restart_keeps_every_answered_write() {
    let Some(server) = crate::pg::server() else { return };
    killed_at_each_point(|| server.database().into());
}

#[test]
fn killed_after_a_session_was_kept_and_before_its_201_the_restart_has_it() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("sim.db");
    let mut sim = Sim::start(&store, Some("created:1"));
    let made = sim.call("POST", "/__sim/sessions", &[("x-sim-admin", ADMIN)], "{}");
    assert!(made.is_none(), "no answer: {made:?}");
    assert!(sim.wait_killed());
    let sim = Sim::start(&store, None);
    let (status, list) = sim.call("GET", "/__sim/sessions", &[("x-sim-admin", ADMIN)], "").unwrap();
    assert_eq!(status, 200);
    assert_eq!(list["sessions"].as_array().map(Vec::len), Some(1), "{list}");
}

#[test]
fn killed_at_random_under_load_no_number_is_handed_out_twice() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("sim.db");
    let answered = Arc::new(Mutex::new(Vec::<u64>::new()));
    // The kill lands after a different number of answers each round (not on a clock:
    // a loaded machine answers fewer in the same time, and the round still kills mid-write).
    for (round, kill_after) in [(0u32, 40usize), (1, 150), (2, 7)] {
        let sim = Arc::new(Mutex::new(Some(Sim::start(&store, None))));
        let addr = sim.lock().unwrap().as_ref().unwrap().addr.clone();
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let workers: Vec<_> = (0..4)
            .map(|w| {
                let (answered, stop, addr) = (Arc::clone(&answered), Arc::clone(&stop), addr.clone());
                std::thread::spawn(move || {
                    let client = crate::support::Client { addr };
                    for i in 0.. {
                        if stop.load(std::sync::atomic::Ordering::SeqCst) {
                            break;
                        }
                        match client.post(SHELL, &format!("r{round}w{w}i{i}"), r#"{"size":2}"#) {
                            Some((200, answer)) => answered.lock().unwrap().extend(numbers(&answer)),
                            Some((status, answer)) => panic!("answered {status}: {answer}"),
                            None => break,
                        }
                    }
                })
            })
            .collect();
        let before = answered.lock().unwrap().len();
        while answered.lock().unwrap().len() < before + kill_after * 2 {
            assert!(!workers.iter().all(std::thread::JoinHandle::is_finished), "the workers stopped before the kill");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        // kill -9 while the workers are still writing.
        drop(sim.lock().unwrap().take());
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        for worker in workers {
            worker.join().unwrap();
        }
    }
    let mut all = answered.lock().unwrap().clone();
    let (next, _) = after_restart(store.as_os_str());
    let count = all.len();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), count, "no number answered twice across three kills");
    assert!(next > *all.last().unwrap(), "the next number {next} is past every answered one");
}
