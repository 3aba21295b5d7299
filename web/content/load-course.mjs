// Reads the course from lessons/ at build time and checks it against the lesson schema.
//
// Layout: lessons/<NN>-<module-slug>/module.md and lessons/<NN>-<module-slug>/<NN>-<lesson-slug>.md.
// Every problem is a LessonError naming the file (relative to the repo) and the field, so a
// broken lesson stops the build with a message its author can act on.

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import YAML from 'yaml';
import { AttributeError, settingsFromAttributes } from '../components/pool-playground/attributes.js';
import { playgroundAttributes } from '../site/widget-attributes.js';
import { ExerciseError, checkAnswerWithCore } from './exercises.mjs';
import { renderMarkdown, TRY_IT_MOUNT } from './render-markdown.mjs';

/**
 * @typedef {{ element: string, op: 'avg' | 'max', input: { height: number, width: number, values: number[] },
 *   kernelSize: [number, number], stride: [number, number], padding: [number, number],
 *   gradOutput: number[], view?: 'forward' | 'backward' }} Widget
 * @typedef {{ slug: string, order: number, title: string, summary: string,
 *   status: 'interactive' | 'planned', widget: Widget | PlaygroundWidget | null, bodyHtml: string, file: string,
 *   moduleSlug: string, url: string }} Lesson
 * @typedef {{ slug: string, order: number, title: string, summary: string, introHtml: string,
 *   file: string, lessons: Lesson[] }} Module
 * @typedef {{ modules: Module[] }} Course
 */

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

const MODULE_FIELDS = ['title', 'summary', 'order'];
const LESSON_FIELDS = ['title', 'summary', 'order', 'status', 'widget'];
const STATUSES = ['interactive', 'planned'];
const WIDGET_FIELDS = ['element', 'op', 'input', 'kernel_size', 'stride', 'padding', 'grad_output', 'view'];
const INPUT_FIELDS = ['height', 'width', 'values'];
const POOL_OPS = ['avg', 'max'];
const WIDGET_VIEWS = ['forward', 'backward'];

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

  const entries = await listFolder(root, relative(root));
  const modules = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || !entry.isDirectory()) continue;
    modules.push(await loadModule(path.join(root, entry.name), entry.name, relative));
  }
  if (modules.length === 0) {
    throw new LessonError(relative(root), 'modules', 'holds no module folders (expected e.g. 01-one-neuron/)');
  }
  checkOrders(modules, 'module');
  return { modules: modules.sort(byOrder) };
}

/**
 * The course without rendered HTML (no bodyHtml, no introHtml): what the catalogue page ships.
 * Returns a deep copy, so changing it leaves the course alone.
 * @param {Course} course
 */
