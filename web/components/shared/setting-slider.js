// A setting's slider, alone or beside its number field. A module of its own, so the widgets
// without a slider (the pooling embed among them) do not download it with element.js.
import { element, labelled, numberField } from './element.js';

/**
 * A slider for a setting, as SettingsWidget reads it (a typed number): `key` names the setting.
 * Its name is the setting's, as its number field's is; a screen reader says which of the two it
 * is by its role, so the name does not ("Steps (slider)" would be heard as "Steps slider,
 * slider").
 * @param {string} label its accessible name
 * @param {string} key
 * @param {{ min: string, max: string, step: string }} range
 */
export function settingSlider(label, key, { min, max, step }) {
  return element('input', { type: 'range', min, max, step, class: 'slider', 'aria-label': label, 'data-key': key });
}

/** A setting's number field with its words, and a slider for the same setting beside it. */
export function sliderAndField(label, key, range, attributes = {}) {
  const slider = settingSlider(label, key, range);
  const field = numberField(label, { key });
  return { slider, field, control: element('div', { class: 'pair', ...attributes }, [labelled(label, field), slider]) };
}
