// What the scripts share with the server (kidswar/web/scripts.py), read from the page's one
// JSON block: the fetch header, the sign keys' answers, the clock's pattern and states, the
// speech timings. The scripts copy none of these values; a page without the block is a bug,
// and says so at once (an error in the console) rather than guessing.
const REQUIRED = ["fetchHeaders", "signs", "clock", "speech"];

export function parsePageData(text) {
  const data = JSON.parse(text);
  const missing = REQUIRED.filter((name) => !(data && typeof data[name] === "object"));
  if (missing.length) { throw new Error("the page data has no " + missing.join(", ")); }
  return data;
}

let cached = null;

// The page's data, parsed once however many scripts ask.
export function pageData(doc = document) {
  if (!cached) {
    const block = doc.getElementById("kidswar-data");
    if (!block) { throw new Error("the page has no #kidswar-data block"); }
    cached = parsePageData(block.textContent);
  }
  return cached;
}
