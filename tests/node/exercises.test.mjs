// Exercises in lesson Markdown (```exercise blocks): what they render to, every way a block can
// be malformed (each naming the exercise, its line and the field), how a learner's answer is
// read and judged, and the build-time check of an answer against the core.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import * as playground from '../../web/components/pool-playground/adapter.js';
import * as poolWidget from '../../web/components/pool-widget/adapter.js';
import * as softmax from '../../web/components/softmax-widget/adapter.js';
import {
  DEFAULT_TOLERANCE, ExerciseError, checkAnswerWithCore, parseExercise,
} from '../../web/content/exercises.mjs';
import { renderMarkdown } from '../../web/content/render-markdown.mjs';
import { judgeAnswer, mistakeFor, readAnswer } from '../../web/site/browser/exercise-answer.js';

const fence = (lines) => `\`\`\`exercise\n${lines.join('\n')}\n\`\`\`\n`;
const GOOD = [
  'question: What does the top-left window of $1..16$ give?',
  'answer: 3.5',
  'hint: Average 1, 2, 5 and 6;',
  '  that is 14 / 4.',
];

describe('rendering an exercise', () => {
  it('makes a labelled group with a field, a Check button, a status line and the hint', () => {
    const html = renderMarkdown(`Intro\n\n${fence(GOOD)}`);
    assert.match(html, /<div class="exercise" role="group" aria-labelledby="exercise-1-title" data-exercise data-answer="3.5" data-tolerance="0.005">/);
    assert.match(html, /<h3 class="exercise__title" id="exercise-1-title">Exercise 1<\/h3>/);
    assert.match(html, /<label for="exercise-1-answer">Your answer<\/label>/);
    assert.match(html, /<input id="exercise-1-answer" type="text" inputmode="decimal"[^>]*aria-describedby="exercise-1-question exercise-1-status">/);
    assert.match(html, /<button type="submit">Check<\/button>/);
    assert.match(html, /<p class="exercise__status" id="exercise-1-status" role="status"><\/p>/);
    assert.match(html, /<summary>Hint<\/summary>\s*<p>Average 1, 2, 5 and 6; that is 14 \/ 4.<\/p>/, 'an indented line continues the hint');
    assert.match(html, /class="exercise__question"[^>]*>What does the top-left window of <span class="katex">/, 'math in the question is typeset');
    assert.doesNotMatch(html, /exercise__try/, 'no playground link without a playground line');
  });

  it('numbers exercises in page order and links the playground settings', () => {
    const second = [...GOOD, 'playground: ?input=4x4:1..16&kernel_size=2'];
    const html = renderMarkdown(`${fence(GOOD)}\n${fence(second)}`);
    assert.match(html, /id="exercise-2-title">Exercise 2</);
    assert.match(html, /<a href="\?input=4x4:1..16&amp;kernel_size=2" data-playground-query="input=4x4:1..16&amp;kernel_size=2">/);
  });

  it('escapes HTML in a question like any lesson text', () => {
    const html = renderMarkdown(fence(['question: Is <b>this</b> bold?', 'answer: 0', 'hint: No.']));
    assert.match(html, /Is &lt;b&gt;this&lt;\/b&gt; bold\?/);
  });

  it('renders other fenced code as a code block, not an exercise', () => {
    assert.equal(renderMarkdown('```js\nlet x;\n```\n'), '<pre tabindex="0"><code class="language-js">let x;\n</code></pre>\n');
  });
});

