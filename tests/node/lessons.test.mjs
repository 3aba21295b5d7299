// The course loader and the Markdown renderer: the real course loads as catalogued, and every
// kind of broken lesson fails with a LessonError naming its file and field.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ELEMENT_TAGS } from '../../web/components/registry.js';
import { LessonError, catalogueMetadata, loadCourse } from '../../web/content/load-course.mjs';
import { renderMarkdown } from '../../web/content/render-markdown.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MOUNT = '<div class="try-it" data-try-it></div>';
const PART = '<section class="lesson__part">';

// A lesson's widget without what its element adds for itself (view, hide, the attributes):
// the pooling settings, by the table's keys.
const POOLING_KEYS = ['element', 'op', 'inputHeight', 'inputWidth', 'input', 'kernelSize', 'stride', 'padding',
  'dilation', 'ceilMode', 'countIncludePad', 'divisorOverride', 'gradOutput'];
const pooling = (widget) => Object.fromEntries(POOLING_KEYS.map((key) => [key, widget[key]]));

const CATALOGUE = [
  ['one-neuron', ['relu', 'the-sigmoid', 'tanh']],
  ['new-bends', ['gelu', 'swish', 'elu']],
  ['a-layer', ['softmax', 'embedding', 'dropout']],
  ['pictures', ['patches-of-a-picture', 'every-knob-of-pooling', 'max-pooling', 'batch-normalisation']],
  ['the-error', ['mean-squared-error', 'cross-entropy', 'the-huber-loss']],
  ['downhill', ['gradient-descent-with-momentum', 'rmsprop', 'adam']],
  ['learning', ['backpropagation-through-a-layer', 'a-network-that-learns-xor', 'lamb']],
  ['memory-and-attention', ['a-recurrent-cell', 'the-gates-of-an-lstm', 'attention']],
  ['the-transformer-and-the-reward', ['positions-as-clocks', 'an-encoder-block', 'ppo']],
];

// Plain loops, independent of any page code: the averages a lesson's widget settings imply.
function referenceAveragePool({ inputHeight, inputWidth, input, kernelSize, stride }) {
  const outputHeight = Math.floor((inputHeight - kernelSize[0]) / stride[0]) + 1;
  const outputWidth = Math.floor((inputWidth - kernelSize[1]) / stride[1]) + 1;
  const averages = [];
  for (let r = 0; r < outputHeight; r++) {
    for (let c = 0; c < outputWidth; c++) {
      let sum = 0;
      for (let m = 0; m < kernelSize[0]; m++) {
        for (let n = 0; n < kernelSize[1]; n++) {
          sum += input[(r * stride[0] + m) * inputWidth + c * stride[1] + n];
        }
      }
      averages.push(sum / (kernelSize[0] * kernelSize[1]));
    }
  }
  return averages;
}

