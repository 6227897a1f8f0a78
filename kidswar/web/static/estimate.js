// The setup page's "how long does a game last": redrawn for the game and players chosen.
// Without JavaScript the page shows the figures for the choice it was drawn with.
(function () {
  "use strict";
  const section = document.querySelector(".estimate");
  const form = section && section.closest("form");
  if (!form || !window.fetch) { return; }
  const figures = section.querySelector(".estimate-figures");
  let asked = 0;

  async function update() {
    const variant = form.querySelector('input[name="variant"]:checked');
    const players = form.querySelector('input[name="players"]:checked');
    if (!variant || !players) { return; }
    const number = ++asked;  // only the answer to the latest choice is shown
    const query = new URLSearchParams({ variant: variant.value, players: players.value });
    try {
      const response = await fetch(section.dataset.url + "?" + query.toString(), {
        headers: { "Accept": "application/json" }, credentials: "same-origin" });
      if (!response.ok || number !== asked) { return; }
      const data = await response.json();
      if (number === asked) { figures.innerHTML = data.html; }
    } catch (error) {
      // The figures of the previous choice stay; the game can be set up all the same.
    }
  }

  form.addEventListener("change", function (event) {
    const name = event.target.name;
    if (name === "variant" || name === "players") { update(); }
  });
})();
