// A child's progress as a file to carry to another device, and the children as the progress
// page sends them to the server to be drawn. Pure: no page, no storage (tested with node).
export const KIND = "kidswar-child";  // what a progress file says it is
export const VERSION = 1;

// The file of one child of the store: its animal, name and progress as the server returned it.
export function fileOf(child) {
  return { kind: KIND, version: VERSION, animal: child.animal, name: child.name,
    progress: child.progress === undefined ? null : child.progress };
}

// The file's name: "kidswar-cat-Ada.json" (the name kept to letters, digits and dashes).
export function fileName(child) {
  const name = String(child.name || "").normalize("NFKD").replace(/\p{M}+/gu, "")
    .replace(/[^A-Za-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return ["kidswar", child.animal, name].filter(Boolean).join("-") + ".json";
}

// The child a file's text holds, as the server checks it ({animal, name, progress}), or null
// when the text is not a progress file at all.
export function readFile(text) {
  let data;
  try { data = JSON.parse(text); } catch { return null; }
  if (!data || typeof data !== "object" || data.kind !== KIND || data.version !== VERSION) {
    return null;
  }
  return { animal: data.animal, name: data.name, progress: data.progress };
}

// The file of a progress the server could not read: the child's own ("progress") or the one
// the drill put aside ("aside"), as it was kept, for a newer kidswar to read.
export function copyOf(child, which) {
  return fileOf({ ...child, progress: which === "aside" ? child.refusedProgress : child.progress });
}

// A date as the store keeps the day a file was saved: the device's own day, "2026-12-03".
export function dayOf(date) {
  const two = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

// True if a JSON value nests arrays and objects more than `most` deep (an array of numbers is
// 1 deep), looked at level by level, never deeper than `most` + 1: no recursion, so a value
// nested thousands deep is told apart without JSON.stringify (which would recurse into it).
export function nestedTooDeep(value, most) {
  let level = [value];
  for (let depth = 0; depth <= most; depth += 1) {
    const containers = level.filter((each) => each !== null && typeof each === "object");
    if (containers.length === 0) { return false; }
    level = containers.flatMap((each) => Object.values(each));
  }
  return true;
}

// The children of the store as the progress route reads them: each with the day it was last
// saved to a file, whether a refused progress is kept aside, and a progress nested deeper
// (`maxDepth`) or longer (`maxChars`) than any the server reads kept back and said so, so
// that it is refused on its own and the others are still drawn (the whole body nested
// thousands deep would be refused, every child with it).
export function entriesOf(children, maxChars = Infinity, maxDepth = Infinity) {
  return children.map((child) => {
    const progress = child.progress === undefined ? null : child.progress;
    const tooDeep = progress !== null && nestedTooDeep(progress, maxDepth);
    const tooBig = !tooDeep && progress !== null && JSON.stringify(progress).length > maxChars;
    return { id: child.id, animal: child.animal, name: child.name,
      progress: tooBig || tooDeep ? null : progress, tooBig: tooBig, tooDeep: tooDeep,
      saved: typeof child.savedToFile === "string" ? child.savedToFile : null,
      aside: Boolean(child.refusedProgress) };
  });
}