describe('likely mistakes and the working', () => {
  it('reads one mistake per indented line and renders its feedback hidden, with the answer to reveal', () => {
    const exercise = parseExercise([...GOOD, 'working: $14 / 4$.', 'mistakes:', '  4: you divided by 4 and rounded.', '  14: you forgot to divide.'].join('\n'), { number: 1, line: 1 });
    assert.deepEqual(exercise.mistakes, [
      { value: 4, feedback: 'you divided by 4 and rounded.' },
      { value: 14, feedback: 'you forgot to divide.' },
    ]);
    const html = renderMarkdown(fence([...GOOD, 'working: $14 / 4$.', 'mistakes:', '  14: you forgot to divide.']));
    assert.match(html, /<ul class="exercise__mistakes" hidden><li data-value="14">you forgot to divide.<\/li><\/ul>/);
    assert.match(html, /<div class="exercise__reveal" hidden>\s*<button type="button" data-reveal>Show the answer<\/button>/);
    assert.match(html, /<p class="exercise__working" id="exercise-1-working" hidden><strong>Answer: 3.5.<\/strong> <span class="katex">/);
  });

  const wrong = [
    ['a mistake that is not "value: feedback"', ['mistakes:', '  forgot to divide'], /line \d+ must be "value: what it suggests the learner did"/],
    ['a mistake that is the right answer', ['mistakes:', '  3.5: nothing'], /3.5 counts as the right answer/],
    ['text on the mistakes line itself', ['mistakes: 4: oops'], /mistakes takes its mistakes on the indented lines below it/],
  ];
  for (const [name, lines, message] of wrong) {
    it(`refuses ${name}`, () => {
      assert.throws(() => parseExercise([...GOOD, ...lines].join('\n'), { number: 1, line: 1 }), (error) => {
        assert.equal(error.field, 'exercise 1.mistakes');
        assert.match(error.message, message);
        return true;
      });
    });
  }

  it('matches a wrong answer to a likely mistake within the tolerance', () => {
    const mistakes = [{ value: 0.25, feedback: 'a' }, { value: 4, feedback: 'b' }];
    assert.equal(mistakeFor(0.25, mistakes, 0.005), 'a');
    assert.equal(mistakeFor(4.004, mistakes, 0.005), 'b');
    assert.equal(mistakeFor(3, mistakes, 0.005), null);
  });

  it('matches a mistake rounded to fewer digits than the tolerance takes, given what was typed', () => {
    const mistakes = [{ value: 0.6589, feedback: 'a' }];
    assert.equal(mistakeFor(0.66, mistakes, 0.001, '0.66'), 'a');
    assert.equal(mistakeFor(0.66, mistakes, 0.001), null, 'by value alone, 0.66 is too far');
    assert.equal(mistakeFor(0.67, mistakes, 0.001, '0.67'), null, '0.6589 does not round to 0.67');
  });
});

describe('an answer rounded short', () => {
  it('is told apart from a wrong one when it is one digit short, saying how many digits the tolerance takes', () => {
    assert.deepEqual(judgeAnswer('0.24', 0.242, 0.001), { verdict: 'rounded', value: 0.24, needed: 3 });
    assert.deepEqual(judgeAnswer('0,24', 0.242, 0.001), { verdict: 'rounded', value: 0.24, needed: 3 }, 'a decimal comma too');
    assert.deepEqual(judgeAnswer('3', 2.6, 0.05), { verdict: 'rounded', value: 3, needed: 1 });
    assert.deepEqual(judgeAnswer('-1.41', -1.414, 0.001), { verdict: 'rounded', value: -1.41, needed: 3 });
    assert.deepEqual(judgeAnswer('.5', 0.52, 0.005), { verdict: 'rounded', value: 0.5, needed: 2 }, 'no digit before the point');
    assert.deepEqual(judgeAnswer('1,050', 1050.3, 0.05), { verdict: 'rounded', value: 1.05, needed: 1 }, 'read as thousands');
    assert.deepEqual(judgeAnswer('1.41', 1.414, 0.005), { verdict: 'right', value: 1.41 }, 'within the tolerance is right');
  });

  it('takes either way of rounding half way, and nothing else', () => {
    assert.equal(judgeAnswer('3', 2.5, 0.05).verdict, 'rounded', 'half away from zero');
    assert.equal(judgeAnswer('2', 2.5, 0.05).verdict, 'rounded', 'half to even');
    assert.equal(judgeAnswer('3', 3.5, 0.05).verdict, 'wrong', '3.5 rounds to 4 either way');
    assert.equal(judgeAnswer('-3', -2.5, 0.05).verdict, 'rounded');
    assert.equal(judgeAnswer('0.25', 0.245, 0.001).verdict, 'rounded', '0.245 is half way in decimal, whatever its double');
    assert.equal(judgeAnswer('0.24', 0.245, 0.001).verdict, 'rounded');
  });

  it('is wrong when two or more digits short, when it is 0, or when it is not a decimal', () => {
    assert.deepEqual(judgeAnswer('0.2', 0.242, 0.001), { verdict: 'wrong', value: 0.2 }, 'two digits short tells too much');
    assert.deepEqual(judgeAnswer('1', 0.6, 0.005), { verdict: 'wrong', value: 1 });
    assert.deepEqual(judgeAnswer('0.25', 0.242, 0.001), { verdict: 'wrong', value: 0.25 }, '0.242 does not round to 0.25');
    assert.deepEqual(judgeAnswer('0', 0.4, 0.05), { verdict: 'wrong', value: 0 }, 'a rounding to 0 is no answer');
    assert.deepEqual(judgeAnswer('1/4', 0.242, 0.001), { verdict: 'wrong', value: 0.25 }, 'a fraction has no digits to round');
    assert.deepEqual(judgeAnswer('3', 3, 0), { verdict: 'right', value: 3 });
    assert.deepEqual(judgeAnswer('3', 3.2, 0), { verdict: 'wrong', value: 3 }, 'a tolerance of 0 takes no rounding');
  });
});

