/* Who enters on this phone: the name the player chose (asked once, optional) and the phone's
   own random id, both kept in the phone's storage and sent with each change, so that the
   other phones are told who changed what, and the sheet shows it. */

import { newId } from "./api.js";

const NAME = "baska-who"; // {name, asked}: the name chosen ("" if none) and whether asked
const PHONE = "baska-phone"; // the phone's id (letters, digits and "-")
let memory = { name: "", asked: false, phone: "" }; // where storage is refused

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch (error) {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch (error) {
    /* a private window: kept while the page is open */
  }
}

// The phone's id, made the first time it is asked for.
export function phoneId() {
  let id = read(PHONE) || memory.phone;
  if (!id) {
    id = newId();
    write(PHONE, id);
  }
  memory.phone = id;
  return id;
}

// The name chosen on this phone and whether it was asked already: {name, asked}.
export function chosen() {
  try {
    const kept = JSON.parse(read(NAME) || "null");
    if (kept && typeof kept.name === "string") return { name: kept.name, asked: !!kept.asked };
  } catch (error) {
    /* not ours: asked again */
  }
  return { name: memory.name, asked: memory.asked };
}

// Keep the name chosen ("" : none, the question not asked again).
export function choose(name) {
  memory = { ...memory, name: name.trim(), asked: true };
  write(NAME, JSON.stringify({ name: memory.name, asked: true }));
}

// What each change sends of its author: {by, phone}.
export function author() {
  return { by: chosen().name, phone: phoneId() };
}
