//! The portal's and the package's files beside the simulated paths (`--static`).

use axum::body::Body;
use axum::http::Request;
use licensing_sim::{router, AppState, Config, StaticMount};

use crate::support::*;

#[tokio::test]
async fn static_files_are_served_beside_the_simulated_paths() {
    let dir = std::env::temp_dir().join(format!("licensing-sim-static-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("pkg")).unwrap();
    std::fs::write(dir.join("index.html"), "<h1>portal</h1>").unwrap();
    std::fs::write(dir.join("pkg").join("a.js"), "export {}").unwrap();
    let config = Config {
        statics: vec![
            StaticMount { prefix: "/".into(), dir: dir.clone() },
            StaticMount { prefix: "/pkg".into(), dir: dir.join("pkg") },
        ],
        admin_token: Some(ADMIN.into()),
        ..Config::default()
    };
    let app = router(AppState::new(&config).unwrap());
    let page = send(&app, Request::get("/index.html").body(Body::empty()).unwrap()).await;
    assert_eq!((page.status, page.text.as_str()), (200, "<h1>portal</h1>"));
    let module = send(&app, Request::get("/pkg/a.js").body(Body::empty()).unwrap()).await;
    assert_eq!((module.status, module.text.as_str()), (200, "export {}"));
    // The API and the admin routes are the simulator's, whatever the mounts.
    ok(&post(&app, ORDER, "/order/api/order/v1/shellnums", serde_json::json!({"size": 1})).await);
    assert_eq!(send(&app, admin("GET", "/__sim/stats")).await.status, 200);
    let missing = send(&app, Request::get("/nothing.js").body(Body::empty()).unwrap()).await;
    assert_eq!(missing.status, 404);
    std::fs::remove_dir_all(&dir).unwrap();
}
