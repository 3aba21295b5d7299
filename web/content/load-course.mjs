// Reads the course from lessons/ at build time and checks it against the lesson schema.
//
// Layout: lessons/<NN>-<module-slug>/module.md and lessons/<NN>-<module-slug>/<NN>-<lesson-slug>.md.
// A translation is a sibling file, <NN>-<lesson-slug>.zh.md (module.zh.md): its own title, summary
// and body; order, status and the widget come from the English file, so they cannot differ.
// Any other file or folder under lessons/ (but the notes beside the modules, and hidden files)
// is refused: it would be a lesson its author believes is in the course, and is not.
// Every problem is a LessonError naming the file (relative to the repo) and the field, so a
// broken lesson stops the build with a message its author can act on.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';
import { ELEMENT_TAGS, isCourseElement, loadAdapter } from '../components/registry.js';
import { loadLanguage, translator } from '../i18n/i18n.js';
import { FieldError } from '../components/shared/settings-table.js';
import { framePath } from '../embed/shared/snippets.js';
import { ExerciseError, checkAnswerWithCore } from './exercises.mjs';
import { renderMarkdown, TRY_IT_MOUNT } from './render-markdown.mjs';

/**
 * @typedef {{ element: string, attributes: [string, string][] } & Record<string, unknown>} Widget
 *   the element's tag, its settings as its adapter reads them (key -> value), and the
 *   attributes that set it up
 * @typedef {{ slug: string, order: number, title: string, summary: string,
 *   status: 'interactive' | 'planned', widget: Widget | null, bodyHtml: string, file: string,
 *   moduleSlug: string, url: string, exerciseCount: number,
 *   translations: Record<string, Translation> }} Lesson
 * @typedef {{ title: string, summary: string, bodyHtml: string, file: string,
 *   exerciseCount: number }} Translation a lesson's text in another language (by language code)
 * @typedef {{ slug: string, order: number, title: string, summary: string, introHtml: string,
 *   file: string, lessons: Lesson[],
 *   translations: Record<string, { title: string, summary: string, introHtml: string, file: string }> }} Module
 * @typedef {{ modules: Module[], untranslated: Record<string, string[]>,
 *   links: { file: string, lang: string, href: string, line: number }[] }} Course
 *   links: every link to a page of the site ("/lessons/...") in the Markdown, with the language
 *   of the file it is in, for the page renderer to check against the pages it writes; untranslated:
 *   per language, the files of the lessons and modules that have no text in it yet
 */

/**
 * The languages a lesson may be written in besides English: code -> the suffix of its files
 * (01-patches-of-a-picture.zh.md, module.zh.md). Where their pages live is the site's business.
 */
export const TRANSLATIONS = Object.freeze({ 'zh-CN': Object.freeze({ suffix: '.zh.md' }) });

export class LessonError extends Error {
  /** The offending file, relative to the repo root, with forward slashes. */
  file;
  /** The offending field, e.g. "widget.kernel_size", "order", "body", "front matter". */
  field;

  constructor(file, field, problem) {
    super(`${file}: ${problem}`);
    this.name = 'LessonError';
    this.file = file;
    this.field = field;
  }
}

