//! Game rooms over HTTP: `POST /api/games` opens a room, `GET /api/games/{id}` answers a
//! seat's (or a spectator's) view with a long poll, `POST /api/games/{id}/act` plays a
//! person's mjai reaction, `GET /api/games/{id}/log` gives a finished game's mjai log, `GET
//! /api/games` lists the rooms (the registry of live rooms is `rooms`'s).

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::{Path as UrlPath, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use mj_room::store::random_hex;
use mj_room::{GameSpec, Room, RoomError, SPECTATOR, Write, table};
use serde_json::{Value, json};
use tokio::sync::OwnedSemaphorePermit;

use crate::api::admit;
use crate::error::ApiError;
use crate::rooms::{Client, Games, Live, StreamGuard, bearer, internal, now_secs, room_error};
use crate::state::AppState;

fn client_of(request: &Request) -> Option<IpAddr> {
    request.extensions().get::<Client>().map(|c| c.0)
}

fn games(state: &AppState) -> Result<&Arc<Games>, ApiError> {
    state.games.as_ref().ok_or_else(|| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "rooms_unavailable",
            "this server has no game rooms (its database could not be opened)",
        )
    })
}

/// What a POST of the game API starts with.
struct Posted {
    games: Arc<Games>,
    client: Option<IpAddr>,
    headers: HeaderMap,
    body: Value,
    permit: OwnedSemaphorePermit,
}

/// The rooms, the client's allowance taken, the request's headers, its body read as JSON (an
/// empty one refused with `empty`) and a worker permit.
async fn posted(
    state: &Arc<AppState>,
    request: Request,
    empty: &'static str,
) -> Result<Posted, ApiError> {
    let games = Arc::clone(games(state)?);
    let client = client_of(&request);
    games.allow(client, &state.limits)?;
    let headers = request.headers().clone();
    let (_deadline, body, permit) = admit(state, request, empty).await?;
    Ok(Posted {
        games,
        client,
        headers,
        body: json_body(&body)?,
        permit,
    })
}

fn json_body(bytes: &[u8]) -> Result<Value, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "invalid_json",
            format!("the body is not JSON: {e}"),
        )
    })
}

/// `POST /api/games`.
pub(crate) async fn create(
    State(state): State<Arc<AppState>>,
    request: Request,
) -> Result<Response, ApiError> {
    let Posted {
        games,
        client,
        body: request,
        permit,
        ..
    } = posted(
        &state,
        request,
        "the body is empty: send {\"rules\", \"length\", \"seats\"}",
    )
    .await?;
    {
        let live = games.live.lock().map_err(|_| internal("room table"))?;
        if live.len() >= state.limits.max_rooms {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "too_many_rooms",
                format!(
                    "the server holds {} rooms, its limit (--max-rooms): try again when one ends",
                    live.len()
                ),
            ));
        }
        if let Some(ip) = client {
            let own = live.values().filter(|l| l.owner == Some(ip)).count();
            if own >= state.limits.rooms_per_client {
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too_many_rooms_from_client",
                    format!(
                        "this address already has {own} rooms open, the limit \
                         (--rooms-per-client): finish or leave one"
                    ),
                ));
            }
        }
    }
    let seed_hex = random_hex(8).map_err(room_error)?;
    let seed = u64::from_str_radix(&seed_hex, 16).unwrap_or_default();
    let spec = GameSpec::from_request(&request, seed).map_err(room_error)?;
    let id = random_hex(8).map_err(room_error)?;
    let mut tokens = Vec::new();
    for seat in spec.humans() {
        tokens.push((seat, random_hex(16).map_err(room_error)?));
    }
    let spec_for_room = spec.clone();
    let room = tokio::task::spawn_blocking(move || {
        let mut room = Room::new(spec_for_room)?;
        room.advance();
        Ok::<Room, RoomError>(room)
    })
    .await
    .map_err(internal)?
    .map_err(room_error)?;
    drop(permit);
    let now = now_secs();
    let mut writes = vec![Write::Create {
        id: id.clone(),
        spec: spec.clone(),
        tokens: tokens.clone(),
        now,
    }];
    if !room.moves().is_empty() {
        writes.push(Write::Moves {
            id: id.clone(),
            first: 0,
            moves: room.moves().to_vec(),
            done: room.is_over(),
            now,
        });
    }
    games.commit(writes).await.map_err(room_error)?;
    let token_map: serde_json::Map<String, Value> = tokens
        .iter()
        .map(|(s, t)| (s.to_string(), Value::String(t.clone())))
        .collect();
    let live = Arc::new(Live::new(room, tokens, client));
    games
        .live
        .lock()
        .map_err(|_| internal("room table"))?
        .insert(id.clone(), Arc::clone(&live));
    games.arm(id.clone(), live);
    let answer = json!({
        "id": id,
        "tokens": token_map,
        "players": spec.seats.len(),
        "seats": spec.seats.iter().map(|s| s.name()).collect::<Vec<_>>(),
        "names": spec.names,
        "rules": spec.rules,
        "length": spec.length,
        "persistent": games.persistent,
    });
    let mut response = (StatusCode::CREATED, Json(answer)).into_response();
    if let Ok(v) = HeaderValue::from_str(&format!("/api/games/{id}")) {
        response.headers_mut().insert(header::LOCATION, v);
    }
    Ok(response)
}

