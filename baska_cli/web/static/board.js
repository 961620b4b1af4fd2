// The standings page: the board fetched from /api/v1/board and fetched again at each event
// of /api/v1/board/events, in one of two layouts (board.css):
// - the projector's: a screenful at a time (the standings, then the teams and each category
//   where the tournament has them), turned every few seconds; on a wide screen in two
//   columns; the lines of each screen found by measuring them (a long name gets a smaller
//   type, and past that two lines), never cut;
// - a phone's (a narrow or portrait screen, or large text): every line of one view, the page
//   scrolling, the views as buttons above it.
// Every text goes in through textContent: nothing typed by anybody is ever read as HTML.

import { pageApi } from "./api.js";
import { fedBy, hear } from "./banner.js";
import { el, sayer, signed } from "./words.js";

const say = sayer("board-words");
const MINUS = "−"; // (a board's minus sign, as wide as its plus)
const NARROW = matchMedia("(max-width: 40em), (orientation: portrait)"); // (board.css's)
const WIDE = 1.7; // a screen this many times wider than high shows the players in two columns
// a cell's type made smaller down to this part of its own size, on the projector and on a
// phone; past it a name takes two lines (on a phone, a word too long for the phone is broken
// where it must), a club is cut with an ellipsis (a team's players wrap: board.css); the
// numbers (a place of 400, a movement of ▲118) get as small as they must
const SMALLEST = { name: [0.72, 0.5], club: [0.75, 0.75], place: [0.4, 0.4], move: [0.4, 0.4],
  points: [0.4, 0.4], total: [0.4, 0.4] };
const TWO_LINES = 0.85; // a name on two lines: its type at this part of its own size
const TITLE = 0.6; // the title's type made smaller down to this part, then it wraps

const body = document.body;
const api = pageApi();
const asked = new URLSearchParams(location.search);
const every = Math.min(120, Math.max(2, Number(asked.get("every")) || 10)) * 1000;
const state = { board: null, version: body.dataset.version, views: [], view: 0, page: 0, pages: 1 };
let start = asked.get("view") || "";

// Place points as the page's language writes them: 8,5 and 2,33 in Polish, 8.5 in English.
function points(x) {
  return x.toLocaleString(body.dataset.lang || "en",
    { maximumFractionDigits: 2, useGrouping: false });
}
function move(line) {
  if (line.movement === null) return line.new ? [say("new"), "new"] : ["", ""];
  if (line.movement > 0) return ["▲" + line.movement, "up"];
  if (line.movement < 0) return ["▼" + -line.movement, "down"];
  return ["=", "same"];
}

// The views: the standings, the teams, each category (while the organiser hides the
// standings: the standings' view, empty, under a note saying so).
function viewsOf(board) {
  const views = [{ kind: "players", title: say("standings"), lines: board.standings }];
  if (board.teams.length) views.push({ kind: "teams", title: say("teams"), lines: board.teams });
  for (const c of board.categories) {
    views.push({ kind: "players", title: say("category", { name: c.category }),
      lines: c.standings });
  }
  return views;
}

const columns = {
  players: ["place", "move", "name", "club", "points", "total"],
  teams: ["place", "name", "points", "total", "counted"],
};
// The columns of a view's table: the players' without the clubs in two columns.
function columnsOf(kind, count) {
  return count === 2 ? columns[kind].filter((c) => c !== "club") : columns[kind];
}
// The header: the place's over the place and the movement (the movement has none).
function header(kind, shown) {
  const titles = {
    place: say("place"), name: kind === "teams" ? say("team") : say("player"),
    club: say("club"), points: say("points"), total: say("small_points"), counted: say("counted"),
  };
  const row = el("tr");
  for (const c of shown) {
    if (c === "move") continue;
    const cell = el("th", { class: c }, titles[c]);
    if (c === "place" && shown.includes("move")) cell.colSpan = 2;
    row.append(cell);
  }
  return row;
}
// A line's cells by column: its class and its text.
function cells(kind, line) {
  if (kind === "teams") {
    return { place: ["place", String(line.place)], name: ["name", line.team],
      points: ["points", points(line.place_points)], total: ["total", signed(line.total, MINUS)],
      counted: ["counted", line.counted.join(", ")] };
  }
  const [text, how] = move(line);
  return { place: ["place", String(line.place)], move: ["move " + how, text],
    name: ["name", line.name], club: ["club", line.club],
    points: ["points", points(line.place_points)], total: ["total", signed(line.total, MINUS)] };
}
function rowOf(kind, line, shown) {
  const found = cells(kind, line);
  return el("tr", {}, ...shown.map((c) => el("td", { class: found[c][0] }, found[c][1])));
}
function tableOf(kind, shown) {
  const table = el("table", { class: "lines " + kind });
  const widths = el("colgroup", {}, ...shown.map((c) => el("col", { class: c })));
  table.append(widths, el("thead", {}, header(kind, shown)), el("tbody"));
  return table;
}

