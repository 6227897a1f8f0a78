// The number fields with "Another number" (number-choice.js, estimate.js): radios of set
// numbers and one whose value is the page data's `other`, with the number typed in a box
// beside them. What the scripts decide about them, apart from the page.

// True when the number typed in the box should tick "Another number": something was typed
// and that radio is not ticked yet.
export function typedChoosesOther(typed, otherTicked) {
  return typed.trim() !== "" && !otherTicked;
}

// The battle limit to ask the estimate about: the radio's number, or the one typed beside
// "other". While the typed one is not a whole number from `bounds.low` to `bounds.high`, the
// usual limit's, as on a page drawn again with that mistake. All as the form sends them: text.
export function limitToAsk(chosen, typed, bounds, other) {
  const text = chosen === other ? typed.trim() : chosen;
  const limit = /^[0-9]{1,9}$/.test(text) ? Number(text) : NaN;
  const allowed = limit >= Number(bounds.low) && limit <= Number(bounds.high);
  return allowed ? String(limit) : String(bounds.usual);
}

// Two estimate queries ask about the same choice whatever the order of their fields.
export function sameQuery(one, other) {
  const sorted = (query) => {
    const params = new URLSearchParams(query);
    params.sort();
    return params.toString();
  };
  return sorted(one) === sorted(other);
}
