// Talon's browser client: the lobby (create a table, invite people) and
// the table (play). The server decides everything: the client shows the
// state it is sent and offers exactly the actions in `state.legal`.
// This file routes; lobby.js and table.js are the two pages.

import { lobbyPage } from "./lobby.js";
import { tablePage } from "./table.js";

function route() {
  const m = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
  if (m) tablePage(m[1]);
  else lobbyPage();
}

route();
