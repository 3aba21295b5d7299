// A lesson's exercises as the build reads them, for the specs that check each exercise's number
// on the lesson's widget against PyTorch's: each block parsed by the site's renderMarkdown, its
// settings read over the lesson's widget by the build's checkPlayground (the settings the build
// asks the core for its answer under), and set up on the page by the widget's applyQuery, as the
// exercise's link does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadAdapter } from '../../web/components/registry.js';
import { checkPlayground } from '../../web/content/exercises.mjs';
import { renderMarkdown } from '../../web/content/render-markdown.mjs';
import { lessons, repoRoot } from './course.js';
import { expect } from './fixtures.js';

/**
 * The exercises of the lesson page at `url` ("/lessons/..." or "/zh/lessons/...") that name a
 * number (a core line), read from its own language's file, each with `built`: the settings the
 * build checks its answer under, one per row of the element's settings table.
 * @param {string} url
 */
export async function exercisesNamingANumber(url) {
  const [, language] = /^(?:\/(zh))?\/lessons\//.exec(url);
  const lesson = lessons.find((candidate) => candidate.url === url.replace(/^\/zh\//, '/'));
  const file = language === 'zh' ? lesson.translations['zh-CN'].file : lesson.file;
  const text = readFileSync(path.join(repoRoot, file), 'utf8');
  // The body after the front matter, as the loader gives renderMarkdown.
  const body = text.slice(text.indexOf('\n---\n', 3) + '\n---\n'.length);
  const exercises = [];
  renderMarkdown(body, { exercises });
  const adapter = await loadAdapter(lesson.widget.element);
  return exercises.filter((exercise) => exercise.core !== null).map((exercise) => {
    const built = checkPlayground(exercise, { adapter, settings: lesson.widget });
    return { ...exercise, built: Object.fromEntries(adapter.SETTINGS.map(({ key }) => [key, built[key]])) };
  });
}

/**
 * Sets each exercise of the lesson open at `url` that names a number up on the lesson's widget
 * (`root`) as its link does, checks that the widget then holds the settings the build checked
 * the answer under and that PyTorch's were the same, and calls `check(expected, settings)` to
 * read its number: `expected` is the exercise's entry in the family's expected file (its core
 * line, the settings PyTorch ran under and PyTorch's number), in the lesson's order.
 * @param {import('@playwright/test').Locator} root
 * @param {string} url
 * @param {{ core: string, settings: object, pytorch: number }[]} expectedExercises
 * @param {(expected: object, settings: object) => Promise<void>} check
 */
export async function checkEachExercise(root, url, expectedExercises, check) {
  const exercises = await exercisesNamingANumber(url);
  expect(exercises.map(({ core }) => core), `${url}: the exercises PyTorch answered, in order`).toEqual(expectedExercises.map(({ core }) => core));
  for (const [i, exercise] of exercises.entries()) {
    const what = `${url}: exercise ${exercise.number} (${exercise.core}, ?${exercise.settings})`;
    const applied = await root.evaluate(async (widget, query) => {
      const done = widget.applyQuery(query);
      await widget.ready();
      return done;
    }, exercise.settings);
    expect(applied, `${what}: the widget reads the query`).toBe(true);
    expect(await root.evaluate((widget) => widget.getState()), `${what}: the widget's settings are the build's`).toEqual(exercise.built);
    expect(exercise.built, `${what}: PyTorch's settings are the build's`).toMatchObject(expectedExercises[i].settings);
    await check(expectedExercises[i], exercise.built);
  }
}