const NUMBERED_NAME = /^(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const CUSTOM_ELEMENT_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/;
const MODULE_FILE = 'module.md';
/** What lessons/ holds for its authors beside the modules, which the course does not read. */
const COURSE_NOTES = Object.freeze(['README.md', 'GLOSSARY.zh.md']);

const MODULE_FIELDS = ['title', 'summary', 'order'];
const LESSON_FIELDS = ['title', 'summary', 'order', 'status', 'widget'];
/** What a translation sets; the rest of LESSON_FIELDS is the English file's alone. */
const TRANSLATED_FIELDS = ['title', 'summary'];
const isTranslationFile = (name) => Object.values(TRANSLATIONS).some(({ suffix }) => name.endsWith(suffix));
const STATUSES = ['interactive', 'planned'];

/**
 * Loads and checks every module and lesson under lessonsDir.
 * @param {string} lessonsDir absolute path of the lessons folder
 * @param {{ repoRoot?: string }} [options] file paths in errors and results are relative to
 *   repoRoot, which defaults to the folder holding lessonsDir
 * @returns {Promise<Course>} modules and their lessons, sorted by order
 */
export async function loadCourse(lessonsDir, { repoRoot } = {}) {
  const root = path.resolve(lessonsDir);
  const relative = (absolute) => path.relative(repoRoot ?? path.dirname(root), absolute).split(path.sep).join('/');

  siteLinks.set(relative, []);
  const entries = await listFolder(root, relative(root));
  const modules = [];
  for (const entry of entries.sort(byName)) {
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) {
      modules.push(await loadModule(path.join(root, entry.name), entry.name, relative));
    } else if (!COURSE_NOTES.includes(entry.name)) {
      throw new LessonError(relative(path.join(root, entry.name)), 'file name',
        `is not a file the course reads: ${relative(root)}/ holds module folders (<number>-<slug>/, each with its ${MODULE_FILE}) and the notes ${COURSE_NOTES.join(' and ')}; a lesson goes in its module's folder`);
    }
  }
  if (modules.length === 0) {
    throw new LessonError(relative(root), 'modules', 'holds no module folders (expected e.g. 01-one-neuron/)');
  }
  checkOrders(modules, 'module');
  modules.sort(byOrder);
  checkEmbedSlugs(modules.flatMap((module) => module.lessons));
  // A module's translation is listed too: without it, the Chinese catalogue shows its English title.
  const untranslated = Object.fromEntries(Object.keys(TRANSLATIONS).map((lang) => [lang,
    modules.flatMap((module) => [module, ...module.lessons]).filter((item) => !item.translations[lang]).map((item) => item.file)]));
  return { modules, untranslated, links: siteLinks.get(relative) };
}

/**
 * The course without the lessons' rendered HTML (no bodyHtml): what the catalogue page ships,
 * with each module's introHtml, which it shows under the module's heading.
 * Returns a deep copy, so changing it leaves the course alone.
 * @param {Course} course
 */
export function catalogueMetadata(course) {
  return {
    modules: course.modules.map(({ lessons, translations, ...module }) => ({
      ...structuredClone(module),
      lessons: lessons.map(({ bodyHtml, translations, ...lesson }) => structuredClone(lesson)),
    })),
  };
}

async function listFolder(absolute, shown) {
  try {
    return await readdir(absolute, { withFileTypes: true });
  } catch (error) {
    throw new LessonError(shown, 'folder', `cannot be read: ${error.message}`);
  }
}

async function loadModule(folder, folderName, relative) {
  const folderShown = relative(folder);
  const { number, slug } = parseNumberedName(folderName, folderShown, 'folder name');

  const entries = (await listFolder(folder, folderShown)).filter((entry) => !entry.name.startsWith('.')).sort(byName);
  await rejectWhatIsNotRead(folder, entries, relative);
  const names = new Set(entries.map((entry) => entry.name));
  const moduleFile = path.join(folder, MODULE_FILE);
  if (!names.has(MODULE_FILE)) {
    throw new LessonError(relative(moduleFile), MODULE_FILE, `${MODULE_FILE} is missing (every module folder needs one)`);
  }

  const { data, body, bodyLine, file } = await readLessonFile(moduleFile, relative);
  rejectUnknownFields(data, MODULE_FIELDS, '', file);
  const translations = {};
  for (const [lang, { suffix }] of Object.entries(TRANSLATIONS)) {
    const name = MODULE_FILE.replace(/\.md$/, suffix);
    if (names.has(name)) translations[lang] = await loadModuleTranslation(path.join(folder, name), relative, lang);
  }
  const module = {
    slug,
    order: checkOrder(data.order, number, file),
    title: requireText(data.title, 'title', file),
    summary: requireText(data.summary, 'summary', file),
    introHtml: renderIntro(body, file, bodyLine, relative),
    file,
    lessons: [],
    translations,
  };

  for (const name of [...names].sort()) {
    if (name === MODULE_FILE || isTranslationFile(name)) continue;
    module.lessons.push(await loadLesson(path.join(folder, name), module.slug, relative));
  }
  // A translation with no English file beside it would be a lesson the course does not have.
  for (const name of [...names].sort()) {
    if (!isTranslationFile(name) || names.has(name.replace(/\.[a-z]+\.md$/, '.md'))) continue;
    throw new LessonError(relative(path.join(folder, name)), 'file name',
      `has no English file beside it (${name.replace(/\.[a-z]+\.md$/, '.md')}): a translation needs the lesson it translates`);
  }
  for (const lesson of module.lessons) {
    for (const [lang, { suffix }] of Object.entries(TRANSLATIONS)) {
      const name = path.basename(lesson.file).replace(/\.md$/, suffix);
      if (names.has(name)) lesson.translations[lang] = await loadLessonTranslation(path.join(folder, name), lesson, relative, lang);
    }
  }
  if (module.lessons.length === 0) {
    throw new LessonError(file, 'lessons', `module "${slug}" has no lesson files (expected e.g. 01-first-step.md)`);
  }
  checkOrders(module.lessons, 'lesson');
  module.lessons.sort(byOrder);
  return module;
}

