// Script of a lesson's iframe route, /embed/<lesson>/: the page holds the lesson's widget with
// the lesson's settings, as its attributes. Options in the query string (PyTorch's names,
// ?kernel_size=3&stride=1; older links with the attributes' names still read) change those
// settings as a link changes the lesson page's widget: options left out keep the lesson's
// values, or follow the options given where the lesson left them to (settingsOfQuery). An
// option the widget does not have is named in a note above it, as is the reason options could
// not be read. Then the element is defined.
//
// The host page: the frame posts its content's height ({ type: FRAME_HEIGHT_MESSAGE, path,
// height }) to the page that embeds it, on load, whenever it changes size and when the widget's
// numbers show (until then no less than the iframe's own height), for the iframe
// snippet's resize listener (resize.js). That listener answers with the page's colour scheme
// ({ type: HOST_SCHEME_MESSAGE, colorScheme: 'light' | 'dark' }), which the widget then
// follows instead of the visitor's system setting, unless the URL names one (color_scheme=).
// A host page without that listener (a platform that strips scripts keeps the iframe alone)
// leaves the iframe its snippet's height, which fits the widget as the lesson opens it: once the
// learner makes it taller (a step worked out, the code panel opened), the frame scrolls inside,
// and a cue at its foot says there is more below, which a phone's hidden scrollbar does not.
import { defineElement } from '../../components/define-element.js';
import { isCourseElement, loadAdapter } from '../../components/registry.js';
import { queryKeys } from '../../components/shared/settings-table.js';
import { FRAME_HEIGHT_MESSAGE, frameAttributes, HOST_SCHEME_MESSAGE, LANG_PARAM } from '../shared/snippets.js';
import { loadLanguage, normaliseLang, translator } from '../../i18n/i18n.js';
import { localiseError } from '../../i18n/localise-error.js';

const embedded = window.parent !== window;
// Whether the host's listener has answered the frame's height (followHostScheme hears it).
let hostAnswered = false;
// The "More below" cue's ending, while it stands.
let dropCue = null;
// The first height the frame posts says so: a frame loaded again keeps its window, and the
// listener answers the first of each load.
let firstPost = true;
// Until the widget's numbers show (its core on the way) it draws a line or two; the frame asks
// for no less than the height the host gave it meanwhile, so the host's page does not shrink
// around it and then grow back.
let widgetShown = false;

function postHeight() {
  const content = Math.ceil(document.documentElement.getBoundingClientRect().height);
  const height = widgetShown ? content : Math.max(content, window.innerHeight);
  const path = window.location.pathname + window.location.search;
  // The height is no secret, and the host may be any site: any origin may read it.
  window.parent.postMessage({ type: FRAME_HEIGHT_MESSAGE, path, height, first: firstPost }, '*');
  firstPost = false;
}

// How long the frame waits, once its widget shows, for the host's listener to have answered
// before it takes it that none will (resize.js answers a frame's first height at once, and
// every frame already there when it loads). A listener that answers later ends the cue.
const HOST_ANSWERS_WITHIN_MS = 1500;

/**
 * Unless the host answers the frame's height, shows `words` at the frame's foot while its
 * content goes on below what the iframe shows. The cue is for the eye alone (a screen reader
 * reads on below anyway) and takes no pointer, so a tap goes to the widget under it; while it
 * stands, the page keeps a focused control scrolled clear of it (frame.css). The decision is on
 * <html data-embed-host="answered | silent">.
 */
function cueMoreBelowUnlessTheHostAnswers(words) {
  setTimeout(() => {
    const html = document.documentElement;
    html.dataset.embedHost = hostAnswered ? 'answered' : 'silent';
    if (hostAnswered) return;
    const cue = document.createElement('p');
    cue.className = 'embed-frame__more';
    cue.setAttribute('aria-hidden', 'true');
    cue.textContent = words;
    document.body.append(cue);
    // A horizontal scrollbar is not part of what the frame shows.
    const show = () => {
      cue.hidden = window.scrollY + html.clientHeight >= html.scrollHeight - 2;
    };
    show();
    const listening = new AbortController();
    window.addEventListener('scroll', show, { passive: true, signal: listening.signal });
    window.addEventListener('resize', show, { signal: listening.signal });
    const watch = new ResizeObserver(show);
    watch.observe(html);
    dropCue = () => {
      listening.abort();
      watch.disconnect();
      cue.remove();
      html.dataset.embedHost = 'answered';
      dropCue = null;
    };
  }, HOST_ANSWERS_WITHIN_MS);
}

