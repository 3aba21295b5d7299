// The settings form: shows the settings in its native fields and turns the learner's edits into
// partial settings for the playground. Which combinations work is not decided here.
import { keepCommasOut } from '../shared/comma-guard.js';
import { markInvalid } from '../shared/invalid-field.js';
import { MAX_SIDE, countFrom } from '../shared/pool-settings.js';

const FILLS = {
  lesson: () => ({ inputHeight: 4, inputWidth: 4, input: countFrom(0, 16) }),
  sixteen: () => ({ inputHeight: 4, inputWidth: 4, input: countFrom(1, 16) }),
  nine: () => ({ inputHeight: 3, inputWidth: 3, input: countFrom(1, 9) }),
  'twenty-five': () => ({ inputHeight: 5, inputWidth: 5, input: countFrom(1, 25) }),
};
const PAIRS = ['kernelSize', 'stride', 'padding', 'dilation'];
const FLAGS = ['ceilMode', 'countIncludePad', 'divisorOverride'];

export class SettingsForm {
  #root;
  #fields;
  // The setting the settings drawn are at fault in (markInvalid's), if any.
  #faulty = null;

  /**
   * @param {ShadowRoot} root holds the template's form
   * @param {object} handlers
   * @param {() => object} handlers.current the settings now shown
   * @param {(partial: object) => void} handlers.change a learner's edit
   * @param {(message: string, parameter: string) => void} handlers.refuse an edit the form
   *   itself cannot take, and the setting it is about
   * @param {() => Function} handlers.words the playground's translator (web/i18n), for the refusal
   */
  constructor(root, { current, change, refuse, words }) {
    this.#root = root;
    const $ = (selector) => root.querySelector(selector);
    this.#fields = {
      form: $('form'),
      opRadios: [...root.querySelectorAll('input[name="op"]')],
      height: $('input[name="height"]'),
      width: $('input[name="width"]'),
      pairs: Object.fromEntries([...root.querySelectorAll('fieldset.pair')].map((set) => [set.dataset.param, set])),
      ceilMode: $('input[name="ceilMode"]'),
      countIncludePad: $('input[name="countIncludePad"]'),
      divisorOverride: $('input[name="divisorOverride"]'),
    };
    const f = this.#fields;
    f.form.addEventListener('submit', (event) => event.preventDefault());
    keepCommasOut(root, (field) => {
      markInvalid(field, true);
      const label = field.labels?.[0]?.textContent.replace(/\s+/g, ' ').trim() || field.name;
      refuse(words()('shared.widget.comma', { label }), field.closest('[data-param]')?.dataset.param ?? field.name);
    });
    for (const radio of f.opRadios) radio.addEventListener('change', () => change({ op: radio.value }));
    for (const [name, key] of [['height', 'inputHeight'], ['width', 'inputWidth']]) {
      f[name].addEventListener('input', () => {
        const field = f[name];
        const value = Number(field.value);
        if (field.value.trim() === '' || !Number.isInteger(value) || value < 1 || value > MAX_SIDE) {
          markInvalid(field, true);
          const t = words();
          refuse(t('pool-playground.settings.inputSideRefused', { side: t(`pool-playground.sides.${name}`), max: MAX_SIDE, current: current()[key] }), key);
          return;
        }
        markInvalid(field, false);
        change({ [key]: value });
      });
    }
    for (const [param, set] of Object.entries(f.pairs)) {
      set.querySelectorAll('input').forEach((field, side) => {
        field.addEventListener('input', () => {
          const pair = [...current()[param]];
          pair[side] = field.value.trim() === '' ? NaN : Number(field.value);
          change({ [param]: pair });
        });
      });
    }
    f.ceilMode.addEventListener('change', () => change({ ceilMode: f.ceilMode.checked }));
    f.countIncludePad.addEventListener('change', () => change({ countIncludePad: f.countIncludePad.checked }));
    f.divisorOverride.addEventListener('input', () => {
      const text = f.divisorOverride.value.trim();
      change({ divisorOverride: text === '' ? null : Number(text) });
    });
    // Leaving a field the form refused (a side out of range, a comma) puts back the number in
    // use; the alert keeps saying why until other settings are drawn, and the field stays marked
    // only if the settings drawn are at fault there.
    f.form.addEventListener('focusout', (event) => {
      if (event.target.getAttribute('aria-invalid') !== 'true') return;
      markInvalid(event.target, false);
      this.show(current());
      this.markInvalid(this.#faulty);
    });
    $('.fills').addEventListener('click', (event) => {
      const button = event.target.closest('button[data-fill]');
      if (!button) return;
      const { inputHeight, inputWidth } = current();
      change(button.dataset.fill === 'random'
        ? { input: Array.from({ length: inputHeight * inputWidth }, () => Math.floor(Math.random() * 10)) }
        : FILLS[button.dataset.fill]());
    });
  }

  /** Puts the settings into the fields, leaving alone the one the learner is typing in. */
  show(settings) {
    const f = this.#fields;
    const focused = this.#root.activeElement;
    const put = (field, value) => {
      if (field.type === 'checkbox') field.checked = value;
      else if (field !== focused) {
        const text = Number.isFinite(value) ? String(value) : '';
        if (field.value !== text) field.value = text;
      }
    };
    for (const radio of f.opRadios) radio.checked = radio.value === settings.op;
    put(f.height, settings.inputHeight);
    put(f.width, settings.inputWidth);
    for (const [param, set] of Object.entries(f.pairs)) {
      set.querySelectorAll('input').forEach((field, side) => put(field, settings[param][side]));
    }
    f.pairs.dilation.disabled = settings.op !== 'max';
    put(f.ceilMode, settings.ceilMode);
    put(f.countIncludePad, settings.countIncludePad);
    const divisorText = settings.divisorOverride === null ? '' : String(settings.divisorOverride);
    if (f.divisorOverride !== focused && f.divisorOverride.value !== divisorText) f.divisorOverride.value = divisorText;
    for (const label of this.#root.querySelectorAll('.avg-only')) {
      label.classList.toggle('off', settings.op !== 'avg');
      label.querySelector('input').disabled = settings.op !== 'avg';
    }
  }

  /**
   * The fieldset holding the control of a setting (camelCase, as a PoolError names it), where
   * a message about it belongs; null for a setting without a control of its own.
   * @param {string | null} parameter
   */
  fieldsetOf(parameter) {
    const f = this.#fields;
    if (parameter in f.pairs) return f.pairs[parameter];
    if (FLAGS.includes(parameter)) return f[parameter].closest('fieldset');
    if (['inputHeight', 'inputWidth', 'input', 'inputShape', 'shape'].includes(parameter)) return f.height.closest('fieldset');
    return null;
  }

  /**
   * Marks the fields of the parameter a PoolError names (camelCase), and no others: a refusal
   * of the form's own (a side out of range, a comma) gives way to the settings drawn.
   */
  markInvalid(parameter) {
    this.#faulty = parameter;
    const f = this.#fields;
    for (const param of PAIRS) {
      for (const field of f.pairs[param].querySelectorAll('input')) markInvalid(field, param === parameter);
    }
    for (const param of FLAGS) markInvalid(f[param], param === parameter);
    markInvalid(f.height, false);
    markInvalid(f.width, false);
  }
}
