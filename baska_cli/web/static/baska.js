/* The table page of `baska serve`: the hand typed or tapped, its live preview, the hand
   recorded (a client-made id, retried with the same id), corrections, the sheet, standings
   and the end of the evening; live by server-sent events. Plain browser JavaScript. */
"use strict";

(function () {
  const body = document.body;
  const KEY = body.dataset.key;
  const API = body.dataset.api;
  const LANG = body.dataset.lang;
  const WORDS = JSON.parse(document.getElementById("baska-words").textContent);
  const ALL_CONTRACTS = ["zw", "we", "ci", "gr", "zo", "gd", "zd", "ba", "me", "zb"];
  const PAIRS = new Set(["zw", "we"]); // the contracts played by two
  const CONTRAS = ["k", "kr", "krb", "krbh"];
  const POINTS = /^[0-9]{0,3}(\/[0-9]{0,2})?$/;

  const $ = (id) => document.getElementById(id);
  const field = $("hand");
  const state = {
    table: null,
    players: [],
    mode: { kind: "new" }, // or {kind: "amend", number, text} or {kind: "last"}
    pendingRetry: null,
    openPanel: null,
    openHand: null,
  };

  // --- words -------------------------------------------------------------------------------

  function say(name, values) {
    let text = WORDS[name] || name;
    for (const [k, v] of Object.entries(values || {})) text = text.split("{" + k + "}").join(v);
    return text;
  }

  function signed(value) {
    return value > 0 ? "+" + value : String(value);
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v;
      else if (k.startsWith("data-") || k.startsWith("aria-")) node.setAttribute(k, v);
      else node[k] = v;
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  // --- the API -----------------------------------------------------------------------------

  function url(path, query) {
    const params = new URLSearchParams(query || {});
    params.set("lang", LANG);
    return API + path + "?" + params.toString();
  }

  async function getJSON(path, query) {
    const answer = await fetch(url(path, query), {
      headers: { Authorization: "Bearer " + KEY, Accept: "application/json" },
      cache: "no-store",
    });
    if (!answer.ok) throw new Error((await answer.json().catch(() => ({}))).error || answer.status);
    return answer.json();
  }

  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function pause(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
  }

  // A write: posted until the server answers (the same id each time, so it is done once).
  async function post(path, data, once) {
    let wait = 500;
    for (let attempt = 0; ; attempt++) {
      try {
        const answer = await fetch(url(path), {
          method: "POST",
          headers: {
            Authorization: "Bearer " + KEY,
            "Content-Type": "application/json",
            Accept: "application/json",
          },
          body: JSON.stringify(data),
          cache: "no-store",
        });
        if (answer.status >= 500 && attempt < 20) throw new Error(String(answer.status));
        const json = await answer.json().catch(() => ({}));
        return { status: answer.status, json };
      } catch (error) {
        if (once) throw error;
        showStatus(say("retrying"), "warn");
        await pause(wait);
        wait = Math.min(wait * 2, 4000);
      }
    }
  }

  // --- the table: turn, totals, last hands -------------------------------------------------

  async function refresh() {
    let table;
    try {
      table = await getJSON("/table");
    } catch (error) {
      return;
    }
    state.table = table;
    state.players = table.players;
    $("turn").textContent = say("turn", { dealer: table.dealer, leader: table.leader });
    let deals;
    if (table.deals === null || table.deals === undefined) deals = say("deal", { number: table.dealt + 1 });
    else if (table.dealt >= table.deals) deals = say("all_played");
    else deals = say("deal_of", { number: table.dealt + 1, deals: table.deals });
    $("deals").textContent = deals;
    document.querySelectorAll("#totals li").forEach((li, seat) => {
      li.querySelector(".name").textContent = table.players[seat];
      li.querySelector(".points").textContent = signed(table.totals[seat]);
      li.classList.toggle("dealer", table.players[seat] === table.dealer);
      li.classList.toggle("leader", table.players[seat] === table.leader);
    });
    const contracts = Array.isArray(table.contracts) ? table.contracts : ALL_CONTRACTS;
    document.querySelectorAll(".contract").forEach((button) => {
      button.hidden = !contracts.includes(button.dataset.contract);
    });
    renderHands($("last"), table.last, true);
    schedulePreview();
    if (state.openPanel) loadPanel(state.openPanel);
  }

  function changesRow(values, totals, extraClass) {
    const row = el("div", { class: "cells " + (extraClass || "") });
    values.forEach((value, seat) => {
      const cell = el("span", { class: "cell " + (value > 0 ? "gain" : value < 0 ? "loss" : "") });
      cell.append(el("b", {}, signed(value)));
      if (totals) cell.append(el("small", {}, " " + signed(totals[seat])));
      row.append(cell);
    });
    return row;
  }

  function renderHands(list, hands, withActions) {
    list.replaceChildren();
    if (!hands || !hands.length) {
      list.append(el("li", { class: "empty" }, say("no_hands")));
      return;
    }
    const names = el("li", { class: "names cells", "aria-hidden": "true" });
    for (const name of state.players) names.append(el("span", { class: "cell" }, name));
    list.append(names);
    for (const hand of hands) {
      const isVoid = hand.status === "void";
      const item = el("li", { class: "hand" + (isVoid ? " void" : ""), "data-number": hand.number });
      const head = el("div", { class: "head" }, el("span", { class: "number" }, hand.number + "."));
      head.append(el("span", { class: "text" }, hand.hand));
      if (isVoid) head.append(el("span", { class: "mark" }, say("void_mark")));
      item.append(head);
      for (const old of hand.replaced || []) item.append(el("div", { class: "replaced" }, old));
      if (hand.changes) item.append(changesRow(hand.changes, hand.totals));
      if (withActions) {
        // a tap on a hand opens what can be done to it
        item.classList.toggle("open", state.openHand === hand.number);
        head.setAttribute("role", "button");
        head.tabIndex = 0;
        head.addEventListener("click", () => {
          state.openHand = state.openHand === hand.number ? null : hand.number;
          list.querySelectorAll("li.hand").forEach((li) => {
            li.classList.toggle("open", Number(li.dataset.number) === state.openHand);
          });
        });
        const actions = el("div", { class: "actions row" });
        const amend = el("button", { type: "button", class: "small" }, say("amend"));
        amend.addEventListener("click", () => startAmend(hand.number, hand.hand));
        actions.append(amend);
        if (!isVoid) {
          const voidIt = el("button", { type: "button", class: "small" }, say("void"));
          voidIt.addEventListener("click", () => askVoid(hand.number, hand.hand));
          actions.append(voidIt);
        }
        item.append(actions);
      }
      list.append(item);
    }
  }

  // --- the hand being built: tapping writes the same notation into the field ---------------

  function tokens() {
    return field.value.trim().split(/\s+/).filter(Boolean);
  }

  function isContract(word) {
    return word !== undefined && ALL_CONTRACTS.includes(word.toLowerCase());
  }

  function isPoints(word) {
    return POINTS.test(word) && word !== "";
  }

  function isContra(word) {
    const low = word.toLowerCase();
    return CONTRAS.includes(low) || /^k[0-9]{1,2}$/.test(low) || low.startsWith("k:");
  }

  // How a tapped player is written: the name where it reads back as that player alone.
  function playerWord(seat) {
    const name = state.players[seat - 1] || String(seat);
    const plain = /^[^\s+,:/#]+$/.test(name) && !/^[0-9]+$/.test(name);
    const unique = state.players.filter((p) => p.toLowerCase() === name.toLowerCase()).length === 1;
    return plain && unique ? name : String(seat);
  }

  function setWords(words, open) {
    const text = words.join(" ");
    field.value = open && text ? text + " " : text;
    fieldChanged();
  }

  function prefix() {
    return state.mode.kind === "last" ? "+" : "";
  }

  function tapContract(short) {
    if (state.mode.kind === "last") return;
    const words = tokens();
    if (words.length && isContract(words[0])) words[0] = short;
    else if (words.length && words[0].toLowerCase() === "kara") words.splice(0, words.length, short);
    else words.unshift(short);
    setWords(words, words.length === 1);
  }

  function tapPlayer(seat) {
    if (state.mode.kind === "last") return;
    const words = tokens();
    const word = playerWord(seat);
    if (words.length && words[0].toLowerCase() === "kara") {
      setWords(["kara", word]);
      return;
    }
    if (!words.length) words.push("zw"); // a player tapped first starts a zwykła
    if (!isContract(words[0])) words.unshift("zw");
    const size = PAIRS.has(words[0].toLowerCase()) ? 2 : 1;
    const hasSide = words.length > 1 && !isPoints(words[1]) && !isContra(words[1]) && words[1] !== "kara";
    if (!hasSide) {
      words.splice(1, 0, word);
    } else {
      const side = words[1].split("+").filter(Boolean);
      const at = side.indexOf(word);
      if (at >= 0) side.splice(at, 1);
      else if (side.length < size) side.push(word);
      else side.splice(0, side.length, word);
      if (side.length) words[1] = side.join("+");
      else words.splice(1, 1);
    }
    setWords(words, true);
  }

  function editRest(change) {
    // the words after the contract and side (or the whole line of a correction of the last)
    const words = tokens();
    if (state.mode.kind === "last") {
      if (words.length) words[0] = words[0].replace(/^\+/, "");
      const rest = words.filter(Boolean);
      change(rest);
      field.value = rest.length ? "+" + rest.join(" ") : "+";
      fieldChanged();
      return;
    }
    change(words);
    setWords(words, false);
  }

  function tapDigit(digit) {
    editRest((words) => {
      const at = words.findIndex((w, i) => (state.mode.kind === "last" || i >= 2) && isPoints(w));
      if (at >= 0) {
        const now = words[at] + digit;
        if (POINTS.test(now)) words[at] = now;
      } else {
        let place = words.length;
        while (place > 0 && (isContra(words[place - 1]) || words[place - 1] === "kara")) place--;
        if (state.mode.kind !== "last") place = Math.max(place, Math.min(2, words.length));
        words.splice(place, 0, digit);
      }
    });
  }

  function tapContra(word) {
    editRest((words) => {
      const at = words.findIndex((w, i) => (state.mode.kind === "last" || i >= 2) && isContra(w));
      if (at >= 0 && words[at].toLowerCase() === word) words.splice(at, 1);
      else if (at >= 0) words[at] = word;
      else {
        const kara = words.indexOf("kara");
        if (kara >= 1) words.splice(kara, 0, word);
        else words.push(word);
      }
    });
  }

  function tapKara() {
    const words = tokens();
    if (state.mode.kind !== "last" && !words.length) {
      setWords(["kara"], true); // `kara X`: then the player who revoked
      return;
    }
    editRest((rest) => {
      const at = rest.indexOf("kara");
      if (at >= (state.mode.kind === "last" ? 0 : 1)) rest.splice(at, 1);
      else rest.push("kara");
    });
  }

  function backspace() {
    const words = tokens();
    if (!words.length) return;
    const last = words[words.length - 1];
    if (isPoints(last) && last.length > 1) words[words.length - 1] = last.slice(0, -1);
    else if (last.includes("+") && !last.startsWith("+")) {
      words[words.length - 1] = last.split("+").slice(0, -1).join("+");
    } else words.pop();
    field.value = words.join(" ") + (words.length === 1 && isContract(words[0]) ? " " : "");
    if (state.mode.kind === "last" && !field.value.startsWith("+")) field.value = "+" + field.value;
    fieldChanged();
  }

  function highlight() {
    const words = tokens();
    const contract = words.length && isContract(words[0]) ? words[0].toLowerCase() : null;
    document.querySelectorAll(".contract").forEach((b) => {
      b.classList.toggle("on", b.dataset.contract === contract || (!words.length && b.dataset.contract === "zw"));
      b.classList.toggle("default", !words.length && b.dataset.contract === "zw");
    });
    const side = contract && words[1] ? words[1].split("+") : [];
    document.querySelectorAll(".chip").forEach((b) => {
      const seat = Number(b.dataset.seat);
      b.classList.toggle("on", side.includes(playerWord(seat)));
    });
    const rest = words.slice(1).map((w) => w.replace(/^\+/, "").toLowerCase());
    document.querySelectorAll(".contra").forEach((b) => b.classList.toggle("on", rest.includes(b.dataset.contra)));
    document.querySelectorAll(".flag").forEach((b) => b.classList.toggle("on", rest.includes("kara")));
  }

  // --- the live preview ----------------------------------------------------------------------

  let previewTimer = null;
  let previewSeq = 0;

  function fieldChanged() {
    highlight();
    schedulePreview();
  }

  function schedulePreview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(preview, 150);
  }

  function previewText() {
    const text = field.value.trim();
    if (state.mode.kind === "last" && text && !text.startsWith("+")) return "+" + text;
    return text;
  }

  async function preview() {
    const seq = ++previewSeq;
    const text = previewText();
    const box = $("preview");
    if (!text || text === "+") {
      box.replaceChildren();
      box.className = "preview";
      return;
    }
    let answer;
    try {
      answer = await post("/preview", { hand: text }, true);
    } catch (error) {
      return;
    }
    if (seq !== previewSeq) return; // a newer line is being previewed
    const result = answer.json || {};
    box.replaceChildren();
    box.className = "preview " + (result.kind || "");
    if (result.kind === "error") {
      box.append(el("p", { class: "error" }, result.error));
      return;
    }
    for (const line of result.lines || []) box.append(el("div", { class: "line" }, line.trim()));
    if (result.changes && state.table) box.append(changesRow(result.changes, null, "preview-cells"));
  }

  // --- entering: hands, corrections ----------------------------------------------------------

  function showStatus(text, kind) {
    const status = $("status");
    status.textContent = text || "";
    status.className = "status " + (kind || "");
  }

  function ask(message, yesWord, onYes, onNo) {
    $("question-text").textContent = message;
    const yes = $("question-yes");
    yes.textContent = yesWord;
    $("question").hidden = false;
    yes.onclick = async () => {
      $("question").hidden = true;
      await onYes();
    };
    $("question-no").onclick = () => {
      $("question").hidden = true;
      if (onNo) onNo();
    };
    yes.focus();
  }

  // What a typed line asks for, as `play` reads it: a hand, `+words`, or a command.
  function readLine(text) {
    if (text.startsWith("+")) return { kind: "correct", words: text.slice(1).trim() };
    const [head, ...rest] = text.split(/\s+/);
    const word = head.toLowerCase();
    if (["undo", "u"].includes(word) && !rest.length) return { kind: "undo" };
    if (["void", "v"].includes(word) && /^[0-9]+$/.test(rest[0] || "")) {
      return { kind: "void", number: Number(rest[0]) };
    }
    if (["amend", "a"].includes(word) && /^[0-9]+$/.test(rest[0] || "") && rest.length > 1) {
      return { kind: "amend", number: Number(rest[0]), text: rest.slice(1).join(" ") };
    }
    if (["sheet", "s"].includes(word)) return { kind: "panel", panel: "sheet" };
    if (["standings", "st"].includes(word)) return { kind: "panel", panel: "standings" };
    return { kind: "hand", text };
  }

  async function submit(event) {
    if (event) event.preventDefault();
    let text = previewText();
    if (!text || text === "+") return;
    let line;
    if (state.mode.kind === "amend") line = { kind: "amend", number: state.mode.number, text };
    else line = readLine(text);
    if (line.kind === "panel") {
      openPanel(line.panel);
      field.value = "";
      fieldChanged();
      return;
    }
    if (line.kind === "undo" || line.kind === "void") {
      field.value = "";
      fieldChanged();
      return line.kind === "undo" ? askUndo() : askVoid(line.number, "");
    }
    let path, data;
    if (line.kind === "hand") [path, data] = ["/hands", { hand: line.text }];
    else if (line.kind === "correct") [path, data] = ["/last/correct", { words: line.words }];
    else [path, data] = ["/hands/" + line.number + "/amend", { hand: line.text }];
    const typed = field.value;
    field.value = state.mode.kind === "last" ? "+" : "";
    fieldChanged(); // the next hand can be tapped while this one is sent
    await write(path, data, typed);
  }

  // A change posted; a question (409) is asked with a button that posts it again with the
  // guard confirmed. `typed`: the field's text, taken out when sent, put back if refused.
  async function write(path, data, typed, confirm) {
    const record = $("record");
    const given = confirm || [];
    record.disabled = true;
    showStatus(say("saving"), "");
    try {
      const answer = await post(path, { ...data, id: newId(), confirm: given });
      const json = answer.json;
      if (answer.status === 409) {
        showStatus("", "");
        const yes = say(path === "/hands" ? "confirm" : "yes_amend");
        ask(json.message, yes, () => write(path, data, typed, [...given, json.question]), () => putBack(typed));
        return;
      }
      if (answer.status >= 400) {
        showStatus(json.error || String(answer.status), "error");
        putBack(typed);
        return;
      }
      showStatus(done(json), "ok");
      if (typed !== null) setMode({ kind: "new" });
      await refresh();
    } finally {
      record.disabled = false;
    }
  }

  function putBack(typed) {
    if (typed === null) return;
    const now = field.value.trim();
    if (now === "" || now === "+") {
      field.value = typed;
      fieldChanged();
    }
  }

  function done(json) {
    if (json.action === "undo") return say("undone", { number: json.number, text: json.old });
    if (json.action === "void") return say("voided", { number: json.number, text: json.old });
    if (json.action === "amend") return say("amended", { number: json.number, new: json.new });
    return say("recorded", { number: json.number, text: json.hand });
  }

  function lastHand() {
    const last = state.table && state.table.last && state.table.last[0];
    return last || null;
  }

  function askUndo() {
    const last = lastHand();
    if (!last) return;
    ask(say("undo_q", { number: last.number, text: last.hand }), say("yes_undo"), () =>
      write("/undo", {}, null),
    );
  }

  function askVoid(number, text) {
    state.openHand = null;
    const known = (state.table && state.table.last || []).find((h) => h.number === number);
    const words = text || (known ? known.hand : "");
    ask(say("void_q", { number, text: words }), say("yes_void"), () =>
      write("/hands/" + number + "/void", {}, null),
    );
  }

  function setMode(mode) {
    state.mode = mode;
    $("pad").dataset.mode = mode.kind;
    const banner = $("mode");
    if (mode.kind === "amend") {
      banner.hidden = false;
      $("mode-text").textContent = say("amending", { number: mode.number, text: mode.text });
      $("record").textContent = say("amend_n", { number: mode.number });
    } else if (mode.kind === "last") {
      const last = lastHand();
      banner.hidden = false;
      $("mode-text").textContent = say("correcting_last") + (last ? " (" + last.number + ". " + last.hand + ")" : "");
      $("record").textContent = say("amend_n", { number: last ? last.number : "" });
    } else {
      banner.hidden = true;
      $("record").textContent = say("record");
    }
    highlight();
  }

  function startAmend(number, text) {
    state.openHand = null;
    setMode({ kind: "amend", number, text });
    field.value = text;
    fieldChanged();
    field.scrollIntoView({ block: "center" });
  }

  function startCorrectLast() {
    if (!lastHand()) return;
    setMode({ kind: "last" });
    field.value = "+";
    fieldChanged();
    field.scrollIntoView({ block: "center" });
  }

  // --- the sheet, standings, end of the evening ----------------------------------------------

  function openPanel(name) {
    const same = state.openPanel === name;
    state.openPanel = same ? null : name;
    document.querySelectorAll("[role=tab]").forEach((tab) => {
      tab.setAttribute("aria-selected", String(tab.dataset.panel === state.openPanel));
    });
    document.querySelectorAll(".panel").forEach((panel) => {
      panel.hidden = panel.id !== "panel-" + state.openPanel;
    });
    if (state.openPanel) loadPanel(state.openPanel);
  }

  async function loadPanel(name) {
    try {
      if (name === "sheet") {
        const sheet = await getJSON("/sheet");
        renderHands($("sheet"), sheet.hands, true);
      } else if (name === "standings") {
        renderPlaces($("standings"), (await getJSON("/standings")).standings);
      } else if (name === "final") {
        await loadFinal();
      }
    } catch (error) {
      showStatus(String(error.message || error), "error");
    }
  }

  function renderPlaces(table, standings) {
    table.replaceChildren();
    for (const row of standings || []) {
      table.append(
        el("tr", {}, el("td", { class: "place" }, row.place + "."), el("td", { class: "who" }, row.player),
          el("td", { class: "sum " + (row.total > 0 ? "gain" : row.total < 0 ? "loss" : "") }, signed(row.total))),
      );
    }
  }

  async function loadFinal() {
    const stake = $("stake").value.trim().replace(",", ".") || "0.10";
    const final = await getJSON("/final", { stake });
    const standings = final.standings.standings || final.standings;
    renderPlaces($("final-table"), standings);
    const list = $("settlement");
    list.replaceChildren();
    const settlement = final.settlement || {};
    const transfers = settlement.transfers || [];
    if (!transfers.length) list.append(el("li", {}, say("nobody_pays")));
    for (const t of transfers) {
      const amount = t.amount + " " + (settlement.currency || "");
      list.append(el("li", { title: say("pays") }, el("b", {}, t.from), " → ", el("b", {}, t.to), ": " + amount));
    }
    const stats = $("stats");
    stats.replaceChildren();
    for (const p of (final.stats && final.stats.players) || []) {
      const card = el("div", { class: "card" }, el("h3", {}, p.player + " " + signed(p.total)));
      const facts = el("dl", {});
      const fact = (label, value) => facts.append(el("dt", {}, label), el("dd", {}, value));
      fact(say("hands"), p.hands);
      fact(say("average"), p.average);
      if (p.solos) fact(say("solos"), p.solos.won + "/" + p.solos.played);
      if (p.contras) fact(say("contras"), p.contras.won + "/" + p.contras.given);
      if (p.best) fact(say("best"), signed(p.best.change) + " (" + p.best.n + ".)");
      if (p.worst) fact(say("worst"), signed(p.worst.change) + " (" + p.worst.n + ".)");
      if (p.best_partner) fact(say("best_partner"), p.best_partner.player);
      card.append(facts);
      stats.append(card);
    }
  }

  // --- live: server-sent events, and catching up when the phone wakes ------------------------

  let events = null;

  function listen() {
    if (events) events.close();
    const live = $("live");
    events = new EventSource(url("/events", { key: KEY }));
    events.addEventListener("open", () => {
      live.textContent = say("live_on");
      live.classList.add("on");
    });
    events.addEventListener("error", () => {
      live.textContent = say("live_off");
      live.classList.remove("on");
    });
    events.addEventListener("change", (event) => {
      let version = null;
      try {
        version = JSON.parse(event.data).version;
      } catch (error) {
        version = null;
      }
      if (!state.table || version === null || version !== state.table.version) refresh();
    });
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible") return;
    if (!events || events.readyState === EventSource.CLOSED) listen();
    refresh();
  });

  // --- wiring ------------------------------------------------------------------------------

  document.querySelectorAll(".contract").forEach((b) => b.addEventListener("click", () => tapContract(b.dataset.contract)));
  document.querySelectorAll(".chip").forEach((b) => b.addEventListener("click", () => tapPlayer(Number(b.dataset.seat))));
  document.querySelectorAll(".digit").forEach((b) => b.addEventListener("click", () => tapDigit(b.dataset.digit)));
  document.querySelectorAll(".contra").forEach((b) => b.addEventListener("click", () => tapContra(b.dataset.contra)));
  document.querySelectorAll(".flag").forEach((b) => b.addEventListener("click", tapKara));
  document.querySelectorAll("[role=tab]").forEach((b) => b.addEventListener("click", () => openPanel(b.dataset.panel)));
  $("backspace").addEventListener("click", backspace);
  $("clear").addEventListener("click", () => {
    field.value = state.mode.kind === "last" ? "+" : "";
    fieldChanged();
  });
  field.addEventListener("input", fieldChanged);
  $("hand-form").addEventListener("submit", submit);
  $("mode-cancel").addEventListener("click", () => {
    setMode({ kind: "new" });
    field.value = "";
    fieldChanged();
  });
  $("undo").addEventListener("click", askUndo);
  $("correct-last").addEventListener("click", startCorrectLast);
  $("stake-form").addEventListener("submit", (event) => {
    event.preventDefault();
    loadPanel("final");
  });
  document.querySelectorAll(".lang a").forEach((a) => {
    a.addEventListener("click", (event) => {
      event.preventDefault();
      const here = new URL(window.location.href);
      here.searchParams.set("lang", a.dataset.lang);
      window.location.assign(here.toString());
    });
  });

  state.players = Array.from(document.querySelectorAll(".chip"), (b) => b.dataset.name);
  highlight();
  refresh();
  listen();
})();
