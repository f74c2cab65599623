//! The committed fast-path file of the npm package (`pkg/fast-check.cjs`) is
//! exactly what the generator writes (`validate::fast_check_js`). `BLESS=1`
//! rewrites it.

use licensing_core::validate::fast_check_js;
use std::path::PathBuf;

#[test]
fn committed_fast_check_file_is_generated() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../pkg/fast-check.cjs");
    let want = fast_check_js();
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &want).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "pkg/fast-check.cjs is not the generator's output (the schema tables or fast_check_js.rs changed); \
         regenerate it with: BLESS=1 cargo test -p licensing-core --test rules fast_check"
    );
}