describe('settings without a link', () => {
  it('names the core\'s number under settings that no link sets up (a widget that takes none)', () => {
    const exercise = parseExercise([...GOOD, 'settings: stride=1', 'core: outputs'].join('\n'), { number: 1, line: 1 });
    assert.equal(exercise.settings, 'stride=1');
    assert.equal(exercise.playground, null);
    assert.doesNotMatch(renderMarkdown(fence([...GOOD, 'settings: stride=1', 'core: outputs'])), /exercise__try/, 'no link is offered');
    assert.throws(() => parseExercise([...GOOD, 'settings: stride=1', 'playground: stride=1'].join('\n'), { number: 1, line: 1 }),
      { field: 'exercise 1.settings', message: /give playground or settings, not both/ });
  });
});

describe('a tolerance', () => {
  it('is taken below half the answer, and up to the default for an answer near 0', () => {
    assert.match(renderMarkdown(`Text\n\n${fence([...GOOD, 'tolerance: 1.7499'])}`), /data-tolerance="1.7499"/);
    assert.match(renderMarkdown(`Text\n\n${fence([...GOOD.filter((line) => !line.startsWith('answer')), 'answer: 0', 'tolerance: 0.005'])}`), /data-tolerance="0.005"/);
  });
});

describe('a malformed exercise', () => {
  const cases = [
    ['no answer', GOOD.filter((line) => !line.startsWith('answer')), 'exercise 1.answer', /answer is missing/],
    ['no hint', GOOD.slice(0, 2), 'exercise 1.hint', /hint is missing \(every exercise needs question, answer, hint\)/],
    ['an answer in words', [...GOOD.slice(0, 1), 'answer: three and a half', ...GOOD.slice(2)], 'exercise 1.answer', /answer must be a number such as 2\.5, got "three and a half"/],
    ['an unknown field', [...GOOD, 'colour: blue'], 'exercise 1.colour', /colour is not a known field \(allowed: question, answer, hint, working, mistakes, tolerance, playground, settings, core\)/],
    ['a field given twice', [...GOOD, 'answer: 4'], 'exercise 1.answer', /answer is given twice/],
    ['a negative tolerance', [...GOOD, 'tolerance: -1'], 'exercise 1.tolerance', /tolerance must be a number of 0 or more/],
    ['a tolerance of half the answer', [...GOOD, 'tolerance: 1.75'], 'exercise 1.tolerance', /tolerance 1\.75 would count answers far from 3\.5 as right: keep it below half the answer \(or at most 0\.005, the default, for an answer near 0\)/],
    ['a line that is not a field', [...GOOD, 'just some words'], 'exercise 1', /line 17 must be "field: value"/],
    ['core without playground', [...GOOD, 'core: output 1,1'], 'exercise 1.core', /core needs a playground line \(or settings, for an exercise that offers no link\)/],
  ];
  for (const [name, lines, field, message] of cases) {
    it(`with ${name} fails naming ${field}`, () => {
      assert.throws(() => renderMarkdown(`Text\n\n${fence(lines)}`, { firstLine: 10 }), (error) => {
        assert.ok(error instanceof ExerciseError, `an ExerciseError, got ${error}`);
        assert.equal(error.field, field);
        assert.match(error.message, /^exercise 1 \(line 12\): /, `the message names the exercise and its line: ${error.message}`);
        assert.match(error.message, message);
        return true;
      });
    });
  }
});