// A module folder holds Markdown files alone (module.md, lessons and their translations, whose
// names loadModule checks); a file named otherwise, or a folder, would never be read.
async function rejectWhatIsNotRead(folder, entries, relative) {
  const folderInside = entries.find((entry) => entry.isDirectory());
  if (folderInside) {
    const inside = path.join(folder, folderInside.name);
    throw new LessonError(relative(await firstFileUnder(inside) ?? inside), 'folder',
      'is in a folder inside a module folder, where the course does not look: a lesson is a file of its module\'s folder, and a draft is a planned lesson or is kept outside lessons/');
  }
  const stray = entries.find((entry) => !entry.name.endsWith('.md'));
  if (stray) {
    throw new LessonError(relative(path.join(folder, stray.name)), 'file name',
      `is not a file the course reads: a module folder holds ${MODULE_FILE} and lessons named <number>-<slug>.md, each with its Chinese text beside it as ${TRANSLATIONS['zh-CN'].suffix} (${MODULE_FILE.replace(/\.md$/, TRANSLATIONS['zh-CN'].suffix)}, 01-relu${TRANSLATIONS['zh-CN'].suffix}), in lower case`);
  }
}

// The first file under a folder, depth first by name, to name what its author put there.
async function firstFileUnder(folder) {
  for (const entry of (await readdir(folder, { withFileTypes: true })).sort(byName)) {
    const inside = path.join(folder, entry.name);
    const found = entry.isDirectory() ? await firstFileUnder(inside) : inside;
    if (found) return found;
  }
  return null;
}

// An embeddable lesson's embed address holds its slug alone, not its module's, so two such
// lessons with one slug in two modules would share it.
function checkEmbedSlugs(lessons) {
  const embeddable = new Map();
  for (const lesson of lessons) {
    if (lesson.status !== 'interactive' || !lesson.widget.embeddable) continue;
    const other = embeddable.get(lesson.slug);
    if (other) {
      throw new LessonError(lesson.file, 'slug',
        `slug "${lesson.slug}" is also the slug of ${other.file}, and both lessons can be embedded: a lesson is embedded by its slug alone (${framePath(lesson.slug)}), so an embeddable lesson's slug (its file name without the number) must be unique across the course`);
    }
    embeddable.set(lesson.slug, lesson);
  }
}

