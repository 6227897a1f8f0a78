// Pages that redraw in place (the table, the drill): a form is sent with fetch and the
// server's fragment replaces the region; without JavaScript the same forms post and
// redirect. The page never decides anything: the server answers every move and answer.
// A module: the header that asks for a fragment comes from the page (page-data.mjs).
import { pageData } from "./page-data.mjs";

(function () {
  const { fetchHeaders: FETCH_HEADERS } = pageData();

  function submitPlainly(form, submitter) {
    // form.submit() leaves out the button pressed (an answer), so carry it in a hidden field.
    if (submitter && submitter.name) {
      const field = document.createElement("input");
      field.type = "hidden";
      field.name = submitter.name;
      field.value = submitter.value;
      form.appendChild(field);
    }
    form.submit();
  }

  // options: region (element), marker (id the fragment must contain), formClass,
  // announce (selector of the texts to announce), afterSwap(form, submitter),
  // keyFor(key, pressing): the data-key of the button a key presses, if any (keys.mjs).
  // Returns busy() (a form of this page is on its way) and show(html), which puts a fragment
  // fetched some other way in place and announces it, as after a move of this page.
  function live(options) {
    const region = options.region;
    const announcer = document.getElementById("announcer");
    let busy = false;

    function announce() {
      // Screen readers hear the new texts through the live region, which is never replaced.
      const parts = region.querySelectorAll(options.announce);
      announcer.textContent = Array.from(parts, (p) => p.textContent.trim()).join(" ");
    }

    function speak(fragment) {
      const speech = window.kidswarSpeech;
      const urls = (fragment.dataset.speech || "").split(" ").filter(Boolean);
      if (speech && speech.enabled() && urls.length) { speech.play(urls); }
    }

    async function send(form, submitter) {
      if (busy) { return; }  // one at a time; the server refuses stale ones anyway
      busy = true;
      try {
        // getAttribute: a hidden input named "action" would shadow form.action.
        const response = await fetch(form.getAttribute("action"), {
          method: "POST", body: new FormData(form, submitter),
          headers: FETCH_HEADERS, credentials: "same-origin",
        });
        const html = await response.text();
        const isFragment = (response.headers.get("Content-Type") || "").startsWith("text/html")
          && html.includes('id="' + options.marker + '"');
        if (!isFragment) { submitPlainly(form, submitter); return; }  // an error page
        region.innerHTML = html;
        options.afterSwap(form, submitter);
        announce();
        speak(region.firstElementChild);
      } catch {
        submitPlainly(form, submitter);
      } finally {
        busy = false;
      }
    }

    region.addEventListener("submit", (event) => {
      if (!event.target.classList.contains(options.formClass)) { return; }
      event.preventDefault();
      send(event.target, event.submitter);
    });

    document.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) { return; }
      const tag = (event.target.tagName || "").toLowerCase();
      if (["input", "textarea", "select", "summary"].includes(tag)) { return; }
      const pressing = event.key === " " || event.key === "Enter";
      if ((tag === "button" || tag === "a") && pressing) { return; }  // they press what has focus
      const name = options.keyFor(event.key, pressing);
      const button = name && region.querySelector('[data-key="' + name + '"]');
      if (button) {
        event.preventDefault();
        button.form.requestSubmit(button);
      }
    });

    return {
      busy: () => busy,
      show: (html) => {
        region.innerHTML = html;
        announce();
      },
    };
  }

  window.kidswarLive = live;
})();
