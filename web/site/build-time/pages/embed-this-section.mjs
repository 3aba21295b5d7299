// The "Embed this" section of an interactive lesson: copy-paste snippets for a teacher's own
// page. The HTML here is the frame, the snippets' fields in a <template> that
// web/site/browser/lesson.js puts in place (fields-later.js says why); embed-this.js fills them
// in (they need the page's origin) and keeps them in step with the widget as the learner
// changes it.
import { translator } from '../../../i18n/i18n.js';
import { escapeHtml } from '../html.mjs';

/**
 * Whether a lesson gets the embed (the "Embed this" section, an iframe route and oEmbed): its
 * element's adapter says how to embed it.
 */
export function isEmbeddable(lesson) {
  return lesson.status === 'interactive' && Boolean(lesson.widget?.embeddable);
}

/**
 * @param {object} lesson an interactive lesson
 * @param {Function} [t] the page language's translator (English by default)
 */
export function renderEmbedThisSection(lesson, t = translator('en')) {
  const snippet = (id, kind) => `          <div class="embed-this__snippet">
            <label for="${id}">${escapeHtml(t(`site.embed.${kind}.label`))}</label>
            <p class="embed-this__help" id="${id}-help">${escapeHtml(t(`site.embed.${kind}.help`))}</p>
            <textarea id="${id}" readonly rows="4" spellcheck="false" aria-describedby="${id}-help"></textarea>
            <button type="button" class="embed-this__copy" data-copy="${id}" aria-label="${escapeHtml(t(`site.embed.${kind}.copy`))}">${escapeHtml(t('site.embed.copyButton'))}</button>
          </div>`;
  return `        <section class="embed-this" aria-labelledby="embed-this-heading" data-embed-this
          data-embed-slug="${escapeHtml(lesson.slug)}" data-embed-title="${escapeHtml(lesson.title)}">
          <h2 id="embed-this-heading">${escapeHtml(t('site.embed.heading'))}</h2>
          <p>${escapeHtml(t('site.embed.intro'))}</p>
          <template data-embed-snippets>
${snippet('embed-script', 'script')}
${snippet('embed-iframe', 'iframe')}
          </template>
          <p class="embed-this__status" role="status"></p>
        </section>`;
}
