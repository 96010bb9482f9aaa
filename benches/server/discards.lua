-- wrk script: POST /api with one `discards` line (the analysis page's main question).
-- wrk -t2 -c64 -d15s --latency -s benches/server/discards.lua http://127.0.0.1:8080/api
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/jsonl"
wrk.body = '{"op":"discards","hand":"123m456p789s23455z","rules":"riichi"}\n'
