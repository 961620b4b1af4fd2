// The projector's page: the board fetched from /api/v1/board, shown a screenful at a time
// (the standings, then the teams and each category where the tournament has them), turned
// every few seconds, and fetched again at each event of /api/v1/board/events. Every text
// goes in through textContent: nothing typed by anybody is ever read as HTML.

import { pageApi } from "./api.js";
import { fedBy, hear } from "./banner.js";
import { el, sayer, signed } from "./words.js";

const say = sayer("board-words");
const MINUS = "−"; // (a board's minus sign, as wide as its plus)

const body = document.body;
const api = pageApi();
const asked = new URLSearchParams(location.search);
const every = Math.min(120, Math.max(2, Number(asked.get("every")) || 10)) * 1000;
const state = { board: null, version: body.dataset.version, views: [], view: 0, page: 0 };
let turner = null;
let start = asked.get("view") || "";
const SAMPLE = { place: 1, movement: 0, name: "", club: "", place_points: 0, total: 0,
  team: "", counted: [] };

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

// The views in the rotation: the standings, the teams, each category (while the organiser
// hides the standings: the standings' view, empty, under a note saying so).
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
function header(kind) {
  const titles = {
    place: say("place"), move: "", name: kind === "teams" ? say("team") : say("player"),
    club: say("club"), points: say("points"), total: say("small_points"), counted: say("counted"),
  };
  const row = el("tr");
  for (const c of columns[kind]) row.append(el("th", { class: c }, titles[c]));
  return row;
}
function cells(kind, line) {
  if (kind === "teams") {
    return [["place", String(line.place)], ["name", line.team],
      ["points", points(line.place_points)], ["total", signed(line.total, MINUS)],
      ["counted", line.counted.join(", ")]];
  }
  const [text, how] = move(line);
  return [["place", String(line.place)], ["move " + how, text], ["name", line.name],
    ["club", line.club], ["points", points(line.place_points)], ["total", signed(line.total, MINUS)]];
}
function rowOf(kind, line) {
  const row = el("tr");
  for (const [cls, text] of cells(kind, line)) row.append(el("td", { class: cls }, text));
  return row;
}

// How many lines fit on the screen: the room below the header, by one line's height.
function perPage(kind) {
  const tbody = document.getElementById("body");
  const sample = rowOf(kind, state.views[state.view].lines[0] || SAMPLE);
  tbody.replaceChildren(sample);
  const room = window.innerHeight - tbody.getBoundingClientRect().top -
    document.querySelector("footer").offsetHeight;
  return Math.max(1, Math.floor(room / sample.offsetHeight));
}

// A cell whose text does not fit gets a smaller type until it does, down to `floor` of
// its own size (a player's name: never cut; a club: past that, cut with an ellipsis).
function fit(cell, floor) {
  const start = parseFloat(getComputedStyle(cell).fontSize);
  let size = start;
  while (cell.scrollWidth > cell.clientWidth && size > start * floor) {
    size -= 1;
    cell.style.fontSize = size + "px";
  }
  return size;
}
// The counted players of every team on the screen in one size: the smallest that fits.
function fitAll(cells, floor) {
  const size = Math.min(...cells.map((cell) => fit(cell, floor)));
  for (const cell of cells) cell.style.fontSize = size + "px";
}

function show() {
  if (!state.board) return;
  const board = state.board;
  document.getElementById("hidden-note").hidden = !board.standings_hidden;
  const view = state.views[state.view];
  const table = document.getElementById("lines");
  table.className = "lines " + view.kind;
  document.getElementById("head").replaceChildren(header(view.kind));
  document.getElementById("tournament").textContent = board.tournament;
  document.getElementById("view").textContent = view.title;
  document.getElementById("round").textContent = board.round
    ? say("after", { round: board.round, rounds: board.rounds }) + " · " +
      say("tables_in", { count: board.tables_in, tables: board.tables })
    : say("no_round");
  const size = perPage(view.kind);
  const pages = Math.max(1, Math.ceil(view.lines.length / size));
  state.page = Math.min(state.page, pages - 1);
  const shown = view.lines.slice(state.page * size, (state.page + 1) * size);
  const tbody = document.getElementById("body");
  tbody.replaceChildren(...shown.map((line) => rowOf(view.kind, line)));
  for (const cell of tbody.querySelectorAll("td.name")) fit(cell, 0.5);
  for (const cell of tbody.querySelectorAll("td.club")) fit(cell, 0.75);
  const counted = [...tbody.querySelectorAll("td.counted")];
  if (counted.length) fitAll(counted, 0.5);
  document.getElementById("page").textContent = say("page",
    { page: state.page + 1, pages });
  state.pages = pages;
}

function turn() {
  if (!state.board) return;
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
addEventListener("resize", show);
listen();
fetchBoard().catch(() => live(false));
turner = setInterval(turn, every);
body.dataset.turning = String(turner !== null);
