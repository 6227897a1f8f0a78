// The progress page: this device's children, sent to the server to be drawn (nothing is kept
// there), each child's progress saved to a file or deleted, a child brought in from a file.
import * as store from "./children.mjs";
import {
  copyOf, dayOf, entriesOf, fileName, fileOf, nestedTooDeep, readFile,
} from "./progress-file.mjs";

const root = document.getElementById("progress-page");
if (root) {
  const list = document.getElementById("progress-children");
  const status = document.getElementById("progress-status");
  const alert = document.getElementById("progress-alert");
  const fileInput = document.getElementById("progress-file");
  const messages = root.dataset;
  const fill = (pattern, label) => pattern.replace("{child}", () => label);
  const say = (text) => { alert.textContent = ""; status.textContent = text; };
  const warn = (text) => { status.textContent = ""; alert.textContent = text; };

  // The children (or one child from a file) drawn by the server; its refusal's sentence.
  // `stored`: the children this device keeps, drawn even beside one whose progress the server
  // cannot read (a file to bring in is refused for it instead).
  async function send(entries, stored = false) {
    let response;
    try {
      response = await fetch(messages.url, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": messages.csrf },
        body: JSON.stringify({ children: entries, stored: stored }),
      });
    } catch {
      return { ok: false, message: messages.failed };
    }
    const html = await response.text();
    if (response.ok) { return { ok: true, html: html }; }
    const page = new DOMParser().parseFromString(html, "text/html");
    const refused = page.querySelector(".progress-refused");
    return { ok: false, message: refused ? refused.textContent.trim() : messages.failed };
  }

  async function draw() {
    const sizes = [Number(messages.maxChars), Number(messages.maxDepth)];
    const result = await send(entriesOf(store.children(), ...sizes), true);
    if (!result.ok) { warn(result.message); return false; }
    list.innerHTML = result.html;  // the server's own drawing, every name escaped there
    list.removeAttribute("data-first");
    return true;
  }

  function childOf(button) {
    const article = button.closest("[data-child]");
    const id = article ? article.dataset.child : "";
    return { child: store.children().find((each) => each.id === id), label: article.dataset.label };
  }

  function download(child, file) {
    const blob = new Blob([JSON.stringify(file, null, 1)], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = fileName(child);
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 0);
  }

  // Redrawn, with the focus back on the same button of the same child (where it still is).
  async function redraw(child, selector) {
    if (!await draw()) { return; }
    const again = list.querySelector(`[data-child="${child.id}"] ${selector}`);
    if (again) { again.focus(); }
  }

  list.addEventListener("click", async (event) => {
    const button = event.target.closest("button");
    if (!button) { return; }
    const { child, label } = childOf(button);
    if (!child) { return; }
    const copy = button.closest("[data-copy]");
    if (button.hasAttribute("data-export")) {
      download(child, fileOf(child));
      store.markSaved(child.id, dayOf(new Date()));  // the page then says when
      await redraw(child, "[data-export]");
      return;
    }
    if (button.hasAttribute("data-save-copy") && copy) {
      download(child, copyOf(child, copy.dataset.copy));
      return;
    }
    if (button.hasAttribute("data-delete-copy") && copy
        && window.confirm(fill(messages.confirmCopy, label))) {
      store.deleteCopy(child.id, copy.dataset.copy);
      if (await draw()) { say(fill(messages.copyDeleted, label)); }
      document.getElementById("main").focus();
      return;
    }
    if (button.hasAttribute("data-delete") && window.confirm(fill(messages.confirm, label))) {
      store.removeChild(child.id);
      if (await draw()) { say(fill(messages.deleted, label)); }
      document.getElementById("main").focus();
    }
  });

  document.getElementById("progress-import").addEventListener("click", async () => {
    const file = fileInput.files[0];
    if (!file) { warn(messages.noFile); return; }
    if (file.size > Number(messages.maxBody)) { warn(messages.tooBig); return; }
    const entry = readFile(await file.text());
    // Nested deeper than any progress: not one (and never sent, see entriesOf).
    if (!entry || nestedTooDeep(entry.progress, Number(messages.maxDepth))) {
      warn(messages.badFile);
      return;
    }
    if (store.children().length >= store.MOST) { warn(messages.full); return; }
    const checked = await send([entry]);  // the server reads it as it reads any progress
    if (!checked.ok) { warn(checked.message); return; }
    const child = store.addChild(entry.animal, entry.name);
    if (!child) { warn(messages.badFile); return; }
    store.saveProgress(child.id, entry.progress);
    fileInput.value = "";
    const label = new DOMParser().parseFromString(checked.html, "text/html")
      .querySelector("[data-label]");
    if (await draw()) { say(fill(messages.imported, label ? label.dataset.label : "")); }
  });

  document.getElementById("progress-print").addEventListener("click", () => { window.print(); });

  // The page came drawn as for a device with no child: only a device with children asks.
  if (store.children().length > 0) { draw(); } else { list.removeAttribute("data-first"); }
}