/// `GET /api/games`.
pub(crate) async fn list(
    State(state): State<Arc<AppState>>,
    request: Request,
) -> Result<Response, ApiError> {
    let games = Arc::clone(games(&state)?);
    games.allow(client_of(&request), &state.limits)?;
    let rows = games
        .read(|store| store.list(100))
        .await
        .map_err(room_error)?;
    let list: Vec<Value> = rows
        .into_iter()
        .map(|g| {
            json!({
                "id": g.id,
                "rules": g.spec.rules,
                "length": g.spec.length,
                "seats": g.spec.seats.iter().map(|s| s.name()).collect::<Vec<_>>(),
                "names": g.spec.names,
                "created": g.created,
                "done": g.done,
                "expired": g.expired,
            })
        })
        .collect();
    Ok(Json(json!({"games": list})).into_response())
}

/// The query of `GET /api/games/{id}`: `seat`, `since` and `wait_ms`, each a number.
#[derive(Debug, Default)]
struct ViewQuery {
    seat: Option<u8>,
    since: usize,
    wait_ms: u64,
    /// The event stream's token (a browser's `EventSource` cannot send a header).
    token: Option<String>,
}

impl ViewQuery {
    fn parse(query: Option<&str>) -> Result<ViewQuery, ApiError> {
        let mut q = ViewQuery::default();
        for pair in query
            .unwrap_or_default()
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let bad = || {
                let shown: String = pair.chars().take(40).collect();
                ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "bad_request",
                    format!("query parameter {shown:?}: `seat`, `since` and `wait_ms` are numbers"),
                )
            };
            match key {
                "seat" => q.seat = Some(value.parse().map_err(|_| bad())?),
                "since" => q.since = value.parse().map_err(|_| bad())?,
                "wait_ms" => q.wait_ms = value.parse().map_err(|_| bad())?,
                "token" if value.bytes().all(|b| b.is_ascii_hexdigit()) => {
                    q.token = Some(value.to_owned());
                }
                _ => {}
            }
        }
        Ok(q)
    }
}

/// What a view (a long poll or an event stream) starts with.
struct Viewing {
    games: Arc<Games>,
    client: Option<IpAddr>,
    query: ViewQuery,
    live: Arc<Live>,
    /// The seat, or [`SPECTATOR`].
    viewer: u8,
}

/// The query read, the client's allowance taken, the room found and, for a seat, its token
/// checked: the `Authorization` header's, or with `query_token` also the query's (a browser's
/// `EventSource` sends no header).
async fn viewing(
    state: &Arc<AppState>,
    id: &str,
    request: Request,
    query_token: bool,
) -> Result<Viewing, ApiError> {
    let query = ViewQuery::parse(request.uri().query())?;
    let games = Arc::clone(games(state)?);
    let client = client_of(&request);
    games.allow(client, &state.limits)?;
    let header = bearer(request.headers()).map(str::to_owned);
    drop(request);
    let live = games.find(id).await?;
    let viewer = match query.seat {
        Some(seat) => {
            let sent = match (&header, query_token) {
                (Some(h), _) => Some(h.as_str()),
                (None, true) => query.token.as_deref(),
                (None, false) => None,
            };
            live.authorize(seat, sent)?;
            seat
        }
        None => SPECTATOR,
    };
    Ok(Viewing {
        games,
        client,
        query,
        live,
        viewer,
    })
}

/// `GET /api/games/{id}?seat=N&since=K&wait_ms=W`.
pub(crate) async fn view(
    State(state): State<Arc<AppState>>,
    UrlPath(id): UrlPath<String>,
    request: Request,
) -> Result<Response, ApiError> {
    let Viewing {
        query,
        live,
        viewer,
        ..
    } = viewing(&state, &id, request, false).await?;
    // Long polls end before the request's time limit.
    let most = state.limits.request_timeout.mul_f64(0.75);
    let until = Instant::now() + Duration::from_millis(query.wait_ms).min(most);
    let mut changes = live.version.subscribe();
    loop {
        changes.borrow_and_update();
        {
            let room = live.room.lock().await;
            let ready = room.log().len() > query.since
                || (viewer != SPECTATOR && room.must_decide(viewer))
                || room.is_over()
                || live.expired()
                || Instant::now() >= until;
            if ready {
                return Ok(Json(answer(&room, &live, &id, viewer, query.since)).into_response());
            }
        }
        let left = until.saturating_duration_since(Instant::now());
        let _ = tokio::time::timeout(left, changes.changed()).await;
    }
}

