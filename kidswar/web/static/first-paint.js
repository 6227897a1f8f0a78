// Before the first paint: what this browser remembers that changes what a page shows first,
// as attributes on <html> for the style sheets, so that nothing moves once the page's own
// scripts (modules, run after the first paint) draw it. A classic script in the head, loaded
// beside the style sheets; it reads the browser's storage only, and changes nothing else.
//   data-voice="chosen": Read aloud was switched on or off here (speech.js), so the first
//     time's big "Turn on the voice" is not shown.
//   data-children="some": this device has children (children.mjs), so the progress page
//     keeps their place, not the "no child yet" notice;
//   data-child="chosen": one of them is playing now, so the picker keeps the line of its "Name".
(function () {
  const root = document.documentElement;
  function stored(key) {
    try { return window.localStorage.getItem(key); } catch { return null; }
  }
  if (stored("kidswar-speech") !== null) { root.dataset.voice = "chosen"; }
  let saved = null;
  try { saved = JSON.parse(stored("kidswar.children") || "null"); } catch { saved = null; }
  if (saved && Array.isArray(saved.children) && saved.children.length > 0) {
    root.dataset.children = "some";
    if (saved.children.some((child) => child && child.id === saved.current)) {
      root.dataset.child = "chosen";
    }
  }
})();
