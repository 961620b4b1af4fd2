/* The app's home: the evenings on this phone (each to open, export as its ledger's CSV with
   an <a download>, or remove), a new evening from four names, and a ledger imported. Every
   answer comes from baska's Python (webapp/home.py) through the bridge; what changes is kept
   in IndexedDB (store.js) before the page goes on. */

import { $, el, signed } from "../static/words.js";

// `bridge`: the page's fetch in Python; `store`: the evenings kept; `say`: the app's words;
// `lang`: the page's language; `mode`: "kept" (a service worker keeps the app) or "plain";
// `open(id)`: the evening's table page put in this page's place.
export async function showHome({ bridge, store, say, lang, mode, open }) {
  const home = $("app-home");
  const address = (path) => path + (path.includes("?") ? "&" : "?") + "lang=" + lang;

  async function call(path, options) {
    const answer = await bridge.fetch(address(path), options || {});
    const json = await answer.json().catch(() => ({}));
    if (!answer.ok) throw new Error(json.error || String(answer.status));
    return json;
  }

  function post(path, data) {
    const headers = { "Content-Type": "application/json", Accept: "application/json" };
    return call(path, { method: "POST", headers, body: JSON.stringify(data) });
  }

  function opening(id) {
    open(id).catch((error) => {
      const line = $("app-status");
      line.textContent = String(error.message || error);
      line.className = "app-status error";
      line.hidden = false;
    });
  }

  function problem(box, error) {
    box.textContent = String(error.message || error);
    box.className = "status error";
  }

  // --- a new evening -------------------------------------------------------------------------

  function newForm(rules) {
    const form = el("form", { class: "app-new", id: "app-new", autocomplete: "off" });
    form.append(el("h2", {}, say("new")), el("p", { class: "hint" }, say("seat_hint")));
    for (let seat = 1; seat <= 4; seat++) {
      const id = "app-seat-" + seat;
      form.append(
        el("label", { htmlFor: id }, say("seat", { seat })),
        el("input", { id, name: "seat", type: "text", maxLength: 40, required: true, autocapitalize: "words", spellcheck: false }),
      );
    }
    const system = el("select", { id: "app-rules", name: "rules" });
    for (const rule of rules) system.append(el("option", { value: rule.name }, rule.name + " — " + rule.title));
    const deals = el("input", { id: "app-deals", name: "deals", type: "number", min: 1, max: 400, value: 16, inputMode: "numeric" });
    const title = el("input", { id: "app-title-field", name: "title", type: "text", maxLength: 120 });
    form.append(
      el("label", { htmlFor: "app-rules" }, say("rules")), system,
      el("label", { htmlFor: "app-deals" }, say("deals")), deals,
      el("label", { htmlFor: "app-title-field" }, say("title_field")), title,
      el("button", { type: "submit", class: "primary big", id: "app-start" }, say("start")),
    );
    const why = el("p", { class: "status", role: "alert", id: "app-new-status" });
    form.append(why);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const names = [...form.querySelectorAll("input[name=seat]")].map((input) => input.value);
      const planned = deals.value.trim() ? Number(deals.value) : null;
      try {
        const made = await post("/home/v1/evenings", {
          players: names,
          rules: system.value,
          deals: planned,
          title: title.value,
        });
        await store.keep(made.id);
        opening(made.id);
      } catch (error) {
        problem(why, error);
      }
    });
    return form;
  }

  // --- the evenings ----------------------------------------------------------------------------

  async function exportLink(evening) {
    const answer = await bridge.fetch(address("/home/v1/evenings/" + evening.id + "/export"), {});
    const blob = new Blob([await answer.arrayBuffer()], { type: "text/csv" });
    const link = el("a", { class: "button", href: URL.createObjectURL(blob), download: evening.file }, say("export"));
    link.dataset.export = evening.id;
    return link;
  }

  async function item(evening) {
    const li = el("li", { class: "app-evening", "data-id": evening.id });
    const name = evening.title || evening.players.join(", ");
    li.append(el("h3", {}, name));
    if (evening.problem) {
      li.append(el("p", { class: "status error" }, say("cannot_read", { reason: evening.problem })));
    } else {
      const played = evening.deals
        ? say("played_of", { dealt: evening.dealt, deals: evening.deals })
        : say("played", { dealt: evening.dealt });
      li.append(el("p", { class: "hint" }, [evening.date, evening.rules, played].filter(Boolean).join(" · ")));
      const totals = el("ol", { class: "app-totals" });
      evening.players.forEach((player, seat) => {
        totals.append(el("li", {}, el("span", {}, player), " ", el("b", {}, signed(evening.totals[seat]))));
      });
      li.append(totals);
    }
    const opener = el("a", { class: "button primary", href: "./?evening=" + evening.id + "&lang=" + lang }, say("open"));
    opener.addEventListener("click", (event) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey) return; // (a new tab: its own start)
      event.preventDefault();
      opening(evening.id);
    });
    const remove = el("button", { type: "button", class: "small" }, say("remove"));
    remove.addEventListener("click", async () => {
      if (!window.confirm(say("remove_q", { name }))) return;
      await post("/home/v1/evenings/" + evening.id + "/remove", {});
      await store.keep(evening.id);
      render();
    });
    li.append(el("div", { class: "row" }, opener, await exportLink(evening), remove));
    return li;
  }

  function importForm() {
    const form = el("form", { class: "app-import" });
    const file = el("input", { type: "file", id: "app-import-file", accept: ".csv,text/csv,text/plain" });
    const why = el("p", { class: "status", role: "alert", id: "app-import-status" });
    form.append(
      el("h2", {}, el("label", { htmlFor: "app-import-file" }, say("import"))),
      el("p", { class: "hint" }, say("import_hint")),
      file,
      why,
    );
    file.addEventListener("change", async () => {
      if (!file.files.length) return;
      const data = await file.files[0].arrayBuffer();
      try {
        const made = await call("/home/v1/import", { method: "POST", headers: { "Content-Type": "text/csv" }, body: data });
        await store.keep(made.id);
        opening(made.id);
      } catch (error) {
        problem(why, error);
      }
      file.value = "";
    });
    return form;
  }

  async function render() {
    const found = await call("/home/v1/evenings");
    const list = el("ol", { class: "app-evenings", id: "app-evenings" });
    for (const evening of found.evenings) list.append(await item(evening));
    const note = el("p", { class: "hint app-mode" }, say(mode === "kept" ? "offline_ready" : "plain_http"));
    const kept = [el("h2", {}, say("evenings")), list];
    // (the evenings first where there are some; else the new evening's form first)
    if (found.evenings.length) home.replaceChildren(...kept, newForm(found.rules), importForm(), note);
    else home.replaceChildren(newForm(found.rules), importForm(), note);
    home.hidden = false;
  }

  document.querySelectorAll(".lang a").forEach((a) => {
    if (a.dataset.lang === lang) a.setAttribute("aria-current", "true");
  });
  await render();
  document.getElementById("app-status").hidden = true; // (an error on the way stays shown)
}
