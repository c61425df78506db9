// Everything around the list: loading state, sidebar, filters, counter, the confirmations
// (delete a todo, clear completed), the Undo toast and the edit sheet. Rendered from the
// server's chrome.

import { Account } from './account.js';
import { EditorSheet } from './editor-sheet.js';
import { SidebarFilters, countedButton } from './filters.js';
import { Reminders } from './reminders.js';
import { Trash } from './trash.js';

const $ = (id) => document.getElementById(id);

/** What the new-todo field invites, in a list and in each smart view. */
const PLACEHOLDERS = {
  list: 'What needs to be done? (try “Call mum tomorrow 9:00”)',
  today: 'Add to the Inbox, due today',
  upcoming: 'Add to the Inbox, due tomorrow',
  overdue: 'Add to the Inbox, due today',
  someday: 'Add to the Inbox, for some day',
};

/** The identifier of the Inbox, the list every store has. */
const INBOX = '00000000-0000-4000-8000-000000000001';

export class Chrome {
  constructor({ send, view }) {
    this.send = send;
    this.view = view;
    this.editor = new EditorSheet(send);
    this.account = new Account();
    this.trash = new Trash(this.account.api);
    this.reminders = new Reminders(send);
    this.filters = new SidebarFilters(send);
    // One dialog asks both questions; what it asks decides what its buttons send.
    this.asking = 'Delete';
    // Completing a parent has two answers: with its subtasks, or alone.
    $('confirm-delete').addEventListener('click', () => {
      if (this.asking === 'Complete') send('completeSubtasks', { all: true });
      else send(`confirm${this.asking}`);
    });
    $('confirm-other').addEventListener('click', () => send('completeSubtasks', { all: false }));
    $('confirm-cancel').addEventListener('click', () => send(`cancel${this.asking}`));
    $('confirm').addEventListener('cancel', (event) => {
      event.preventDefault();
      send(`cancel${this.asking}`);
    });
    $('undo').addEventListener('click', () => send('undo'));
    $('toast-close').addEventListener('click', () => send('dismissToast'));
  }

