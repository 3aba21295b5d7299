// Work the learner does not wait for (registering the service worker, rewriting the "Embed
// this" snippets after a tap, building the view a widget may switch to) runs when the browser is
// idle, within `timeout` ms at the latest, so it never sits between a tap and the frame that
// shows its result. Safari has no requestIdleCallback: a timer stands in for it. The module sits
// beside the registry, outside every element's folder, since the site's own chunk takes it too.
export function whenIdle(then, timeout) {
  if (window.requestIdleCallback) window.requestIdleCallback(then, { timeout });
  else setTimeout(then, timeout / 5);
}
