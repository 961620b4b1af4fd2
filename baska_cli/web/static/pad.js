/* The tapping pad: contract buttons, the players as chips, a keypad for points and /tricks,
   contras and kara. Every tap writes the same notation into the text field that a player
   would type (`zw Ania+Celina 61 k`); a player tapped on an empty field starts a zwykła.
   The contracts, the contras and kara are the table's rule system's (`rules`: the JSON of
   render/pad_rules.py): the pad offers what those rules allow, and lists none of its own. */

import { el } from "./words.js";

const POINTS = /^[0-9]{0,3}(\/[0-9]{0,2})?$/;
const DEFAULT = 0; // the contract an empty field stands for: the rules' first (zwykła)

function isPoints(word) {
  return word !== "" && POINTS.test(word);
}

// `field`: the text input; `players()`: the four names; `rules`: the table's rule system;
// `correcting()`: whether the field holds a correction of the last hand (`+k`: no contract,
// no side); `changed()`: after a tap.
export function makePad({ field, players, rules, correcting, changed }) {
  // The rule system's contract of a word (its short name, any case), or undefined.
  function contractOf(word) {
    const low = word === undefined ? "" : word.toLowerCase();
    return rules.contracts.find((c) => c.short === low);
  }

  function isContract(word) {
    return contractOf(word) !== undefined;
  }

  function isContra(word) {
    const low = word.toLowerCase();
    return rules.contras.includes(low) || /^k[0-9]{1,2}$/.test(low) || low.startsWith("k:");
  }

  function words() {
    return field.value.trim().split(/\s+/).filter(Boolean);
  }

  // How a tapped player is written: the name where it reads back as that player alone.
  function playerWord(seat) {
    const names = players();
    const name = names[seat - 1] || String(seat);
    const plain = /^[^\s+,:/#]+$/.test(name) && !/^[0-9]+$/.test(name);
    const unique = names.filter((p) => p.toLowerCase() === name.toLowerCase()).length === 1;
    return plain && unique ? name : String(seat);
  }

  function setWords(list, open) {
    const text = list.join(" ");
    field.value = open && text ? text + " " : text;
    changed();
  }

  function tapContract(short) {
    if (correcting()) return;
    const list = words();
    if (list.length && isContract(list[0])) list[0] = short;
    else if (list.length && list[0].toLowerCase() === "kara") list.splice(0, list.length, short);
    else list.unshift(short);
    setWords(list, list.length === 1);
  }

  function tapPlayer(seat) {
    if (correcting()) return;
    const list = words();
    const word = playerWord(seat);
    if (list.length && list[0].toLowerCase() === "kara") {
      setWords(["kara", word]); // `kara X`: the player who revoked
      return;
    }
    if (!list.length || !isContract(list[0])) list.unshift(rules.contracts[DEFAULT].short);
    const size = contractOf(list[0]).players;
    const side = list[1];
    if (side === undefined || isPoints(side) || isContra(side) || side === "kara") {
      list.splice(1, 0, word);
    } else {
      const seats = side.split("+").filter(Boolean);
      const at = seats.indexOf(word);
      if (at >= 0) seats.splice(at, 1);
      else if (seats.length < size) seats.push(word);
      else seats.splice(0, seats.length, word);
      if (seats.length) list[1] = seats.join("+");
      else list.splice(1, 1);
    }
    setWords(list, true);
  }

  // The words after the contract and the side (all of a correction's words) changed.
  function editRest(change) {
    const list = words();
    if (correcting()) {
      if (list.length) list[0] = list[0].replace(/^\+/, "");
      const rest = list.filter(Boolean);
      change(rest, 0);
      field.value = "+" + rest.join(" ");
      changed();
      return;
    }
    change(list, 2);
    setWords(list, false);
  }

  function tapDigit(digit) {
    editRest((list, from) => {
      const at = list.findIndex((w, i) => i >= from && isPoints(w));
      if (at >= 0) {
        const now = list[at] + digit;
        if (POINTS.test(now)) list[at] = now;
        return;
      }
      let place = list.length;
      while (place > from && (isContra(list[place - 1]) || list[place - 1] === "kara")) place--;
      list.splice(Math.max(place, Math.min(from, list.length)), 0, digit);
    });
  }

  function tapContra(word) {
    editRest((list, from) => {
      const at = list.findIndex((w, i) => i >= from && isContra(w));
      if (at >= 0 && list[at].toLowerCase() === word) list.splice(at, 1);
      else if (at >= 0) list[at] = word;
      else {
        const kara = list.indexOf("kara", from);
        if (kara >= 0) list.splice(kara, 0, word);
        else list.push(word);
      }
    });
  }

  function tapKara() {
    if (!correcting() && !words().length) {
      setWords(["kara"], true); // then the player who revoked
      return;
    }
    editRest((list, from) => {
      const at = list.indexOf("kara", from);
      if (at >= 0) list.splice(at, 1);
      else list.push("kara");
    });
  }

  // The last keypad digit, the last player of the side, or else the last word.
  function backspace() {
    const list = words();
    if (!list.length) return;
    const last = list[list.length - 1];
    if (isPoints(last) && last.length > 1) list[list.length - 1] = last.slice(0, -1);
    else if (list.length === 2 && last.includes("+") && !last.startsWith("+")) {
      list[1] = last.split("+").slice(0, -1).join("+");
    } else list.pop();
    field.value = list.join(" ") + (list.length === 1 && isContract(list[0]) ? " " : "");
    if (correcting() && !field.value.startsWith("+")) field.value = "+" + field.value;
    changed();
  }

  // The buttons that are in the field's text shown pressed (the default contract lighter);
  // a contra or kara the contract in the field does not allow cannot be tapped (unless it is
  // in the field: then a tap takes it out).
  function highlight() {
    const list = words();
    const chosen = list.length ? contractOf(list[0]) : undefined;
    const contract = chosen ? chosen.short : null;
    const implied = list.length ? null : rules.contracts[DEFAULT].short;
    document.querySelectorAll(".contract").forEach((b) => {
      b.classList.toggle("on", b.dataset.contract === (contract || implied));
      b.classList.toggle("default", b.dataset.contract === implied);
    });
    const side = contract && list[1] ? list[1].split("+") : [];
    document.querySelectorAll(".chip").forEach((b) => {
      b.classList.toggle("on", side.includes(playerWord(Number(b.dataset.seat))));
    });
    const rest = list.slice(correcting() ? 0 : 2).map((w) => w.replace(/^\+/, "").toLowerCase());
    const allowed = chosen && !correcting() ? chosen : null;
    document.querySelectorAll(".contra").forEach((b) => {
      const on = rest.includes(b.dataset.contra);
      b.classList.toggle("on", on);
      b.disabled = !on && allowed !== null && !allowed.contras.includes(b.dataset.contra);
    });
    document.querySelectorAll(".flag").forEach((b) => {
      const on = rest.includes("kara");
      b.classList.toggle("on", on);
      b.disabled = !on && allowed !== null && !allowed.kara;
    });
  }

  // The rules' buttons: a contract's (its short word; its name as the button's title), each
  // contra's, and kara where the rules score a revoke.
  function build() {
    const key = (attrs, text) => el("button", { type: "button", ...attrs }, text);
    document.querySelector(".contracts").replaceChildren(
      ...rules.contracts.map((c) =>
        key({ class: "key contract", "data-contract": c.short, title: c.name }, c.short),
      ),
    );
    const contras = rules.contras.map((word) => key({ class: "key contra", "data-contra": word }, word));
    const kara = rules.kara ? [key({ class: "key flag", "data-flag": "kara" }, "kara")] : [];
    document.querySelector(".contras").replaceChildren(...contras, ...kara);
  }

  function wire() {
    build();
    const on = (selector, tap) =>
      document.querySelectorAll(selector).forEach((b) => b.addEventListener("click", () => tap(b)));
    on(".contract", (b) => tapContract(b.dataset.contract));
    on(".chip", (b) => tapPlayer(Number(b.dataset.seat)));
    on(".digit", (b) => tapDigit(b.dataset.digit));
    on(".contra", (b) => tapContra(b.dataset.contra));
    on(".flag", () => tapKara());
    on("#backspace", () => backspace());
  }

  return { wire, highlight };
}
