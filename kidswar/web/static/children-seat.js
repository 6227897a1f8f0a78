// The setup forms: the child playing now on this device (static/children.mjs) takes the first
// seat. Its name goes into the first name field where none is typed yet (the adult sees it and
// may change it); its animal goes with the form, and a practice game shows it beside the seat.
import { currentChild } from "./children.mjs";

const animal = document.getElementById("child-animal");
const note = document.getElementById("child-seat");
const child = animal && note ? currentChild() : null;
if (child) {
  animal.value = child.animal;
  const name = document.getElementById("name-1");
  if (name && !name.value && child.name) { name.value = child.name; }
  const words = note.dataset;
  const label = child.name
    ? words["named" + child.animal[0].toUpperCase() + child.animal.slice(1)].replace("{name}", () => child.name)
    : words["name" + child.animal[0].toUpperCase() + child.animal.slice(1)];
  note.textContent = words.pattern.replace("{child}", () => label);
  note.hidden = false;
}
