// The drill without page reloads: answers are sent with fetch and the drill is redrawn in
// place. Without JavaScript the same forms post and redirect, so the drill works either way.
// The page never decides what is right: it sends which card or sign was chosen.
(function () {
  "use strict";
  const region = document.getElementById("drill-region");
  const announcer = document.getElementById("announcer");
  if (!region || !window.fetch) { return; }
  const SIGNS = { "<": "lt", ">": "gt", "=": "same" };
  let busy = false;

  function announce() {
    // Screen readers hear the new text through the live region, which is never replaced.
    const parts = region.querySelectorAll(".notice, .progress, .sentence, .score-line");
    announcer.textContent = Array.from(parts, (p) => p.textContent.trim()).join(" ");
  }

  function speak(drill) {
    const speech = window.kidswarSpeech;
    const urls = (drill.dataset.speech || "").split(" ").filter(Boolean);
    if (speech && speech.enabled() && urls.length) { speech.play(urls); }
  }

  function submitPlainly(form, submitter) {
    // form.submit() leaves out the button pressed, so carry its answer in a hidden field.
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
    if (busy) { return; }  // one answer at a time; the server refuses stale ones anyway
    busy = true;
    try {
      const response = await fetch(form.getAttribute("action"), {
        method: "POST", body: new FormData(form, submitter), headers: { "X-Kidswar": "fetch" },
        credentials: "same-origin",
      });
      const html = await response.text();
      if ((response.headers.get("Content-Type") || "").startsWith("text/html") && html.includes('id="drill"')) {
        region.innerHTML = html;
        announce();
        speak(region.firstElementChild);
        const focus = region.querySelector("[data-focus]");
        if (focus) { focus.focus(); }
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
    if (!form.classList.contains("drill-form")) { return; }
    event.preventDefault();
    send(form, event.submitter);
  });

  // Keys: 1 and 2 choose a card, <, = and > a sign; Space or Enter goes on to the next question.
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) { return; }
    const tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select" || tag === "summary") { return; }
    const pressing = event.key === " " || event.key === "Enter";
    if ((tag === "button" || tag === "a") && pressing) { return; }  // they press what has focus
    let name = null;
    if (/^[12]$/.test(event.key)) {
      name = event.key;
    } else if (SIGNS[event.key]) {
      name = SIGNS[event.key];
    } else if (pressing) {
      name = "next";
    }
    const button = name && region.querySelector('[data-key="' + name + '"]');
    if (button) {
      event.preventDefault();
      button.form.requestSubmit(button);
    }
  });
})();
