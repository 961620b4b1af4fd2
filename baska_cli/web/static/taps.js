/* What "⌫" takes back first: the last tap on the pad. Each tap keeps the field's text as it
   was before it; "⌫" puts that text back while nothing was typed or cleared since (the
   pad then takes the last piece of the text instead: see pad.js). */

const KEPT = 100; // taps remembered

export function makeTaps(field) {
  const done = []; // {before, kept, after}: the field around each tap, the last one last
  return {
    // A tap made: the text it changed (`before`, with what the pad kept of it: `kept`) and
    // the field's text after it.
    record(before, kept) {
      done.push({ before, kept, after: field.value });
      if (done.length > KEPT) done.shift();
    },
    // The last tap taken off the list ({before, kept}); null when the field was changed
    // otherwise since (typed, cleared, a hand recorded): then no tap is remembered.
    undo() {
      const last = done[done.length - 1];
      if (!last || last.after !== field.value) {
        done.length = 0;
        return null;
      }
      return done.pop();
    },
    forget() {
      done.length = 0;
    },
  };
}
