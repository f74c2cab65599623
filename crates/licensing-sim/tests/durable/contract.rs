//! What every `SessionStore` promises, one suite run against each store (as
//! mountebank runs one repository contract against every repository): the
//! entries come back in the order they were appended, per session; a deleted
//! session and its entries are gone; an append to a session not kept fails
//! alone; what a durable store committed is there when it is opened again.

use licensing_sim::store::{KeptSession, Made, MemoryStore, SessionHead, SessionStore, SqliteStore};
use licensing_sim_core::Entry;
use serde_json::json;

fn head(id: &str) -> SessionHead {
    SessionHead {
        id: id.to_owned(),
        spec: json!({ "seed": 7, "clock": "virtual" }),
        admin_token: format!("token-{id}"),
        created_ms: 1_000,
        idle_ms: 60_000,
    }
}

fn write(i: i64) -> Entry {
    // JSON with what a store must not mangle: unicode, quotes, a large input.
    let input =
        json!({ "size": 1, "note": format!("écrit \"{i}\" 名前 {}", "x".repeat(usize::try_from(i).unwrap() * 100)) })
            .to_string();
    serde_json::from_value(json!({ "t": "write", "at": 1_000 + i, "endpoint": "shellNums", "input": input, "query": { "appKey": "a" }, "nonce": format!("n{i}") })).unwrap()
}

fn entries(kept: &KeptSession) -> Vec<Entry> {
    kept.entries.iter().map(|(_, e)| e.clone()).collect()
}

/// The contract, against `store` (empty when given).
pub(crate) fn holds(store: &dyn SessionStore) {
    assert!(store.load().unwrap().is_empty(), "{}: a new store keeps nothing", store.kind());
    assert_eq!(store.load_session("a").unwrap(), None);
    store.create(&head("a")).unwrap();
    store.create(&head("")).unwrap();
    let a = store.load_session("a").unwrap().unwrap();
    assert_eq!((a.head.clone(), a.entries.len()), (head("a"), 0));
    // When a session was last used: its making, then each later use noted
    // (queued: read after a write that waits); an earlier one or an id not
    // kept changes nothing.
    assert_eq!(store.last_uses().unwrap().get("a"), Some(&1_000), "{}: made at 1,000", store.kind());
    store.note_used(vec![(String::from("a"), 5_000), (String::from("never"), 9_000)]).unwrap();
    store.note_used(vec![(String::from("a"), 4_000)]).unwrap();
    store.health().unwrap();
    let last_uses = store.last_uses().unwrap();
    assert_eq!((last_uses.get("a"), last_uses.get("never")), (Some(&5_000), None), "{}", store.kind());
    store.append("a", &[(1, write(1)), (2, write(2))]).unwrap();
    store.append("", &[(1, write(10))]).unwrap();
    store.append("a", &[(3, Entry::Reset), (4, write(3))]).unwrap();
    let a = store.load_session("a").unwrap().unwrap();
    assert_eq!(
        entries(&a),
        vec![write(1), write(2), Entry::Reset, write(3)],
        "{}: in the order appended",
        store.kind()
    );
    assert!(a.entries.windows(2).all(|w| w[0].0 < w[1].0), "{}: numbered in order", store.kind());
    assert_eq!(entries(&store.load_session("").unwrap().unwrap()), vec![write(10)], "sessions do not mix");
    let mut ids: Vec<String> = store.load().unwrap().into_iter().map(|k| k.head.id).collect();
    ids.sort();
    assert_eq!(ids, vec![String::new(), String::from("a")]);
    assert!(store.append("gone", &[(1, write(1))]).is_err(), "{}: an append to a session not kept fails", store.kind());
    store.append("", &[(2, write(11))]).unwrap();
    store.delete("a").unwrap();
    store.delete("never").unwrap();
    assert_eq!(store.load_session("a").unwrap(), None);
    assert_eq!(store.last_uses().unwrap().get("a"), None, "{}: its last use goes with it", store.kind());
    // A make within its bounds is kept (a shared store's refusals: tests/durable/postgres.rs).
    let roomy = licensing_sim_core::SessionLimits::default();
    assert_eq!(store.create_within(&head("b"), &roomy, 2_000).unwrap(), Made::Kept, "{}", store.kind());
    assert_eq!(store.load_session("b").unwrap().map(|b| b.head), Some(head("b")), "{}", store.kind());
    store.delete("b").unwrap();
    store.create(&head("a")).unwrap();
    assert!(
        store.load_session("a").unwrap().unwrap().entries.is_empty(),
        "{}: made again, it starts empty",
        store.kind()
    );
    assert_eq!(entries(&store.load_session("").unwrap().unwrap()), vec![write(10), write(11)]);
    store.health().unwrap();
}

