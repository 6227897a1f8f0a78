// A number typed in the box of "Another number" chooses that radio: without this, a parent who
// typed 250 but left "1,000" ticked would get 1,000 battles (the form sends the radio's choice).
"use strict";
document.querySelectorAll("fieldset.radios input[inputmode=numeric]").forEach((box) => {
  const other = box.closest("fieldset").querySelector("input[type=radio][value=other]");
  if (!other) return;
  box.addEventListener("input", () => {
    if (box.value.trim() !== "" && !other.checked) {
      other.checked = true;
      other.dispatchEvent(new Event("change", { bubbles: true })); // the estimate follows
    }
  });
});
