// How a lesson's status reads to a learner; one place so the catalogue and lesson pages agree.
import { escapeHtml } from '../html.mjs';

const LABELS = {
  interactive: 'Interactive',
  planned: 'Coming soon',
};

export function statusLabel(status) {
  return LABELS[status] ?? status;
}

export function statusBadge(status) {
  return `<span class="badge badge--${escapeHtml(status)}">${escapeHtml(statusLabel(status))}</span>`;
}
