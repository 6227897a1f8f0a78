// Pages that redraw in place (the table, the drill): a form is sent with fetch and the
// server's fragment replaces the region; without JavaScript the same forms post and
// redirect. The page never decides anything: the server answers every move and answer.
// A module: the header that asks for a fragment comes from the page (page-data.mjs).
import { isolatedText } from "./isolate.mjs";
import { pageData } from "./page-data.mjs";

(function () {
  const { fetchHeaders: FETCH_HEADERS, connection: CONNECTION } = pageData();
  // While the server says 503 (its database away) or the network fails, a move is sent again
  // by itself, each time a little later (the server's Retry-After at the least), up to this.
  const FIRST_RETRY_MS = 1000;
  const LONGEST_RETRY_MS = 15000;

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
      // Screen readers hear the new texts through the live region, which is never replaced
      // (each name in them isolated, as the page draws it).
      const parts = region.querySelectorAll(options.announce);
      announcer.textContent = Array.from(parts, (p) => isolatedText(p).trim()).join(" ");
    }

    function speak(fragment) {
      const speech = window.kidswarSpeech;
      const urls = (fragment.dataset.speech || "").split(" ").filter(Boolean);
      if (speech && speech.enabled() && urls.length) { speech.play(urls); }
    }

    // "Connection lost, trying again": beside the region (which is replaced), a status that
    // screen readers hear, shown while a move waits for the server to answer again.
    const lost = document.createElement("p");
    lost.className = "notice connection-lost";
    lost.setAttribute("role", "status");
    lost.hidden = true;
    lost.textContent = CONNECTION.lost;
    region.before(lost);

    function retryAfterMs(response) {
      const seconds = Number(response && response.headers.get("Retry-After"));
      return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
    }

    async function send(form, submitter) {
      if (busy) { return; }  // one at a time; the server refuses stale ones anyway
      busy = true;
      // The same form is sent again after a 503: nothing of a refused move was saved, and a
      // move that was saved after all is refused as stale when sent twice (never played twice).
      // URL-encoded, as the form itself would send it: a FormData body goes as multipart,
      // which costs the server more to read than the move's three short fields (issue 37).
      const body = new URLSearchParams(new FormData(form, submitter));
      let wait = FIRST_RETRY_MS;
      try {
        for (;;) {
          let response = null;
          try {
            // getAttribute: a hidden input named "action" would shadow form.action.
            response = await fetch(form.getAttribute("action"), {
              method: "POST", body: body, headers: FETCH_HEADERS, credentials: "same-origin",
            });
          } catch {
            response = null;  // the network failed: the same as a server that is away
          }
          if (response && response.status !== 503) {
            lost.hidden = true;
            const html = await response.text();
            const isFragment = (response.headers.get("Content-Type") || "").startsWith("text/html")
              && html.includes('id="' + options.marker + '"');
            if (!isFragment) { submitPlainly(form, submitter); return; }  // an error page
            region.innerHTML = html;
            options.afterSwap(form, submitter);
            announce();
            speak(region.firstElementChild);
            return;
          }
          lost.hidden = false;
          await new Promise((done) => window.setTimeout(done, Math.max(wait, retryAfterMs(response))));
          wait = Math.min(wait * 2, LONGEST_RETRY_MS);
        }
      } catch {
        lost.hidden = true;
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
      // The table's own looks say so too: lost(true) while they fail, lost(false) once answered.
      lost: (yes) => { if (!busy) { lost.hidden = !yes; } },
      show: (html) => {
        region.innerHTML = html;
        announce();
      },
    };
  }

  window.kidswarLive = live;
})();
