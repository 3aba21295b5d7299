// The shadow tree of <loss-widget>, built in the words of a translator: the controls, the strip
// of points (the sliders), the table of numbers, the totals and the curve of the loss per point.
import { element, labelled, numberField, settingSelect } from '../shared/element.js';
import { buildCurve, buildStrip } from './plot.js';
import { LOSS_NAMES, LOSSES } from './settings.js';

/**
 * The tree, and the elements the widget fills in (els), with the words of `t` (a translator).
 * @param {(key: string, params?: object) => string} t
 */
export function buildSkeleton(t) {
  const w = (key) => t(`loss-widget.${key}`);
  const loss = settingSelect(w('controls.loss'), 'loss', LOSSES.map((name) => [name, w(`names.${name}`)]));
  const reduction = settingSelect(w('controls.reduction'), 'reduction', ['mean', 'sum', 'none'].map((name) => [name, w(`controls.${name}`)]));
  const delta = numberField(w('controls.deltaField'), { key: 'delta' });
  const deltaControl = labelled('δ', delta);
  const compare = element('input', { type: 'checkbox', class: 'check' });
  const compareControl = element('label', { class: 'control checkbox' }, [compare, element('span', { class: 'compare-text' }, '')]);
  const controls = element('div', { class: 'controls', role: 'group', 'aria-label': w('controls.label'), part: 'controls' }, [
    labelled(w('controls.loss'), loss), labelled(w('controls.reduction'), reduction), deltaControl, compareControl,
  ]);

  const strip = buildStrip();
  const stripFigure = element('section', { class: 'points', 'aria-labelledby': 'strip-title' }, [
    element('h3', { id: 'strip-title' }, w('strip.title')),
    strip.svg,
    element('ul', { class: 'legend' }, [
      element('li', { class: 'key target' }, w('strip.target')),
      element('li', { class: 'key prediction' }, w('strip.prediction')),
      element('li', { class: 'key pull main' }, ''),
      element('li', { class: 'key pull compare' }, ''),
    ]),
    element('p', { class: 'hint' }, w('strip.hint')),
  ]);

  const rows = element('tbody');
  const compareHeader = element('th', { scope: 'col', class: 'compare-col' }, '');
  const gradHeader = element('th', { scope: 'col' }, '');
  const table = element('table', { class: 'numbers' }, [
    element('caption', {}, w('table.caption')),
    element('thead', {}, [element('tr', {}, [
      element('th', { scope: 'col' }, 'i'),
      element('th', { scope: 'col' }, w('table.prediction')),
      element('th', { scope: 'col' }, w('table.target')),
      element('th', { scope: 'col' }, 'pᵢ − tᵢ'),
      element('th', { scope: 'col' }, w('table.term')),
      gradHeader,
      compareHeader,
    ])]),
    rows,
  ]);
  const total = element('p', { class: 'equation result', part: 'loss' });
  const formula = element('p', { class: 'equation' });
  const compareTotal = element('p', { class: 'equation compare-line' });
  const numbers = element('section', { class: 'table-part', 'aria-labelledby': 'numbers-title', part: 'numbers' }, [
    element('h3', { id: 'numbers-title' }, w('table.title')),
    element('div', { class: 'scroller' }, [table]),
    total, compareTotal, formula,
  ]);

  const curve = buildCurve();
  const curveLegend = element('ul', { class: 'legend' });
  const curveFigure = element('section', { class: 'curve-part', 'aria-labelledby': 'curve-title', part: 'curve-figure' }, [
    element('h3', { id: 'curve-title' }, w('curve.title')), curve.svg, curveLegend, element('p', { class: 'hint' }, w('curve.hint')),
  ]);

  const alert = element('p', { class: 'alert', role: 'alert', part: 'error' });
  const fieldAlert = element('p', { class: 'alert', role: 'alert' });
  const status = element('p', { class: 'status', role: 'status', part: 'status' });
  const body = element('div', { class: 'body', hidden: true }, [
    controls, fieldAlert, element('div', { class: 'stage' }, [stripFigure, numbers]), curveFigure, status,
  ]);
  const root = element('div', { class: 'widget' }, [alert, body]);
  return {
    tree: root,
    els: {
      root, body, alert, fieldAlert, status, loss, reduction, delta, deltaControl, compare, compareControl, strip, stripFigure,
      rows, table, rowEls: [], gradHeader, compareHeader, total, formula, compareTotal, curve, curveLegend,
    },
  };
}

/** The names the course gives the losses, for a translator's words. */
export const lossName = (t, loss) => t(`loss-widget.names.${loss}`) || LOSS_NAMES[loss];
