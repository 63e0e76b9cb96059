//! `rulebook serve`: one page to play the game in a browser, and a small
//! JSON API the page calls. The engine runs here; the page only shows the
//! states it gets and sends clicks back as moves.
//!
//! hyper serves it, on tokio: a maintained HTTP/1.1 implementation with the
//! limits a server open to any page needs (header size, header time, many
//! connections at once), and nothing more. The routes are a dozen fixed
//! paths matched in [`site::Site::api`], so no router crate is needed. The
//! games live behind one lock taken only for quick calls; the computer's
//! searches run on a bounded pool of their own, off the lock and off the
//! connections' threads.

mod games;
mod site;

use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Incoming;
use hyper::header::{HeaderValue, CONTENT_TYPE};
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use rulebook::app::load::Loaded;
use rulebook::app::EXIT_USAGE;
use rulebook::check::Choice;
use serde_json::Value;
use site::{Reply, Site};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::Semaphore;

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");

/// The largest request body read (a record of the longest game fits easily).
const MAX_BODY: usize = 256 << 10;
/// The most bytes of request line and headers buffered.
const MAX_HEADERS: usize = 16 << 10;
/// How long a client may take to send its headers, and then its body.
const HEADER_TIME: Duration = Duration::from_secs(10);
const BODY_TIME: Duration = Duration::from_secs(10);
/// The most connections open at once; more wait to be accepted.
const MAX_CONNECTIONS: usize = 512;
/// Searches run at once (one a core); more wait their turn.
fn search_slots() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 8)
}

/// What every connection shares.
struct Shared {
    site: Mutex<Site>,
    searches: Semaphore,
    /// Only pages that call the server by a loopback name are answered.
    loopback: bool,
}

fn refusal(status: u16, msg: impl Into<String>) -> Reply {
    games::Refusal(status, msg.into()).into()
}

/// Whether the Host header names the loopback: a page elsewhere that points
/// its own name at 127.0.0.1 (DNS rebinding) gets no answer.
fn loopback_host(req: &Request<Incoming>) -> bool {
    let Some(host) = req.headers().get("host").and_then(|h| h.to_str().ok()) else { return false };
    let name = if host.starts_with('[') {
        host.split(']').next().unwrap_or("").trim_start_matches('[')
    } else {
        host.rsplit_once(':').map_or(host, |(n, _)| n)
    };
    name == "localhost" || name.parse::<IpAddr>().is_ok_and(|ip| ip.to_canonical().is_loopback())
}

/// A state-changing call must come from the page itself: JSON (which a
/// cross-site form cannot send without asking first), and no foreign origin.
fn same_origin_json(req: &Request<Incoming>) -> Result<(), Reply> {
    let header = |name: &str| req.headers().get(name).and_then(|h| h.to_str().ok());
    let json =
        header("content-type").is_some_and(|t| t.split(';').next().is_some_and(|m| m.trim() == "application/json"));
    if !json {
        return Err(refusal(415, "a call that changes a game must be sent as application/json"));
    }
    if let Some(site) = header("sec-fetch-site") {
        if site != "same-origin" && site != "none" {
            return Err(refusal(403, format!("calls from other sites are refused (Sec-Fetch-Site: {site})")));
        }
    }
    if let (Some(origin), Some(host)) = (header("origin"), header("host")) {
        let bare = origin.strip_prefix("http://").or_else(|| origin.strip_prefix("https://")).unwrap_or(origin);
        if bare != host {
            return Err(refusal(403, format!("calls from other sites are refused (Origin: {origin})")));
        }
    }
    Ok(())
}

/// The body, read within [`MAX_BODY`] and [`BODY_TIME`], as JSON.
async fn body_json(req: Request<Incoming>) -> Result<Value, Reply> {
    let too_large = || refusal(413, format!("the request is larger than {MAX_BODY} bytes"));
    let announced =
        req.headers().get("content-length").and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY as u64) {
        // Not read: hyper closes the connection rather than drain it.
        return Err(too_large());
    }
    let read = tokio::time::timeout(BODY_TIME, Limited::new(req.into_body(), MAX_BODY).collect()).await;
    let bytes = match read {
        Err(_) => return Err(refusal(408, format!("the body did not arrive within {}s", BODY_TIME.as_secs()))),
        Ok(Err(e)) if e.downcast_ref::<http_body_util::LengthLimitError>().is_some() => return Err(too_large()),
        Ok(Err(_)) => return Err(refusal(400, "the request's body could not be read")),
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    if bytes.is_empty() {
        return Ok(Value::Null);
    }
    serde_json::from_slice(&bytes).map_err(|e| refusal(400, format!("the body is not JSON: {e}")))
}

/// Runs `f` on the site under its lock, on a blocking thread; a panic (a
/// bug) becomes a 500 and leaves the other games as they were.
async fn with_site(shared: &Arc<Shared>, f: impl FnOnce(&mut Site) -> Reply + Send + 'static) -> Reply {
    let shared = shared.clone();
    let run = tokio::task::spawn_blocking(move || {
        let mut site = shared.site.lock().unwrap_or_else(|e| e.into_inner());
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&mut site)))
    });
    match run.await {
        Ok(Ok(reply)) => reply,
        _ => refusal(500, "internal error (a bug in rulebook: please report it)"),
    }
}

