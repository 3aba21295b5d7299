// The "Embed this" section of an interactive lesson: copy-paste snippets for a teacher's own
// page. The HTML here is the frame; web/site/browser/embed-this.js fills in the snippets (they
// need the page's origin) and keeps them in step with the widget as the learner changes it.
import { escapeHtml } from '../html.mjs';

/**
 * Whether a lesson gets the embed (the "Embed this" section, an iframe route and oEmbed): its
 * element's adapter says how to embed it.
 */
export function isEmbeddable(lesson) {
  return lesson.status === 'interactive' && Boolean(lesson.widget?.embeddable);
}

/** @param {object} lesson an interactive lesson */
export function renderEmbedThisSection(lesson) {
  const snippet = (id, label, help, copyName) => `          <div class="embed-this__snippet">
            <label for="${id}">${label}</label>
            <p class="embed-this__help" id="${id}-help">${help}</p>
            <textarea id="${id}" readonly rows="4" spellcheck="false" aria-describedby="${id}-help"></textarea>
            <button type="button" class="embed-this__copy" data-copy="${id}" aria-label="${copyName}">Copy</button>
          </div>`;
  return `        <section class="embed-this" aria-labelledby="embed-this-heading" data-embed-this
          data-embed-slug="${escapeHtml(lesson.slug)}" data-embed-title="${escapeHtml(lesson.title)}">
          <h2 id="embed-this-heading">Embed this</h2>
          <p>Put this widget in your own page, course or slides, set up as it is now: the snippets follow what you change above (the view, the gradients, the selected window).</p>
${snippet('embed-script', 'Script tag and element', 'For pages that allow scripts. The widget adapts to the width of the page.', 'Copy the script snippet')}
${snippet('embed-iframe', 'Iframe', 'For platforms that strip scripts but keep iframes.', 'Copy the iframe snippet')}
          <p class="embed-this__status" role="status"></p>
        </section>`;
}
