/* The tapping pad: contract buttons, the players as chips, a keypad for points and /tricks,
   contras and kara. Every tap writes the same notation into the text field that a player
   would type (`zw Ania+Celina 61 k`); a player tapped on an empty field starts a zwykła; a
   player tapped right after a contra names who called it (a contra, then Bartek: k:Bartek;
   each further player the next call). In a correction of the last hand (`+words`) a tap writes
   the word that changes (a contract, the side, points, contras). After "Correct" on a hand
   the field holds its text as if selected: the first tap on the keypad replaces its points
   (78, then 8 → 8, not 788), the first player starts its side anew. "⌫" takes back the
   last tap (taps.js). The contracts, the contras and kara are the table's rule system's
   (`rules`: the JSON of render/pad_rules.py): the pad offers what those rules allow. */

import { makeTaps } from "./taps.js";
import { el } from "./words.js";

const POINTS = /^[0-9]{0,3}(\/[0-9]{0,2})?$/;
const DEFAULT = 0; // the contract an empty field stands for: the rules' first (zwykła)
const PARTS = ["points", "side", "contras"]; // what a hand put in the field may have
const ONE = (rules) => rules.contras[0]; // the rules' word for one contra (named ones stand for it)

function isPoints(word) {
  return word !== "" && POINTS.test(word);
}

function isKara(word) {
  return word.toLowerCase() === "kara";
}

