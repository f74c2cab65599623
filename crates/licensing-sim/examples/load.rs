//! Load test: fires batch orders at the simulator on 127.0.0.1 from many
//! keep-alive connections, then checks that every accepted order is stored
//! exactly once. Bounded: it stops after `--requests` or `--seconds`.
//!
//! `cargo run --release -p licensing-sim --example load -- --requests 100000 --connections 64`
//!
//! `--distinct-customers`: every order names a new CRM customer, so each
//! order's lookup searches every customer stored so far and then adds one;
//! the check includes one customer per accepted order.
//!
//! The HTTP/1.1 client is hand-written (a request line, headers, a
//! Content-Length body) so the load tool adds no dependency to the crate.

use std::time::{Duration, Instant};

use licensing_sim::{router, AppState, Config};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

struct Args {
    requests: usize,
    connections: usize,
    seconds: u64,
    distinct_customers: bool,
}

fn args() -> Args {
    let mut a = Args { requests: 100_000, connections: 64, seconds: 120, distinct_customers: false };
    let mut argv: Vec<String> = std::env::args().skip(1).collect();
    if let Some(at) = argv.iter().position(|a| a == "--distinct-customers") {
        argv.remove(at);
        a.distinct_customers = true;
    }
    for pair in argv.chunks(2) {
        let value = pair.get(1).and_then(|v| v.parse().ok());
        match (pair[0].as_str(), value) {
            ("--requests", Some(v)) => a.requests = v,
            ("--connections", Some(v)) => a.connections = v.max(1),
            ("--seconds", Some(v)) => a.seconds = v as u64,
            _ => {
                eprintln!("usage: load [--requests N] [--connections C] [--seconds S] [--distinct-customers]");
                std::process::exit(2);
            }
        }
    }
    a
}

fn body(i: usize, distinct_customers: bool) -> String {
    let (crm, enterprise) = if distinct_customers {
        (format!("CRM-LOAD-{i}"), format!("EG-LOAD-{i}"))
    } else {
        (String::from("CRM-LOAD"), String::from("EG-LOAD"))
    };
    format!(
        r#"{{"channelCode":"LOAD","channelOrderId":"LOAD-{i}","syncMode":"async","orderList":[{{"sequence":1,
"orderType":"new_buy","licenseType":"softkey","crmCustomerId":"{crm}","enterpriseGlobalId":"{enterprise}",
"assets":[{{"assetNos":["8{:09}"],"products":[{{"productUri":"gms:1001","limitConcurrent":1}}]}}]}}]}}"#,
        i % 1_000_000_000
    )
}

/// One request on a keep-alive connection: (HTTP status, body).
async fn exchange(conn: &mut BufReader<TcpStream>, path: &str, body: &str) -> std::io::Result<(u16, Vec<u8>)> {
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer dev-order-token\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    // One write, no Nagle: two small writes would wait on the peer's delayed ACK.
    let mut request = head.into_bytes();
    request.extend_from_slice(body.as_bytes());
    conn.get_mut().write_all(&request).await?;
    let mut line = String::new();
    conn.read_line(&mut line).await?;
    let status = line.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut length = 0usize;
    loop {
        line.clear();
        conn.read_line(&mut line).await?;
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some((k, v)) = l.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut buf = vec![0; length];
    conn.read_exact(&mut buf).await?;
    Ok((status, buf))
}

#[tokio::main]
async fn main() {
    let a = args();
    let state = AppState::new(&Config::default()).expect("state");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    let app = router(state.clone());
    tokio::spawn(licensing_sim::serve_on(listener, app, std::time::Duration::from_secs(10)));

    let deadline = Instant::now() + Duration::from_secs(a.seconds);
    let next = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let started = Instant::now();
    let mut workers = Vec::new();
    for _ in 0..a.connections {
        let next = next.clone();
        let total = a.requests;
        let distinct = a.distinct_customers;
        workers.push(tokio::spawn(async move {
            let connect = || async {
                let stream = TcpStream::connect(addr).await.expect("connect");
                let _ = stream.set_nodelay(true);
                BufReader::new(stream)
            };
            let mut conn = connect().await;
            let (mut accepted, mut refused, mut latencies) = (0usize, 0usize, Vec::new());
            loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= total || Instant::now() > deadline {
                    break;
                }
                let path = format!("/order/api/order/v1/licenseOrder/batchOrder?appKey=load&g_nonce=load-{i}");
                let t = Instant::now();
                match exchange(&mut conn, &path, &body(i, distinct)).await {
                    Ok((200, body)) if body.starts_with(br#"{"code":0"#) => accepted += 1,
                    Ok(_) => refused += 1,
                    Err(_) => {
                        refused += 1;
                        conn = connect().await;
                    }
                }
                latencies.push(t.elapsed());
            }
            (accepted, refused, latencies)
        }));
    }
    let (mut accepted, mut refused, mut latencies) = (0, 0, Vec::new());
    for w in workers {
        let (a, r, l) = w.await.expect("worker");
        accepted += a;
        refused += r;
        latencies.extend(l);
    }
    let elapsed = started.elapsed();
    latencies.sort();
    let pct = |p: f64| {
        latencies
            .get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    let stored = state.order_count();
    let customers = state.customer_count();
    println!(
        "load: {} requests, {} connections, {:.2} s: {:.0} requests/s, p50 {:.2} ms, p99 {:.2} ms; accepted {accepted}, refused {refused}, stored {stored}, customers {customers}",
        latencies.len(),
        a.connections,
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        pct(0.50).as_secs_f64() * 1000.0,
        pct(0.99).as_secs_f64() * 1000.0,
    );
    if stored != accepted || refused > 0 || accepted < a.requests.min(100_000) {
        eprintln!("load: FAILED: every accepted order must be stored exactly once (accepted {accepted}, stored {stored}, refused {refused})");
        std::process::exit(1);
    }
    let want_customers = if a.distinct_customers { accepted } else { 1 };
    if customers != want_customers {
        eprintln!("load: FAILED: {customers} customers stored, {want_customers} expected");
        std::process::exit(1);
    }
    println!("load: ok: every accepted order stored exactly once, {customers} customers");
}
