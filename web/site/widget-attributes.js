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
  const attributes = {
    op: widget.op,
    'input-height': String(widget.input.height),
    'input-width': String(widget.input.width),
    input: numbers(widget.input.values),
    'kernel-size': size(widget.kernelSize),
    stride: size(widget.stride),
    padding: size(widget.padding),
    'grad-output': numbers(widget.gradOutput),
  };
  if (widget.view) attributes.view = widget.view;
  return attributes;
}

/** A new, not yet connected element for the widget settings. */
export function createWidget(widget, doc = document) {
  const element = doc.createElement(widget.element);
  for (const [name, value] of Object.entries(widgetAttributes(widget))) element.setAttribute(name, value);
  return element;
}
