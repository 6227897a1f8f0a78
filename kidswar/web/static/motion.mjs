// The won cards slide to the winner's stack after a battle (FLIP: each card's First place is
// where it lies on the table, its Last the winner's stack; a copy starts over the card and
// is moved there by a transform, fading as it lands). The cards themselves stay where they
// are, for the child to compare; the copies are drawn over everything, hidden from screen
// readers, let every tap through and are removed when they land. Short (at most 400 ms),
// and never with `prefers-reduced-motion: reduce`.

export const FLIGHT_MS = 380;
// A card just turned slides in first (style.css, `deal-in`, 350 ms): then it goes.
export const AFTER_DEAL_MS = 350;
const LANDED_SCALE = 0.6;  // of the stack's size: the card goes into the stack, not over it
const LANDING = 0.7;  // the part of the way after which the card fades into the stack

// The transform that takes a box `from` to the middle of the box `to`, shrunk to fit in it
// (boxes: {left, top, width, height}, as getBoundingClientRect gives them).
export function flight(from, to) {
  const dx = (to.left + to.width / 2) - (from.left + from.width / 2);
  const dy = (to.top + to.height / 2) - (from.top + from.height / 2);
  const fit = from.width > 0 && from.height > 0
    ? Math.min(to.width / from.width, to.height / from.height) * LANDED_SCALE : 1;
  const scale = Math.min(1, Math.max(0.1, fit));
  // Whole for most of the way, fading only as it reaches the stack.
  const at = (part) => `translate(${Math.round(dx * part)}px, ${Math.round(dy * part)}px) `
    + `scale(${Math.round((1 - (1 - scale) * part) * 1000) / 1000})`;
  return [
    { transform: "none", opacity: 1 },
    { transform: at(LANDING), opacity: 1, offset: LANDING },
    { transform: at(1), opacity: 0 },
  ];
}

export function reducedMotion(view) {
  return Boolean(view.matchMedia && view.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

// The face-up and face-down cards of the battle just shown, as drawn (a back standing for
// others hides them: those are not drawn, and do not fly).
function battleCards(table) {
  return Array.from(table.querySelectorAll(".showing .card, .war-up .card, .backs .card"))
    .filter((card) => card.getClientRects().length > 0);
}

// Send copies of the battle's cards to the winner's stack (`.seat.took .stack`); `delay`: ms
// before they go. Returns the animations started (none with reduced motion or no winner).
export function flyToWinner(table, view, delay) {
  const stack = table.querySelector(".seat.took .stack");
  const doc = table.ownerDocument;
  if (!stack || reducedMotion(view) || !doc.body.animate) { return []; }
  const to = stack.getBoundingClientRect();
  const layer = doc.createElement("div");
  layer.className = "flight-layer";
  layer.setAttribute("aria-hidden", "true");
  const flights = [];
  for (const card of battleCards(table)) {
    const from = card.getBoundingClientRect();
    const copy = card.cloneNode(true);
    copy.removeAttribute("id");
    copy.classList.add("flying");
    Object.assign(copy.style, {
      left: from.left + "px", top: from.top + "px", width: from.width + "px", height: from.height + "px" });
    layer.appendChild(copy);
    flights.push([copy, flight(from, to)]);
  }
  if (!flights.length) { return []; }
  doc.body.appendChild(layer);
  const animations = flights.map(([copy, keyframes]) => copy.animate(keyframes, {
    duration: FLIGHT_MS, delay: delay, easing: "ease-in-out", fill: "both" }));
  Promise.all(animations.map((animation) => animation.finished))
    .catch(() => {}).finally(() => layer.remove());
  return animations;
}