function roundText(board) {
  if (!board.round) return say("no_round");
  const round = { round: board.round, rounds: board.rounds };
  return say(board.over ? "after" : "playing", round) + " · " +
    say("tables_in", { count: board.tables_in, tables: board.tables });
}

// The title whole: on the bar's first line, in a smaller type if it must, then wrapped.
function fitTitle() {
  const title = document.getElementById("tournament");
  title.classList.remove("wraps");
  title.style.fontSize = "";
  if (title.scrollWidth <= title.clientWidth) return;
  const size = parseFloat(getComputedStyle(title).fontSize);
  const scale = Math.max(TITLE, (title.clientWidth / title.scrollWidth) * 0.98);
  title.style.fontSize = Math.floor(size * scale) + "px";
  if (title.scrollWidth > title.clientWidth) title.classList.add("wraps");
}

// Each cell of a kind whose text is wider than it gets the type that fits, down to its
// smallest; past that a name wraps (two lines, `breaks` on a phone past that), a club is
// cut. All cells are read first, then all written: the page is laid out twice, not once
// for each line.
function fitCells(tbody, list) {
  const found = [];
  for (const kind of Object.keys(SMALLEST)) {
    for (const cell of tbody.querySelectorAll("td." + kind)) {
      if (cell.scrollWidth > cell.clientWidth + 0.5) {
        const size = parseFloat(getComputedStyle(cell).fontSize);
        found.push([cell, kind, size, cell.clientWidth / cell.scrollWidth]);
      }
    }
  }
  for (const [cell, kind, size, alone] of found) {
    const scale = alone * 0.97;
    const floor = SMALLEST[kind][list ? 1 : 0];
    if (scale >= floor || kind !== "name") {
      cell.style.fontSize = Math.floor(size * Math.max(scale, floor)) + "px";
    } else if (list) {
      cell.style.fontSize = Math.floor(size * floor) + "px";
      cell.classList.add("breaks");
    } else {
      cell.style.fontSize = Math.floor(size * TWO_LINES) + "px";
      cell.classList.add("wraps");
    }
  }
  // a type's width is not quite in proportion to its size: a cell still a pixel too wide
  // loses a pixel more (a few cells, a few times; a club may stay cut)
  for (let more = 0; more < 4; more += 1) {
    const still = found.filter(([cell, kind]) => kind !== "club" && cell.scrollWidth > cell.clientWidth);
    if (!still.length) break;
    for (const [cell] of still) {
      cell.style.fontSize = parseFloat(getComputedStyle(cell).fontSize) - 1 + "px";
    }
  }
}

function showList(view) {
  const box = document.getElementById("columns");
  box.className = "columns";
  const shown = columnsOf(view.kind, 1);
  const table = tableOf(view.kind, shown);
  table.id = "lines";
  box.replaceChildren(table);
  const tbody = table.tBodies[0];
  tbody.replaceChildren(...view.lines.map((line) => rowOf(view.kind, line, shown)));
  fitCells(tbody, true);
  state.pages = 1;
}

// The projector's screens of a view: every line measured once in a column of the layout,
// then as many lines to a column as its room holds, and one or two columns to a screen.
function screens(view, count) {
  const box = document.getElementById("columns");
  box.className = count === 2 ? "columns two" : "columns";
  const shown = columnsOf(view.kind, count);
  const tables = Array.from({ length: count }, () => tableOf(view.kind, shown));
  box.replaceChildren(...tables);
  const tbody = tables[0].tBodies[0];
  const rows = view.lines.map((line) => rowOf(view.kind, line, shown));
  tbody.replaceChildren(...rows);
  fitCells(tbody, false);
  const heights = rows.map((row) => row.getBoundingClientRect().height);
  const room = document.querySelector("footer").getBoundingClientRect().top -
    tbody.getBoundingClientRect().top - 1; // (a pixel kept: the heights are fractions)
  const filled = []; // each column's rows, in order
  let column = [];
  let used = 0;
  rows.forEach((row, i) => {
    if (column.length && used + heights[i] > room) {
      filled.push(column);
      column = [];
      used = 0;
    }
    column.push(row);
    used += heights[i];
  });
  if (column.length || !filled.length) filled.push(column);
  const pages = [];
  for (let i = 0; i < filled.length; i += count) pages.push(filled.slice(i, i + count));
  return { tables, pages };
}

