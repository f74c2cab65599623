//! The committed fast-path files of the npm package (`pkg/fast-check.js`, ESM, and
//! `pkg/fast-check.cjs`, CommonJS) are exactly what the generator writes
//! (`validate::fast_check_js`). `BLESS=1` rewrites them.

use licensing_core::validate::{fast_check_js, JsModule};
use std::path::PathBuf;

#[test]
fn committed_fast_check_files_are_generated() {
    let pkg = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../pkg");
    let bless = std::env::var_os("BLESS").is_some_and(|v| v == "1");
    for (module, file) in [(JsModule::Esm, "fast-check.js"), (JsModule::CommonJs, "fast-check.cjs")] {
        let path = pkg.join(file);
        let want = fast_check_js(module);
        if bless {
            std::fs::write(&path, &want).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
            continue;
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == want,
            "pkg/{file} is not the generator's output (the schema tables or fast_check_js.rs changed); \
             regenerate it with: BLESS=1 cargo test -p licensing-core --test rules fast_check"
        );
    }
}
