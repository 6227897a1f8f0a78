// The children who play on this device, kept in this browser only (localStorage): up to four,
// each an animal (picked by a tap, no reading needed), a first name an adult may type, and the
// child's progress on the ladder as the server last returned it (kidswar/game/progress.py's JSON,
// kept as it came, never read here: the server decides from it). Nothing here goes to the
// server except the current child's progress, in the body of a practice POST.
export const KEY = "kidswar.children";
export const MOST = 4;  // children per device (the "up to four")
// The animals a child can be, in the order the picker shows them (drawings:
// kidswar/web/drawing/animals_svg.py uses the same names).
export const ANIMALS = Object.freeze(["cat", "dog", "rabbit", "bear", "owl", "fox"]);
const MAX_NAME = 20;  // as a seat's name (kidswar/game/table.py, MAX_NAME_LENGTH)

function empty() { return { version: 1, current: null, children: [] }; }

// The store as saved, or an empty one where nothing (or something not ours) is saved: a broken
// entry must never stop a child from playing.
export function load(storage = window.localStorage) {
  let data;
  try { data = JSON.parse(storage.getItem(KEY) || "null"); } catch { return empty(); }
  if (!data || data.version !== 1 || !Array.isArray(data.children)) { return empty(); }
  const children = data.children.filter((child) => child && typeof child.id === "string"
    && ANIMALS.includes(child.animal) && typeof child.name === "string").slice(0, MOST);
  const current = children.some((child) => child.id === data.current) ? data.current : null;
  return { version: 1, current: current, children: children };
}

function save(data, storage) { storage.setItem(KEY, JSON.stringify(data)); }

export function children(storage = window.localStorage) { return load(storage).children; }

export function currentChild(storage = window.localStorage) {
  const data = load(storage);
  return data.children.find((child) => child.id === data.current) || null;
}

// A new child with this animal (and name, may be empty), chosen at once; null when the device
// already has four children or the animal is not one of ours.
export function addChild(animal, name = "", storage = window.localStorage) {
  const data = load(storage);
  if (data.children.length >= MOST || !ANIMALS.includes(animal)) { return null; }
  const used = new Set(data.children.map((child) => child.id));
  let n = 1;
  while (used.has("c" + n)) { n += 1; }
  const child = { id: "c" + n, animal: animal, name: String(name).trim().slice(0, MAX_NAME),
    progress: null };
  data.children.push(child);
  data.current = child.id;
  save(data, storage);
  return child;
}

export function chooseChild(id, storage = window.localStorage) {
  const data = load(storage);
  if (id !== null && !data.children.some((child) => child.id === id)) { return false; }
  data.current = id;
  save(data, storage);
  return true;
}

// Change the child `id` kept on this device with `change(child)`, and keep the change; false
// if there is no such child (deleted on another tab, say).
function changeChild(id, storage, change) {
  const data = load(storage);
  const child = data.children.find((each) => each.id === id);
  if (!child) { return false; }
  change(child);
  save(data, storage);
  return true;
}

export function renameChild(id, name, storage = window.localStorage) {
  return changeChild(id, storage, (child) => { child.name = String(name).trim().slice(0, MAX_NAME); });
}

export function removeChild(id, storage = window.localStorage) {
  const data = load(storage);
  data.children = data.children.filter((child) => child.id !== id);
  if (data.current === id) { data.current = null; }
  save(data, storage);
}

// The child's progress as the server last returned it (a JSON object), or null for none yet.
export function progressOf(id, storage = window.localStorage) {
  const child = load(storage).children.find((each) => each.id === id);
  return child ? child.progress : null;
}

// Ask the browser to keep this site's storage (the children live only there): Safari deletes
// a site's script storage after seven days of use without a visit, unless kept. Where the
// browser offers no such request, nothing happens; its answer changes nothing here.
export function askToKeepStorage(nav = globalThis.navigator) {
  const storage = nav && nav.storage;
  if (!storage || typeof storage.persist !== "function") { return false; }
  Promise.resolve(storage.persist()).catch(() => {});
  return true;
}

// A progress the server refused, put aside for the adult (`refusedProgress`: saved to a file
// or deleted from the progress page) and never sent again; the child starts afresh.
export function putAsideProgress(id, storage = window.localStorage) {
  return changeChild(id, storage, (child) => {
    if (child.progress) { child.refusedProgress = child.progress; }
    child.progress = null;
  });
}

// The day (the device's date, "2026-12-03") the child's progress was last saved to a file,
// kept with the child so that the progress page can say when; "" for never.
export function markSaved(id, day, storage = window.localStorage) {
  return changeChild(id, storage, (child) => { child.savedToFile = day; });
}

// Delete a progress that could not be read: the copy the drill put aside ("aside"), or the
// child's own ("progress", the child then starts afresh).
export function deleteCopy(id, which, storage = window.localStorage) {
  return changeChild(id, storage, (child) => {
    if (which === "aside") { delete child.refusedProgress; } else { child.progress = null; }
  });
}

export function saveProgress(id, progress, storage = window.localStorage) {
  return changeChild(id, storage, (child) => { child.progress = progress; });
}

// The child playing now on this device, or null (none chosen, or storage off).
export function childNow(storage = window.localStorage) {
  try { return currentChild(storage); } catch { return null; }
}

// The current child's progress goes with a practice form and comes back in the page: the
// drill's forms (drill.js) and a practice table's answers on a level (table.js). Before such
// a form is sent, its `progress` field takes the progress kept for the current child (none
// kept: left empty, a fresh progress).
export function sendProgress(form, storage = window.localStorage) {
  const field = form.querySelector && form.querySelector('input[name="progress"]');
  const current = childNow(storage);
  if (!field || !current) { return; }
  let saved = null;
  try { saved = progressOf(current.id, storage); } catch { return; }
  if (saved) { field.value = JSON.stringify(saved); }
}

// Once the server's answer is drawn, the progress it handed back (data-progress in `region`)
// is kept for the current child; true if one was kept.
export function keepProgress(region, storage = window.localStorage) {
  const drawn = region.querySelector("[data-progress]");
  const now = childNow(storage);
  if (!drawn || !now) { return false; }
  try {
    return saveProgress(now.id, JSON.parse(drawn.dataset.progress), storage);
  } catch {
    return false;  // storage full or off: practice goes on from the page's progress
  }
}
