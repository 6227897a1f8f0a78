// The join page: a table with no name typed yet takes the name of the device's child's animal
// ("Owl table", in the page's language: the field's data-owl). The projector shows the name to
// the whole class, so an animal is offered rather than the child's own name (issue 33).
import { currentChild } from "./children.mjs";

const field = document.getElementById("table-name");
const child = field ? currentChild() : null;
if (field && child && !field.value) {
  const offered = field.dataset[child.animal];
  if (offered) { field.value = offered; }
}
