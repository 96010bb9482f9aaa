//! The pages and their scripts and style, compiled into the binary (`include_bytes!`): plain
//! HTML, CSS and JavaScript modules, with no build step.
//!
//! A page is a row of [`PAGES`] (its path and file); its scripts and style are rows of
//! [`ASSETS`], served under `/assets/`. Adding a page (the log viewer, the review) is a file in
//! `assets/`, a row in each table, and a link in the shared navigation bar of the pages.

use std::sync::LazyLock;

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// One embedded file.
#[derive(Debug)]
pub struct Asset {
    /// Its name under `/assets/` (pages: their file name).
    pub name: &'static str,
    /// Its content type.
    pub content_type: &'static str,
    /// Its bytes.
    pub bytes: &'static [u8],
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

macro_rules! asset {
    ($name:literal, $type:expr) => {
        Asset {
            name: $name,
            content_type: $type,
            bytes: include_bytes!(concat!("../assets/", $name)),
        }
    };
}

/// The pages: (route, file).
pub const PAGES: &[(&str, Asset)] = &[
    ("/", asset!("index.html", HTML)),
    ("/score", asset!("score.html", HTML)),
    ("/log", asset!("log.html", HTML)),
    ("/review", asset!("review.html", HTML)),
    ("/play", asset!("play.html", HTML)),
];

/// The scripts and style the pages load.
pub const ASSETS: &[Asset] = &[
    asset!("style.css", CSS),
    asset!("favicon.svg", SVG),
    asset!("js/common.js", JS),
    asset!("js/tiles.js", JS),
    asset!("js/analysis.js", JS),
    asset!("js/score.js", JS),
    asset!("js/log.js", JS),
    asset!("js/review.js", JS),
    asset!("review-page.css", CSS),
    asset!("play.css", CSS),
    asset!("js/play.js", JS),
    asset!("js/play-api.js", JS),
    asset!("js/play-lobby.js", JS),
    asset!("js/play-table.js", JS),
    asset!("js/play-words.js", JS),
    // The review's stylesheet is mj-review's own, so that the page and `mj review --html`
    // never drift apart.
    Asset {
        name: "review.css",
        content_type: CSS,
        bytes: mj_review::html::STYLE.as_bytes(),
    },
];

/// FNV-1a of each file, as its entity tag: pages are revalidated (`no-cache`) and answered 304
/// when unchanged.
static TAGS: LazyLock<Vec<(&'static str, HeaderValue)>> = LazyLock::new(|| {
    PAGES
        .iter()
        .map(|(_, a)| a)
        .chain(ASSETS)
        .map(|a| {
            let hash = a.bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            });
            let tag = HeaderValue::from_str(&format!("\"{hash:016x}\""))
                .unwrap_or(HeaderValue::from_static("\"0\""));
            (a.name, tag)
        })
        .collect()
});

fn respond(asset: &Asset, request_headers: &HeaderMap) -> Response {
    let tag = TAGS
        .iter()
        .find(|(name, _)| *name == asset.name)
        .map(|(_, t)| t.clone());
    if let (Some(tag), Some(sent)) = (&tag, request_headers.get(header::IF_NONE_MATCH))
        && sent == tag
    {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        response.headers_mut().insert(header::ETAG, tag.clone());
        return response;
    }
    let mut response = asset.bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(asset.content_type),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Some(tag) = tag {
        headers.insert(header::ETAG, tag);
    }
    response
}

/// The page at `route`.
pub(crate) fn page(
    route: &'static str,
) -> impl Fn(HeaderMap) -> std::future::Ready<Response> + Clone {
    move |headers: HeaderMap| {
        let response = match PAGES.iter().find(|(r, _)| *r == route) {
            Some((_, asset)) => respond(asset, &headers),
            None => not_found(route).into_response(),
        };
        std::future::ready(response)
    }
}

/// `GET /assets/{*name}`.
pub(crate) async fn asset(Path(name): Path<String>, headers: HeaderMap) -> Response {
    match ASSETS.iter().find(|a| a.name == name) {
        Some(asset) => respond(asset, &headers),
        None => not_found(&format!("/assets/{name}")).into_response(),
    }
}

/// 404 naming the path.
pub(crate) fn not_found(path: &str) -> ApiError {
    let shown: String = path.chars().take(200).collect();
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        format!("no page or API at {shown:?} (the routes are listed in docs/server.md)"),
    )
}
