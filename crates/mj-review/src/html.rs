//! The review as one self-contained HTML page.

use crate::model::Review;

/// The page of a review.
pub fn render(review: &Review) -> String {
    format!(
        "<!doctype html><meta charset=utf-8><title>review</title><pre>{}</pre>",
        review.decisions.len()
    )
}