async function loadLesson(absolute, moduleSlug, relative) {
  const { number, slug } = parseNumberedName(path.basename(absolute, '.md'), relative(absolute), 'file name');
  const { data, body, bodyLine, file } = await readLessonFile(absolute, relative);
  rejectUnknownFields(data, LESSON_FIELDS, '', file);

  const status = data.status;
  if (!STATUSES.includes(status)) {
    throw new LessonError(file, 'status', `status must be ${orList(STATUSES)}, got ${show(status)}`);
  }
  let widget = null;
  if (status === 'interactive') {
    if (data.widget === undefined) {
      throw new LessonError(file, 'widget', 'widget is missing (an interactive lesson needs one)');
    }
    widget = await readWidget(data.widget, file);
  } else if (data.widget !== undefined) {
    throw new LessonError(file, 'widget', 'widget is not allowed in a planned lesson (set status: interactive)');
  }

  const exercises = [];
  const opening = [];
  const lesson = {
    slug,
    order: checkOrder(data.order, number, file),
    title: requireText(data.title, 'title', file),
    summary: requireText(data.summary, 'summary', file),
    status,
    widget,
    bodyHtml: renderBody(body, file, bodyLine, relative, { exercises, opening }),
    file,
    moduleSlug,
    url: `/lessons/${moduleSlug}/${slug}/`,
    translations: {},
  };

  await checkExercises(exercises, file, widget);
  lesson.exerciseCount = exercises.length;
  exercisesOf.set(lesson, exercises);

  const mounts = lesson.bodyHtml.split(TRY_IT_MOUNT).length - 1;
  if (status === 'interactive' && mounts !== 1) {
    throw new LessonError(file, 'body', `body must have exactly one [[try-it]] paragraph for the widget, found ${mounts}${TRY_IT_HOW}`);
  }
  if (status === 'interactive') checkOpening(lesson.bodyHtml, opening, file, 'en');
  if (status === 'planned' && mounts !== 0) {
    throw new LessonError(file, 'body', 'body has [[try-it]], but a planned lesson has no widget to put there');
  }
  return lesson;
}

// A lesson's translation: its own title, summary and body, checked as the English one is (the
// same [[try-it]] rule, its exercises against the core under the English file's widget).
async function loadLessonTranslation(absolute, lesson, relative, lang) {
  const { data, body, bodyLine, file } = await readLessonFile(absolute, relative);
  rejectEnglishOnlyFields(data, file);
  rejectUnknownFields(data, TRANSLATED_FIELDS, '', file);
  await loadLanguage(lang);
  const exercises = [];
  const opening = [];
  const translation = {
    title: requireText(data.title, 'title', file),
    summary: requireText(data.summary, 'summary', file),
    bodyHtml: renderBody(body, file, bodyLine, relative, { exercises, opening, t: translator(lang) }),
    file,
  };
  await checkExercises(exercises, file, lesson.widget);
  checkSameExercises(exercises, exercisesOf.get(lesson), file, lesson.file);
  translation.exerciseCount = exercises.length;
  const mounts = translation.bodyHtml.split(TRY_IT_MOUNT).length - 1;
  const wanted = lesson.status === 'interactive' ? 1 : 0;
  if (mounts !== wanted) {
    throw new LessonError(file, 'body', `body must have ${wanted === 1 ? 'exactly one [[try-it]] paragraph for the widget' : 'no [[try-it]] (the lesson is planned)'}, as ${lesson.file} has; found ${mounts}${wanted === 1 ? TRY_IT_HOW : ''}`);
  }
  if (wanted === 1) checkOpening(translation.bodyHtml, opening, file, lang);
  return translation;
}

// What a [[try-it]] that was not found is usually missing.
const TRY_IT_HOW = ' (written exactly [[try-it]], alone in its paragraph, with a blank line above and below)';

// How an interactive lesson opens, in each language's words: what the learner will take away
// (its first paragraph starts with these words in bold), one short paragraph, then the part
// headed "Try it" (whose id is try-it in every language: render-markdown.mjs) with what to try
// and the widget under it, so the widget is on the first screen.
const OPENING_WORDS = Object.freeze({ en: Object.freeze({ learn: 'You will learn', tryIt: 'Try it' }), 'zh-CN': Object.freeze({ learn: '你将学到', tryIt: '动手试试' }) });