export function catalogueMetadata(course) {
  return {
    modules: course.modules.map(({ introHtml, lessons, ...module }) => ({
      ...structuredClone(module),
      lessons: lessons.map(({ bodyHtml, ...lesson }) => structuredClone(lesson)),
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

  const entries = await listFolder(folder, folderShown);
  const names = new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name));
  const moduleFile = path.join(folder, MODULE_FILE);
  if (!names.has(MODULE_FILE)) {
    throw new LessonError(relative(moduleFile), MODULE_FILE, `${MODULE_FILE} is missing (every module folder needs one)`);
  }

  const { data, body, bodyLine, file } = await readLessonFile(moduleFile, relative);
  rejectUnknownFields(data, MODULE_FIELDS, '', file);
  const module = {
    slug,
    order: checkOrder(data.order, number, file),
    title: requireText(data.title, 'title', file),
    summary: requireText(data.summary, 'summary', file),
    introHtml: renderBody(body, file, bodyLine),
    file,
    lessons: [],
  };
  if (module.introHtml.includes(TRY_IT_MOUNT)) {
    throw new LessonError(file, 'body', 'body has [[try-it]], but only lessons can hold a widget');
  }

  for (const name of [...names].sort()) {
    if (name === MODULE_FILE || name.startsWith('.') || !name.endsWith('.md')) continue;
    module.lessons.push(await loadLesson(path.join(folder, name), module.slug, relative));
  }
  if (module.lessons.length === 0) {
    throw new LessonError(file, 'lessons', `module "${slug}" has no lesson files (expected e.g. 01-first-step.md)`);
  }
  checkOrders(module.lessons, 'lesson');
  module.lessons.sort(byOrder);
  return module;
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
    widget = isPlayground(data.widget)
      ? await normalisePlaygroundWidget(data.widget, file)
      : await normaliseWidget(data.widget, file);
  } else if (data.widget !== undefined) {
    throw new LessonError(file, 'widget', 'widget is not allowed in a planned lesson (set status: interactive)');
  }

  const exercises = [];
  const lesson = {
    slug,
    order: checkOrder(data.order, number, file),
    title: requireText(data.title, 'title', file),
    summary: requireText(data.summary, 'summary', file),
    status,
    widget,
    bodyHtml: renderBody(body, file, bodyLine, exercises),
    file,
    moduleSlug,
    url: `/lessons/${moduleSlug}/${slug}/`,
  };

  await checkExercises(exercises, file, widget);

  const mounts = lesson.bodyHtml.split(TRY_IT_MOUNT).length - 1;
  if (status === 'interactive' && mounts !== 1) {
    throw new LessonError(file, 'body', `body must have exactly one [[try-it]] paragraph for the widget, found ${mounts}`);
  }
  if (status === 'planned' && mounts !== 0) {
    throw new LessonError(file, 'body', 'body has [[try-it]], but a planned lesson has no widget to put there');
  }
  return lesson;
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
    throw new LessonError(file, 'front matter', `front matter is not valid YAML${where}: ${reason}`);
  }
  data ??= {};
  if (!isPlainObject(data)) {
    throw new LessonError(file, 'front matter', `front matter must be a mapping of fields, got ${show(data)}`);
  }
  return { data, body: lines.slice(closing + 1).join('\n'), bodyLine: closing + 2, file };
}

// A malformed exercise names its own field ("exercise 2.answer"); anything else is the body's.
function renderBody(body, file, firstLine, exercises = []) {
  try {
    return renderMarkdown(body, { firstLine, exercises });
  } catch (error) {
    if (error instanceof ExerciseError) throw new LessonError(file, error.field, error.message);
    throw new LessonError(file, 'body', `body: ${error.message}`);
  }
}

// An exercise that names its number (core: output 1,1) must agree with the core about it,
// with the settings its link gives the page's playground: its query read over the lesson's.
async function checkExercises(exercises, file, widget) {
  if (!exercises.some((exercise) => exercise.core)) return;
  const core = await loadPoolCore();
  const lessonSettings = widget && isPlayground(widget) ? playgroundSettings(widget, file) : undefined;
  for (const exercise of exercises) {
    try {
      checkAnswerWithCore(core, exercise, lessonSettings);
    } catch (error) {
      if (error instanceof ExerciseError) throw new LessonError(file, error.field, error.message);
      throw error;
    }
  }
}

// The settings a lesson's <pool-playground> starts from: its attributes, read as the element
// reads them.
function playgroundSettings(widget, file) {
  const attributes = playgroundAttributes(widget);
  const host = {
    getAttribute: (name) => (name in attributes ? attributes[name] : null),
    hasAttribute: (name) => name in attributes,
  };
  try {
    return settingsFromAttributes(host);
  } catch (error) {
    if (error instanceof AttributeError) throw new LessonError(file, 'widget', `widget: ${error.message}`);
    throw error;
  }
}

// The WASM core, loaded only when a lesson needs it checked (the package's own "./core" export).
async function loadPoolCore() {
  const { loadCore } = await import('pooling-course/core');
  return loadCore();
}