function showScreen(view) {
  const wide = view.kind === "players" && window.innerWidth >= WIDE * window.innerHeight;
  const { tables, pages } = screens(view, wide ? 2 : 1);
  state.pages = pages.length;
  state.page = Math.min(state.page, pages.length - 1);
  tables.forEach((table, i) => table.tBodies[0].replaceChildren(...(pages[state.page][i] || [])));
  tables[0].id = "lines";
}

function viewButtons() {
  const nav = document.getElementById("views");
  nav.hidden = !state.list || state.views.length < 2;
  if (nav.hidden) return;
  nav.replaceChildren(...state.views.map((view, i) => {
    const button = el("button", { type: "button" }, view.title);
    button.setAttribute("aria-current", String(i === state.view));
    button.addEventListener("click", () => {
      state.view = i;
      show();
    });
    return button;
  }));
}

function show() {
  if (!state.board) return;
  const board = state.board;
  state.list = NARROW.matches;
  document.getElementById("hidden-note").hidden = !board.standings_hidden;
  const view = state.views[state.view];
  document.getElementById("tournament").textContent = board.tournament;
  document.getElementById("view").textContent = view.title;
  document.getElementById("round").textContent = roundText(board);
  document.querySelector("footer").hidden = state.list;
  viewButtons();
  fitTitle();
  if (state.list) showList(view);
  else showScreen(view);
  document.getElementById("page").textContent = say("page",
    { page: state.page + 1, pages: state.pages });
}

function turn() {
  if (!state.board || state.list) return; // (a phone's reader scrolls and chooses)
  state.page += 1;
  if (state.page >= state.pages) {
    state.page = 0;
    state.view = (state.view + 1) % state.views.length;
  }
  show();
}

async function fetchBoard() {
  const answer = await api.get("/board");
  if (!answer.ok) return;
  state.board = await answer.json();
  state.views = viewsOf(state.board);
  if (start) {  // ?view=teams or ?view=category: the rotation starts there, once
    const at = state.views.findIndex((v, i) => i > 0 && (start === "teams") === (v.kind === "teams"));
    state.view = Math.max(0, at);
    state.page = 0;
    start = "";
  }
  state.view = Math.min(state.view, state.views.length - 1);
  show();
}

function live(on) {
  const mark = document.getElementById("live");
  mark.textContent = on ? say("live_on") : say("live_off");
  mark.classList.toggle("on", on);
}

fedBy(); // (the banner hears the clock and the announcement from this page's stream)
function listen() {
  const events = new EventSource(api.url("/board/events"));
  addEventListener("pagehide", () => events.close()); // (its connection freed at once)
  events.addEventListener("change", (event) => {
    live(true);
    const news = JSON.parse(event.data);
    if ("clock" in news) hear(news);
    const version = news.version;
    if (version !== state.version || !state.board) {
      state.version = version;
      fetchBoard().catch(() => live(false));
    }
  });
  events.onerror = () => {
    live(false);
    if (events.readyState === EventSource.CLOSED) {
      setTimeout(listen, 3000); // (the browser gave up: start again)
    }
  };
}

document.getElementById("pages").hidden = true; // (the script turns the pages)
state.page = Math.max(0, Number(body.dataset.page) - 1 || 0);
// a phone's browser changes the window's height as its address bar comes and goes while the
// list scrolls: the list is laid out again only when the width changes
let shownWidth = window.innerWidth;
addEventListener("resize", () => {
  if (state.list && NARROW.matches && window.innerWidth === shownWidth) return;
  shownWidth = window.innerWidth;
  show();
});
NARROW.addEventListener("change", show);
listen();
fetchBoard().catch(() => live(false));
const turner = setInterval(turn, every);
body.dataset.turning = String(turner !== null);
