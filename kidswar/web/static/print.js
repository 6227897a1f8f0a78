// The easy rules' Print button: shown only where a script can print, and it opens the browser's
// print dialog (the page's print layout hides the navigation, the speakers and the button).
(function () {
  "use strict";
  document.querySelectorAll("[data-print]").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => { window.print(); });
  });
})();
