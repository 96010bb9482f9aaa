//! What every scorer's reader shares (a leaf below `score` and the `score_*` modules): a
//! boolean field, and the request's scoring switches handed to the scorer's option type.

use crate::error::OpError;
use crate::request::{Request, SwitchValue};

/// A boolean `score` field, `false` when absent.
pub(crate) fn flag(request: &Request, name: &str) -> Result<bool, OpError> {
    Ok(request.extra_as::<bool>(name)?.unwrap_or(false))
}

/// Gives the scorer's option type (its `set`) the request's scoring switches, as the registry
/// assigns them to the preset (`mj_score::rules::apply`); one it refuses is an internal error
/// (registry and option type out of step), since `check_options` let only the preset's own
/// switches through.
pub(crate) fn set_switches(
    request: &Request,
    set: impl FnMut(&str, SwitchValue) -> Result<(), mj_score::rules::SwitchError>,
) -> Result<(), OpError> {
    mj_score::rules::apply(request.rules(), request.options().iter(), set)
        .map_err(|e| OpError::Internal(e.to_string()))
}
