// A part of the page as plain text for a live region or a status, each typed name in it still
// isolated: the page draws a name in a <bdi> (kidswar/web/names.py), which plain text cannot
// carry, so it becomes the name between FSI and PDI, plain text's isolation (UAX #9).
export const FSI = "\u2068";
export const PDI = "\u2069";

export function isolatedText(element) {
  if (!element.querySelector("bdi")) { return element.textContent; }
  const copy = element.cloneNode(true);
  for (const name of copy.querySelectorAll("bdi")) {
    name.replaceWith(FSI + name.textContent + PDI);
  }
  return copy.textContent;
}
