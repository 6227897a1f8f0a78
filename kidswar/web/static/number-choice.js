// A number typed in the box of "Another number" chooses that radio: without this, a parent who
// typed 250 but left "1,000" ticked would get 1,000 battles (the form sends the radio's choice).
"use strict";
document.querySelectorAll("fieldset.radios input[inputmode=numeric]").forEach((box) => {
  const other = box.closest("fieldset").querySelector("input[type=radio][value=other]");
  if (!other) return;
  const choose = () => {
    if (box.value.trim() !== "" && !other.checked) {
      other.checked = true;
      other.dispatchEvent(new Event("change", { bubbles: true })); // the estimate follows
    }
  };
  box.addEventListener("input", choose);
  // A number typed before this script ran (a slow phone) had no input event: it chooses now.
  if (box.value !== box.defaultValue) choose();
});
