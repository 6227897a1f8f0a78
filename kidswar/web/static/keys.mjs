// Which button a key presses on a page that redraws in place (live.js). Each button carries a
// `data-key`: a card's number (1, 2 ...), a sign's answer ("lt" ... as the page data's `signs`
// say), "space" (turn the cards) or "next" (the drill's next question). A digit names the card
// of that number if the page has one, so the scripts never count seats or cards themselves.
const DIGIT = /^[0-9]$/;

// An own property (not one every object inherits); Object.hasOwn is too new for older tablets.
function has(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}

// The answer a sign key (<, = or >) gives, or null for any other key.
export function signFor(key, signs) {
  return has(signs, key) ? signs[key] : null;
}

// The table: Space or Enter turns everyone's cards, a digit one player's card, a sign answers.
export function tableKey(key, pressing, signs) {
  if (pressing) { return "space"; }
  return DIGIT.test(key) ? key : signFor(key, signs);
}

// The drill: a digit chooses a card, a sign answers, Space or Enter goes on.
export function drillKey(key, pressing, signs) {
  if (DIGIT.test(key)) { return key; }
  return signFor(key, signs) || (pressing ? "next" : null);
}
