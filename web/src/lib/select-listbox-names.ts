/**
 * antd (rc-select) renders each Select's option list as `<div role="listbox" id="{inputId}_list">`
 * with no accessible name, and offers no prop to give it one. axe flags that as serious
 * (aria-input-field-name) whenever the popup is visible, e.g. while it fades out after a choice.
 *
 * This names every such listbox after its combobox (the combobox's aria-label, aria-labelledby
 * text, or <label for> text). The name goes in `title`, a valid naming source for a listbox:
 * aria-label / aria-labelledby would give the list the same label as its input, so "the field
 * labelled X" (a label click, getByLabel in tests) would find two controls. One observer covers
 * every screen's Selects, including those inside dialogs and forms.
 */
const LIST_SUFFIX = '_list';

function textOfIds(ids: string): string {
  return ids
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** The accessible name of a Select's input, by the same sources a browser would use. */
function comboboxName(combobox: HTMLElement): string {
  const labelledBy = combobox.getAttribute('aria-labelledby');
  if (labelledBy) {
    const text = textOfIds(labelledBy);
    if (text) return text;
  }
  const label = combobox.getAttribute('aria-label')?.trim();
  if (label) return label;
  const labels = combobox instanceof HTMLInputElement ? [...(combobox.labels ?? [])] : [];
  return labels
    .map((element) => element.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

function nameListbox(listbox: Element): void {
  if (listbox.hasAttribute('title') || listbox.hasAttribute('aria-label') || listbox.hasAttribute('aria-labelledby')) return;
  if (!listbox.id.endsWith(LIST_SUFFIX)) return;
  const combobox = document.getElementById(listbox.id.slice(0, -LIST_SUFFIX.length));
  if (!combobox) return;
  const name = comboboxName(combobox);
  if (name) listbox.setAttribute('title', name);
}

function nameListboxesIn(node: Node): void {
  if (!(node instanceof Element)) return;
  if (node.getAttribute('role') === 'listbox') nameListbox(node);
  node.querySelectorAll('[role="listbox"]').forEach(nameListbox);
}

/** Starts naming Select listboxes under `root`; returns the function that stops it. */
export function nameSelectListboxes(root: HTMLElement = document.body): () => void {
  nameListboxesIn(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(nameListboxesIn);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
