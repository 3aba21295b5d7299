// A number field (`type="number"`) in Chromium takes a comma as a thousands separator: it shows
// "1,5" and gives the widget 15, without a word. The course never guesses what a comma means
// (settings-table.js, numberProblem), so no comma enters such a field: the key or the paste
// that brings one is refused and `refused(field)` says why where the widget says its refusals.
// What the field shows is then the number the widget uses.
const COMMA = /[,，]/;

/**
 * Keeps commas out of the number fields under `root`.
 * @param {ShadowRoot | HTMLElement} root
 * @param {(field: HTMLInputElement) => void} refused
 */
export function keepCommasOut(root, refused) {
  const refuse = (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || field.type !== 'number') return;
    // A shortcut (Ctrl+,) or a character still being composed is not typing a comma.
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const text = event.type === 'keydown' ? event.key : (event.data ?? event.dataTransfer?.getData('text/plain') ?? '');
    if (!COMMA.test(text)) return;
    event.preventDefault();
    refused(field);
  };
  // A typed comma is refused at its key (Chromium does not let a number field's beforeinput be
  // cancelled for typing); a pasted or dropped one before it goes in.
  root.addEventListener('keydown', refuse, true);
  root.addEventListener('beforeinput', (event) => {
    if (event.inputType === 'insertFromPaste' || event.inputType === 'insertFromDrop') refuse(event);
  }, true);
}