describe('judging a learner\'s answer', () => {
  it('reads decimals, a decimal comma, fractions, exponents and a typographic minus', () => {
    assert.equal(readAnswer(' 2.5 '), 2.5);
    assert.equal(readAnswer('2,5'), 2.5);
    assert.equal(readAnswer('1/4'), 0.25);
    assert.equal(readAnswer('-1/4'), -0.25);
    assert.equal(readAnswer('1e-3'), 0.001);
    assert.equal(readAnswer('\u22122'), -2);
    assert.equal(readAnswer('.5'), 0.5);
    for (const text of ['', 'two', '1/0', '1,2,3', '--1', 'NaN', 'Infinity', '1,05,0', '12,3456,789', '0。']) assert.equal(readAnswer(text), null, text);
  });

  it('reads numbers grouped in thousands, as the widgets show large ones', () => {
    assert.equal(readAnswer('1,050,624'), 1050624);
    assert.equal(readAnswer('-2,099,712'), -2099712);
    assert.equal(readAnswer('1,050.5'), 1050.5);
    assert.equal(readAnswer('1 050 624'), 1050624);
    assert.equal(readAnswer('1\u202f050\u202f624'), 1050624, 'a narrow no-break space');
    assert.equal(judgeAnswer('1,050,624', 1050624, DEFAULT_TOLERANCE).verdict, 'right');
  });

  it('judges "1,050" as either a decimal comma or a thousand', () => {
    assert.deepEqual(judgeAnswer('1,050', 1050, DEFAULT_TOLERANCE), { verdict: 'right', value: 1050 });
    assert.deepEqual(judgeAnswer('1,050', 1.05, DEFAULT_TOLERANCE), { verdict: 'right', value: 1.05 });
    assert.deepEqual(judgeAnswer('1,050', 7, DEFAULT_TOLERANCE), { verdict: 'wrong', value: 1.05 });
    assert.deepEqual(judgeAnswer('1,0500', 1050, DEFAULT_TOLERANCE), { verdict: 'wrong', value: 1.05 }, 'four digits after the comma are decimals');
  });

  it('reads what a Chinese input method types', () => {
    assert.equal(readAnswer('\uff10.\uff15'), 0.5, 'full-width digits');
    assert.equal(readAnswer('\uff0d2'), -2, 'a full-width minus');
    assert.equal(readAnswer('\uff12'), 2);
    assert.equal(readAnswer('0\u30025'), 0.5, 'an ideographic full stop between digits');
    assert.equal(readAnswer('\uff11\uff0f\uff14'), 0.25, 'a full-width slash');
    assert.equal(readAnswer('\uff10\uff0e\uff15'), 0.5, 'a full-width point');
    assert.equal(judgeAnswer('\uff10.\uff15', 0.5, DEFAULT_TOLERANCE).verdict, 'right');
  });

  it('counts an answer within the tolerance as right', () => {
    assert.equal(judgeAnswer('0.33', 1 / 3, DEFAULT_TOLERANCE).verdict, 'right');
    assert.equal(judgeAnswer('1/3', 0.3333, DEFAULT_TOLERANCE).verdict, 'right');
    assert.equal(judgeAnswer('0.3', 1 / 3, DEFAULT_TOLERANCE).verdict, 'rounded', 'a third to one digit: close, not within');
    assert.equal(judgeAnswer('0.4', 1 / 3, DEFAULT_TOLERANCE).verdict, 'wrong');
    assert.equal(judgeAnswer('3.5', 3.5, 0).verdict, 'right', 'a tolerance of 0 still takes the exact answer');
    assert.equal(judgeAnswer('three', 3, 0.1).verdict, 'unreadable');
  });
});

