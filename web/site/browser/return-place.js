// Back to a lesson (or a reload) returns to the place the learner was reading. The parts after
// the widget are laid out only near the screen (content-visibility, ../styles/lesson.css), so a
// browser that restores the scroll offset of a page loaded again measures it against the parts'
// placeholder heights, and lands a part or two away. Instead, as each scroll ends and as the
// page is left, its history entry notes the heading or exercise at the top of the screen and how
// far past its top the screen is; on a return the page scrolls back to it itself, as it does on
// Back within the page (from the skip link's #main). A page the browser keeps whole (its
// back/forward cache) keeps its scroll offset and needs none of this.
const KEY = 'returnPlace';

// Where a learner may be reading: the lesson's headings and its exercises' titles, in the
// order they come down the page.
const LANDMARKS = 'main :is(h2, h3, h4)[id], main [id^="exercise-"][id$="-title"]';

// The last landmark whose top is at or above the screen's top, and how far past it:
// { id, past }; none at the page's top, above every one of them. Landmarks in a part laid out
// nowhere near the screen (its rectangle is a placeholder's) are passed over.
function placeOnScreen() {
  let place = null;
  for (const element of document.querySelectorAll(LANDMARKS)) {
    if (element.checkVisibility && !element.checkVisibility({ contentVisibilityAuto: true })) continue;
    const { top } = element.getBoundingClientRect();
    if (top > 1) break;
    place = { id: element.id, past: -top };
  }
  return place;
}

/** Notes in the page's history entry the place on the screen now (before the page adds an entry). */
export function notePlace() {
  const place = window.scrollY > 0 ? placeOnScreen() : null;
  const noted = window.history.state?.[KEY] ?? null;
  if (noted?.id === place?.id && Math.round(noted?.past ?? 0) === Math.round(place?.past ?? 0)) return;
  try {
    window.history.replaceState({ ...(window.history.state ?? {}), [KEY]: place }, '');
  } catch {
    // A browser that limits how often a page may write its history (Safari) refuses the
    // write: the place is noted at the next scroll's end.
  }
}

// Scrolls back to a noted place and, until the learner scrolls, types or taps (or for 10 s),
// puts it back at each change of the page's height: brought to the screen, its part is laid
// out at the next frame and the parts around it as they come near; later the widget renders and
// the exercises get their fields (fields-later.js), which the browser's scroll anchoring may
// settle around another element.
function goBackTo(place) {
  const element = document.getElementById(place.id);
  if (!element) return;
  element.scrollIntoView({ block: 'start' });
  const settle = () => {
    const off = element.getBoundingClientRect().top + place.past;
    if (Math.abs(off) >= 1) window.scrollBy(0, off);
  };
  const watch = new ResizeObserver(() => requestAnimationFrame(settle));
  watch.observe(document.querySelector('main') ?? document.body);
  const stop = () => {
    watch.disconnect();
    for (const type of LEARNER_INPUT) window.removeEventListener(type, stop, true);
  };
  for (const type of LEARNER_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  setTimeout(stop, 10_000);
  requestAnimationFrame(settle);
}

/** Notes the place as the learner reads, and goes back to the one noted if this is a return. */
export function keepReturnPlace() {
  if (!('scrollRestoration' in window.history)) return;
  window.history.scrollRestoration = 'manual';
  // Noted as each scroll ends (a reload keeps only what the entry holds by then), and again as
  // the page is left.
  let pending = 0;
  window.addEventListener('scroll', () => {
    clearTimeout(pending);
    pending = setTimeout(notePlace, 200);
  }, { passive: true });
  window.addEventListener('pagehide', notePlace);
  // Back or Forward within the page (to or from #main): the entry's own place, else the
  // element its fragment names, else the top.
  window.addEventListener('popstate', (event) => {
    const place = event.state?.[KEY];
    const named = window.location.hash && document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    if (place) goBackTo(place);
    else if (named) named.scrollIntoView();
    else window.scrollTo(0, 0);
  });
  const type = performance.getEntriesByType('navigation')[0]?.type;
  const place = window.history.state?.[KEY];
  if ((type === 'back_forward' || type === 'reload') && place) goBackTo(place);
}

// What a learner does to move or use the page, after which it stays where they put it.
const LEARNER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'];