// `field`: the text input; `players()`: the four names; `rules`: the table's rule system;
// `correcting()`: whether the field holds a correction of the last hand (`+k`); `corrected()`:
// the text of the hand it corrects; `changed()`: after a tap.
export function makePad({ field, players, rules, correcting, corrected, changed }) {
  const taps = makeTaps(field);
  let fresh = new Set(); // the parts of a hand put in the field that no tap changed yet
  let ours = null; // the field's text as the pad left it (typed since: nothing is fresh)

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

  // A word that names players: the side (neither contract, points, contras nor kara).
  function isSide(word) {
    return !isContract(word) && !isPoints(word) && !isContra(word) && !isKara(word);
  }

  function words() {
    return field.value.trim().split(/\s+/).filter(Boolean);
  }

  // The field's words, a correction's without its "+".
  function plainWords() {
    const list = words();
    if (correcting() && list.length) list[0] = list[0].replace(/^\+/, "");
    return list.filter(Boolean);
  }

  // The words into the field (`open`: a space after them, for the next word), a
  // correction's after its "+".
  function put(list, open) {
    const text = list.filter(Boolean).join(" ");
    if (correcting()) field.value = "+" + text;
    else field.value = open && text ? text + " " : text;
  }

  // How a tapped player is written: the name where it reads back as that player alone.
  function playerWord(seat) {
    const names = players();
    const name = names[seat - 1] || String(seat);
    const plain = /^[^\s+,:/#]+$/.test(name) && !/^[0-9]+$/.test(name);
    const unique = names.filter((p) => p.toLowerCase() === name.toLowerCase()).length === 1;
    return plain && unique ? name : String(seat);
  }

  // One tap: `change(list, from, correction)` edits the words (from `from` on: after the
  // contract and the side of a hand; all of a correction's, without its "+"); `open`: a
  // space after them, for the next word (unless `change` says false).
  function tap(change, open) {
    if (field.value !== ours) fresh = new Set();
    const before = field.value;
    const kept = new Set(fresh);
    const correction = correcting();
    const list = plainWords();
    const closed = change(list, correction ? 0 : 2, correction) === false;
    put(list, open && !closed);
    ours = field.value;
    if (field.value !== before) taps.record(before, kept);
    changed();
  }

  // The contract a correction's words give, else that of the hand it corrects.
  function correctionContract(list) {
    const typed = list.find(isContract);
    return contractOf(typed) || contractOf(corrected().split(/\s+/)[0]);
  }

  function tapContract(short) {
    tap((list, from, correction) => {
      const at = list.findIndex(isContract);
      if (correction) {
        if (at >= 0 && list[at].toLowerCase() === short) list.splice(at, 1);
        else if (at >= 0) list[at] = short;
        else list.unshift(short);
      } else if (list.length && isContract(list[0])) list[0] = short;
      else if (list.length && isKara(list[0])) list.splice(0, list.length, short);
      else list.unshift(short);
    }, true);
  }

  // A player tapped right after a contra: the next caller (the last one tapped again: off).
  function nameCaller(list, from, word) {
    const at = list.length - 1;
    if (at < from || !isContra(list[at]) || fresh.has("contras")) return false;
    const named = list[at].toLowerCase().startsWith("k:");
    const callers = named ? list[at].slice(2).split(",").filter(Boolean) : [];
    if (callers.length && callers[callers.length - 1] === word) callers.pop();
    else callers.push(word);
    list[at] = callers.length ? "k:" + callers.join(",") : ONE(rules);
    return true;
  }

  // The side at `at` with the player toggled (a full side starts anew with the player).
  function toggleSide(list, at, word, size) {
    if (at >= list.length || !isSide(list[at])) {
      list.splice(at, 0, word);
      return;
    }
    const seats = fresh.has("side") ? [] : list[at].split("+").filter(Boolean);
    fresh.delete("side");
    const found = seats.indexOf(word);
    if (found >= 0) seats.splice(found, 1);
    else if (seats.length < size) seats.push(word);
    else seats.splice(0, seats.length, word);
    if (seats.length) list[at] = seats.join("+");
    else list.splice(at, 1);
  }

  function tapPlayer(seat) {
    const word = playerWord(seat);
    tap((list, from, correction) => {
      if (nameCaller(list, from, word)) return false; // (the next caller may follow)
      if (correction) {
        const contract = correctionContract(list);
        const side = list.findIndex(isSide);
        const at = side >= 0 ? side : list.length && isContract(list[0]) ? 1 : 0;
        toggleSide(list, at, word, contract ? contract.players : 2);
        return;
      }
      if (list.length && isKara(list[0])) {
        list.splice(0, list.length, "kara", word); // `kara X`: the player who revoked
        return;
      }
      if (!list.length || !isContract(list[0])) list.unshift(rules.contracts[DEFAULT].short);
      toggleSide(list, 1, word, contractOf(list[0]).players);
    }, true);
  }

  function tapDigit(digit) {
    tap((list, from) => {
      const at = list.findIndex((w, i) => i >= from && isPoints(w));
      if (at >= 0 && fresh.has("points")) list[at] = digit; // a hand's points replaced
      else if (at >= 0 && POINTS.test(list[at] + digit)) list[at] += digit;
      fresh.delete("points");
      if (at >= 0) return;
      let place = list.length;
      while (place > from && (isContra(list[place - 1]) || isKara(list[place - 1]))) place--;
      list.splice(Math.max(place, Math.min(from, list.length)), 0, digit);
    });
  }

  function tapContra(word) {
    tap((list, from) => {
      fresh.delete("contras");
      const at = list.findIndex((w, i) => i >= from && isContra(w));
      if (at >= 0 && list[at].toLowerCase() === word) list.splice(at, 1);
      else if (at >= 0) list[at] = word;
      else {
        const kara = list.findIndex((w, i) => i >= from && isKara(w));
        if (kara >= 0) list.splice(kara, 0, word);
        else list.push(word);
      }
    });
  }

  function tapKara() {
    tap((list, from, correction) => {
      if (!correction && !list.length) {
        list.push("kara"); // then the player who revoked
        return;
      }
      const at = list.findIndex((w, i) => i >= from && isKara(w));
      if (at >= 0) list.splice(at, 1);
      else list.push("kara");
    }, !correcting() && !words().length);
  }

  // "⌫": the last tap taken back; in a text typed, the last piece of it (a digit of the
  // points, a caller, a player of the side, else the last word).
  function backspace() {
    const undone = taps.undo();
    fresh = undone ? undone.kept : new Set(); // (a piece deleted: the hand is no longer new)
    if (undone) {
      field.value = undone.before;
      ours = field.value;
      changed();
      return;
    }
    const list = plainWords();
    if (!list.length) return;
    const last = list[list.length - 1];
    const callers = last.toLowerCase().startsWith("k:") ? last.slice(2).split(",") : null;
    if (isPoints(last) && last.length > 1) list[list.length - 1] = last.slice(0, -1);
    else if (callers && callers.length > 1) list[list.length - 1] = "k:" + callers.slice(0, -1).join(",");
    else if (callers) list[list.length - 1] = ONE(rules);
    else if (list.length === 2 && last.includes("+") && !last.startsWith("+")) {
      list[1] = last.split("+").slice(0, -1).join("+");
    } else list.pop();
    put(list, list.length === 1 && isContract(list[0]));
    ours = field.value;
    changed();
  }

  // A recorded hand's text in the field, to be corrected: as if selected (the first tap on
  // the keypad replaces its points, the first player its side; typing replaces it all).
  function fill(text) {
    field.value = text;
    ours = text;
    fresh = new Set(PARTS);
    taps.forget();
    changed();
  }

  // The buttons that are in the field's text shown pressed (the default contract lighter);
  // a contra or kara the contract in the field does not allow cannot be tapped (unless it is
  // in the field: then a tap takes it out).
  function highlight() {
    const correction = correcting();
    const list = plainWords();
    const typed = correction ? list.find(isContract) : list.length ? list[0] : undefined;
    const chosen = correction ? correctionContract(list) : contractOf(typed);
    const contract = contractOf(typed) ? typed.toLowerCase() : null;
    const implied = list.length || correction ? null : rules.contracts[DEFAULT].short;
    document.querySelectorAll(".contract").forEach((b) => {
      b.classList.toggle("on", b.dataset.contract === (contract || implied));
      b.classList.toggle("default", b.dataset.contract === implied);
    });
    const sideWord = correction ? list.find(isSide) : contract && list[1];
    const side = sideWord && isSide(sideWord) ? sideWord.split("+") : [];
    document.querySelectorAll(".chip").forEach((b) => {
      b.classList.toggle("on", side.includes(playerWord(Number(b.dataset.seat))));
    });
    const rest = list.slice(correction ? 0 : 2).map((w) => w.toLowerCase());
    const named = rest.some((w) => w.startsWith("k:"));
    document.querySelectorAll(".contra").forEach((b) => {
      const on = rest.includes(b.dataset.contra) || (named && b.dataset.contra === ONE(rules));
      b.classList.toggle("on", on);
      b.disabled = !on && chosen !== undefined && !chosen.contras.includes(b.dataset.contra);
    });
    document.querySelectorAll(".flag").forEach((b) => {
      const on = rest.includes("kara");
      b.classList.toggle("on", on);
      b.disabled = !on && chosen !== undefined && !chosen.kara;
    });
    field.classList.toggle("fresh", fresh.size === PARTS.length && field.value === ours);
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
    const on = (selector, tapped) =>
      document.querySelectorAll(selector).forEach((b) => b.addEventListener("click", () => tapped(b)));
    on(".contract", (b) => tapContract(b.dataset.contract));
    on(".chip", (b) => tapPlayer(Number(b.dataset.seat)));
    on(".digit", (b) => tapDigit(b.dataset.digit));
    on(".contra", (b) => tapContra(b.dataset.contra));
    on(".flag", () => tapKara());
    on("#backspace", () => backspace());
    // a hand put in the field is selected when the keyboard comes: typing replaces it
    field.addEventListener("focus", () => field.classList.contains("fresh") && field.select());
  }

  return { wire, highlight, fill };
}
