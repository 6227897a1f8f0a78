// The table without page reloads: moves are sent with fetch and the table is redrawn in place.
// Without JavaScript the same forms post and redirect, so the game works either way.
(function () {
  "use strict";
  const region = document.getElementById("table-region");
  const announcer = document.getElementById("announcer");
  if (!region || !window.fetch) { return; }
  let busy = false;
  const SIGNS = { "<": "lt", ">": "gt", "=": "same" };

  function announce() {
    // Screen readers hear the new sentences through the live region, which is never replaced.
    const parts = region.querySelectorAll(".notice, .sentence, .outcome");
    announcer.textContent = Array.from(parts, (p) => p.textContent.trim()).join(" ");
  }

  function speak(table) {
    // Say the battle just drawn (after "Play 10 battles", only the last one is drawn).
    const speech = window.kidswarSpeech;
    const urls = (table.dataset.speech || "").split(" ").filter(Boolean);
    if (speech && speech.enabled() && urls.length) { speech.play(urls); }
  }

  function submitPlainly(form, submitter) {
    // form.submit() leaves out the button pressed (a practice answer), so carry it along.
    if (submitter && submitter.name) {
      const field = document.createElement("input");
      field.type = "hidden";
      field.name = submitter.name;
      field.value = submitter.value;
      form.appendChild(field);
    }
    form.submit();
  }

  async function send(form, submitter) {
    if (busy) { return; }  // one move at a time; the server refuses stale ones anyway
    busy = true;
    const hadFocus = submitter && submitter.dataset.key;
    try {
      // getAttribute: the hidden input named "action" shadows form.action.
      const response = await fetch(form.getAttribute("action"), {
        method: "POST", body: new FormData(form, submitter), headers: { "X-Kidswar": "fetch" },
        credentials: "same-origin",
      });
      const html = await response.text();
      if ((response.headers.get("Content-Type") || "").startsWith("text/html") && html.includes('id="table"')) {
        region.innerHTML = html;
        // The cards slide in when turned; after a practice answer they are already there.
        if (!form.classList.contains("answer")) { region.firstElementChild.classList.add("animate"); }
        announce();
        speak(region.firstElementChild);
        const again = hadFocus && region.querySelector('[data-key="' + hadFocus + '"]');
        // [data-focus]: a practice question, while it waits for its answer.
        (again || region.querySelector(".controls .primary, .end button, [data-focus]") || region).focus();
      } else {
        submitPlainly(form, submitter);  // an error page: let the browser show it
      }
    } catch (error) {
      submitPlainly(form, submitter);
    } finally {
      busy = false;
    }
  }

  region.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.classList.contains("move")) { return; }
    event.preventDefault();
    send(form, event.submitter);
  });

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    const tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select" || tag === "summary") { return; }
    if (tag === "button" || tag === "a") {
      if (event.key === " " || event.key === "Enter") { return; }  // they press what has focus
    }
    let button = null;
    if (event.key === " " || event.key === "Enter") {
      button = region.querySelector('[data-key="space"]');
    } else if (/^[1-4]$/.test(event.key)) {
      button = region.querySelector('[data-key="' + event.key + '"]');
    } else if (SIGNS[event.key]) {  // practice: <, = and > answer with a sign
      button = region.querySelector('[data-key="' + SIGNS[event.key] + '"]');
    }
    if (button) {
      event.preventDefault();
      button.form.requestSubmit(button);
    }
  });
})();
