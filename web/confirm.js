// A question before something that cannot be undone (resigning): a modal dialog with the two
// answers as buttons. The keyboard can use it: the focus starts on the answer that changes
// nothing, Tab moves between the two, Escape cancels; the focus returns where it was.

import { h } from './dom.js';

/**
 * Asks; resolves true when the player chose `yes`.
 * @param {{title: string, text: string, yes: string, no: string}} q
 * @returns {Promise<boolean>}
 */
export function confirmDialog(q) {
  const before = /** @type {HTMLElement | null} */ (document.activeElement);
  const no = h('button', { type: 'button', class: 'minor confirm-no' }, q.no);
  const yes = h('button', { type: 'button', class: 'danger confirm-yes' }, q.yes);
  const dialog = /** @type {HTMLDialogElement} */ (
    h(
      'dialog',
      { class: 'confirm-dialog', 'aria-labelledby': 'confirm-title', 'aria-describedby': 'confirm-text' },
      h('h2', { id: 'confirm-title' }, q.title),
      h('p', { id: 'confirm-text' }, q.text),
      h('div', { class: 'confirm-actions' }, no, yes),
    )
  );
  document.body.appendChild(dialog);
  return new Promise((resolve) => {
    let answer = false;
    no.addEventListener('click', () => dialog.close());
    yes.addEventListener('click', () => {
      answer = true;
      dialog.close();
    });
    // Escape closes the dialog (its cancel event) and changes nothing
    dialog.addEventListener('close', () => {
      dialog.remove();
      before?.focus?.();
      resolve(answer);
    });
    dialog.showModal();
    no.focus();
  });
}
