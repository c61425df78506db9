// The edit sheet of a todo: its form, the draft kept across reconnects and reloads, and the
// answers of the server's chrome drawn into it.

import { element } from './dom.js';

const $ = (id) => document.getElementById(id);

/**
 * The edit sheet: a modal form. Typed text survives reconnects and server updates, and a
 * reload: the draft is kept in session storage (with the version it was typed over) until it
 * is saved or cancelled, and the sheet reopens with it.
 */
export class EditorSheet {
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
      this.close('skipOccurrence');
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
    this.close('cancelEdit');
  }

  /** Closes the sheet with its draft thrown away, telling the server `action`. */
  close(action) {
    this.dirty = false;
    this.pending = null;
    this.pendingSave = null;
    sessionStorage.removeItem(DRAFT_KEY);
    this.send(action);
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
      return element('li', { textContent: text });
    }));
    $('editor-reminder-list').replaceChildren(...(editor.reminders ?? []).map((reminder) => {
      const item = element('li');
      const remove = element('button', { type: 'button', textContent: 'Remove' });
      remove.dataset.reminder = reminder.id;
      remove.setAttribute('aria-label', `Remove reminder ${reminder.label}`);
      item.append(element('span', { className: 'who', textContent: reminder.label }), remove);
      return item;
    }));
    $('editor-skip').hidden = !editor.repeats || !!editor.conflict;
    $('editor-problem').hidden = !editor.problem;
    $('editor-problem').textContent = editor.problem ?? '';
    this.conflict = !!editor.conflict;
    $('editor-conflict').hidden = !this.conflict;
    $('editor-theirs').replaceChildren(...(editor.theirChanges ?? []).flatMap((change) => {
      const value = change.value === '' ? '(empty)' : change.value;
      return [element('dt', { textContent: change.label }), element('dd', { textContent: value })];
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
