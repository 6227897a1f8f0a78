// The child picker: one big button per child on this device (its animal), then the animals
// not taken yet while the device has fewer than four children. A tap picks the child, or adds
// a new child with that animal, and the voice (when on) says who is playing now; an adult may
// type a first name ("Name", one tap away).
// Other scripts hear of the choice by the "kidswar:child" event on the document.
import * as store from "./children.mjs";

const picker = document.getElementById("children-picker");
if (picker) {
  const list = document.getElementById("picker-list");
  const nameBox = document.getElementById("picker-name");
  const nameInput = document.getElementById("picker-name-input");
  const status = document.getElementById("picker-status");
  // Each animal's words and picture, from the buttons the page came with (one per animal).
  const animals = new Map([...list.querySelectorAll("button[data-animal]")].map((drawn) => [
    drawn.dataset.animal,
    { words: { ...drawn.dataset }, picture: drawn.querySelector("svg").cloneNode(true) },
  ]));

  const labelOf = (child) => {
    const words = animals.get(child.animal).words;
    return child.name ? words.named.replace("{name}", () => child.name) : words.name;
  };

  function button(animal, text, label, pressed) {
    const item = document.createElement("li");
    const element = document.createElement("button");
    element.type = "button";
    element.className = "picker-button" + (pressed === null ? " picker-new" : "");
    element.dataset.animal = animal;
    element.append(animals.get(animal).picture.cloneNode(true));
    const words = document.createElement("span");
    words.className = "picker-words";
    words.textContent = text;
    words.setAttribute("aria-hidden", "true");  // the button's name says it in full
    element.append(words);
    element.setAttribute("aria-label", label);
    if (pressed !== null) { element.setAttribute("aria-pressed", String(pressed)); }
    item.append(element);
    return item;
  }

  function draw() {
    const data = store.load();
    const items = data.children.map((child) => {
      const item = button(child.animal, child.name || animals.get(child.animal).words.name,
        labelOf(child), child.id === data.current);
      item.firstChild.dataset.child = child.id;
      return item;
    });
    if (data.children.length < store.MOST) {
      const taken = new Set(data.children.map((child) => child.animal));
      for (const [animal, { words }] of animals) {
        if (!taken.has(animal)) {
          items.push(button(animal, "+", words.new, null));
        }
      }
    }
    list.replaceChildren(...items);
    const current = store.currentChild();
    nameBox.hidden = !current;
    if (current && document.activeElement !== nameInput) { nameInput.value = current.name; }
  }

  function announce(child, text = picker.dataset.playing.replace("{child}", () => labelOf(child))) {
    status.textContent = text;
    document.dispatchEvent(new CustomEvent("kidswar:child", { detail: child }));
  }

  // With the voice on, a child who cannot read hears who is playing now: the status said with
  // the animal's name alone ("Cat is playing now."), as the voice never reads a typed name.
  function say(child) {
    const speech = window.kidswarSpeech;
    const clip = animals.get(child.animal).words.said;
    if (speech && speech.enabled() && clip) { speech.play([clip]); }
  }

  list.addEventListener("click", (event) => {
    const element = event.target.closest("button");
    if (!element) { return; }
    let child;
    if (element.dataset.child) {
      store.chooseChild(element.dataset.child);
      child = store.currentChild();
    } else {
      child = store.addChild(element.dataset.animal);
    }
    if (!child) { return; }
    say(child);
    draw();
    // Focus stays on the child's own button, wherever the list now puts it.
    const again = list.querySelector(`button[data-child="${child.id}"]`);
    if (again) { again.focus(); }
    announce(child);
  });

  document.getElementById("picker-name-save").addEventListener("click", () => {
    const current = store.currentChild();
    if (!current) { return; }
    store.renameChild(current.id, nameInput.value);
    draw();
    announce(store.currentChild(), picker.dataset.saved);
  });

  window.addEventListener("storage", draw);  // another tab picked or renamed a child
  // The page drew the list as for a device with no child yet (six new children); this device's
  // own children go in the same box, which keeps its height until the first tap, so that nothing
  // below it moves (four children take fewer rows than six animals).
  list.style.minHeight = `${list.offsetHeight}px`;
  list.addEventListener("click", () => { list.style.minHeight = ""; }, { once: true });
  draw();
}