/// The answer of a view: [`table::state`] with the room's id and whether it expired.
fn answer(room: &Room, live: &Live, id: &str, viewer: u8, since: usize) -> Value {
    let mut answer = table::state(room, viewer, since);
    answer["id"] = Value::String(id.to_owned());
    answer["expired"] = Value::Bool(live.expired() && !room.is_over());
    answer
}

/// How often an event stream sends a comment when nothing happens, so that the connection's
/// idle limit never closes it.
const KEEP_ALIVE: Duration = Duration::from_secs(10);

/// `GET /api/games/{id}/events?seat=N&token=T&since=K`: server-sent events. Each change is one
/// `event: state` whose data is the answer of `GET /api/games/{id}` with the events since the
/// last one sent; a comment every ten seconds keeps the connection; the stream ends after the
/// state that says `done` (or `expired`).
pub(crate) async fn events(
    State(state): State<Arc<AppState>>,
    UrlPath(id): UrlPath<String>,
    request: Request,
) -> Result<Response, ApiError> {
    let Viewing {
        games,
        client,
        query,
        live,
        viewer,
    } = viewing(&state, &id, request, true).await?;
    let guard = games.open_stream(client)?;
    let changes = live.version.subscribe();
    let start = Stream {
        live,
        id,
        viewer,
        next: query.since,
        changes,
        first: true,
        over: false,
        _guard: guard,
    };
    let body = axum::body::Body::from_stream(futures_util::stream::unfold(start, next_message));
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// An event stream's state between two messages.
struct Stream {
    live: Arc<Live>,
    id: String,
    viewer: u8,
    next: usize,
    changes: tokio::sync::watch::Receiver<u64>,
    first: bool,
    over: bool,
    _guard: StreamGuard,
}

async fn next_message(
    mut s: Stream,
) -> Option<(Result<axum::body::Bytes, std::convert::Infallible>, Stream)> {
    if s.over {
        return None;
    }
    if !s.first {
        match tokio::time::timeout(KEEP_ALIVE, s.changes.changed()).await {
            Err(_) => {
                let ping = axum::body::Bytes::from_static(b": keep-alive\n\n");
                return Some((Ok(ping), s));
            }
            Ok(Err(_)) => return None,
            Ok(Ok(())) => {}
        }
    }
    s.first = false;
    s.changes.borrow_and_update();
    let room = s.live.room.lock().await;
    let data = answer(&room, &s.live, &s.id, s.viewer, s.next);
    s.next = room.log().len();
    s.over = room.is_over() || s.live.expired();
    drop(room);
    let message = format!("event: state\ndata: {data}\n\n");
    Some((Ok(axum::body::Bytes::from(message)), s))
}

/// `POST /api/games/{id}/act` with `{"seat": N, "action": <mjai reaction>}`.
pub(crate) async fn act(
    State(state): State<Arc<AppState>>,
    UrlPath(id): UrlPath<String>,
    request: Request,
) -> Result<Response, ApiError> {
    let Posted {
        games,
        headers,
        body: sent,
        permit,
        ..
    } = posted(
        &state,
        request,
        "the body is empty: send {\"seat\": N, \"action\": <mjai reaction>}",
    )
    .await?;
    let seat = sent
        .get("seat")
        .and_then(Value::as_u64)
        .and_then(|s| u8::try_from(s).ok())
        .ok_or_else(|| room_error(RoomError::BadRequest("no integer `seat`".into())))?;
    let action = sent
        .get("action")
        .cloned()
        .ok_or_else(|| room_error(RoomError::BadRequest("no `action`".into())))?;
    let live = games.find(&id).await?;
    live.authorize(seat, bearer(&headers))?;
    if live.expired() {
        return Err(ApiError::new(
            StatusCode::GONE,
            "game_expired",
            "the game was closed for being idle (its log is kept: GET /api/games/{id}/log)",
        ));
    }
    let next = games.play(&id, &live, seat, action, Some(permit)).await?;
    Ok(Json(json!({"ok": true, "next": next})).into_response())
}

/// `GET /api/games/{id}/log`: the mjai log (JSON Lines) of a finished or expired game.
pub(crate) async fn log(
    State(state): State<Arc<AppState>>,
    UrlPath(id): UrlPath<String>,
    request: Request,
) -> Result<Response, ApiError> {
    let games = Arc::clone(games(&state)?);
    games.allow(client_of(&request), &state.limits)?;
    let live = games.find(&id).await?;
    let room = live.room.lock().await;
    if !room.is_over() && !live.expired() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "game_in_progress",
            "the game is still being played: its log is given once it ends (the seats' views \
             are at GET /api/games/{id})",
        ));
    }
    let mut response = room.log_lines().into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(crate::api::JSON_LINES),
    );
    if let Ok(v) = HeaderValue::from_str(&format!("attachment; filename=\"mj-{id}.jsonl\"")) {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, v);
    }
    Ok(response)
}
