// Whether this browser gets the one-time hint to add kidswar to the Home Screen: Safari on an
// iPhone or iPad deletes a site's script storage (the children's progress) after seven days of
// use without a visit; a site opened from the Home Screen is exempt. Pure: no page, no storage
// of its own (tested with node).
export const KEY = "kidswar.homeScreenHint";  // "shown": never again on this device

// Safari itself on an iPhone, iPod or iPad (an iPad asking for the desktop site says
// "Macintosh" but has a touch screen); not another browser built on Safari's engine.
export function isIosSafari(userAgent, maxTouchPoints = 0) {
  const ua = String(userAgent || "");
  const ios = /\b(iPhone|iPad|iPod)\b/.test(ua) || (/\bMacintosh\b/.test(ua) && maxTouchPoints > 1);
  const safari = /\bVersion\/[0-9.]+.*\bSafari\//.test(ua)
    && !/\b(CriOS|FxiOS|EdgiOS|OPiOS|GSA|DuckDuckGo|YaBrowser)\//.test(ua);
  return ios && safari;
}

// True if the hint should be shown now: Safari on iOS, not opened from the Home Screen, with a
// child's progress to keep, and never shown on this device before.
export function wantsHint({ userAgent, maxTouchPoints, standalone, hasChildren }, storage) {
  if (!hasChildren || standalone || !isIosSafari(userAgent, maxTouchPoints)) { return false; }
  try { return storage.getItem(KEY) === null; } catch { return false; }
}

// Remember that the hint was shown, so it is shown once.
export function markShown(storage) {
  try { storage.setItem(KEY, "shown"); } catch { /* storage off: nothing to lose either */ }
}
