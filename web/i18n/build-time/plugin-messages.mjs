// Vite plugin: splits the message files by area, so a page downloads only its own words.
//
// Without it, i18n.js would bundle the whole English file (every widget's words) into every
// page. With it:
// - `areas.js` becomes a module that holds, in English, only the areas every page shows
//   (`pageAreas`: the site's own words), and loads each other area of each language as a chunk
//   of its own (`virtual:course-messages/<lang>/<area>`, a few hundred bytes compressed);
// - each element's `components/<tag>/define.js` first imports its words in English (its own
//   area, `shared`, `core` and any other area its folder names in a key), written into its
//   own chunk, which it hands to i18n.js with addMessages before the element exists, so the widget's synchronous
//   translator('en') has them, and loadLanguage('zh-CN') then brings the same areas in Chinese.
// The message files stay whole (translators edit one file per language), and Node, which does
// not run this plugin, reads them whole (areas.js).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '../i18n.js';

const i18nDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AREAS_FILE = path.join(i18nDir, 'areas.js');
const I18N_FILE = path.join(i18nDir, 'i18n.js');
const PREFIX = 'virtual:course-messages/';

/** The areas the site's pages show, bundled with i18n.js in English. */
export const PAGE_AREAS = Object.freeze(['site', 'exercises']);

/** The areas every element uses: the settings widgets' shared words and the core's errors. */
const ELEMENT_AREAS = ['shared', 'core'];

const DEFINE_FILE = /[\\/]components[\\/]([a-z][a-z0-9]*(?:-[a-z0-9]+)+)[\\/]define\.js$/;

const slash = (file) => file.split(path.sep).join('/');

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(file);
    return /\.(m?js)$/.test(entry.name) ? [file] : [];
  }));
  return nested.flat();
}

/**
 * The areas an element's words come from: its own (named after its tag), the shared ones, and
 * every other area a key in its folder's code names ('pool-widget.' in pool-playground).
 * @param {string} componentsDir
 * @param {string} tag
 * @param {string[]} areas every area of the English file
 */
export async function elementAreas(componentsDir, tag, areas) {
  const found = new Set([...ELEMENT_AREAS, tag].filter((area) => areas.includes(area)));
  const named = new RegExp(`['"\`](${areas.map((area) => area.replace(/[-]/g, '\\-')).join('|')})\\.[A-Za-z]`, 'g');
  for (const file of await filesUnder(path.join(componentsDir, tag))) {
    for (const match of (await readFile(file, 'utf8')).matchAll(named)) {
      if (!PAGE_AREAS.includes(match[1])) found.add(match[1]);
    }
  }
  return [...found];
}

/**
 * @param {object} [options]
 * @param {string[]} [options.pageAreas] the areas bundled with i18n.js (none for the embed, which has no site page)
 */
export function courseMessages({ pageAreas = PAGE_AREAS } = {}) {
  /** @type {Record<string, Record<string, object>>} language -> area -> messages */
  let messages = {};
  let componentsDir = '';
  let base = '/';

  /** @type {Map<string, string[]>} element tag -> its areas, as its words module was made */
  const areasByElement = new Map();
  const areaModule = (lang, area) => `${PREFIX}${lang}/${area}`;
  const areaNames = () => Object.keys(messages.en);

  return {
    name: 'course-messages',
    enforce: 'pre',

    configResolved(config) {
      componentsDir = path.join(config.root, 'components');
      base = config.base;
    },

    async buildStart() {
      messages = {};
      for (const lang of LANGUAGES) {
        const file = path.join(i18nDir, 'messages', `${lang}.json`);
        this.addWatchFile(file);
        messages[lang] = JSON.parse(await readFile(file, 'utf8'));
      }
    },

    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },

    async load(id) {
      if (id === AREAS_FILE) {
        const bundled = Object.fromEntries(pageAreas.map((area) => [area, messages.en[area]]));
        const loaders = LANGUAGES.flatMap((lang) => areaNames().map((area) =>
          `  ${JSON.stringify(`${lang}/${area}`)}: () => import(${JSON.stringify(areaModule(lang, area))}),`));
        return `// Made by web/i18n/build-time/plugin-messages.mjs in place of areas.js.
export const BUNDLED = { en: ${JSON.stringify(bundled)} };
const AREAS = {
${loaders.join('\n')}
};
export async function loadArea(lang, area) {
  const load = AREAS[\`\${lang}/\${area}\`];
  return load ? (await load()).default : undefined;
}
`;
      }
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const name = id.slice(`\0${PREFIX}`.length);
      if (name.startsWith('element/')) {
        const tag = name.slice('element/'.length);
        const areas = await elementAreas(componentsDir, tag, areaNames());
        areasByElement.set(tag, areas);
        // The words themselves, not imports of the area modules: they come in the element's
        // own chunk rather than as one more request each.
        const words = Object.fromEntries(areas.map((area) => [area, messages.en[area]]));
        return `import { addMessages } from ${JSON.stringify(slash(I18N_FILE))};
addMessages('en', ${JSON.stringify(words)});
`;
      }
      const [lang, area] = name.split('/');
      return `export default ${JSON.stringify(messages[lang]?.[area] ?? {})};\n`;
    },

    // A page in another language than English preloads the chunks of its words in that
    // language (the page's areas, and those of each element whose chunk it names), which its
    // scripts would otherwise ask for only once they run.
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const lang = /<html lang="([^"]+)"/.exec(html)?.[1];
        if (!ctx.bundle || !lang || lang === 'en' || !LANGUAGES.includes(lang)) return html;
        const chunks = Object.values(ctx.bundle).filter((file) => file.type === 'chunk');
        const named = chunks.filter((chunk) => html.includes(`/${chunk.fileName}"`));
        if (!named.some((chunk) => chunk.moduleIds.includes(AREAS_FILE))) return html;
        const areas = new Set(pageAreas);
        for (const chunk of named) {
          for (const id of chunk.moduleIds) {
            const tag = id.startsWith(`\0${PREFIX}element/`) ? id.slice(`\0${PREFIX}element/`.length) : null;
            for (const area of areasByElement.get(tag) ?? []) areas.add(area);
          }
        }
        const files = [...areas].map((area) => chunks.find((chunk) => chunk.facadeModuleId === `\0${areaModule(lang, area)}`)?.fileName).filter(Boolean);
        const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${ctx.server ? '/' : base}${file}">`);
        return links.length ? html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : html;
      },
    },

    transform(code, id) {
      const tag = DEFINE_FILE.exec(id.split('?')[0])?.[1];
      if (!tag) return undefined;
      // First, so the words are there before the element's own modules run.
      return { code: `import ${JSON.stringify(`${PREFIX}element/${tag}`)};\n${code}`, map: null };
    },
  };
}