#[test]
fn memory_holds_the_contract() {
    holds(&MemoryStore::default());
}

#[test]
fn sqlite_holds_the_contract_and_keeps_it_across_an_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sim.db");
    let path = path.to_str().unwrap();
    holds(&SqliteStore::open(path).unwrap());
    let again = SqliteStore::open(path).unwrap();
    assert_eq!(entries(&again.load_session("").unwrap().unwrap()), vec![write(10), write(11)]);
    assert_eq!(again.load_session("a").unwrap().unwrap().head, head("a"));
}

/// A file made before the last uses were kept opens; its sessions' last uses
/// are unknown (a restart counts them used when it starts).
#[test]
fn a_sqlite_file_made_before_last_uses_were_kept_opens_and_knows_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sim.db");
    let old = rusqlite::Connection::open(&path).unwrap();
    old.execute_batch(
        "CREATE TABLE sessions (id TEXT PRIMARY KEY, spec TEXT NOT NULL, admin_token TEXT NOT NULL, \
         created_ms INTEGER NOT NULL, idle_ms INTEGER NOT NULL);
         INSERT INTO sessions VALUES ('a', '{}', 't', 1000, 60000);",
    )
    .unwrap();
    drop(old);
    let store = SqliteStore::open(path.to_str().unwrap()).unwrap();
    assert_eq!(store.load_session("a").unwrap().unwrap().head.created_ms, 1_000);
    assert!(store.last_uses().unwrap().is_empty());
    store.note_used(vec![(String::from("a"), 7_000)]).unwrap();
    store.health().unwrap();
    assert_eq!(store.last_uses().unwrap().get("a"), Some(&7_000));
}

#[test]
fn sqlite_groups_the_appends_of_many_threads_and_loses_none() {
    let dir = tempfile::tempdir().unwrap();
    let store = std::sync::Arc::new(SqliteStore::open(dir.path().join("sim.db").to_str().unwrap()).unwrap());
    for t in 0..8 {
        store.create(&head(&format!("s{t}"))).unwrap();
    }
    let threads: Vec<_> = (0..8)
        .map(|t| {
            let store = std::sync::Arc::clone(&store);
            std::thread::spawn(move || {
                for i in 0..50 {
                    store.append(&format!("s{t}"), &[(i, write(i64::try_from(i % 5).unwrap()))]).unwrap();
                }
            })
        })
        .collect();
    for thread in threads {
        thread.join().unwrap();
    }
    for t in 0..8 {
        let kept = store.load_session(&format!("s{t}")).unwrap().unwrap();
        let want: Vec<Entry> = (0..50).map(|i| write(i % 5)).collect();
        assert_eq!(entries(&kept), want, "session s{t}: each thread's appends, in its order");
    }
}

#[test]
fn a_second_process_on_one_sqlite_file_is_refused_while_the_first_has_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sim.db");
    let path = path.to_str().unwrap();
    let first = SqliteStore::open(path).unwrap();
    let refused = SqliteStore::open(path).err().unwrap();
    assert!(refused.contains("another process serves this store") && refused.contains("sim.db.lock"), "{refused}");
    drop(first);
    assert!(SqliteStore::open(path).is_ok(), "free once the first is closed");
}

#[test]
fn a_store_that_is_not_a_database_is_refused_with_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("not.db");
    std::fs::write(&path, "this is a text file, not SQLite, and long enough to have a header: ".repeat(20)).unwrap();
    let refused = SqliteStore::open(path.to_str().unwrap()).err().unwrap();
    assert!(refused.contains("not a database") || refused.contains("file is not"), "{refused}");
    assert!(licensing_sim::store::open("").is_err());
}
