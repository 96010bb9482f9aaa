//! napi-build: the link settings of a Node addon.
fn main() {
    napi_build::setup();
}