// html: the body as rendered; opening: its blocks above the widget (renderMarkdown's opening).
function checkOpening(html, opening, file, lang) {
  const { learn, tryIt } = OPENING_WORDS[lang];
  const fail = (problem) => {
    throw new LessonError(file, 'body', `body ${problem}`);
  };
  if (!html.startsWith(`<p><strong>${learn}</strong>`)) {
    fail(`must open with a paragraph starting **${learn}** (what the lesson teaches), then a short paragraph and ## ${tryIt} with [[try-it]] under it`);
  }
  const isHeading = (block, level) => block.kind === 'heading' && (level === undefined || block.level === level);
  const part = opening.findLastIndex((block) => isHeading(block, 2));
  if (part < 0 || opening[part].text.trim() !== tryIt) {
    fail(`must put its [[try-it]] paragraph under the heading ## ${tryIt}, after what to try`);
  }
  const between = opening.slice(1, part);
  const heading = between.find((block) => isHeading(block));
  if (heading) {
    fail(`has ${'#'.repeat(heading.level)} ${heading.text.trim()} before ## ${tryIt}: the opening is the **${learn}** paragraph, a short paragraph, then ## ${tryIt}, and other sections come after the widget`);
  }
  if (between.length !== 1 || between[0].kind !== 'paragraph') {
    const found = between.length === 0 ? 'none' : between.map(({ kind }) => `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`).join(', ');
    fail(`must have one short paragraph between its **${learn}** paragraph and ## ${tryIt}, found ${found}`);
  }
  if (!opening.slice(part + 1).some((block) => !isHeading(block))) {
    fail(`must say what to try under ## ${tryIt}, above its [[try-it]] paragraph`);
  }
}

async function loadModuleTranslation(absolute, relative, lang) {
  const { data, body, bodyLine, file } = await readLessonFile(absolute, relative);
  rejectEnglishOnlyFields(data, file);
  rejectUnknownFields(data, TRANSLATED_FIELDS, '', file);
  await loadLanguage(lang);
  const introHtml = renderIntro(body, file, bodyLine, relative, translator(lang));
  return { title: requireText(data.title, 'title', file), summary: requireText(data.summary, 'summary', file), introHtml, file };
}

/** The exercises of each English lesson, as parsed, for its translations to match. */
const exercisesOf = new WeakMap();
/** What a translated exercise keeps from the English one: the numbers and what they are under.
 * The playground comes before settings, which holds the playground's query when there is one:
 * a difference is named as its author wrote it. */
const SAME_IN_EVERY_LANGUAGE = ['answerText', 'tolerance', 'core', 'playground', 'settings', 'mistakeValues'];

// A translation asks the same questions: same count, and each exercise the same answer under the
// same settings, so a learner's answer (and progress) counts in either language.
function checkSameExercises(translated, english, file, englishFile) {
  if (translated.length !== english.length) {
    throw new LessonError(file, 'exercises', `has ${translated.length} exercises and ${englishFile} has ${english.length}: a translation asks the same questions`);
  }
  // The likely mistakes are the same values; what each says is the language's.
  const kept = (exercise) => ({ ...exercise, mistakeValues: exercise.mistakes.map(({ value }) => value) });
  translated.forEach((exercise, i) => {
    const [ours, theirs] = [kept(exercise), kept(english[i])];
    const field = SAME_IN_EVERY_LANGUAGE.find((key) => JSON.stringify(ours[key]) !== JSON.stringify(theirs[key]));
    if (field === undefined) return;
    const name = { answerText: 'answer', mistakeValues: 'mistakes' }[field] ?? field;
    throw new LessonError(file, `exercise ${i + 1}.${name}`,
      `exercise ${i + 1} (line ${exercise.line}): ${name} is ${JSON.stringify(ours[field])}, but ${englishFile} says ${JSON.stringify(theirs[field])}; it must be the same in every language`);
  });
}

function rejectEnglishOnlyFields(data, file) {
  const field = ['order', 'status', 'widget'].find((key) => Object.hasOwn(data, key));
  if (field !== undefined) {
    throw new LessonError(file, field, `${field} comes from the English file, not from a translation: leave it out (a translation sets ${TRANSLATED_FIELDS.join(' and ')})`);
  }
}

