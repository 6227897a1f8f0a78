// What the scripts share with the server (kidswar/web/scripts.py), read from the page's one
// JSON block: the fetch header, the sign keys' answers, the clock's pattern and states, the
// speech timings, the value of a number field's "Another number". The scripts copy none of these values; a page without the block is a bug,
// and says so at once (an error in the console) rather than guessing.
const REQUIRED = {
  fetchHeaders: "object", signs: "object", clock: "object", speech: "object", other: "string",
};

export function parsePageData(text) {
  const data = JSON.parse(text);
  const missing = Object.keys(REQUIRED).filter(
    (name) => !(data && typeof data[name] === REQUIRED[name]));
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
