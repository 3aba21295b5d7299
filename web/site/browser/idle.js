// Work the learner does not wait for (registering the service worker, rewriting the "Embed
// this" snippets after a tap) runs when the browser is idle, within `timeout` ms at the latest,
// so it never sits between a tap and the frame that shows its result. Safari has no
// requestIdleCallback: a timer stands in for it.
export function whenIdle(then, timeout) {
  if (window.requestIdleCallback) window.requestIdleCallback(then, { timeout });
  else setTimeout(then, timeout / 5);
}