/// The computer's ply: prepared under the lock, searched on a search slot
/// without it (stopped at the server's limit, or when the game moves on),
/// played under the lock if the game is still where it was.
async fn agent(shared: &Arc<Shared>, body: Value) -> Reply {
    let prepared = {
        let shared = shared.clone();
        tokio::task::spawn_blocking(move || shared.site.lock().unwrap_or_else(|e| e.into_inner()).search(&body)).await
    };
    let search = match prepared {
        Ok(Ok(s)) => s,
        Ok(Err(refused)) => return refused.into(),
        Err(_) => return refusal(500, "internal error (a bug in rulebook: please report it)"),
    };
    let cancel = search.cancel();
    let Ok(_slot) = shared.searches.acquire().await else { return refusal(503, "the server is stopping") };
    let watchdog = tokio::spawn(async move {
        tokio::time::sleep(games::MAX_SEARCH).await;
        cancel.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let ran = tokio::task::spawn_blocking(move || {
        let found = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| search.run()));
        (search, found)
    })
    .await;
    watchdog.abort();
    let Ok((search, Ok(found))) = ran else {
        return refusal(500, "internal error (a bug in rulebook: please report it)");
    };
    with_site(shared, move |site| site.searched(search, found)).await
}

async fn respond(shared: Arc<Shared>, req: Request<Incoming>) -> Reply {
    if shared.loopback && !loopback_host(&req) {
        return refusal(403, "this server answers only pages from 127.0.0.1 or localhost");
    }
    let (method, path) = (req.method().as_str().to_string(), req.uri().path().to_string());
    let query = req.uri().query().unwrap_or("").to_string();
    match (method.as_str(), path.as_str()) {
        ("GET", "/") => return Reply(200, "text/html; charset=utf-8", INDEX.as_bytes().to_vec()),
        ("GET", "/app.js") => return Reply(200, "text/javascript; charset=utf-8", SCRIPT.as_bytes().to_vec()),
        ("GET", "/style.css") => return Reply(200, "text/css; charset=utf-8", STYLE.as_bytes().to_vec()),
        ("GET", _) => {}
        ("POST", _) => {
            if let Err(r) = same_origin_json(&req) {
                return r;
            }
        }
        _ => return refusal(405, format!("{method} is not answered here")),
    }
    let body = match body_json(req).await {
        Ok(v) => v,
        Err(r) => return r,
    };
    if (method.as_str(), path.as_str()) == ("POST", "/api/agent") {
        return agent(&shared, body).await;
    }
    with_site(&shared, move |site| site.api(&method, &path, &query, &body).unwrap_or_else(Reply::from)).await
}

fn response(reply: Reply) -> Response<Full<Bytes>> {
    let Reply(status, kind, bytes) = reply;
    let mut r = Response::new(Full::new(Bytes::from(bytes)));
    *r.status_mut() = hyper::StatusCode::from_u16(status).unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    let h = r.headers_mut();
    h.insert(CONTENT_TYPE, HeaderValue::from_static(kind));
    h.insert("cache-control", HeaderValue::from_static("no-store"));
    h.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
    h.insert(
        "content-security-policy",
        HeaderValue::from_static("default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:"),
    );
    r
}

/// The text of each file the game was read from, by name.
type Sources = HashMap<PathBuf, String>;

/// Serves one connection: HTTP/1.1 with keep-alive, within the limits.
fn connection(shared: Arc<Shared>, stream: tokio::net::TcpStream, permit: tokio::sync::OwnedSemaphorePermit) {
    // Each answer is written whole; no waiting for the peer's acknowledgement.
    let _ = stream.set_nodelay(true);
    tokio::spawn(async move {
        let service = hyper::service::service_fn(move |req| {
            let shared = shared.clone();
            async move { Ok::<_, std::convert::Infallible>(response(respond(shared, req).await)) }
        });
        let conn = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(HEADER_TIME)
            .max_buf_size(MAX_HEADERS.max(8192))
            .serve_connection(TokioIo::new(stream), service);
        // A client that goes away is no concern of the others.
        let _ = conn.await;
        drop(permit);
    });
}

async fn accept_loop(listener: tokio::net::TcpListener, shared: Arc<Shared>) {
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(permit) = slots.clone().acquire_owned().await else { return };
        match listener.accept().await {
            Ok((stream, _)) => connection(shared.clone(), stream, permit),
            // Out of file descriptors, or a connection reset before it was
            // accepted: wait a moment and go on.
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

/// Serves `loaded` (read from `file` with the command line's `choices`) until stopped.
pub fn serve(file: &Path, loaded: Loaded, choices: Vec<Choice>, host: IpAddr, port: u16, open: bool) -> i32 {
    let title = loaded.title().to_string();
    // The server reads no file again: the texts read are kept.
    let sources: Sources = loaded.sources.into_iter().collect();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().max_blocking_threads(64).build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the server: {e}");
            return EXIT_USAGE;
        }
    };
    let listener = match runtime.block_on(tokio::net::TcpListener::bind(SocketAddr::new(host, port))) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: cannot listen on {host} port {port}: {e}");
            return EXIT_USAGE;
        }
    };
    let addr = listener.local_addr().map_or(format!("{host}:{port}"), |a| a.to_string());
    let url = format!("http://{addr}/");
    let loopback = host.to_canonical().is_loopback();
    println!("Serving {title} at {url} (Ctrl-C to stop)");
    if !loopback {
        println!("Listening on {host}: other machines on the network can play too.");
    }
    use std::io::Write;
    let _ = std::io::stdout().flush();
    if open {
        open_browser(&url);
    }
    let site = Site::new(file.to_path_buf(), sources, title, choices);
    let shared = Arc::new(Shared { site: Mutex::new(site), searches: Semaphore::new(search_slots()), loopback });
    runtime.block_on(accept_loop(listener, shared));
    0
}

/// Asks the system to open the page; a failure is only a warning.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("warning: could not open a browser ({opener}: {e}); open {url} yourself");
    }
}
