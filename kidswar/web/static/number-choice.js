// A number typed in the box of "Another number" chooses that radio: without this, a parent who
// typed 250 but left "1,000" ticked would get 1,000 battles (the form sends the radio's choice).
// A module: the value of the "Another number" radio comes from the page (page-data.mjs).
import { typedChoosesOther } from "./numbers.mjs";
import { pageData } from "./page-data.mjs";

const OTHER = pageData().other;
document.querySelectorAll("fieldset.radios input[inputmode=numeric]").forEach((box) => {
  const other = Array.from(box.closest("fieldset").querySelectorAll("input[type=radio]"))
    .find((radio) => radio.value === OTHER);
  if (!other) return;
  const choose = () => {
    if (typedChoosesOther(box.value, other.checked)) {
      other.checked = true;
      other.dispatchEvent(new Event("change", { bubbles: true })); // the estimate follows
    }
  };
  box.addEventListener("input", choose);
  // A number typed before this script ran (a slow phone) had no input event: it chooses now.
  if (box.value !== box.defaultValue) choose();
});