/** The host's scheme, unless the URL chose one (the query's color_scheme, or the attribute's name). */
function followHostScheme(widget, params) {
  const chosenByUrl = params.has('color_scheme') || params.has('color-scheme');
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.data?.type !== HOST_SCHEME_MESSAGE) return;
    // The host fits the iframe to the frame's content: nothing is left below to point to.
    hostAnswered = true;
    dropCue?.();
    const scheme = event.data.colorScheme;
    if (!chosenByUrl && (scheme === 'light' || scheme === 'dark') && widget.getAttribute('color-scheme') !== scheme) {
      widget.setAttribute('color-scheme', scheme);
      // The frame's own canvas too, so no opaque backdrop of the other scheme shows around it.
      document.documentElement.style.colorScheme = scheme;
    }
    postHeight(); // the host asked, or has just heard from us: it gets the height now
  });
}

const widget = document.querySelector('[data-embed-frame] > :not(h1)');
if (widget && isCourseElement(widget.localName)) {
  const { SETTINGS } = await loadAdapter(widget.localName);
  const params = new URLSearchParams(window.location.search);
  // ?lang=zh-CN: the frame's language, which the widget follows (its lang default is the page's).
  const lang = normaliseLang(params.get(LANG_PARAM) ?? document.documentElement.lang);
  if (params.has(LANG_PARAM)) document.documentElement.lang = lang;
  // 'shared': the note below, written before the element (which brings its own words) exists.
  await loadLanguage(lang, ['shared']).catch(() => {});
  // The title's link in the frame's language (the English one where the lesson has no other),
  // and the tab named in the same words.
  const titles = [...document.querySelectorAll('.embed-frame__title > a[lang]')];
  const title = titles.find((link) => link.lang === lang) ?? titles.find((link) => link.lang === 'en');
  for (const link of titles) link.hidden = link !== title;
  if (title?.dataset.documentTitle) document.title = title.dataset.documentTitle;
  const t = translator(lang);
  const known = new Set([...queryKeys(SETTINGS), LANG_PARAM]);
  const ignored = [...new Set(params.keys())].filter((name) => !known.has(name));
  if (ignored.length > 0) {
    // A misspelt option would otherwise leave the teacher looking at the lesson's settings, not
    // knowing why.
    const note = document.createElement('p');
    note.setAttribute('role', 'status');
    const names = new Intl.ListFormat(lang, { type: 'conjunction' }).format(ignored.map((name) => `“${name}”`));
    note.textContent = t('shared.frame.optionsIgnored', { names });
    widget.before(note);
    console.warn(`<${widget.localName}> iframe: ignored ${ignored.map((name) => `"${name}"`).join(', ')}, which ${ignored.length === 1 ? 'is not an option' : 'are not options'} of the widget.`);
  }
  try {
    const attributes = frameAttributes(SETTINGS, params, (name) => widget.getAttribute(name));
    if (attributes) {
      for (const row of SETTINGS) widget.removeAttribute(row.attribute);
      for (const [name, value] of attributes) widget.setAttribute(name, value);
    }
  } catch (error) {
    // The widget stays as the lesson sets it; the reason shows where the learner looks.
    const note = document.createElement('p');
    note.setAttribute('role', 'alert');
    note.textContent = t('shared.frame.optionsUnread', { reason: localiseError(error, t.lang) });
    widget.before(note);
    console.warn(`<${widget.localName}> iframe: ${error.message}`);
  }
  if (embedded) followHostScheme(widget, params);
  await defineElement(widget.localName);
  widget.ready().then(() => {
    widgetShown = true;
    if (embedded) {
      postHeight();
      cueMoreBelowUnlessTheHostAnswers(t('shared.frame.moreBelow'));
    }
  });
} else {
  widgetShown = true;
}
if (embedded) {
  postHeight();
  new ResizeObserver(postHeight).observe(document.documentElement);
}
