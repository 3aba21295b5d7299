// Turns a lesson's widget settings (front matter, as loadCourse normalised them) into the
// attributes of its custom element. The numbers come only from the lesson, never from here.

/** The id of the page's JSON island holding the lesson's widget settings. */
export const WIDGET_SETTINGS_ID = 'widget-settings';

const numbers = (values) => values.join(' ');
// "2" when both sides agree, "2 3" (height, width) when they do not.
const size = ([height, width]) => (height === width ? String(height) : `${height} ${width}`);

/**
 * @param {object} widget Lesson.widget: { element, op, input: {height, width, values},
 *   kernelSize, stride, padding, gradOutput, view? }
 * @returns {Record<string, string>} attribute name -> value
 */
export function widgetAttributes(widget) {
  const attributes = { ...sharedAttributes(widget), 'grad-output': numbers(widget.gradOutput) };
  if (widget.view) attributes.view = widget.view;
  return attributes;
}

// What both elements take under the same names: the operation, the picture and the window.
function sharedAttributes(widget) {
  return {
    op: widget.op,
    'input-height': String(widget.input.height),
    'input-width': String(widget.input.width),
    input: numbers(widget.input.values),
    'kernel-size': size(widget.kernelSize),
    stride: size(widget.stride),
    padding: size(widget.padding),
  };
}

/**
 * The attributes of <pool-playground> for its widget settings (see PlaygroundWidget in
 * web/content/load-course.mjs). On a lesson page it keeps its settings in the address (sync-url).
 * @returns {Record<string, string>} attribute name -> value
 */
export function playgroundAttributes(widget) {
  const attributes = {
    ...sharedAttributes(widget),
    'grad-output': widget.gradOutput === 'ones' ? 'ones' : numbers(widget.gradOutput),
    'sync-url': '',
  };
  if (widget.op === 'max') attributes.dilation = size(widget.dilation);
  if (widget.ceilMode) attributes['ceil-mode'] = '';
  if (widget.op === 'avg') {
    attributes['count-include-pad'] = String(widget.countIncludePad);
    if (widget.divisorOverride !== null) attributes['divisor-override'] = String(widget.divisorOverride);
  }
  if (widget.examples) attributes.examples = widget.examples.length ? widget.examples.join(' ') : 'none';
  return attributes;
}

/** A new, not yet connected element for the widget settings. */
export function createWidget(widget, doc = document) {
  const element = doc.createElement(widget.element);
  const attributes = widget.element === 'pool-playground' ? playgroundAttributes(widget) : widgetAttributes(widget);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}
