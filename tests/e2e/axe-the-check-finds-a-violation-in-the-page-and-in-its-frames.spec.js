// The accessibility check every other spec relies on (fixtures.js, expectNoAxeViolations) fails
// when there is something to find: a button without a name in the page itself, in a frame of the
// same origin, in a frame of another origin and in a frame inside a frame, each named with where
// it is; and text of too little contrast, in a paragraph or in a formula that sets its own
// colour.
import { expect, expectNoAxeViolations, test } from './fixtures.js';

const page = (body) => ({ status: 200, contentType: 'text/html', body: `<!doctype html><html lang="en"><title>t</title><main>${body}</main></html>` });

test.beforeEach(async ({ page: tab }) => {
  await tab.route('http://top.test/**', (route) => route.fulfill(page({
    '/clean': '<p>Nothing to find.</p>',
    '/itself': '<button></button>',
    '/same-origin-frame': '<iframe title="inner" src="/inner"></iframe>',
    '/other-origin-frame': '<iframe title="inner" src="http://other.test/inner"></iframe>',
    '/nested-frame': '<iframe title="middle" src="/middle"></iframe>',
    '/middle': '<p>A frame that holds another.</p><iframe title="inner" src="http://other.test/inner"></iframe>',
    '/inner': '<p>In a frame.</p><button></button>',
    '/faint-text': '<p style="color: #bbb">Faint words.</p>',
    '/faint-formula': '<p>Words, then <math><mi>y</mi><mo>=</mo><mstyle mathcolor="#ccc"><mn>0.25</mn></mstyle></math>.</p>',
    '/plain-formula': '<p>Words, then <math><mi>y</mi><mo>=</mo><mn>0.25</mn></math>.</p>',
  }[new URL(route.request().url()).pathname])));
  await tab.route('http://other.test/**', (route) => route.fulfill(page('<button></button>')));
});

test('a clean page passes', async ({ page: tab }) => {
  await tab.goto('http://top.test/clean');
  await expectNoAxeViolations(tab, 'a clean page');
});

// axe names an element by the shortest selector that finds it, a frame's through its iframe.
for (const [path, where] of [['/itself', /button-name.*\n\s+button:/], ['/same-origin-frame', /button-name.*\n\s+iframe button:/], ['/other-origin-frame', /button-name.*\n\s+iframe button:/], ['/nested-frame', /button-name.*\n\s+iframe iframe button:/]]) {
  test(`a button without a name fails the check: ${path}`, async ({ page: tab }) => {
    await tab.goto(`http://top.test${path}`);
    await expect(expectNoAxeViolations(tab, path)).rejects.toThrow(where);
  });
}

// A formula's glyphs are checked only where the formula sets a colour of its own (fixtures.js):
// elsewhere they have the colours of the text around them, which is checked.
test('faint text fails the check, in a paragraph and in a formula that colours a glyph', async ({ page: tab }) => {
  for (const [path, faint] of [['/faint-text', 'p'], ['/faint-formula', 'mn']]) {
    await tab.goto(`http://top.test${path}`);
    await expect(expectNoAxeViolations(tab, path), path).rejects.toThrow(new RegExp(`color-contrast.*\\n\\s+${faint}:`));
  }
  await tab.goto('http://top.test/plain-formula');
  await expectNoAxeViolations(tab, 'a formula in the colours of its paragraph');
});
