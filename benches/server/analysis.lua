-- wrk script: POST /api with the four lines the analysis page sends for one 14-tile hand
-- (shanten; discards and ukeire with improvement; ready with dora and winds).
-- wrk -t2 -c64 -d15s --latency -s benches/server/analysis.lua http://127.0.0.1:8080/api
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/jsonl"
wrk.body = table.concat({
  '{"op":"shanten","hand":"123m456p789s23455z","rules":"riichi","id":"shanten"}',
  '{"op":"discards","hand":"123m456p789s23455z","rules":"riichi","improvement":true,"id":"discards"}',
  '{"op":"ukeire","hand":"123m456p789s23455z","rules":"riichi","improvement":true,"id":"ukeire"}',
  '{"op":"ready","hand":"123m456p789s23455z","rules":"riichi","seat_wind":"1z","round_wind":"1z","id":"ready"}',
}, "\n") .. "\n"
