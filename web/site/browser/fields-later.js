// A lesson page's own text fields (an exercise's answer, the "Embed this" snippets) are not in
// its HTML: each comes as a <template>, put in place once the widget shows its numbers. At
// DOMContentLoaded Chrome's autofill looks through the page for fields to fill, and for each
// field it finds it lays out the field and the part of the text around it, which the browser
// had left unlaid (content-visibility, styles/lesson.css). On a lesson page that was one task
// of about 100 ms of a phone's slowed CPU, between the page's scripts and the widget's
// (`bench:pages`). Put in place later, the fields cost the same work while the learner reads.

/**
 * Puts the fields that `root` holds in a <template> matching `selector` in the template's place.
 * Once: a second call finds no template and does nothing.
 * @param {ParentNode} root
 * @param {string} selector e.g. "[data-exercise-form]"
 */
export function placeFields(root, selector) {
  const template = root.querySelector(`template${selector}`);
  template?.replaceWith(template.content);
}
