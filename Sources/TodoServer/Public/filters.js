// The sidebar's saved filters and tags, with their live counts, and the form that saves or
// edits a filter. Rendered from the server's chrome; the form's draft stays while the server
// answers, and closes once the filter it saved is shown.

import { element } from './dom.js';

const $ = (id) => document.getElementById(id);

/** A sidebar button: a name, and a count beside it that screen readers hear in its label. */
export function countedButton() {
  const button = element('button', { type: 'button' });
  const count = element('span', { className: 'count' });
  count.setAttribute('aria-hidden', 'true');
  button.append(element('span', { className: 'name' }), count);
  return button;
}

export class SidebarFilters {
  constructor(send) {
    this.send = send;
    // What the open form waits for: the name of the filter it saved, until the page shows it.
    this.pending = null;
    $('new-filter-open').addEventListener('click', () => this.open());
    $('filter-form-cancel').addEventListener('click', () => this.close());
    $('filter-form').addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.close();
    });
    $('filter-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const name = $('filter-name').value.trim();
      const query = $('filter-query').value.trim();
      if (!name || !query) return;
      const id = $('filter-form').dataset.id;
      const sent = id ? send('editFilter', { id, name, query }) : send('saveFilter', { name, query });
      if (sent) this.pending = name;
    });
    $('filters').addEventListener('click', (event) => {
      const button = event.target.closest('button');
      if (!button) return;
      const id = button.closest('li')?.dataset.filter;
      if (!id) return;
      if (button.dataset.action === 'edit') this.open(this.entries.get(id));
      else if (button.dataset.action === 'delete') send('requestDeleteFilter', { id });
      else send('chooseSavedFilter', { id });
    });
    $('assigned-to-me').addEventListener('click', () => send('showQuery', { text: 'assigned: me' }));
    $('tags').addEventListener('click', (event) => {
      const button = event.target.closest('button');
      const tag = button?.closest('li')?.dataset.tag;
      if (!tag) return;
      if (button.dataset.action === 'edit') this.openTag(this.tags.get(tag.toLowerCase()));
      else send('chooseTag', { name: tag });
    });
    $('tag-form-cancel').addEventListener('click', () => this.closeTag());
    $('tag-form').addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.closeTag();
    });
    $('tag-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const form = $('tag-form');
      const newName = $('tag-name').value.trim().replace(/^#/, '');
      if (!newName) return;
      const color = form.querySelector('input[name="tag-color"]:checked')?.value ?? '';
      if (send('editTag', { name: form.dataset.tag, newName, color })) this.closeTag();
    });
    this.entries = new Map();
    this.tags = new Map();
    this.colors = {};
  }

  /** Opens the tag form on `entry` (a sidebar tag): its name, and its colour checked. */
  openTag(entry) {
    if (!entry) return;
    const form = $('tag-form');
    form.hidden = false;
    form.dataset.tag = entry.name;
    $('tag-form-title').textContent = `Edit #${entry.name}`;
    $('tag-name').value = entry.name;
    const color = this.colors[entry.name.toLowerCase()] ?? '';
    for (const radio of form.querySelectorAll('input[name="tag-color"]')) radio.checked = radio.value === color;
    $('tag-name').focus();
  }

  closeTag() {
    const tag = $('tag-form').dataset.tag;
    $('tag-form').hidden = true;
    // Back to the tag's Edit button, or to the list of tags if it went.
    const edit = [...$('tags').querySelectorAll('li')].find((item) => item.dataset.tag === tag)
      ?.querySelector('button[data-action="edit"]');
    (edit ?? $('tags'))?.focus?.();
  }

  /** Opens the form, empty to save a new filter or filled with `entry` to edit it. */
  open(entry) {
    const form = $('filter-form');
    form.hidden = false;
    if (entry) form.dataset.id = entry.id;
    else delete form.dataset.id;
    $('filter-form-title').textContent = entry ? `Edit “${entry.name}”` : 'New filter';
    $('filter-name').value = entry?.name ?? '';
    // A query being shown is offered as the new filter's text.
    $('filter-query').value = entry?.query ?? this.shownQuery ?? '';
    $('filter-name').focus();
  }

  close() {
    $('filter-form').hidden = true;
    this.pending = null;
    $('new-filter-open').focus();
  }

  show(chrome) {
    this.shownQuery = chrome.query && !chrome.query.filterID ? chrome.query.text : null;
    // "Assigned to me", on a server with accounts, with its live count.
    const assigned = chrome.assignedToMe;
    $('assigned').hidden = assigned === undefined || assigned === null;
    const mine = $('assigned-to-me');
    mine.querySelector('.count').textContent = assigned ? String(assigned) : '';
    mine.setAttribute('aria-label', `Assigned to me, ${assigned ?? 0} open`);
    if (chrome.query?.text === 'assigned: me') mine.setAttribute('aria-current', 'true');
    else mine.removeAttribute('aria-current');
    this.entries = new Map((chrome.filters ?? []).map((entry) => [entry.id, entry]));
    const current = chrome.query?.filterID;
    this.render($('filters'), chrome.filters ?? [], (entry) => entry.id, (item, entry) => {
      item.dataset.filter = entry.id;
      const [choose, edit, remove] = item.querySelectorAll('button');
      choose.querySelector('.name').textContent = entry.name;
      choose.querySelector('.count').textContent = entry.count ? String(entry.count) : '';
      choose.title = entry.query;
      choose.setAttribute('aria-label', entry.count === undefined
        ? `${entry.name}, the filter no longer reads`
        : `${entry.name}, ${entry.count} ${entry.count === 1 ? 'todo' : 'todos'}`);
      edit.setAttribute('aria-label', `Edit the filter ${entry.name}`);
      remove.setAttribute('aria-label', `Delete the filter ${entry.name}`);
      if (entry.id === current) choose.setAttribute('aria-current', 'true');
      else choose.removeAttribute('aria-current');
    }, () => {
      const item = document.createElement('li');
      item.append(this.chooser(), this.action('edit', '✎'), this.action('delete', '×'));
      return item;
    });
    const tag = chrome.query?.tag?.toLowerCase();
    this.tags = new Map((chrome.tags ?? []).map((entry) => [entry.name.toLowerCase(), entry]));
    this.colors = chrome.tagColors ?? {};
    this.render($('tags'), chrome.tags ?? [], (entry) => entry.name.toLowerCase(), (item, entry) => {
      item.dataset.tag = entry.name;
      const [button, edit] = item.querySelectorAll('button');
      button.dataset.tag = entry.name;
      const color = this.colors[entry.name.toLowerCase()];
      if (color) button.dataset.color = color;
      else delete button.dataset.color;
      button.querySelector('.name').textContent = `#${entry.name}`;
      button.querySelector('.count').textContent = String(entry.count);
      button.setAttribute('aria-label', `#${entry.name}, ${entry.count} open`);
      edit.setAttribute('aria-label', `Edit the tag #${entry.name}`);
      if (entry.name.toLowerCase() === tag) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }, () => {
      const item = document.createElement('li');
      item.append(this.chooser(), this.action('edit', '✎'));
      return item;
    });
    $('tags-heading').hidden = (chrome.tags ?? []).length === 0;
    // The filter the form saved is shown: the form's work is done.
    if (this.pending && chrome.query?.title === this.pending && !chrome.problem) {
      this.pending = null;
      $('filter-form').hidden = true;
    }
  }

  /** Keeps `list`'s items in the order of `entries`, reusing each entry's item by its key. */
  render(list, entries, key, fill, make) {
    const items = new Map([...list.children].map((item) => [item.dataset.key, item]));
    let ref = list.firstChild;
    for (const entry of entries) {
      const id = key(entry);
      let item = items.get(id);
      if (!item) {
        item = make();
        item.dataset.key = id;
      }
      items.delete(id);
      fill(item, entry);
      if (item !== ref) list.insertBefore(item, ref);
      else ref = ref.nextSibling;
    }
    for (const item of items.values()) item.remove();
  }

  chooser() {
    return countedButton();
  }

  action(kind, text) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'filter-action';
    button.dataset.action = kind;
    button.textContent = text;
    return button;
  }
}
