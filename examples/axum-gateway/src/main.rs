//! `cargo run -p axum-gateway-example`: the gateway on 127.0.0.1:3000 in front
//! of the service at `LICENSING_URL` (default: `make sim`'s simulator).

use licensing_client::{Client, ClientOptions};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let env = |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_owned());
    let options =
        ClientOptions::new(env("LICENSING_URL", "http://127.0.0.1:8787"), env("LICENSING_TOKEN", "dev-all-token"))
            .with_app_key(env("LICENSING_APP_KEY", "app-gateway"));
    let client = Client::reqwest(options)?;
    let listen = env("LISTEN", "127.0.0.1:3000");
    let listener = tokio::net::TcpListener::bind(&listen).await?;
    println!("gateway on http://{listen}/ (POST /api/orders, GET /api/shell-numbers?size=N)");
    axum::serve(listener, axum_gateway_example::app(client)).await?;
    Ok(())
}
