// The setup page's "how long does a game last": redrawn for the game, the deck, the players
// and the battle limit chosen. Without JavaScript the page shows the figures for the choice it
// was drawn with. A module: the value of "Another number" comes from the page (page-data.mjs).
import { limitToAsk, sameQuery } from "./numbers.mjs";
import { pageData } from "./page-data.mjs";

(function () {
  const section = document.querySelector(".estimate");
  const form = section && section.closest("form");
  if (!form || !window.fetch) { return; }
  const figures = section.querySelector(".estimate-figures");
  const TYPING_PAUSE = 600;  // ms: a typed limit is asked about once the typing stops
  let asked = 0;
  let shown = section.dataset.drawn;  // the choice the figures on the page are for
  let typing = null;

  function chosenLimit() {
    // The battle limit the form would send: a radio, or the number typed beside "other"
    // (numbers.mjs: the usual limit's figures while the typed one is not allowed).
    const bounds = section.dataset;
    const radio = form.querySelector('input[name="limit"]:checked');
    if (!radio) { return null; }
    const typed = (form.elements["limit-other"] || { value: "" }).value;
    const allowed = { low: bounds.limitLow, high: bounds.limitHigh, usual: bounds.limitUsual };
    return limitToAsk(radio.value, typed, allowed, pageData().other);
  }

  async function update() {
    const variant = form.querySelector('input[name="variant"]:checked');
    const players = form.querySelector('input[name="players"]:checked');
    const deck = form.querySelector('input[name="deck"]:checked');
    const limit = chosenLimit();
    if (!variant || !players || !deck || !limit) { return; }  // the figures shown stay
    const query = new URLSearchParams({
      variant: variant.value, players: players.value, limit: limit, deck: deck.value });
    if (sameQuery(query.toString(), shown)) { return; }  // in any order
    const number = ++asked;  // only the answer to the latest choice is shown
    try {
      const response = await fetch(section.dataset.url + "?" + query.toString(), {
        headers: { "Accept": "application/json" }, credentials: "same-origin" });
      if (!response.ok || number !== asked) { return; }
      const data = await response.json();
      if (number === asked) {
        figures.innerHTML = data.html;
        shown = query.toString();
      }
    } catch {
      // The figures of the previous choice stay; the game can be set up all the same.
    }
  }

  form.addEventListener("change", function (event) {
    const name = event.target.name;
    if (["variant", "deck", "players", "limit", "limit-other"].includes(name)) { update(); }
  });
  form.addEventListener("input", function (event) {
    if (event.target.name !== "limit-other") { return; }
    window.clearTimeout(typing);
    typing = window.setTimeout(update, TYPING_PAUSE);
  });
  // A choice made before this script ran (a slow phone), or restored by the browser on "Back",
  // has had no change event: the figures follow it now. Same choice as drawn: nothing is asked.
  update();
})();