async function readLessonFile(absolute, relative) {
  const file = relative(absolute);
  const text = (await readFile(absolute, 'utf8')).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const lines = text.split('\n');
  if (lines[0].trimEnd() !== '---') {
    throw new LessonError(file, 'front matter', 'front matter is missing (the file must start with a line of ---)');
  }
  const closing = lines.findIndex((line, index) => index > 0 && line.trimEnd() === '---');
  if (closing === -1) {
    throw new LessonError(file, 'front matter', 'front matter is not closed by a line of ---');
  }

  let data;
  try {
    data = YAML.parse(lines.slice(1, closing).join('\n'), { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    const line = error.linePos?.[0]?.line;
    const where = line === undefined ? '' : ` (line ${line + 1} of the file)`;
    const reason = String(error.message).split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    // The slip behind YAML's most puzzling message: a colon and a space inside a value.
    const hint = /compact mappings|Nested mappings/.test(reason) ? ' (a value holding ": " must be quoted: title: "Patches: a picture")' : '';
    throw new LessonError(file, 'front matter', `front matter is not valid YAML${where}: ${reason}${hint}`);
  }
  data ??= {};
  if (!isPlainObject(data)) {
    throw new LessonError(file, 'front matter', `front matter must be a mapping of fields, got ${show(data)}`);
  }
  return { data, body: lines.slice(closing + 1).join('\n'), bodyLine: closing + 2, file };
}

// The links to the site's pages each course's Markdown makes ({ file, href, line }), by the
// `relative` of its loadCourse call (one per call), checked once every lesson is known.
const siteLinks = new WeakMap();

// A malformed exercise names its own field ("exercise 2.answer"); anything else is the body's.
// exercises and opening receive what renderMarkdown finds; t is the translator of the file's
// language (English when there is none), whose language each of its links is written in.
function renderBody(body, file, firstLine, relative, { exercises = [], opening = [], t = undefined } = {}) {
  const links = [];
  try {
    const html = renderMarkdown(body, { firstLine, exercises, links, opening, t });
    siteLinks.get(relative)?.push(...links.map((link) => ({ file, lang: t?.lang ?? 'en', ...link })));
    return html;
  } catch (error) {
    if (error instanceof ExerciseError) throw new LessonError(file, error.field, error.message);
    throw new LessonError(file, 'body', `body: ${error.message}`);
  }
}

// A module's intro: paragraphs shown under the module's heading on the catalogue, which has no
// widget to hold, no exercise to check and no place for a heading of its own.
function renderIntro(body, file, firstLine, relative, t = undefined) {
  const exercises = [];
  const html = renderBody(body, file, firstLine, relative, { exercises, t });
  if (html.includes(TRY_IT_MOUNT)) throw new LessonError(file, 'body', 'body has [[try-it]], but only lessons can hold a widget');
  if (exercises.length > 0) throw new LessonError(file, 'body', 'body has an exercise, but only lessons can hold one: a module\'s intro is shown on the catalogue, which checks no answers');
  const heading = /<h([1-6])[\s>]/.exec(html);
  if (heading) throw new LessonError(file, 'body', `body has a heading (${'#'.repeat(Number(heading[1]))}), but a module's intro is paragraphs under the module's own heading on the catalogue`);
  return html;
}

// An exercise that names its number (core: output 1,1) must agree with the core about it,
// with the settings its link gives the lesson's widget: its query read over the lesson's.
async function checkExercises(exercises, file, widget) {
  const checked = exercises.find((exercise) => exercise.settings !== null);
  if (!checked) return;
  if (!widget) {
    const field = checked.core ? 'core' : checked.playground === null ? 'settings' : 'playground';
    const says = checked.core ? 'core names a number of' : `${field} sets up`;
    throw new LessonError(file, `exercise ${checked.number}.${field}`,
      `exercise ${checked.number} (line ${checked.line}): ${says} the lesson's widget, and this lesson has none`);
  }
  const adapter = await loadAdapter(widget.element);
  const core = await adapter.loadCore();
  for (const exercise of exercises) {
    try {
      await checkAnswerWithCore(exercise, { adapter, core, settings: widget });
    } catch (error) {
      if (error instanceof ExerciseError) throw new LessonError(file, error.field, error.message);
      throw error;
    }
  }
}

// The lesson's `widget:` block, read by its element's adapter (see web/components/registry.js).
async function readWidget(raw, file) {
  expectMapping(raw, 'widget', file);
  const tag = raw.element;
  if (typeof tag !== 'string' || !CUSTOM_ELEMENT_NAME.test(tag)) {
    throw new LessonError(file, 'widget.element',
      `widget.element must be a custom element name such as "pool-widget", got ${show(tag)}`);
  }
  if (!isCourseElement(tag)) {
    throw new LessonError(file, 'widget.element',
      `widget.element "${tag}" is not an element of the course (known: ${ELEMENT_TAGS.join(', ')})`);
  }
  const adapter = await loadAdapter(tag);
  try {
    const settings = await adapter.readLessonWidget(raw, { core: await adapter.loadCore() });
    return { element: tag, ...settings, attributes: adapter.lessonAttributes(settings), embeddable: Boolean(adapter.EMBED) };
  } catch (error) {
    if (error instanceof FieldError) throw new LessonError(file, error.field, error.message);
    throw error;
  }
}

function parseNumberedName(name, shown, field) {
  const match = NUMBERED_NAME.exec(name);
  if (!match) {
    throw new LessonError(
      shown,
      field,
      `${field} must be <number>-<slug> in lowercase letters, digits and hyphens (e.g. 04-pictures; a lesson's Chinese text is 01-relu.zh.md), got ${show(name)}`,
    );
  }
  return { number: Number(match[1]), slug: match[2] };
}

function checkOrder(order, prefixNumber, file) {
  if (!isPositiveInteger(order)) {
    throw new LessonError(file, 'order', `order must be a positive integer, got ${show(order)}`);
  }
  if (order !== prefixNumber) {
    throw new LessonError(file, 'order', `order is ${order}, but the number in the name says ${prefixNumber}`);
  }
  return order;
}

// Orders must be unique and run 1..N, where N is how many siblings exist.
function checkOrders(items, kind) {
  const byOrderSeen = new Map();
  const slugsSeen = new Map();
  for (const item of items) {
    const other = byOrderSeen.get(item.order);
    if (other) {
      throw new LessonError(item.file, 'order', `order ${item.order} is also used by ${other.file}`);
    }
    byOrderSeen.set(item.order, item);
    const sameSlug = slugsSeen.get(item.slug);
    if (sameSlug) {
      throw new LessonError(item.file, 'slug', `slug "${item.slug}" is also used by ${sameSlug.file}`);
    }
    slugsSeen.set(item.slug, item);
  }
  for (const item of items) {
    if (item.order > items.length) {
      throw new LessonError(
        item.file,
        'order',
        `order is ${item.order}, but there are only ${items.length} ${kind}s here; orders must run 1 to ${items.length} with no gaps`,
      );
    }
  }
}

// A title or summary: plain text, shown as written (in the page's title, the catalogue, search),
// so math or code marks in it would reach the learner as typed.
function requireText(value, field, file) {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new LessonError(file, field, `${field} must be a non-empty string, got ${show(value)}`);
  }
  const mark = /[`$]/.exec(value);
  if (mark) throw new LessonError(file, field, `${field} is plain text, shown as written: its ${mark[0]} would show as typed (write the words, such as "the sigmoid")`);
  return value.trim();
}

function expectMapping(value, field, file) {
  if (!isPlainObject(value)) {
    throw new LessonError(file, field, `${field} must be a mapping of fields, got ${show(value)}`);
  }
}

function rejectUnknownFields(data, allowed, prefix, file) {
  const unknown = Object.keys(data).find((key) => !allowed.includes(key));
  if (unknown !== undefined) {
    throw new LessonError(
      file,
      `${prefix}${unknown}`,
      `${prefix}${unknown} is not a known field (allowed: ${allowed.map((key) => prefix + key).join(', ')})`,
    );
  }
}

const isPositiveInteger = (value) => Number.isInteger(value) && value > 0;
const isPlainObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const byOrder = (a, b) => a.order - b.order;
const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const orList = (choices) => choices.map((choice) => `"${choice}"`).join(' or ');

function show(value) {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `[${value.map(show).join(', ')}]`;
  const text = typeof value === 'number' && !Number.isFinite(value) ? String(value) : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
