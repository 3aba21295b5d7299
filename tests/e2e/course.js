// The course as the build reads it from lessons/ (loadCourse: every file checked against the
// lesson schema, each exercise's answer computed by the core), read once per test process and
// shared by every spec that walks its lessons: a read takes about a second, and Playwright loads
// each spec file in its runner and again in each worker that runs its tests. Specs only read it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCourse } from '../../web/content/load-course.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const course = await loadCourse(path.join(repoRoot, 'lessons'), { repoRoot });
/** Every lesson of every module, in the course's order. */
export const lessons = course.modules.flatMap((module) => module.lessons);
