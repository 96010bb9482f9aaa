// The play page: a lobby (`/play`) that creates rooms through POST /api/games and lists them,
// and a table (`/play?game=ID&seat=N`, or without `seat` for a spectator) that long-polls
// GET /api/games/{id} and draws the seat's view from its `table`, with a button for each
// legal action, sent back exactly as listed. Names come from users: every string of an answer
// is set as text, never parsed as HTML.

import { params } from "./common.js";
import { lobby } from "./play-lobby.js";
import { table } from "./play-table.js";

const query = params();
if (query.get("game")) table(query.get("game"), query.get("seat"));
else lobby();
