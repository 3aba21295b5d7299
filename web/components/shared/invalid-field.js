// A field holding a value the widget does not use is aria-invalid and described by the alert
// that says why, so a screen reader coming back to the field hears the reason with it; a field
// holding a value in use is described by nothing, so an alert about one field is never read as
// the description of another. The fields this marks have no description of their own.

/**
 * Marks `field` as holding a refused value, described by the alert with id `alertId`, or
 * (`invalid` false) clears both.
 * @param {HTMLElement} field
 * @param {boolean} invalid
 */
export function markInvalid(field, invalid, alertId = 'error') {
  if (invalid) {
    // "true", not an empty attribute: an empty one means false to assistive technology.
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', alertId);
  } else {
    field.removeAttribute('aria-invalid');
    field.removeAttribute('aria-describedby');
  }
}