  show(chrome) {
    document.body.classList.toggle('loading', !chrome.loaded);
    $('loading').hidden = chrome.loaded;
    this.views(chrome);
    this.lists(chrome);
    this.filters.show(chrome);
    this.account.show(chrome);
    for (const link of document.querySelectorAll('[data-filter]')) {
      if (link.dataset.filter === chrome.filter) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    $('layout').value = chrome.layout;
    $('sort-deadline').checked = chrome.sortByDeadline;
    $('sort-priority').checked = !!chrome.sortByPriority;
    document.body.dataset.sorted = String(chrome.sortByDeadline || !!chrome.sortByPriority);
    $('counter').textContent = chrome.counter;
    $('quick').hidden = !chrome.quickDeadline;
    $('quick-text').textContent = chrome.quickDeadline ? `Due ${chrome.quickDeadline} · “${chrome.quickPhrase}”` : '';
    // The priority and tags the text names: what the todo will carry.
    $('quick-marks').hidden = !chrome.quickMarks;
    $('quick-marks').textContent = chrome.quickMarks ? `Adds ${chrome.quickMarks}` : '';
    $('empty').hidden = !chrome.emptyText;
    $('empty').textContent = chrome.emptyText ?? '';
    $('clear-completed').hidden = chrome.completedCount === 0;
    this.problem(chrome.problem);
    this.confirm(chrome);
    $('toast').hidden = !chrome.toast;
    $('toast-text').textContent = chrome.toast ?? '';
    this.editor.show(chrome.editor);
    this.reminders.show(chrome.reminders ?? []);
    localStorage.setItem('todo.view', JSON.stringify({
      listID: chrome.listID, view: chrome.view, query: chrome.query, layout: chrome.layout,
      sortByDeadline: chrome.sortByDeadline,
      sortByPriority: !!chrome.sortByPriority,
    }));
  }

  /**
   * The smart views above the lists (Today, Upcoming, Overdue) with their counts. A chosen
   * view replaces the list: its name is the title, and what only a list has (rename,
   * delete, share, filters, grouping, reordering) is hidden.
   */
  views(chrome) {
    const list = $('views');
    const items = new Map([...list.querySelectorAll('button[data-view]')].map((b) => [b.dataset.view, b.parentElement]));
    let ref = list.firstChild;
    for (const entry of chrome.views ?? []) {
      let item = items.get(entry.id);
      if (!item) {
        item = document.createElement('li');
        const button = countedButton();
        button.dataset.view = entry.id;
        item.append(button);
      }
      items.delete(entry.id);
      const button = item.firstChild;
      button.querySelector('.name').textContent = entry.name;
      button.querySelector('.count').textContent = entry.count > 0 ? String(entry.count) : '';
      button.setAttribute('aria-label', `${entry.name}, ${entry.count} open`);
      if (entry.id === chrome.view) {
        button.setAttribute('aria-current', 'true');
        $('list-title').textContent = entry.name;
      } else button.removeAttribute('aria-current');
      if (item !== ref) list.insertBefore(item, ref);
      else ref = ref.nextSibling;
    }
    for (const item of items.values()) item.remove();
    if (chrome.view) document.body.dataset.view = chrome.view;
    else delete document.body.dataset.view;
    // A saved filter or a tag: its name is the title, and what only a list has is hidden.
    if (chrome.query) {
      document.body.dataset.query = 'true';
      $('list-title').textContent = chrome.query.title;
    } else delete document.body.dataset.query;
    // A filter or a tag adds to the Inbox (with the tag, in a tag's view).
    const query = chrome.query && (chrome.query.tag ? `Add to the Inbox, tagged #${chrome.query.tag}` : 'Add to the Inbox');
    $('new-todo').placeholder = query || (PLACEHOLDERS[chrome.view] ?? PLACEHOLDERS.list);
  }

  lists(chrome) {
    const list = $('lists');
    // Moving a node out and back in takes the focus away: a list that had it gets it back.
    const focused = document.activeElement?.closest?.('#lists button')?.dataset.id;
    const buttons = new Map([...list.querySelectorAll('button[data-id]')].map((b) => [b.dataset.id, b.parentElement]));
    let ref = list.firstChild;
    for (const entry of chrome.lists) {
      let item = buttons.get(entry.id);
      if (!item) {
        item = document.createElement('li');
        item.dataset.list = entry.id;
        item.draggable = true;
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.id = entry.id;
        button.setAttribute('aria-keyshortcuts', 'Alt+ArrowUp Alt+ArrowDown');
        // The open count, beside the name (the button's text stays the list's name).
        const count = document.createElement('span');
        count.className = 'count';
        count.setAttribute('aria-hidden', 'true');
        item.append(button, count);
      }
      buttons.delete(entry.id);
      const button = item.firstChild;
      button.textContent = entry.name;
      const open = entry.open ?? 0;
      item.querySelector('.count').textContent = open > 0 ? String(open) : '';
      if (entry.shared) {
        const mark = document.createElement('span');
        mark.className = 'shared-mark';
        mark.textContent = ' · shared';
        button.append(mark);
        button.setAttribute('aria-label', `${entry.name} (shared with you), ${open} open`);
      } else button.setAttribute('aria-label', `${entry.name}, ${open} open`);
      if (entry.id === chrome.listID && !chrome.view && !chrome.query) {
        button.setAttribute('aria-current', 'true');
        $('list-title').textContent = entry.name;
        // The Inbox stays: it can be renamed, not deleted. A list shared with the person
        // is its owner's to rename or delete.
        $('delete-list').hidden = entry.id === (chrome.inboxID ?? INBOX) || entry.shared === true;
        $('rename-list-open').hidden = entry.shared === true;
        document.body.dataset.sharedList = String(entry.shared === true);
      } else button.removeAttribute('aria-current');
      if (item !== ref) list.insertBefore(item, ref);
      else ref = ref.nextSibling;
    }
    for (const item of buttons.values()) item.remove();
    if (focused && document.activeElement?.dataset.id !== focused) {
      list.querySelector(`button[data-id="${focused}"]`)?.focus();
    }
  }

  problem(text) {
    $('problem').hidden = !text;
    $('problem').textContent = text ?? '';
  }

  /** What the confirmation dialog asks now, if anything, and the events its buttons send. */
  question(chrome) {
    if (chrome.confirmDelete) {
      return { asking: 'Delete', title: 'Delete this todo?', text: chrome.confirmTitle ?? '', button: 'Delete' };
    }
    if (chrome.confirmDeleteList) {
      return {
        asking: 'DeleteList', title: `Delete the list “${chrome.confirmDeleteList}”?`,
        text: 'The list and its todos move to the trash, where they can be restored.', button: 'Delete list',
      };
    }
    if (chrome.confirmDeleteFilter) {
      return {
        asking: 'DeleteFilter', title: `Delete the filter “${chrome.confirmDeleteFilter}”?`,
        text: 'Its todos stay as they are.', button: 'Delete filter',
      };
    }
    if (chrome.confirmComplete) {
      const { title, open } = chrome.confirmComplete;
      const subtasks = open === 1 ? '1 open subtask' : `${open} open subtasks`;
      return {
        asking: 'Complete', title: `Complete “${title}”?`, text: `It has ${subtasks}.`,
        button: 'Complete all', other: 'Keep them open', primary: true,
      };
    }
    if (chrome.confirmClear) {
      const count = chrome.confirmClear;
      const todos = count === 1 ? '1 completed todo' : `${count} completed todos`;
      const open = chrome.confirmClearSubtasks ?? 0;
      const subtasks = open === 0 ? '' : ` with ${open === 1 ? 'its 1 open subtask' : `their ${open} open subtasks`}`;
      return {
        asking: 'Clear', title: `Clear ${todos}?`,
        text: `They move to the trash${subtasks}; Undo brings them back.`, button: 'Clear',
      };
    }
    return null;
  }

  confirm(chrome) {
    const dialog = $('confirm');
    const question = this.question(chrome);
    if (question) {
      this.asking = question.asking;
      $('confirm-title').textContent = question.title;
      $('confirm-text').textContent = question.text;
      $('confirm-delete').textContent = question.button;
      $('confirm-delete').className = question.primary ? 'primary' : 'destructive';
      $('confirm-other').hidden = !question.other;
      $('confirm-other').textContent = question.other ?? '';
      if (!dialog.open) {
        dialog.showModal();
        $('confirm-cancel').focus();
      }
    } else if (dialog.open) dialog.close();
  }
}