function parseNumberedName(name, shown, field) {
  const match = NUMBERED_NAME.exec(name);
  if (!match) {
    throw new LessonError(
      shown,
      field,
      `${field} must be <number>-<slug> in lowercase letters, digits and hyphens (e.g. 04-pictures), got ${show(name)}`,
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

async function normaliseWidget(raw, file) {
  expectMapping(raw, 'widget', file);
  rejectUnknownFields(raw, WIDGET_FIELDS, 'widget.', file);

  if (typeof raw.element !== 'string' || !CUSTOM_ELEMENT_NAME.test(raw.element)) {
    throw new LessonError(
      file,
      'widget.element',
      `widget.element must be a custom element name such as "pool-widget", got ${show(raw.element)}`,
    );
  }
  if (!POOL_OPS.includes(raw.op)) {
    throw new LessonError(file, 'widget.op', `widget.op must be ${orList(POOL_OPS)}, got ${show(raw.op)}`);
  }

  expectMapping(raw.input, 'widget.input', file);
  rejectUnknownFields(raw.input, INPUT_FIELDS, 'widget.input.', file);
  const { height, width } = raw.input;
  for (const [name, value] of [['height', height], ['width', width]]) {
    if (!isPositiveInteger(value)) {
      throw new LessonError(file, `widget.input.${name}`, `widget.input.${name} must be a positive integer, got ${show(value)}`);
    }
  }
  const values = numberList(raw.input.values, 'widget.input.values', file);
  if (values.length !== height * width) {
    throw new LessonError(
      file,
      'widget.input.values',
      `widget.input.values must hold height x width = ${height} x ${width} = ${height * width} numbers, got ${values.length}`,
    );
  }

  const kernelSize = sizePair(raw.kernel_size, 'widget.kernel_size', 1, file);
  const stride = raw.stride === undefined ? kernelSize : sizePair(raw.stride, 'widget.stride', 1, file);
  const padding = raw.padding === undefined ? [0, 0] : sizePair(raw.padding, 'widget.padding', 0, file);
  // Whether the settings go together, and the output's size, are the core's call.
  const [outputHeight, outputWidth] = await coreOutputSize(
    { op: raw.op, input: { height, width }, kernelSize, stride, padding, dilation: [1, 1], ceilMode: false,
      countIncludePad: true, divisorOverride: null },
    file,
  );

  if (raw.grad_output === undefined) {
    throw new LessonError(file, 'widget.grad_output', 'widget.grad_output is missing (one upstream gradient per output)');
  }
  const gradOutput = numberList(raw.grad_output, 'widget.grad_output', file);
  if (gradOutput.length !== outputHeight * outputWidth) {
    throw new LessonError(
      file,
      'widget.grad_output',
      `widget.grad_output must hold one number per output, ${outputHeight} x ${outputWidth} = ${outputHeight * outputWidth}, got ${gradOutput.length}`,
    );
  }

  const widget = {
    element: raw.element,
    op: raw.op,
    input: { height, width, values },
    kernelSize,
    stride,
    padding,
    gradOutput,
  };
  if (raw.view !== undefined) {
    if (!WIDGET_VIEWS.includes(raw.view)) {
      throw new LessonError(file, 'widget.view', `widget.view must be ${orList(WIDGET_VIEWS)}, got ${show(raw.view)}`);
    }
    widget.view = raw.view; // the pass the widget opens on; without it, the widget's own default
  }
  return widget;
}

// <pool-playground> ------------------------------------------------------------------------
//
// Its widget takes every pooling option under PyTorch's name. Types are checked here; whether
// the options go together (padding at most half the kernel, a window that fits, ...) is the
// core's call, so an impossible combination fails the build with the core's own message.

const PLAYGROUND_ELEMENT = 'pool-playground';
const PLAYGROUND_FIELDS = [
  'element', 'op', 'input', 'kernel_size', 'stride', 'padding', 'dilation', 'ceil_mode',
  'count_include_pad', 'divisor_override', 'grad_output', 'examples',
];
const PLAYGROUND_MAX_SIDE = 16;
const AVG_ONLY_FIELDS = ['count_include_pad', 'divisor_override'];
const MAX_ONLY_FIELDS = ['dilation'];
const PRESETS_FILE = new URL('../components/pool-playground/presets.json', import.meta.url);
const SNAKE_NAMES = {
  kernelSize: 'kernel_size',
  ceilMode: 'ceil_mode',
  countIncludePad: 'count_include_pad',
  divisorOverride: 'divisor_override',
};

function isPlayground(raw) {
  return isPlainObject(raw) && raw.element === PLAYGROUND_ELEMENT;
}

/**
 * @typedef {{ element: 'pool-playground', op: 'avg' | 'max',
 *   input: { height: number, width: number, values: number[] },
 *   kernelSize: [number, number], stride: [number, number], padding: [number, number],
 *   dilation: [number, number], ceilMode: boolean, countIncludePad: boolean,
 *   divisorOverride: number | null, gradOutput: 'ones' | number[], examples?: string[] }} PlaygroundWidget
 * @returns {Promise<PlaygroundWidget>}
 */
async function normalisePlaygroundWidget(raw, file) {
  rejectUnknownFields(raw, PLAYGROUND_FIELDS, 'widget.', file);
  if (!POOL_OPS.includes(raw.op)) {
    throw new LessonError(file, 'widget.op', `widget.op must be ${orList(POOL_OPS)}, got ${show(raw.op)}`);
  }
  const wrongOp = raw.op === 'max' ? AVG_ONLY_FIELDS : MAX_ONLY_FIELDS;
  const misplaced = wrongOp.find((key) => key in raw);
  if (misplaced !== undefined) {
    const owner = raw.op === 'max' ? 'average' : 'max';
    throw new LessonError(file, `widget.${misplaced}`, `widget.${misplaced} is for ${owner} pooling only, and this widget has op: ${raw.op}`);
  }

  let input = { height: 4, width: 4, values: null };
  if (raw.input !== undefined) {
    expectMapping(raw.input, 'widget.input', file);
    rejectUnknownFields(raw.input, INPUT_FIELDS, 'widget.input.', file);
    input = { height: raw.input.height, width: raw.input.width, values: null };
    for (const name of ['height', 'width']) {
      const value = input[name];
      if (!Number.isInteger(value) || value < 1 || value > PLAYGROUND_MAX_SIDE) {
        throw new LessonError(file, `widget.input.${name}`,
          `widget.input.${name} must be a whole number from 1 to ${PLAYGROUND_MAX_SIDE}, got ${show(value)}`);
      }
    }
    if (raw.input.values !== undefined) input.values = numberList(raw.input.values, 'widget.input.values', file);
  }
  const count = input.height * input.width;
  input.values ??= Array.from({ length: count }, (_, i) => i);
  if (input.values.length !== count) {
    throw new LessonError(file, 'widget.input.values',
      `widget.input.values must hold height x width = ${input.height} x ${input.width} = ${count} numbers, got ${input.values.length}`);
  }

  if (raw.kernel_size === undefined) {
    throw new LessonError(file, 'widget.kernel_size', 'widget.kernel_size is missing (PyTorch needs it too)');
  }
  const kernelSize = sizePair(raw.kernel_size, 'widget.kernel_size', 1, file);
  const widget = {
    element: PLAYGROUND_ELEMENT,
    op: raw.op,
    input,
    kernelSize,
    stride: raw.stride === undefined ? kernelSize : sizePair(raw.stride, 'widget.stride', 1, file),
    padding: raw.padding === undefined ? [0, 0] : sizePair(raw.padding, 'widget.padding', 0, file),
    dilation: raw.dilation === undefined ? [1, 1] : sizePair(raw.dilation, 'widget.dilation', 1, file),
    ceilMode: booleanField(raw.ceil_mode, 'widget.ceil_mode', false, file),
    countIncludePad: booleanField(raw.count_include_pad, 'widget.count_include_pad', true, file),
    divisorOverride: null,
    gradOutput: 'ones',
  };
  if (raw.divisor_override !== undefined && raw.divisor_override !== null) {
    if (!Number.isInteger(raw.divisor_override)) {
      throw new LessonError(file, 'widget.divisor_override',
        `widget.divisor_override must be a whole number or null, got ${show(raw.divisor_override)}`);
    }
    widget.divisorOverride = raw.divisor_override;
  }

  const [outputHeight, outputWidth] = await coreOutputSize(widget, file);
  if (raw.grad_output !== undefined && raw.grad_output !== 'ones') {
    const gradOutput = numberList(raw.grad_output, 'widget.grad_output', file);
    if (gradOutput.length !== outputHeight * outputWidth) {
      throw new LessonError(file, 'widget.grad_output',
        `widget.grad_output must be "ones" or hold one number per output, ${outputHeight} x ${outputWidth} = ${outputHeight * outputWidth}, got ${gradOutput.length}`);
    }
    widget.gradOutput = gradOutput;
  }

  if (raw.examples !== undefined) {
    const known = await presetIds();
    if (!Array.isArray(raw.examples) || raw.examples.some((id) => typeof id !== 'string')) {
      throw new LessonError(file, 'widget.examples', `widget.examples must be a list of example ids, got ${show(raw.examples)}`);
    }
    const unknown = raw.examples.find((id) => !known.includes(id));
    if (unknown !== undefined) {
      throw new LessonError(file, 'widget.examples',
        `widget.examples has "${unknown}", which is not an example in presets.json (known: ${known.join(', ')})`);
    }
    widget.examples = [...raw.examples];
  }
  return widget;
}

function booleanField(value, field, fallback, file) {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new LessonError(file, field, `${field} must be true or false, got ${show(value)}`);
  return value;
}

// Asks the core, which throws a PoolError naming the parameter for a bad combination.
// The output size the core gives a widget's settings; a combination it refuses fails the
// build with the core's own message, under the lesson's field name.
async function coreOutputSize(widget, file) {
  const core = await loadPoolCore();
  const options = {
    kernelSize: widget.kernelSize,
    stride: widget.stride,
    padding: widget.padding,
    ceilMode: widget.ceilMode,
  };
  if (widget.op === 'max') options.dilation = widget.dilation;
  else Object.assign(options, { countIncludePad: widget.countIncludePad, divisorOverride: widget.divisorOverride });
  try {
    const [, height, width] = core.pool2dOutputShape([1, widget.input.height, widget.input.width], options);
    return [height, width];
  } catch (error) {
    if (error?.name !== 'PoolError') throw error;
    const name = SNAKE_NAMES[error.parameter] ?? error.parameter;
    const message = error.message.replace(/\b(kernelSize|ceilMode|countIncludePad|divisorOverride)\b/g, (word) => SNAKE_NAMES[word]);
    throw new LessonError(file, `widget.${name}`, `widget.${name}: the pooling core rejects these settings: ${message}`);
  }
}

let presetIdsPromise = null;

function presetIds() {
  presetIdsPromise ??= readFile(PRESETS_FILE, 'utf8').then((text) => JSON.parse(text).examples.map((example) => example.id));
  return presetIdsPromise;
}

function sizePair(value, field, minimum, file) {
  const fits = (n) => Number.isInteger(n) && n >= minimum;
  if (fits(value)) return [value, value];
  if (Array.isArray(value) && value.length === 2 && value.every(fits)) return [value[0], value[1]];
  const kind = minimum === 0 ? 'non-negative' : 'positive';
  throw new LessonError(file, field, `${field} must be a ${kind} integer or [h, w], got ${show(value)}`);
}

function numberList(value, field, file) {
  if (!Array.isArray(value)) {
    throw new LessonError(file, field, `${field} must be a list of numbers, got ${show(value)}`);
  }
  const bad = value.findIndex((item) => typeof item !== 'number' || !Number.isFinite(item));
  if (bad !== -1) {
    throw new LessonError(file, field, `${field}[${bad}] must be a finite number, got ${show(value[bad])}`);
  }
  return [...value];
}

function requireText(value, field, file) {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new LessonError(file, field, `${field} must be a non-empty string, got ${show(value)}`);
  }
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
const orList = (choices) => choices.map((choice) => `"${choice}"`).join(' or ');

function show(value) {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `[${value.map(show).join(', ')}]`;
  const text = typeof value === 'number' && !Number.isFinite(value) ? String(value) : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
