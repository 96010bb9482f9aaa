#!/usr/bin/env bash
# The bindings' benchmark (docs/performance.md, "Bindings"), in one run on the same hands:
# the C ABI per call and `mj batch` through a pipe (crates/mj-ffi/examples/c/bench.c, which
# writes the corpora), the Rust calls the C ABI wraps (examples/bench_rust.rs), and mj-engine
# from Node against `mj batch` and the npm mahjong packages (node-bench.js). Release builds with
# the workspace's release profile (thin LTO). From the repository root:
#
#   bash tools/bindings-bench/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
# The libraries and the `mj` program, then the Rust bench (an `--example` build alone builds
# no binary and no shared library).
cargo build --release --locked -p mj-ffi -p mj-cli
cargo build --release --locked -p mj-ffi --example bench_rust
(cd crates/mj-node && npm ci --no-audit --no-fund && npx napi build --platform --release --js index.js --dts index.d.ts)
(cd tools/bindings-bench && npm ci --no-audit --no-fund)
out="$(mktemp -d)"
gcc -O2 -Icrates/mj-ffi/include crates/mj-ffi/examples/c/bench.c \
    -Ltarget/release -lmj_ffi -Wl,-rpath,"$PWD/target/release" -o "$out/bench"
"$out/bench" target/release/mj "$out/hands.bin"
target/release/examples/bench_rust "$out/hands.bin"
(cd tools/bindings-bench && node node-bench.js "$PWD/../../target/release/mj" "$out/hands.bin")
rm -rf "$out"
