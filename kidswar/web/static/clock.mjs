// The countdown's arithmetic (countdown.js draws it): the seconds left and how they are written.
// `clock` is the page data's clock (kidswar/web/scripts.py): its pattern and its states.

// An own property (not one every object inherits); Object.hasOwn is too new for older tablets.
function has(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
}

// Seconds left as the server writes them (clock_text): rounded up, so 0:00 only when time is
// up, put into the server's pattern ("{m}:{ss}": minutes, then two-digit seconds).
export function clockText(seconds, pattern) {
  const whole = Math.max(0, Math.ceil(seconds));
  const rest = whole % 60;
  return pattern
    .replace("{m}", String(Math.floor(whole / 60)))
    .replace("{ss}", String(rest).padStart(2, "0"));
}

// The seconds left `elapsedMs` after the server said `left`: a running clock counts down to
// zero, a finished one shows zero, any other (waiting, paused, stopped) stays where it stood.
export function secondsLeft(state, left, elapsedMs, clock) {
  if (state !== clock.running) { return state === clock.over ? 0 : left; }
  return Math.max(0, left - elapsedMs / 1000);
}

// True while a running clock is in its last minute (the page shows it so).
export function inLastMinute(state, seconds, clock) {
  return state === clock.running && seconds > 0 && seconds <= clock.lastMinute;
}

// What a screen reader hears as the shown time reaches a whole number of minutes the server
// has words for (`words`: minutes to sentence), else null.
export function minuteWords(words, seconds) {
  const minutes = Math.ceil(seconds) / 60;
  return has(words, minutes) ? words[minutes] : null;
}