describe('checking an answer with the core', () => {
  // The lesson's widget is a playground; the exercise's query is read over its defaults.
  let widget;
  before(async () => {
    widget = { adapter: playground, core: await playground.loadCore() };
  });
  const exercise = (lines) => parseExercise(lines.join('\n'), { number: 3, line: 40 });
  const base = ['question: q', 'hint: h', 'playground: input=5x5:1..25&kernel_size=2&stride=2&ceil_mode=true'];
  const check = (lines) => checkAnswerWithCore(exercise(lines), widget);
  // A check that must be refused, with what the error should hold.
  const refuses = (lines, expected) => assert.rejects(check(lines), expected);

  it('accepts a right answer for an output, a gradient, a divisor and the output count', async () => {
    await check([...base, 'answer: 25', 'core: output 3,3']);
    await check([...base, 'answer: 1', 'core: grad_input 5,5']);
    await check([...base, 'answer: 2', 'core: divisor 1,3']);
    await check([...base, 'answer: 9', 'core: outputs']);
  });

  it('counts outputs other than 1, finds the padding that keeps the size, and reads max pooling\'s index', async () => {
    const ones = ['question: q', 'hint: h', 'playground: input=4x4:1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1&kernel_size=3&stride=2&padding=1&ceil_mode=true'];
    await check([...ones, 'answer: 8', 'core: outputs other than 1']);
    await check(['question: q', 'hint: h', 'playground: input=7x7&kernel_size=3&stride=1', 'answer: 1', 'core: padding that keeps the size']);
    await check(['question: q', 'hint: h', 'playground: op=max&input=2x2:1,7,7,2&kernel_size=2', 'answer: 1', 'core: index 1,1']);
    await refuses([...base, 'answer: 1', 'core: index 1,1'], { field: 'exercise 3.core', message: /average pooling records none/ });
  });

  it('rejects a wrong answer, naming the field and the core\'s number', async () => {
    await refuses([...base, 'answer: 24', 'core: output 3,3'], {
      name: 'ExerciseError',
      field: 'exercise 3.answer',
      message: 'exercise 3 (line 40): answer is 24 (taking answers within 0.005 of it), but the core gives 25 for output 3,3 with the exercise\'s playground settings: write the core\'s number, or a tolerance that takes its rounding',
    });
  });

  it('rejects any answer to a number the core gives as NaN', async () => {
    // No padding keeps 5 x 5 at 5 x 5 under a 2 x 2 window stepping by 2: the core's answer is
    // NaN, which no answer matches.
    await refuses(['question: q', 'hint: h', 'playground: input=5x5&kernel_size=2&stride=2', 'core: padding that keeps the size', 'answer: 1'], {
      field: 'exercise 3.answer',
      message: /^exercise 3 \(line 40\): answer is 1 \(taking answers within 0\.005 of it\), but the core gives NaN for padding that keeps the size /,
    });
  });

  it('rejects a cell outside the grid, and settings the core refuses with a core line or without', async () => {
    await refuses([...base, 'answer: 1', 'core: output 4,1'], {
      field: 'exercise 3.core',
      message: /core names output 4,1, but that grid is 3 x 3/,
    });
    for (const core of [['core: output 1,1'], []]) {
      await refuses(['question: q', 'hint: h', 'answer: 1', 'playground: kernel_size=2&padding=2', ...core], {
        field: 'exercise 3.playground',
        message: 'exercise 3 (line 40): the widget refuses the playground settings: the pooling core rejects these settings: padding 2 is more than half of kernel_size 2',
      });
    }
  });

  it('rejects a selected window the output does not have, as the pooling widget does', async () => {
    // "Patches of a picture": 4 x 4, 2 x 2 windows stepping by 2, so four windows.
    const lesson = await poolWidget.readLessonWidget({ element: 'pool-widget', kernel_size: 2, grad_output: [1, 2, 3, 4] }, { core: widget.core });
    const widgetOfPool = { adapter: poolWidget, core: widget.core, settings: lesson };
    await checkAnswerWithCore(exercise(['question: q', 'hint: h', 'answer: 1', 'playground: window=4']), widgetOfPool);
    await assert.rejects(checkAnswerWithCore(exercise(['question: q', 'hint: h', 'answer: 1', 'playground: window=9']), widgetOfPool), {
      field: 'exercise 3.playground',
      message: 'exercise 3 (line 40): the widget refuses the playground settings: selected: the output has 4 windows, so selected must be from 1 to 4, not 9',
    });
    await assert.rejects(poolWidget.readLessonWidget({ element: 'pool-widget', kernel_size: 2, grad_output: [1, 2, 3, 4], selected: 9 }, { core: widget.core }), {
      field: 'widget.selected',
      message: 'widget.selected: the output has 4 windows, so selected must be from 1 to 4, not 9',
    });
  });

  it('rejects settings another widget refuses, before its core is asked, with a core line or without', async () => {
    // Scores of 3e38 over a temperature of 0.01 are beyond float32: the lesson's widget block
    // is refused so, and so is a link.
    const widgetOfSoftmax = { adapter: softmax, core: await softmax.loadCore() };
    const beyond = ['question: q', 'hint: h', 'answer: 42', 'playground: scores=3e38,1,0&temperature=0.01&grad_class=1'];
    for (const core of [['core: probability 0'], []]) {
      await assert.rejects(checkAnswerWithCore(exercise([...beyond, ...core]), widgetOfSoftmax), {
        field: 'exercise 3.playground',
        message: /^exercise 3 \(line 40\): the widget refuses the playground settings: scores: score 3e\+38 divided by the temperature 0\.01 is beyond float32/,
      });
    }
  });

  it('rejects a playground query the widget cannot read, and a core line that names nothing', async () => {
    await refuses([...base.slice(0, 2), 'answer: 1', 'playground: kernel_size=big', 'core: outputs'], {
      field: 'exercise 3.playground',
      message: /exercise 3 \(line 40\): playground is not a query string the widget can read: kernel_size must be a whole number, not "big"/,
    });
    await refuses([...base, 'answer: 1', 'core: the answer'], {
      field: 'exercise 3.core',
      message: /core must be "output R,C"/,
    });
  });
});
