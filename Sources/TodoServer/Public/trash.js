// The trash: deleted lists and todos, restored one by one, deleted for good one by one after
// a confirmation in the row, or all at once after a confirmation. It talks to the JSON API
// (/api/v1/trash, …/restore); what it changes reaches the page through the live connection.

import { Api, showProblem } from './account.js';

const $ = (id) => document.getElementById(id);
const when = (text) => new Date(text).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

export class Trash {
  constructor(api = new Api()) {
    this.api = api;
    this.contents = { lists: [], todos: [] };
    this.confirming = null;
    $('trash-open').addEventListener('click', () => this.open());
    $('trash-close').addEventListener('click', () => $('trash').close());
    $('trash-empty').addEventListener('click', () => this.askEmpty());
    $('trash-empty-no').addEventListener('click', () => this.showEmptyQuestion(false));
    $('trash-empty-yes').addEventListener('click', () => this.empty());
    $('trash').addEventListener('close', () => $('trash-open').focus());
  }

  async open() {
    this.confirming = null;
    this.showEmptyQuestion(false);
    showProblem('trash-problem', null);
    if (!$('trash').open) $('trash').showModal();
    await this.refresh();
  }

  async refresh() {
    try {
      this.contents = await this.api.call('GET', '/api/v1/trash');
      this.render();
    } catch (error) {
      showProblem('trash-problem', error);
    }
  }

  render() {
    const { lists, todos } = this.contents;
    const listNames = new Map(lists.map((list) => [list.id, list.name]));
    this.renderRows($('trash-lists'), lists, (list) => ({
      kind: 'list', id: list.id, name: list.name,
      detail: `deleted ${when(list.deletedAt)}`,
    }));
    this.renderRows($('trash-todos'), todos, (todo) => ({
      kind: 'todo', id: todo.id, name: todo.title,
      detail: listNames.has(todo.listID)
        ? `in the deleted list “${listNames.get(todo.listID)}”`
        : `deleted ${when(todo.deletedAt ?? todo.updatedAt)}`,
    }));
    const empty = lists.length === 0 && todos.length === 0;
    $('trash-empty-state').hidden = !empty;
    $('trash-empty').disabled = empty;
  }

  renderRows(root, items, describe) {
    root.replaceChildren();
    root.hidden = items.length === 0;
    root.previousElementSibling.hidden = items.length === 0;
    for (const item of items) {
      const row = describe(item);
      const li = document.createElement('li');
      li.dataset.id = row.id;
      const name = document.createElement('span');
      name.className = 'who';
      name.textContent = row.name;
      const detail = document.createElement('span');
      detail.className = 'when';
      detail.textContent = row.detail;
      li.append(name, detail);
      if (this.confirming === row.id) {
        li.classList.add('confirm-row');
        name.textContent = `Delete “${row.name}” for good?`;
        detail.textContent = row.kind === 'list' ? 'Its todos go with it. This cannot be undone.' : 'This cannot be undone.';
        li.append(
          this.button('Delete for good', `Delete ${row.name} for good`, 'destructive', () => this.deleteForever(row)),
          this.button('Keep', `Keep ${row.name}`, '', () => { this.confirming = null; this.render(); }));
      } else {
        li.append(
          this.button('Restore', `Restore ${row.name}`, '', () => this.restore(row)),
          this.button('Delete forever…', `Delete ${row.name} forever`, 'destructive', () => {
            this.confirming = row.id;
            this.render();
            root.querySelector(`li[data-id="${row.id}"] button.destructive`)?.focus();
          }));
      }
      root.append(li);
    }
  }

  button(text, label, className, action) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = text;
    button.setAttribute('aria-label', label);
    if (className) button.className = className;
    button.addEventListener('click', action);
    return button;
  }

  async restore(row) {
    await this.act(() => this.api.call('POST', `/api/v1/${row.kind === 'list' ? 'lists' : 'todos'}/${row.id}/restore`));
  }

  async deleteForever(row) {
    this.confirming = null;
    await this.act(() => this.api.call('DELETE', `/api/v1/trash/${row.kind === 'list' ? 'lists' : 'todos'}/${row.id}`));
  }

  askEmpty() {
    const { lists, todos } = this.contents;
    const parts = [];
    if (lists.length) parts.push(lists.length === 1 ? '1 list' : `${lists.length} lists`);
    if (todos.length) parts.push(todos.length === 1 ? '1 todo' : `${todos.length} todos`);
    $('trash-confirm-empty-text').textContent =
      `Delete ${parts.join(' and ')} for good? This cannot be undone.`;
    this.showEmptyQuestion(true);
    $('trash-empty-no').focus();
  }

  showEmptyQuestion(asking) {
    $('trash-confirm-empty').hidden = !asking;
    $('trash-empty').hidden = asking;
  }

  async empty() {
    this.showEmptyQuestion(false);
    await this.act(() => this.api.call('DELETE', '/api/v1/trash'));
  }

  async act(request) {
    showProblem('trash-problem', null);
    try {
      await request();
    } catch (error) {
      showProblem('trash-problem', error);
    }
    await this.refresh();
  }
}
