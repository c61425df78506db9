// Everything around the list: loading state, sidebar, filters, counter, the confirmations
// (delete a todo, clear completed), the Undo toast and the edit sheet. Rendered from the
// server's chrome.

import { Account } from './account.js';
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

/**
 * The edit sheet: a modal form. Typed text survives reconnects and server updates, and a
 * reload: the draft is kept in session storage (with the version it was typed over) until it
 * is saved or cancelled, and the sheet reopens with it.
 */
class EditorSheet {
  constructor(send) {
    this.send = send;
    this.dialog = $('editor');
    this.form = $('editor-form');
    this.filled = null;
    this.dirty = false;
    this.form.addEventListener('input', () => {
      this.dirty = true;
      this.keepDraft();
    });
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      // After a conflict, Enter is no answer: the person picks Keep mine or Use theirs.
      if (this.conflict) return;
      this.submit('saveEdit');
    });
    $('editor-keep-mine').addEventListener('click', () => this.submit('keepMine'));
    $('editor-use-theirs').addEventListener('click', () => {
      // The fields take their values from the next chrome.
      this.dirty = false;
      this.send('useTheirs');
    });
    // A reminder is set at once, beside the draft: Enter in its field adds it, not Save.
    const addReminder = () => {
      const input = this.form.elements.reminder;
      const text = input.value.trim();
      if (!text) return;
      this.send('addReminder', { text });
      input.value = '';
    };
    $('editor-reminder-add').addEventListener('click', addReminder);
    $('editor-reminder-list').addEventListener('click', (event) => {
      const button = event.target.closest('button[data-reminder]');
      if (button) this.send('removeReminder', { id: button.dataset.reminder });
    });
    this.form.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && event.target.name === 'reminder') {
        event.preventDefault();
        addReminder();
        return;
      }
      if (event.key === 'Enter' && event.target.tagName !== 'TEXTAREA' && event.target.tagName !== 'BUTTON') {
        event.preventDefault();
        this.form.requestSubmit();
      }
    });
    $('editor-cancel').addEventListener('click', () => this.cancel());
    // The presets, and Custom… for words or a rule of the person's own.
    this.form.elements.repeatPreset.addEventListener('change', () => {
      const preset = this.form.elements.repeatPreset.value;
      const custom = preset === 'custom';
      if (custom && !this.form.elements.repeat.value) this.form.elements.repeat.value = this.presetBefore ?? '';
      this.showCustomRepeat(custom);
      if (custom) this.form.elements.repeat.focus();
      this.presetBefore = custom ? this.presetBefore : preset;
    });
    // A start date and Someday exclude each other, as the server has it.
    const f = this.form.elements;
    f.someday.addEventListener('change', () => {
      if (f.someday.checked) [f.start.value, f.startTime.value] = ['', ''];
    });
    for (const input of [f.start, f.startTime]) {
      input.addEventListener('input', () => {
        if (input.value) f.someday.checked = false;
      });
    }
    $('editor-skip').addEventListener('click', () => {
      // The sheet closes: its draft is done with, and the todo moves on to its next date.
      this.dirty = false;
      this.pending = null;
      this.pendingSave = null;
      sessionStorage.removeItem(DRAFT_KEY);
      this.send('skipOccurrence');
      this.dialog.close();
    });
    this.dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      this.cancel();
    });
  }

  /** Keeps the draft for a reload of this tab. */
  keepDraft() {
    if (!this.filled) return;
    const draft = { id: this.filled, version: this.version, fields: this.fields() };
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  }

  /** The sheet's fields as the server reads them. */
  fields() {
    const field = (name) => this.form.elements[name].value;
    const preset = field('repeatPreset');
    return {
      title: field('title'), notes: field('notes'),
      deadline: joinDeadline(field('deadline'), field('deadlineTime')),
      status: field('status'), section: field('section'),
      repeat: preset === 'custom' ? field('repeat') : preset,
      afterCompletion: this.form.elements.afterCompletion.checked,
      start: joinDeadline(field('start'), field('startTime')),
      someday: this.form.elements.someday.checked,
      priority: field('priority'), tags: field('tags'), assignee: field('assignee'),
    };
  }

  /** Shows the repeat of the draft: a preset when it is one, else Custom… with its text. */
  showRepeat(text) {
    const presets = [...this.form.elements.repeatPreset.options].map((option) => option.value);
    const preset = presets.includes(text) && text !== 'custom' ? text : 'custom';
    this.form.elements.repeatPreset.value = preset;
    this.form.elements.repeat.value = preset === 'custom' ? text : '';
    this.presetBefore = preset === 'custom' ? '' : preset;
    this.showCustomRepeat(preset === 'custom');
  }

  showCustomRepeat(shown) {
    $('editor-repeat-custom').hidden = !shown;
  }

  /**
   * Sends the draft (`saveEdit`, or `keepMine` after a conflict). Offline, nothing can be
   * sent: the sheet says so, keeps the draft, and sends it once the page is back online.
   */
  submit(type) {
    if (this.send(type, this.fields())) {
      this.pendingSave = null;
      return;
    }
    this.pendingSave = true;
    this.offlineNotice();
  }

  /** Says that the save could not be sent; the server's next chrome replaces the text. */
  offlineNotice() {
    $('editor-problem').textContent = 'You are offline. Your edit is kept here and saved when the connection is back.';
    $('editor-problem').hidden = false;
  }

  open(id) {
    this.dirty = false;
    this.filled = null;
    this.pending = id;
    this.send('beginEdit', { id });
  }

  cancel() {
    this.dirty = false;
    this.pending = null;
    this.pendingSave = null;
    sessionStorage.removeItem(DRAFT_KEY);
    this.send('cancelEdit');
    this.dialog.close();
  }

  /**
   * After a reconnect the new store has no open sheet, and after a reload the page has none:
   * reopen it with the draft (the one on screen, or the one this tab kept), over the version
   * it was typed on. Someone else's change meanwhile comes back as a conflict.
   */
  reconnected() {
    this.reopening = this.dialog.open && this.filled ? this.filled : null;
    let kept = null;
    if (this.reopening) {
      kept = { id: this.filled, version: this.version, fields: this.fields() };
    } else {
      try {
        kept = JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? 'null');
      } catch {
        sessionStorage.removeItem(DRAFT_KEY);
      }
    }
    if (kept?.id && kept.fields) {
      this.send('restoreEdit', { id: kept.id, version: kept.version ?? 0, ...kept.fields });
    }
  }

  show(editor) {
    if (!editor) {
      if (this.reopening) return;
      if (this.dialog.open) this.dialog.close();
      // Saved or closed by the server: the draft is done with.
      if (this.filled) sessionStorage.removeItem(DRAFT_KEY);
      this.filled = null;
      this.dirty = false;
      return;
    }
    const reopened = this.reopening === editor.id && editor.phase !== 'loading';
    if (reopened) this.reopening = null;
    if (!this.dialog.open) this.dialog.showModal();
    const ready = editor.phase !== 'loading';
    this.dialog.setAttribute('aria-busy', String(!ready));
    if (ready) {
      const fresh = this.filled !== editor.id;
      if (fresh || !this.dirty) {
        const f = this.form.elements;
        f.title.value = editor.title;
        f.notes.value = editor.notes;
        [f.deadline.value, f.deadlineTime.value] = splitDeadline(editor.deadline);
        f.status.value = editor.status;
        f.section.value = editor.section;
        this.showRepeat(editor.repeat ?? '');
        f.afterCompletion.checked = !!editor.afterCompletion;
        [f.start.value, f.startTime.value] = splitDeadline(editor.start);
        f.someday.checked = !!editor.someday;
        f.priority.value = editor.priority ?? '';
        f.tags.value = editor.tags ?? '';
      }
      // Whom it can be assigned to: the members of its list (none without accounts).
      const members = editor.members ?? [];
      $('editor-assignee').hidden = members.length === 0;
      const select = this.form.elements.assignee;
      const wanted = [['', 'Nobody'], ...members.map((m) => [m.id, m.name])];
      if (select.options.length !== wanted.length
        || wanted.some(([id, name], i) => select.options[i].value !== id || select.options[i].text !== name)) {
        const value = select.value;
        select.replaceChildren(...wanted.map(([id, name]) => new Option(name, id)));
        select.value = value;
      }
      if (fresh || !this.dirty) select.value = editor.assignee ?? '';
      if (fresh) focusTitle(this.form);
      this.filled = editor.id;
      // While a conflict waits for its answer, the draft stays based on the old version, so
      // that a reload shows the conflict again.
      if (!editor.conflict) this.version = editor.version;
      if (this.dirty) this.keepDraft();
    }
    $('editor-history').hidden = !editor.history;
    $('editor-history').textContent = editor.history ?? '';
    const changed = editor.changedOccurrences ?? [];
    $('editor-changed').hidden = changed.length === 0;
    $('editor-changed-list').replaceChildren(...changed.map((text) => {
      const item = document.createElement('li');
      item.textContent = text;
      return item;
    }));
    $('editor-reminder-list').replaceChildren(...(editor.reminders ?? []).map((reminder) => {
      const item = document.createElement('li');
      const label = document.createElement('span');
      label.className = 'who';
      label.textContent = reminder.label;
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.dataset.reminder = reminder.id;
      remove.textContent = 'Remove';
      remove.setAttribute('aria-label', `Remove reminder ${reminder.label}`);
      item.append(label, remove);
      return item;
    }));
    $('editor-skip').hidden = !editor.repeats || !!editor.conflict;
    $('editor-problem').hidden = !editor.problem;
    $('editor-problem').textContent = editor.problem ?? '';
    this.conflict = !!editor.conflict;
    $('editor-conflict').hidden = !this.conflict;
    $('editor-theirs').replaceChildren(...(editor.theirChanges ?? []).flatMap((change) => {
      const term = document.createElement('dt');
      term.textContent = change.label;
      const value = document.createElement('dd');
      value.textContent = change.value === '' ? '(empty)' : change.value;
      return [term, value];
    }));
    $('editor-save').hidden = this.conflict;
    $('editor-keep-mine').hidden = !this.conflict;
    $('editor-use-theirs').hidden = !this.conflict;
    // Back online with a save that could not be sent: the sheet is open again, send it now.
    // (The reopened sheet is a new session on the todo as it is now: a plain save.)
    if (reopened && this.pendingSave) this.submit('saveEdit');
  }
}

/**
 * A deadline as the server writes it (`yyyy-MM-dd`, or `yyyy-MM-ddTHH:mm` with a time) split
 * into the sheet's date and time fields. The time is the deadline's own wall-clock time, the
 * same in every time zone: the page never converts it.
 */
function splitDeadline(deadline) {
  const [date, time = ''] = (deadline ?? '').split('T');
  return [date, time.slice(0, 5)];
}

/** The date and time fields joined back; a time without a date is sent as it is, refused. */
function joinDeadline(date, time) {
  if (!time) return date;
  return `${date}T${time.slice(0, 5)}`;
}

/** Where a tab keeps the draft of its edit sheet across reloads. */
const DRAFT_KEY = 'todo.draft';

function focusTitle(form) {
  const title = form.elements.title;
  title.focus();
  title.select();
}
