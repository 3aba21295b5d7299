// How a lesson's status reads to a learner; one place so the catalogue and lesson pages agree.
import { translator } from '../../../i18n/i18n.js';
import { escapeHtml } from '../html.mjs';

/** @param {Function} [t] the page language's translator (English by default) */
export function statusLabel(status, t = translator('en')) {
  return status === 'interactive' || status === 'planned' ? t(`site.status.${status}`) : status;
}

export function statusBadge(status, t = translator('en')) {
  return `<span class="badge badge--${escapeHtml(status)}">${escapeHtml(statusLabel(status, t))}</span>`;
}