describe('the real course', () => {
  let course;
  before(async () => {
    course = await loadCourse(path.join(repoRoot, 'lessons'), { repoRoot });
  });

  it('has the 9 catalogued modules and 28 lessons in order', () => {
    const found = course.modules.map((module) => [module.slug, module.lessons.map((lesson) => lesson.slug)]);
    assert.deepEqual(found, CATALOGUE, 'module and lesson slugs, in order');
    course.modules.forEach((module, m) => {
      assert.equal(module.order, m + 1, `order of module ${module.slug}`);
      assert.equal(module.file, `lessons/${String(m + 1).padStart(2, '0')}-${module.slug}/module.md`);
      module.lessons.forEach((lesson, l) => {
        assert.equal(lesson.order, l + 1, `order of ${lesson.file}`);
        assert.equal(lesson.moduleSlug, module.slug, `moduleSlug of ${lesson.file}`);
        assert.equal(lesson.url, `/lessons/${module.slug}/${lesson.slug}/`, `url of ${lesson.file}`);
        assert.ok(lesson.title.length > 0 && lesson.summary.length > 0, `title and summary of ${lesson.file}`);
      });
    });
  });

  it('lists its interactive lessons in course order', () => {
    const interactive = course.modules.flatMap((module) => module.lessons).filter((l) => l.status === 'interactive');
    assert.deepEqual(interactive.map((lesson) => lesson.file), [
      'lessons/01-one-neuron/01-relu.md',
      'lessons/01-one-neuron/02-the-sigmoid.md',
      'lessons/01-one-neuron/03-tanh.md',
      'lessons/02-new-bends/01-gelu.md',
      'lessons/02-new-bends/02-swish.md',
      'lessons/02-new-bends/03-elu.md',
      'lessons/03-a-layer/01-softmax.md',
      'lessons/03-a-layer/02-embedding.md',
      'lessons/03-a-layer/03-dropout.md',
      'lessons/04-pictures/01-patches-of-a-picture.md',
      'lessons/04-pictures/02-every-knob-of-pooling.md',
      'lessons/04-pictures/03-max-pooling.md',
      'lessons/04-pictures/04-batch-normalisation.md',
      'lessons/05-the-error/01-mean-squared-error.md',
      'lessons/05-the-error/02-cross-entropy.md',
      'lessons/05-the-error/03-the-huber-loss.md',
      'lessons/06-downhill/01-gradient-descent-with-momentum.md',
      'lessons/06-downhill/02-rmsprop.md',
      'lessons/06-downhill/03-adam.md',
      'lessons/07-learning/01-backpropagation-through-a-layer.md',
      'lessons/07-learning/02-a-network-that-learns-xor.md',
      'lessons/07-learning/03-lamb.md',
      'lessons/08-memory-and-attention/01-a-recurrent-cell.md',
      'lessons/08-memory-and-attention/02-the-gates-of-an-lstm.md',
      'lessons/08-memory-and-attention/03-attention.md',
      'lessons/09-the-transformer-and-the-reward/01-positions-as-clocks.md',
      'lessons/09-the-transformer-and-the-reward/02-an-encoder-block.md',
      'lessons/09-the-transformer-and-the-reward/03-ppo.md',
    ]);
    for (const lesson of course.modules.flatMap((module) => module.lessons)) {
      if (lesson.status === 'planned') assert.equal(lesson.widget, null, `widget of ${lesson.file}`);
    }
  });

  it('normalises the widget of "Patches of a picture"', () => {
    const lesson = course.modules[3].lessons[0];
    assert.equal(lesson.title, 'Patches of a picture');
    assert.deepEqual(pooling(lesson.widget), {
      element: 'pool-widget',
      op: 'avg',
      inputHeight: 4,
      inputWidth: 4,
      input: Array.from({ length: 16 }, (_, i) => i),
      kernelSize: [2, 2],
      stride: [2, 2],
      padding: [0, 0],
      dilation: [1, 1],
      ceilMode: false,
      countIncludePad: true,
      divisorOverride: null,
      gradOutput: [4, 8, 12, 16],
    });
    assert.deepEqual(lesson.widget.attributes, [['grad-output', '4 8 12 16']], 'the page writes only what differs from the defaults');
    assert.equal(lesson.widget.embeddable, true);
  });

  it('states in its prose the averages its widget settings produce', () => {
    const lesson = course.modules[3].lessons[0];
    const averages = referenceAveragePool(lesson.widget);
    assert.deepEqual(averages, [2.5, 4.5, 10.5, 12.5], 'averages of the 4 x 4 picture 0..15');
    for (const value of averages) {
      assert.match(lesson.bodyHtml, new RegExp(`\\b${String(value).replace('.', '\\.')}\\b`), `prose mentions ${value}`);
    }
  });

  it('renders the lesson body with one widget mount, typeset math and heading anchors', () => {
    const html = course.modules[3].lessons[0].bodyHtml;
    assert.equal(html.split(MOUNT).length - 1, 1, 'exactly one mount point');
    assert.ok(html.indexOf('id="try-it"') < html.indexOf(MOUNT), 'the mount sits under the "Try it" heading');
    assert.match(html, /<h2 id="check-yourself">/);
    assert.match(html, /<div class="math-display"><span class="katex"><math [^>]*display="block">/, 'display math is typeset as MathML');
    assert.doesNotMatch(html, /\$\$/, 'no raw $$ left behind');
  });

  it('gives "Every knob of pooling" and "Max pooling" the playground, average and max', () => {
    const [, knobs, max] = course.modules[3].lessons;
    assert.deepEqual({ ...pooling(knobs.widget), examples: knobs.widget.examples }, {
      element: 'pool-playground',
      op: 'avg',
      inputHeight: 4,
      inputWidth: 4,
      input: Array.from({ length: 16 }, (_, i) => i),
      kernelSize: [2, 2],
      stride: [2, 2],
      padding: [0, 0],
      dilation: [1, 1],
      ceilMode: false,
      countIncludePad: true,
      divisorOverride: null,
      gradOutput: 'ones',
      examples: knobs.widget.examples,
    });
    assert.ok(knobs.widget.examples.length >= 8, 'the lesson offers the average pooling examples');
    assert.equal(max.widget.element, 'pool-playground');
    assert.equal(max.widget.op, 'max');
    assert.deepEqual(max.widget.gradOutput, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('has at least three exercises in "Every knob of pooling" and two in "Max pooling"', () => {
    const [, knobs, max] = course.modules[3].lessons;
    const count = (html) => html.split('data-exercise ').length - 1;
    assert.ok(count(knobs.bodyHtml) >= 3, `exercises in ${knobs.file}: ${count(knobs.bodyHtml)}`);
    assert.ok(count(max.bodyHtml) >= 2, `exercises in ${max.file}: ${count(max.bodyHtml)}`);
  });

  it('ships metadata and the modules\' intros, and no lesson\'s HTML, in the catalogue, leaving the course untouched', () => {
    const catalogue = catalogueMetadata(course);
    const text = JSON.stringify(catalogue.modules.flatMap((module) => module.lessons));
    assert.doesNotMatch(text, /bodyHtml|<p>/, 'no lesson\'s rendered HTML in the catalogue');
    assert.deepEqual(catalogue.modules.map((module) => module.introHtml), course.modules.map((module) => module.introHtml),
      'each module\'s intro, shown under its heading');
    assert.match(catalogue.modules[3].introHtml, /^<p>A picture reaches a network as a grid of numbers\./);
    assert.equal(catalogue.modules.length, 9);
    assert.deepEqual(catalogue.modules[3].lessons[0].widget, course.modules[3].lessons[0].widget);
    catalogue.modules[3].lessons[0].widget.gradOutput[0] = 999;
    assert.equal(course.modules[3].lessons[0].widget.gradOutput[0], 4, 'the catalogue is a copy');
    assert.equal(typeof course.modules[3].lessons[0].bodyHtml, 'string', 'the course keeps its HTML');
  });
});

describe('renderMarkdown', () => {
  it('stops at what would reach the learner broken, naming the line', () => {
    const refusals = [
      ['# Title again', 'line 3: a heading of one # competes with the lesson\'s title, the page\'s only one: start at ##'],
      ['## Part\n\n#### Detail', 'line 5: a heading of 4 #s under one of 2 skips a level: use ###'],
      ['```Exercise\nquestion: Q?\nanswer: 1\n```', 'line 3: ```Exercise is not an exercise fence: write ```exercise, in lower case (this block would show its answer)'],
      ['```\nquestion: Q?\nanswer: 1\nhint: H\n```', 'line 3: a code block with a question and an answer would show the answer: open it with ```exercise'],
      ['Text\n\n    question: Q?\n    answer: 1', 'line 5: a code block with a question and an answer would show the answer: open it with ```exercise'],
      ['See [ReLU](../relu/).', 'line 3: the link to ../relu/ is relative: a page of the course is linked from the site\'s root, such as /lessons/pictures/patches-of-a-picture/'],
      ['See [Try it](#try-it).\n\n## Try this', 'line 3: the link to #try-it names no heading of this page (a heading\'s id is its words in lower case, joined by hyphens: ## Try it is #try-it)'],
      ['| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | $4 |', 'line 6: a $ opens no formula in "$4": close the formula ($x$, with no space just inside the dollars and no digit just after the closing one), or write \\$ for a dollar sign'],
      ['one\ntwo $5\nthree', 'line 4: a $ opens no formula in "two $5": close the formula ($x$, with no space just inside the dollars and no digit just after the closing one), or write \\$ for a dollar sign'],
      ['Text <!-- TODO --> here', 'line 3: an HTML comment would be shown to the learner as text: remove it'],
      ['![](patches.png)', 'line 3: a lesson takes no pictures (the build copies no files, so "patches.png" would not be there): let the widget show it, or say it in words'],
      ['See [ReLU](01-relu.MD#top).', 'line 3: the link to 01-relu.MD#top names a Markdown file: link to its page, such as /lessons/pictures/patches-of-a-picture/'],
    ];
    for (const [source, message] of refusals) {
      assert.throws(() => renderMarkdown(source, { firstLine: 3 }), { message }, source);
    }
    assert.doesNotThrow(() => renderMarkdown('## Part\n\n### Detail\n\n## Next\n\n```js\nconst answer = 1;\n```'), 'levels in order, and code');
    assert.doesNotThrow(() => renderMarkdown('[PyTorch](https://github.com/pytorch/pytorch/blob/main/README.md), <https://example.org/$x>, [a](//example.org/a), `$x` and [back](#part)\n\n## Part'),
      'links out of the course, an autolink, code and a heading of the page');
  });

  it('names the exercise\'s line for a formula in its question or hint', () => {
    assert.throws(() => renderMarkdown('Intro\n\n```exercise\nquestion: What is $\\frac{1$?\nanswer: 1\nhint: H\n```', { firstLine: 10 }),
      /^Error: line 12: KaTeX cannot typeset the formula "\\frac\{1"/);
  });

  it('hands the links to the site\'s pages to its caller, with their lines', () => {
    const links = [];
    renderMarkdown('Read [patches](/lessons/pictures/patches-of-a-picture/) and [PyTorch](https://pytorch.org).\n\nThen\n[more](/zh/).', { firstLine: 5, links });
    assert.deepEqual(links, [{ href: '/lessons/pictures/patches-of-a-picture/', line: 5 }, { href: '/zh/', line: 8 }]);
  });

  it('shows raw HTML as text', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <b>bold</b>');
    assert.doesNotMatch(html, /<script|<b>/);
    assert.match(html, /&lt;script&gt;/);
  });

  it('typesets $...$ inline and $$...$$ as a display block', () => {
    const inline = renderMarkdown('The area is $k_h k_w$ cells.');
    assert.match(inline, /^<p>The area is <span class="katex"><math xmlns="http:\/\/www.w3.org\/1998\/Math\/MathML"><semantics><mrow><msub><mi>k<\/mi><mi>h<\/mi><\/msub>/);
    assert.doesNotMatch(inline, /display="block"/);
    const display = renderMarkdown('Before\n\n$$\ny = \\frac{1}{4} \\sum x\n$$\n\nAfter');
    assert.match(display, /<div class="math-display"><span class="katex"><math [^>]*display="block">.*<mfrac><mn>1<\/mn><mn>4<\/mn><\/mfrac>/);
    assert.match(display, /<p>After<\/p>/);
    assert.match(renderMarkdown('$$ a + b $$'), /display="block"/, 'one-line display block');
    assert.doesNotMatch(display, /class="katex-html"/, 'MathML alone: no HTML copy that needs KaTeX\'s fonts');
  });

  it('lets a long inline formula break after a top-level relation or operator, and keeps a short one whole', () => {
    const annotations = (html) => [...html.matchAll(/<annotation encoding="application\/x-tex">([^<]*)<\/annotation>/g)].map((m) => m[1]);
    const long = renderMarkdown('So $(-3.72 + 0.07 \\cdot 5.72) = -3.3196 = x_{a - b}$ here.');
    // Never after the sign of -3.72, nor inside the script's braces.
    assert.deepEqual(annotations(long), ['(-3.72 +', '0.07 \\cdot', '5.72) =', '-3.3196 =', 'x_{a - b}']);
    assert.equal(long.match(/<wbr>/g).length, 4, 'a break opportunity between every two pieces');
    assert.deepEqual(annotations(renderMarkdown('$x = 3 + y$')), ['x = 3 + y']);
    assert.deepEqual(annotations(renderMarkdown('$\\left( a + b + c + d + e + f \\right) = 123456$')), ['\\left( a + b + c + d + e + f \\right) =', '123456'],
      'never inside \\left ... \\right');
    assert.equal(annotations(renderMarkdown('$$\na = b + c + d + e + f + g + h + i\n$$')).length, 1, 'display maths scrolls, it is never cut');
    // A sign after a slash, \\in or a bar stays with its number; a relation keeps its script.
    assert.deepEqual(annotations(renderMarkdown('$1 / -2 + 3 + 4 + 5 + 6 + 7 + 8$')), ['1 / -2 +', '3 +', '4 +', '5 +', '6 +', '7 +', '8']);
    assert.deepEqual(annotations(renderMarkdown('$x \\in -S + 1 + 2 + 3 + 4 + 5 + 6$'))[0], 'x \\in -S +');
    assert.deepEqual(annotations(renderMarkdown('$a =^{\\text{def}} b + c + d + e + f + g$'))[0], 'a =^{\\text{def}} b +');
    // Where TeX reads otherwise than left to right, the formula stays whole.
    assert.equal(annotations(renderMarkdown('$a \\over b = c + d + e + f + g + h$')).length, 1);
    assert.equal(annotations(renderMarkdown('$\\sqrt[n-1]{x} = 1 + 2 + 3 + 4 + 5 + 6$')).length, 1);
  });

  it('puts every code block in the Tab order, since it may scroll sideways', () => {
    assert.equal(renderMarkdown('```python\nx = 1\n```'), '<pre tabindex="0"><code class="language-python">x = 1\n</code></pre>\n');
    assert.equal(renderMarkdown('Text\n\n    indented = 1\n'), '<p>Text</p>\n<pre tabindex="0"><code>indented = 1\n</code></pre>\n');
  });

  it('sets a sign tight against its number and leaves a subtraction spaced', () => {
    const html = renderMarkdown('$(-3, -0.5) = -1$ and $f(x) - 2$');
    assert.equal(html.match(/<mo form="prefix">−<\/mo>/g).length, 3);
    assert.match(html, /<mo stretchy="false">\)<\/mo><mo>−<\/mo><mn>2<\/mn>/, 'the minus after a bracket closes a term: a subtraction');
    assert.doesNotMatch(renderMarkdown('$\\lVert u \\rVert - 1$ and $a_1 + \\cdots - a_n$'), /form="prefix"/, 'after a norm\'s bar or a row of dots, a subtraction');
  });

  it('takes an escaped dollar as a dollar sign, and stops at a $ that opens no formula (the learner would see raw TeX)', () => {
    assert.equal(renderMarkdown('It costs \\$5 and \\$6.'), '<p>It costs $5 and $6.</p>\n');
    assert.equal(renderMarkdown('`$x` in code'), '<p><code>$x</code> in code</p>\n');
    assert.throws(() => renderMarkdown('Text\n\nso its output is $10 / 4 = 2.5.', { firstLine: 7 }),
      { message: 'line 9: a $ opens no formula in "so its output is $10 / 4 = 2.5.": close the formula ($x$, with no space just inside the dollars and no digit just after the closing one), or write \\$ for a dollar sign' });
    assert.throws(() => renderMarkdown('It costs $5 and $6.'), /line 1: a \$ opens no formula/);
  });

  it('fails on a bad formula with a message naming it', () => {
    assert.throws(() => renderMarkdown('Broken: $\\frac{1$ here'), /KaTeX cannot typeset the formula "\\frac\{1"/);
    assert.throws(() => renderMarkdown('$$\n\\notamacro{x}\n$$'), /formula "\\notamacro\{x\}"/);
  });

  it('turns a paragraph of only [[try-it]] into the mount point, and nothing else', () => {
    assert.equal(renderMarkdown('Intro\n\n[[try-it]]\n\nOutro'), `<p>Intro</p>\n${MOUNT}\n${PART}\n<p>Outro</p>\n</section>\n`);
    assert.doesNotMatch(renderMarkdown('Say [[try-it]] in a sentence.'), /data-try-it/);
    assert.doesNotMatch(renderMarkdown('`[[try-it]]`'), /data-try-it/);
    assert.doesNotMatch(renderMarkdown('- [[try-it]]'), /data-try-it/, 'only at the top level');
  });

  it('cuts the text after the mount into parts at each top-level ## heading, and nothing before it', () => {
    const html = renderMarkdown('## Try it\n\n[[try-it]]\n\nAfter\n\n## A\n\n- ## inside a list\n\n### A.1\n\n## B\n\nEnd');
    assert.equal(html.indexOf(PART), html.indexOf(MOUNT) + MOUNT.length + 1, 'the first part starts at the mount');
    const parts = html.slice(html.indexOf(MOUNT)).split(PART).slice(1);
    assert.equal(parts.length, 3);
    assert.match(parts[0], /^\n<p>After<\/p>\n<\/section>\n$/);
    assert.match(parts[1], /^\n<h2 id="a">A<\/h2>[^]*inside a list[^]*<h3 id="a-1">A.1<\/h3>\n<\/section>\n$/, 'a nested ## and a ### stay in their part');
    assert.match(parts[2], /^\n<h2 id="b">B<\/h2>\n<p>End<\/p>\n<\/section>\n$/);
    assert.equal(renderMarkdown('[[try-it]]\n\n## A\n\nx').split(PART).length, 2, 'a heading right after the mount opens the first part');
    assert.doesNotMatch(renderMarkdown('## A\n\ntext\n\n## B'), /lesson__part/, 'no mount, no parts');
    assert.equal(renderMarkdown('Intro\n\n[[try-it]]\n'), `<p>Intro</p>\n${MOUNT}\n`, 'nothing after the mount, no part');
  });

  it('gives headings unique id anchors', () => {
    const html = renderMarkdown('## Try it\n\n## Try it\n\n### Über `max` pooling!');
    assert.match(html, /<h2 id="try-it">Try it<\/h2>/);
    assert.match(html, /<h2 id="try-it-2">Try it<\/h2>/);
    assert.match(html, /<h3 id="uber-max-pooling">/);
  });
});

// A minimal valid course: one module holding an interactive lesson and a planned one.
const MODULE_MD = '---\ntitle: Intro\nsummary: The first module.\norder: 1\n---\n\nA short intro.\n';
const INTERACTIVE_MD = `---
title: Patches
summary: Averages over patches.
order: 1
status: interactive
widget:
  element: pool-widget
  op: avg
  input:
    height: 4
    width: 4
    values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]
  kernel_size: 2
  stride: 2
  padding: 0
  grad_output: [4, 8, 12, 16]
---

**You will learn** how average pooling shrinks a picture.

A window of 2 x 2 cells slides over the picture.

## Try it

Tap a window.

[[try-it]]
`;
const PLANNED_MD = '---\ntitle: Later\nsummary: Coming soon.\norder: 2\nstatus: planned\n---\n';
const INTERACTIVE = 'lessons/01-intro/01-patches.md';
const PLANNED = 'lessons/01-intro/02-later.md';
const MODULE = 'lessons/01-intro/module.md';

describe('loadCourse on a fixture course', () => {
  let scratch;
  let caseNumber = 0;
  before(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'lessons-test-'));
  });
  after(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  async function makeCourse(edit = async () => {}) {
    const root = path.join(scratch, `case-${++caseNumber}`);
    const put = async (file, text) => {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    };
    await put(MODULE, MODULE_MD);
    await put(INTERACTIVE, INTERACTIVE_MD);
    await put(PLANNED, PLANNED_MD);
    await edit({ root, put, remove: (file) => unlink(path.join(root, file)) });
    return root;
  }

  const patch = (file, from, to) => async ({ put }) => {
    const original = { [MODULE]: MODULE_MD, [INTERACTIVE]: INTERACTIVE_MD, [PLANNED]: PLANNED_MD }[file];
    assert.ok(original.includes(from), `fixture ${file} contains ${JSON.stringify(from)}`);
    await put(file, original.replace(from, to));
  };

  it('loads the valid fixture', async () => {
    const root = await makeCourse();
    const course = await loadCourse(path.join(root, 'lessons'));
    assert.equal(course.modules.length, 1);
    const [module] = course.modules;
    assert.equal(module.introHtml, '<p>A short intro.</p>\n');
    assert.deepEqual(module.lessons.map((lesson) => [lesson.file, lesson.status]), [
      [INTERACTIVE, 'interactive'],
      [PLANNED, 'planned'],
    ]);
    assert.equal(module.lessons[1].bodyHtml, '');
  });

  it('fills in default stride and padding and accepts [h, w] pairs', async () => {
    const root = await makeCourse(
      patch(INTERACTIVE, '  kernel_size: 2\n  stride: 2\n  padding: 0\n  grad_output: [4, 8, 12, 16]', '  kernel_size: [2, 1]\n  grad_output: [1, 2, 3, 4, 5, 6, 7, 8]'),
    );
    const { widget } = (await loadCourse(path.join(root, 'lessons'))).modules[0].lessons[0];
    assert.deepEqual([widget.kernelSize, widget.stride, widget.padding], [[2, 1], [2, 1], [0, 0]]);
    assert.equal(widget.view, 'forward', 'the widget\'s own default view unless the lesson sets one');
    assert.ok(!widget.attributes.some(([name]) => name === 'view'), 'and no view attribute');
  });

  it('passes an optional starting view through', async () => {
    const root = await makeCourse(patch(INTERACTIVE, 'op: avg', 'op: avg\n  view: backward'));
    const { widget } = (await loadCourse(path.join(root, 'lessons'))).modules[0].lessons[0];
    assert.equal(widget.view, 'backward');
  });

  const broken = [
    {
      name: 'a kernel size that is a word',
      edit: patch(INTERACTIVE, 'kernel_size: 2', 'kernel_size: two'),
      file: INTERACTIVE,
      field: 'widget.kernel_size',
      message: `${INTERACTIVE}: widget.kernel_size must be a positive integer or [h, w], got "two"`,
    },
    {
      name: 'a stride pair with one entry',
      edit: patch(INTERACTIVE, 'stride: 2', 'stride: [2]'),
      file: INTERACTIVE,
      field: 'widget.stride',
      message: /widget\.stride must be a positive integer or \[h, w\], got \[2\]/,
    },
    {
      name: 'a negative padding',
      edit: patch(INTERACTIVE, 'padding: 0', 'padding: -1'),
      file: INTERACTIVE,
      field: 'widget.padding',
      message: /widget\.padding must be a non-negative integer or \[h, w\], got -1/,
    },
    {
      name: 'a padding over half the kernel',
      edit: patch(INTERACTIVE, 'padding: 0', 'padding: 2'),
      file: INTERACTIVE,
      field: 'widget.padding',
      message: /widget\.padding: the pooling core rejects these settings: padding 2 is more than half of kernel_size 2/,
    },
    {
      name: 'a kernel larger than the input',
      edit: patch(INTERACTIVE, 'kernel_size: 2\n  stride: 2', 'kernel_size: 5\n  stride: 1'),
      file: INTERACTIVE,
      field: 'widget.kernel_size',
      message: /widget\.kernel_size: the pooling core rejects these settings: kernel_size 5 does not fit the 4 x 4 input with padding 0/,
    },
    {
      name: 'too few input values',
      edit: patch(INTERACTIVE, ', 15]', ']'),
      file: INTERACTIVE,
      field: 'widget.input.values',
      message: /widget\.input\.values must hold height x width = 4 x 4 = 16 numbers, got 15/,
    },
    {
      name: 'a string among the input values',
      edit: patch(INTERACTIVE, '[0, 1, 2,', '[0, "one", 2,'),
      file: INTERACTIVE,
      field: 'widget.input.values',
      message: /widget\.input\.values\[1\] must be a finite number, got "one"/,
    },
    {
      name: 'a zero height',
      edit: patch(INTERACTIVE, 'height: 4', 'height: 0'),
      file: INTERACTIVE,
      field: 'widget.input.height',
      message: /widget\.input\.height must be a whole number from 1 to 32, got 0/,
    },
    {
      name: 'a gradient list of the wrong length',
      edit: patch(INTERACTIVE, '[4, 8, 12, 16]', '[4, 8, 12]'),
      file: INTERACTIVE,
      field: 'widget.grad_output',
      message: /widget\.grad_output must be "ones" or hold one number per output, 2 x 2 = 4, got 3/,
    },
    {
      name: 'a missing gradient list',
      edit: patch(INTERACTIVE, '  grad_output: [4, 8, 12, 16]\n', ''),
      file: INTERACTIVE,
      field: 'widget.grad_output',
      message: /widget\.grad_output is missing/,
    },
    {
      name: 'an unknown operation',
      edit: patch(INTERACTIVE, 'op: avg', 'op: median'),
      file: INTERACTIVE,
      field: 'widget.op',
      message: /widget\.op must be "avg" or "max", got "median"/,
    },
    {
      name: 'an element name without a hyphen',
      edit: patch(INTERACTIVE, 'element: pool-widget', 'element: PoolWidget'),
      file: INTERACTIVE,
      field: 'widget.element',
      message: /widget\.element must be a custom element name/,
    },
    {
      name: 'an unknown view',
      edit: patch(INTERACTIVE, 'op: avg', 'op: avg\n  view: sideways'),
      file: INTERACTIVE,
      field: 'widget.view',
      message: /widget\.view must be "forward" or "backward", got "sideways"/,
    },
    {
      name: 'an unknown widget key',
      edit: patch(INTERACTIVE, 'padding: 0', 'padding: 0\n  colour: blue'),
      file: INTERACTIVE,
      field: 'widget.colour',
      message: /widget\.colour is not a known field/,
    },
    {
      name: 'a padding that makes the grid larger than the widget draws',
      edit: patch(INTERACTIVE, 'kernel_size: 2\n  stride: 2\n  padding: 0', 'kernel_size: 40\n  stride: 2\n  padding: 20'),
      file: INTERACTIVE,
      field: 'widget.padding',
      message: /widget\.padding: with its padding the picture would be 44 by 44 cells, and a grid shows at most 32 a side/,
    },
    {
      name: 'a picture larger than the widget draws',
      edit: patch(INTERACTIVE, 'height: 4', 'height: 33'),
      file: INTERACTIVE,
      field: 'widget.input.height',
      message: /widget\.input\.height must be a whole number from 1 to 32, got 33/,
    },
    {
      name: 'an element the course does not have',
      edit: patch(INTERACTIVE, 'element: pool-widget', 'element: pool-gadget'),
      file: INTERACTIVE,
      field: 'widget.element',
      message: `lessons/01-intro/01-patches.md: widget.element "pool-gadget" is not an element of the course (known: ${ELEMENT_TAGS.join(', ')})`,
    },
    {
      name: 'an unknown front matter key',
      edit: patch(PLANNED, 'status: planned', 'status: planned\ncolour: blue'),
      file: PLANNED,
      field: 'colour',
      message: /colour is not a known field \(allowed: title, summary, order, status, widget\)/,
    },
    {
      name: 'an unknown status',
      edit: patch(PLANNED, 'status: planned', 'status: draft'),
      file: PLANNED,
      field: 'status',
      message: /status must be "interactive" or "planned", got "draft"/,
    },
    {
      name: 'a planned lesson with a widget',
      edit: patch(PLANNED, 'status: planned', 'status: planned\nwidget:\n  element: pool-widget'),
      file: PLANNED,
      field: 'widget',
      message: /widget is not allowed in a planned lesson/,
    },
    {
      name: 'an interactive lesson without a widget',
      edit: patch(PLANNED, 'status: planned', 'status: interactive'),
      file: PLANNED,
      field: 'widget',
      message: /widget is missing/,
    },
    {
      name: 'a title holding a colon and a space, unquoted',
      edit: patch(INTERACTIVE, 'title: Patches', 'title: Patches: a picture'),
      file: INTERACTIVE,
      field: 'front matter',
      message: /front matter is not valid YAML \(line 2 of the file\): .*\(a value holding ": " must be quoted: title: "Patches: a picture"\)$/,
    },
    {
      name: 'a title with math in it',
      edit: patch(INTERACTIVE, 'title: Patches', 'title: Patches of $x$'),
      file: INTERACTIVE,
      field: 'title',
      message: /title is plain text, shown as written: its \$ would show as typed/,
    },
    {
      name: 'an interactive lesson without [[try-it]]',
      edit: patch(INTERACTIVE, '[[try-it]]', 'No mount here.'),
      file: INTERACTIVE,
      field: 'body',
      message: /exactly one \[\[try-it\]\] paragraph for the widget, found 0 \(written exactly \[\[try-it\]\], alone in its paragraph/,
    },
    {
      name: 'a planned lesson with [[try-it]]',
      edit: async ({ put }) => put(PLANNED, `${PLANNED_MD}\n[[try-it]]\n`),
      file: PLANNED,
      field: 'body',
      message: /planned lesson has no widget/,
    },
    {
      name: 'a bad formula in the body',
      edit: async ({ put }) => put(PLANNED, `${PLANNED_MD}\nThe mean is $\\frac{1}{4$.\n`),
      file: PLANNED,
      field: 'body',
      message: /body: line 8: KaTeX cannot typeset the formula "\\frac\{1\}\{4"/,
    },
    {
      name: 'a formula KaTeX refuses to trust',
      edit: async ({ put }) => put(PLANNED, `${PLANNED_MD}\nSee $\\href{https://example.test}{here}$.\n`),
      file: PLANNED,
      field: 'body',
      message: /body: line 8: KaTeX refuses \\href in the formula/,
    },
    {
      name: 'an empty title',
      edit: patch(PLANNED, 'title: Later', 'title: ""'),
      file: PLANNED,
      field: 'title',
      message: /title must be a non-empty string, got ""/,
    },
    {
      name: 'a missing summary',
      edit: patch(MODULE, 'summary: The first module.\n', ''),
      file: MODULE,
      field: 'summary',
      message: /summary must be a non-empty string, got nothing/,
    },
    {
      name: 'an order that disagrees with the file name',
      edit: patch(PLANNED, 'order: 2', 'order: 3'),
      file: PLANNED,
      field: 'order',
      message: /order is 3, but the number in the name says 2/,
    },
    {
      name: 'an order that is not a number',
      edit: patch(PLANNED, 'order: 2', 'order: second'),
      file: PLANNED,
      field: 'order',
      message: /order must be a positive integer, got "second"/,
    },
    {
      name: 'two lessons with the same order',
      edit: async ({ put }) => put('lessons/01-intro/02-again.md', PLANNED_MD.replace('Later', 'Again')),
      file: PLANNED,
      field: 'order',
      message: /order 2 is also used by lessons\/01-intro\/02-again\.md/,
    },
    {
      name: 'a gap in the lesson orders',
      edit: async ({ put, remove }) => {
        await remove(PLANNED);
        await put('lessons/01-intro/03-later.md', PLANNED_MD.replace('order: 2', 'order: 3'));
      },
      file: 'lessons/01-intro/03-later.md',
      field: 'order',
      message: /only 2 lessons here; orders must run 1 to 2/,
    },
    {
      name: 'a gap in the module orders',
      edit: async ({ put }) => {
        await put('lessons/03-third/module.md', MODULE_MD.replace('order: 1', 'order: 3'));
        await put('lessons/03-third/01-only.md', PLANNED_MD.replace('order: 2', 'order: 1'));
      },
      file: 'lessons/03-third/module.md',
      field: 'order',
      message: /order is 3, but there are only 2 modules here/,
    },
    {
      name: 'a module folder without module.md',
      edit: async ({ remove }) => remove(MODULE),
      file: MODULE,
      field: 'module.md',
      message: /module\.md is missing/,
    },
    {
      name: 'a module with no lessons',
      edit: async ({ put }) => put('lessons/02-empty/module.md', MODULE_MD.replace('order: 1', 'order: 2')),
      file: 'lessons/02-empty/module.md',
      field: 'lessons',
      message: /has no lesson files/,
    },
    {
      name: 'a module intro with a heading',
      edit: async ({ put }) => put(MODULE, `${MODULE_MD}\n## Try it\n\nTap.\n`),
      file: MODULE,
      field: 'body',
      message: /body has a heading \(##\), but a module's intro is paragraphs under the module's own heading on the catalogue/,
    },
    {
      name: 'a module intro with an exercise',
      edit: async ({ put }) => put(MODULE, `${MODULE_MD}\n\`\`\`exercise\nquestion: 1 + 1?\nanswer: 2\nhint: Count.\n\`\`\`\n`),
      file: MODULE,
      field: 'body',
      message: /body has an exercise, but only lessons can hold one/,
    },
    {
      name: 'a lesson file name without a number',
      edit: async ({ put }) => put('lessons/01-intro/extra.md', PLANNED_MD),
      file: 'lessons/01-intro/extra.md',
      field: 'file name',
      message: /file name must be <number>-<slug>.*got "extra"/,
    },
    {
      name: 'a module folder name with capitals',
      edit: async ({ put }) => put('lessons/02-Second/module.md', MODULE_MD),
      file: 'lessons/02-Second',
      field: 'folder name',
      message: /folder name must be <number>-<slug>/,
    },
    {
      name: 'a lesson with no front matter',
      edit: async ({ put }) => put(PLANNED, '# Later\n\nNo front matter.\n'),
      file: PLANNED,
      field: 'front matter',
      message: /front matter is missing/,
    },
    {
      name: 'front matter that is never closed',
      edit: async ({ put }) => put(PLANNED, PLANNED_MD.slice(0, -4)),
      file: PLANNED,
      field: 'front matter',
      message: /front matter is not closed/,
    },
    {
      name: 'front matter that is not YAML',
      edit: patch(PLANNED, 'summary: Coming soon.', 'summary: [unclosed'),
      file: PLANNED,
      field: 'front matter',
      message: /front matter is not valid YAML/,
    },
    {
      name: 'a repeated front matter key',
      edit: patch(PLANNED, 'order: 2', 'order: 2\norder: 2'),
      file: PLANNED,
      field: 'front matter',
      message: /front matter is not valid YAML/,
    },
  ];

  // A lesson with the playground, to break in the ways its own schema rules out.
  const PLAYGROUND = 'lessons/01-intro/03-knobs.md';
  const PLAYGROUND_MD = `---
title: Knobs
summary: Every knob.
order: 3
status: interactive
widget:
  element: pool-playground
  op: avg
  input:
    height: 3
    width: 3
  kernel_size: 2
  stride: 1
  padding: 1
  count_include_pad: false
  grad_output: ones
---

**You will learn** every knob of pooling.

Each knob changes which cells a window reads.

## Try it

Turn the padding up.

[[try-it]]

\`\`\`exercise
question: What does the top-left window give?
answer: 0
hint: One real cell.
playground: input=3x3&kernel_size=2&stride=1&padding=1&count_include_pad=false
core: output 1,1
\`\`\`
`;
  const withPlayground = (from, to) => async ({ put }) => {
    assert.ok(PLAYGROUND_MD.includes(from), `the playground fixture contains ${JSON.stringify(from)}`);
    await put(PLAYGROUND, PLAYGROUND_MD.replace(from, to));
  };

  it('loads a playground lesson with defaults filled in and its exercise checked', async () => {
    const root = await makeCourse(withPlayground('', ''));
    const lesson = (await loadCourse(path.join(root, 'lessons'))).modules[0].lessons[2];
    assert.deepEqual(pooling(lesson.widget), {
      element: 'pool-playground',
      op: 'avg',
      inputHeight: 3,
      inputWidth: 3,
      input: [0, 1, 2, 3, 4, 5, 6, 7, 8],
      kernelSize: [2, 2],
      stride: [1, 1],
      padding: [1, 1],
      dilation: [1, 1],
      ceilMode: false,
      countIncludePad: false,
      divisorOverride: null,
      gradOutput: 'ones',
    });
    assert.match(lesson.bodyHtml, /data-exercise data-answer="0"/);
  });

  // The page's playground reads an exercise's query over the lesson's settings, so the check
  // does too: here only kernel_size is given, and the lesson's 3 x 3 picture with padding 1
  // (padding not counted) makes output 1,1 the lone real cell, 0. Over the playground's
  // defaults (4 x 4, stride 2, no padding) it would be 2.5.
  it('checks a partial exercise query over the lesson\'s settings, as the page reads it', async () => {
    const root = await makeCourse(withPlayground(
      'playground: input=3x3&kernel_size=2&stride=1&padding=1&count_include_pad=false',
      'playground: kernel_size=2'));
    const lesson = (await loadCourse(path.join(root, 'lessons'))).modules[0].lessons[2];
    assert.match(lesson.bodyHtml, /data-playground-query="kernel_size=2"/);
  });

  broken.push(
    {
      name: 'a playground padding the core refuses',
      edit: withPlayground('padding: 1', 'padding: 2'),
      file: PLAYGROUND,
      field: 'widget.padding',
      message: /widget\.padding: the pooling core rejects these settings: padding 2 is more than half of kernel_size 2/,
    },
    {
      name: 'a playground kernel larger than the padded input',
      edit: withPlayground('kernel_size: 2\n  stride: 1\n  padding: 1', 'kernel_size: 9\n  stride: 1\n  padding: 0'),
      file: PLAYGROUND,
      field: 'widget.kernel_size',
      message: /widget\.kernel_size: the pooling core rejects these settings: kernel_size 9 does not fit/,
    },
    {
      name: 'dilation on an average playground',
      edit: withPlayground('padding: 1', 'padding: 1\n  dilation: 2'),
      file: PLAYGROUND,
      field: 'widget.dilation',
      message: /widget\.dilation is for max pooling only, and this widget has op: avg/,
    },
    {
      name: 'count_include_pad on a max playground',
      edit: withPlayground('op: avg', 'op: max'),
      file: PLAYGROUND,
      field: 'widget.count_include_pad',
      message: /widget\.count_include_pad is for average pooling only/,
    },
    {
      name: 'a playground input of 17 rows',
      edit: withPlayground('height: 3', 'height: 17'),
      file: PLAYGROUND,
      field: 'widget.input.height',
      message: /widget\.input\.height must be a whole number from 1 to 16, got 17/,
    },
    {
      name: 'a ceil_mode that is not true or false',
      edit: withPlayground('padding: 1', 'padding: 1\n  ceil_mode: yes please'),
      file: PLAYGROUND,
      field: 'widget.ceil_mode',
      message: /widget\.ceil_mode must be true or false, got "yes please"/,
    },
    {
      name: 'a playground gradient of the wrong length',
      edit: withPlayground('grad_output: ones', 'grad_output: [1, 2]'),
      file: PLAYGROUND,
      field: 'widget.grad_output',
      message: /widget\.grad_output must be "ones" or hold one number per output, 4 x 4 = 16, got 2/,
    },
    {
      name: 'a worked example that does not exist',
      edit: withPlayground('grad_output: ones', 'grad_output: ones\n  examples: [no-such-example]'),
      file: PLAYGROUND,
      field: 'widget.examples',
      message: /widget\.examples has "no-such-example", which is not an example in presets\.json/,
    },
    {
      name: 'an unknown playground key',
      edit: withPlayground('grad_output: ones', 'grad_output: ones\n  view: backward'),
      file: PLAYGROUND,
      field: 'widget.view',
      message: /widget\.view is not a known field \(allowed: widget\.element, widget\.op/,
    },
    {
      name: 'an exercise without an answer',
      edit: withPlayground('answer: 0\n', ''),
      file: PLAYGROUND,
      field: 'exercise 1.answer',
      message: /exercise 1 \(line 29\): answer is missing/,
    },
    {
      name: 'an answer right only over the playground\'s defaults, not the lesson\'s settings',
      edit: async ({ put }) => {
        await put(PLAYGROUND, PLAYGROUND_MD
          .replace('playground: input=3x3&kernel_size=2&stride=1&padding=1&count_include_pad=false', 'playground: kernel_size=2')
          .replace('answer: 0', 'answer: 2.5'));
      },
      file: PLAYGROUND,
      field: 'exercise 1.answer',
      message: /exercise 1 \(line 29\): answer is 2\.5 \(taking answers within 0\.005 of it\), but the core gives 0 for output 1,1/,
    },
    {
      name: 'a playground link with a key the widget does not read, though no core checks it',
      edit: async ({ put }) => {
        await put(PLAYGROUND, PLAYGROUND_MD.replace('core: output 1,1\n', '').replace('playground: input=3x3', 'playground: inputs=3x3'));
      },
      file: PLAYGROUND,
      field: 'exercise 1.playground',
      message: /exercise 1 \(line 29\): playground has inputs, which the widget does not read \(it reads /,
    },
    {
      name: 'a playground link with a value the widget refuses, though no core checks it',
      edit: async ({ put }) => {
        await put(PLAYGROUND, PLAYGROUND_MD.replace('core: output 1,1\n', '').replace('kernel_size=2&', 'kernel_size=abc&'));
      },
      file: PLAYGROUND,
      field: 'exercise 1.playground',
      message: /exercise 1 \(line 29\): playground is not a query string the widget can read: /,
    },
    {
      name: 'a tolerance of half the answer',
      edit: withPlayground('answer: 0\n', 'answer: 10\ntolerance: 5\n'),
      file: PLAYGROUND,
      field: 'exercise 1.tolerance',
      message: /tolerance 5 would count answers far from 10 as right: keep it below half the answer/,
    },
    {
      name: 'a lesson that does not say first what it teaches',
      edit: withPlayground('**You will learn** every knob of pooling.\n\n', ''),
      file: PLAYGROUND,
      field: 'body',
      message: /body must open with a paragraph starting \*\*You will learn\*\*/,
    },
    {
      name: 'a widget outside the part headed Try it',
      edit: withPlayground('Turn the padding up.\n\n[[try-it]]', 'Turn the padding up.\n\n## Play\n\n[[try-it]]'),
      file: PLAYGROUND,
      field: 'body',
      message: /body must put its \[\[try-it\]\] paragraph under the heading ## Try it/,
    },
    {
      name: 'an exercise whose answer the core disagrees with',
      edit: withPlayground('answer: 0', 'answer: 0.25'),
      file: PLAYGROUND,
      field: 'exercise 1.answer',
      message: /exercise 1 \(line 29\): answer is 0\.25 \(taking answers within 0\.005 of it\), but the core gives 0 for output 1,1/,
    },
  );

  // What lessons/README.md asks of an interactive lesson's opening, each way of missing it.
  broken.push(
    {
      name: 'an opening with no short paragraph before Try it',
      edit: withPlayground('Each knob changes which cells a window reads.\n\n', ''),
      file: PLAYGROUND,
      field: 'body',
      message: `${PLAYGROUND}: body must have one short paragraph between its **You will learn** paragraph and ## Try it, found none`,
    },
    {
      name: 'an opening with a list in place of its short paragraph',
      edit: withPlayground('Each knob changes which cells a window reads.', '- Each knob changes which cells a window reads.'),
      file: PLAYGROUND,
      field: 'body',
      message: `${PLAYGROUND}: body must have one short paragraph between its **You will learn** paragraph and ## Try it, found a list`,
    },
    {
      name: 'an opening with two paragraphs before Try it',
      edit: withPlayground('Each knob changes which cells a window reads.', 'Each knob changes which cells a window reads.\n\nAnd so on.'),
      file: PLAYGROUND,
      field: 'body',
      message: `${PLAYGROUND}: body must have one short paragraph between its **You will learn** paragraph and ## Try it, found a paragraph, a paragraph`,
    },
    {
      name: 'another section before Try it',
      edit: withPlayground('## Try it', '## Why pool\n\nTo shrink.\n\n## Try it'),
      file: PLAYGROUND,
      field: 'body',
      message: `${PLAYGROUND}: body has ## Why pool before ## Try it: the opening is the **You will learn** paragraph, a short paragraph, then ## Try it, and other sections come after the widget`,
    },
    {
      name: 'nothing to try under Try it',
      edit: withPlayground('Turn the padding up.\n\n', ''),
      file: PLAYGROUND,
      field: 'body',
      message: `${PLAYGROUND}: body must say what to try under ## Try it, above its [[try-it]] paragraph`,
    },
  );

  // Files under lessons/ the loader would not read: each would be a lesson an author thinks is in
  // the course and is not.
  const NOT_READ = 'a module folder holds module.md and lessons named <number>-<slug>.md, each with its Chinese text beside it as .zh.md (module.zh.md, 01-relu.zh.md), in lower case';
  for (const name of ['03-more.MD', '03-more.markdown', '02-later.zh.markdown', '03-more.txt']) {
    broken.push({
      name: `a lesson file named ${name}`,
      edit: async ({ put }) => put(`lessons/01-intro/${name}`, PLANNED_MD.replace('order: 2', 'order: 3')),
      file: `lessons/01-intro/${name}`,
      field: 'file name',
      message: `lessons/01-intro/${name}: is not a file the course reads: ${NOT_READ}`,
    });
  }
  broken.push(
    {
      name: 'a lesson in a folder inside its module',
      edit: async ({ put }) => put('lessons/01-intro/drafts/03-more.md', PLANNED_MD.replace('order: 2', 'order: 3')),
      file: 'lessons/01-intro/drafts/03-more.md',
      field: 'folder',
      message: 'lessons/01-intro/drafts/03-more.md: is in a folder inside a module folder, where the course does not look: a lesson is a file of its module\'s folder, and a draft is a planned lesson or is kept outside lessons/',
    },
    {
      name: 'an empty folder inside a module',
      edit: async ({ root }) => mkdir(path.join(root, 'lessons/01-intro/drafts')),
      file: 'lessons/01-intro/drafts',
      field: 'folder',
      message: 'lessons/01-intro/drafts: is in a folder inside a module folder, where the course does not look: a lesson is a file of its module\'s folder, and a draft is a planned lesson or is kept outside lessons/',
    },
    {
      name: 'a lesson directly in lessons/',
      edit: async ({ put }) => put('lessons/01-more.md', PLANNED_MD),
      file: 'lessons/01-more.md',
      field: 'file name',
      message: 'lessons/01-more.md: is not a file the course reads: lessons/ holds module folders (<number>-<slug>/, each with its module.md) and the notes README.md and GLOSSARY.zh.md; a lesson goes in its module\'s folder',
    },
    {
      name: 'two embeddable lessons with one slug in two modules',
      edit: async ({ put }) => {
        await put('lessons/02-more/module.md', MODULE_MD.replace('order: 1', 'order: 2'));
        await put('lessons/02-more/01-patches.md', INTERACTIVE_MD);
      },
      file: 'lessons/02-more/01-patches.md',
      field: 'slug',
      message: 'lessons/02-more/01-patches.md: slug "patches" is also the slug of lessons/01-intro/01-patches.md, and both lessons can be embedded: a lesson is embedded by its slug alone (/embed/patches/), so an embeddable lesson\'s slug (its file name without the number) must be unique across the course',
    },
  );

  it('reads past the notes beside the modules, hidden files and a planned lesson\'s slug used again', async () => {
    const root = await makeCourse(async ({ put }) => {
      await put('lessons/README.md', '# Notes\n');
      await put('lessons/GLOSSARY.zh.md', '# 术语\n');
      await put('lessons/.DS_Store', '');
      await put('lessons/01-intro/.DS_Store', '');
      await put('lessons/02-more/module.md', MODULE_MD.replace('order: 1', 'order: 2'));
      await put('lessons/02-more/01-later.md', PLANNED_MD.replace('order: 2', 'order: 1'));
    });
    const course = await loadCourse(path.join(root, 'lessons'), { repoRoot: root });
    assert.deepEqual(course.modules.map((module) => module.lessons.map((lesson) => lesson.file)),
      [[INTERACTIVE, PLANNED], ['lessons/02-more/01-later.md']], 'the lessons, and nothing else');
    // The same folder with one stray file is refused, so the files above were read past, not missed.
    const stray = await makeCourse(async ({ put }) => put('lessons/NOTES.md', '# Notes\n'));
    await assert.rejects(loadCourse(path.join(stray, 'lessons'), { repoRoot: stray }), { name: 'LessonError', file: 'lessons/NOTES.md', field: 'file name' });
  });

  for (const { name, edit, file, field, message } of broken) {
    it(`rejects ${name}`, async () => {
      const root = await makeCourse(edit);
      await assert.rejects(loadCourse(path.join(root, 'lessons'), { repoRoot: root }), (error) => {
        assert.ok(error instanceof LessonError, `a LessonError, got ${error}`);
        assert.equal(error.file, file, 'error.file');
        assert.equal(error.field, field, 'error.field');
        assert.ok(error.message.startsWith(`${file}: `), `message starts with the file: ${error.message}`);
        if (typeof message === 'string') assert.equal(error.message, message);
        else assert.match(error.message, message);
        return true;
      });
    });
  }

  it('names files relative to the folder above lessons/ by default', async () => {
    const root = await makeCourse(patch(PLANNED, 'order: 2', 'order: 9'));
    await assert.rejects(loadCourse(path.join(root, 'lessons')), (error) => error.file === PLANNED);
  });

  it('rejects a lessons folder with no modules', async () => {
    const root = path.join(scratch, 'empty');
    await mkdir(path.join(root, 'lessons'), { recursive: true });
    await assert.rejects(loadCourse(path.join(root, 'lessons')), {
      name: 'LessonError',
      file: 'lessons',
      field: 'modules',
      message: /^lessons: holds no module folders/,
    });
  });
});

// Lessons far larger than any real one: ten thousand equal headings and eight thousand math
// blocks that never close (both once took seconds, in time quadratic in their number).
describe('a very large lesson', () => {
  it('numbers ten thousand equal headings in order, every id unique', () => {
    const html = renderMarkdown(Array(10000).fill('## Same').join('\n\n'));
    assert.match(html, /<h2 id="same">/);
    assert.match(html, /<h2 id="same-10000">/);
    assert.equal(new Set(html.match(/id="[^"]+"/g)).size, 10000, 'every id unique');
  });

  it('reads eight thousand $$ that never close, and names the first', () => {
    // Every block is read, in time linear in their number, before the first is refused.
    assert.throws(() => renderMarkdown(Array(8000).fill('$$ x').join('\n\n')), /^Error: line 1: a \$ opens no formula in "\$\$ x"/);
  });
});
