// A number field (`type="number"`) in Chromium takes a comma as a thousands separator: it shows
// "1,5" and gives the widget 15, without a word. The course never guesses what a comma means
// (settings-table.js, numberProblem), so no comma enters such a field: the key or the paste
// that brings one is refused and `refused(field)` says why where the widget says its refusals.
// The digits typed right after a refused comma would join the ones before it into another
// number ("1,5" into 15), so those keys are refused with it until the learner presses another
// (the point the alert asks for, Backspace, an arrow), pastes or leaves the field. What the
// field shows is then the number the widget uses.
const COMMA = /[,，]/;
// What would join the digits before the comma: a digit, or an exponent ("1,e5" into 1e5).
const JOINS = /^[\de]$/i;

/**
 * Keeps commas out of the number fields under `root`.
 * @param {ShadowRoot | HTMLElement} root
 * @param {(field: HTMLInputElement) => void} refused
 */
export function keepCommasOut(root, refused) {
  // The field whose comma was refused, while the keys after it are refused with it.
  let held = null;
  const refuse = (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || field.type !== 'number') return;
    // A shortcut (Ctrl+,) or a character still being composed is not typing a comma, nor is Shift.
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing || event.key === 'Shift') return;
    const text = event.type === 'keydown' ? event.key : (event.data ?? event.dataTransfer?.getData('text/plain') ?? '');
    if (held === field && event.type === 'keydown' && JOINS.test(text)) {
      event.preventDefault();
      return;
    }
    held = null;
    if (!COMMA.test(text)) return;
    event.preventDefault();
    held = field;
    refused(field);
  };
  // A typed comma is refused at its key (Chromium does not let a number field's beforeinput be
  // cancelled for typing); a pasted or dropped one before it goes in.
  root.addEventListener('keydown', refuse, true);
  root.addEventListener('beforeinput', (event) => {
    if (event.inputType === 'insertFromPaste' || event.inputType === 'insertFromDrop') refuse(event);
  }, true);
  root.addEventListener('focusout', () => {
    held = null;
  });
}
