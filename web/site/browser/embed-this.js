// The "Embed this" section of a lesson page (web/site/build-time/pages/embed-this-section.mjs):
// fills in the script and iframe snippets (their fields put in place by lesson.js, see
// fields-later.js) for this course's address, rewrites them whenever the learner changes the
// widget (the event its adapter's EMBED.changeEvent names), and copies one to the clipboard on
// request. Its words are the page's language's (web/i18n, area "site").
import { loadAdapter } from '../../components/registry.js';
import { langOfElement, loadLanguage, translator } from '../../i18n/i18n.js';
import { frameQuery, frameSizes, frameUrl, iframeSnippet, scriptSnippet } from '../../embed/shared/snippets.js';
import { readAttributes } from '../../components/shared/settings-table.js';
import { whenIdle } from '../../components/idle.js';

/**
 * @param {HTMLElement} section the element with [data-embed-this]
 * @param {HTMLElement} widget the lesson's widget
 * @param {Record<string, string>} lessonAttributes the widget's attributes as the page wrote them,
 *   which the iframe route also starts from: its query names what differs from them
 */
export async function connectEmbedThis(section, widget, lessonAttributes) {
  const { SETTINGS, EMBED } = await loadAdapter(widget.localName);
  const lessonSettings = readAttributes(SETTINGS, (name) => lessonAttributes[name] ?? null);
  const t = translator(await loadLanguage(langOfElement(section)));
  // The course's address: this origin and the path the site is served under.
  const siteUrl = new URL(import.meta.env.BASE_URL, window.location.href).href.replace(/\/$/, '');
  const { embedSlug: slug, embedTitle: title } = section.dataset;
  const scriptField = section.querySelector('#embed-script');
  const iframeField = section.querySelector('#embed-iframe');
  const status = section.querySelector('[role="status"]');

  const show = (state) => {
    if (!state || state.error) return; // keep the last snippets that work
    // A Chinese page's snippets give a Chinese widget (lang="zh-CN", ?lang=zh-CN).
    const lang = langOfElement(widget);
    scriptField.value = scriptSnippet(siteUrl, widget.localName, SETTINGS, state, lang);
    iframeField.value = iframeSnippet(frameUrl(siteUrl, slug, frameQuery(SETTINGS, state, lessonSettings), lang), {
      ...frameSizes(EMBED, state),
      title: t('site.embed.frameTitle', { title }),
      siteUrl,
    });
  };

  // A change is written when the browser is idle (the latest state of a burst, once), and
  // before a copy, so the snippets are current whenever they are read.
  let latest = null;
  const flush = () => {
    if (latest) show(latest);
    latest = null;
  };
  widget.ready().then(() => show(widget.getState()));
  widget.addEventListener(EMBED.changeEvent, (event) => {
    if (latest === null) whenIdle(flush, 500);
    latest = event.detail.state;
    if (status.textContent) status.textContent = '';
  });

  section.addEventListener('click', async (event) => {
    const button = event.target.closest('button[data-copy]');
    if (!button) return;
    flush();
    const field = section.querySelector(`#${button.dataset.copy}`);
    const what = t(`site.embed.${field === scriptField ? 'script' : 'iframe'}.name`);
    // Cleared first, so copying twice in a row is announced twice.
    status.textContent = '';
    try {
      await navigator.clipboard.writeText(field.value);
      status.textContent = t('site.embed.copied', { what });
    } catch {
      field.focus();
      field.select();
      status.textContent = t('site.embed.copyFailed', { what });
    }
  });
}
