// The forms that start a game (the setup pages, the home page's tiles): the child playing now
// on this device (static/children.mjs) takes the first seat. Its animal goes with the form,
// read as it is sent (the picker may change the child meanwhile), and the table shows it
// beside the seat. On a setup page the child's name goes into the first name field where none
// is typed yet (the adult sees it and may change it), and a note says where the child sits.
import { currentChild } from "./children.mjs";

function child() {
  try { return currentChild(); } catch { return null; }  // storage off: no child
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  const field = form.querySelector && form.querySelector('input[name="child-animal"]');
  if (!field) { return; }
  const now = child();
  field.value = now ? now.animal : "";
}, true);  // captured: before live.js or the browser reads the form

const animal = document.getElementById("child-animal");
const note = document.getElementById("child-seat");
const current = animal && note ? child() : null;
if (current) {
  animal.value = current.animal;
  const name = document.getElementById("name-1");
  if (name && !name.value && current.name) { name.value = current.name; }
  const words = note.dataset;
  const key = current.animal[0].toUpperCase() + current.animal.slice(1);
  const label = current.name
    ? words["named" + key].replace("{name}", () => current.name)
    : words["name" + key];
  note.textContent = words.pattern.replace("{child}", () => label);
  note.hidden = false;
}
