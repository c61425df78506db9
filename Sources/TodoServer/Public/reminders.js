// The ringing reminders: a notice for each (Snooze, Done, Dismiss) and, once the person
// allowed it, a system notification through the browser's Notification API. Rendered from
// the server's chrome; every answer is an event, so every page of the person follows.

import { element } from './dom.js';

const $ = (id) => document.getElementById(id);

/** Where this browser remembers which ringings it already notified (every tab reads it). */
const NOTIFIED_KEY = 'todo.notified';

export class Reminders {
  constructor(send) {
    this.send = send;
    this.list = $('reminder-list');
    this.list.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-action]');
      if (!button) return;
      const id = button.closest('li').dataset.id;
      const { action, snooze } = button.dataset;
      if (action === 'snooze') this.send('snoozeReminder', { id, snooze });
      else this.send(`${action}Reminder`, { id });
    });
    const allow = $('notify-allow');
    allow.addEventListener('click', async () => {
      await Notification.requestPermission();
      this.showAllow();
      this.notify(this.ringing ?? []);
    });
    this.showAllow();
  }

  /** The "show as notifications" button, while the browser has not been asked. */
  showAllow() {
    $('notify-allow').hidden = !('Notification' in window) || Notification.permission !== 'default';
  }

  show(ringing) {
    this.ringing = ringing;
    $('reminders').hidden = ringing.length === 0;
    const rows = new Map([...this.list.children].map((row) => [row.dataset.id, row]));
    const keep = new Set(ringing.map((notice) => notice.id));
    for (const [id, row] of rows) if (!keep.has(id)) row.remove();
    let ref = this.list.firstChild;
    for (const notice of ringing) {
      const row = rows.get(notice.id) ?? this.row(notice.id);
      row.setAttribute('aria-label', `Reminder: ${notice.title}`);
      row.querySelector('.title').textContent = notice.title;
      row.querySelector('.detail').textContent = notice.detail ?? '';
      row.querySelector('.detail').hidden = !notice.detail;
      if (row !== ref) this.list.insertBefore(row, ref);
      ref = row.nextSibling;
    }
    this.notify(ringing);
  }

  /** A notice's row, its buttons named for screen readers. */
  row(id) {
    const row = element('li');
    row.dataset.id = id;
    row.setAttribute('role', 'group');
    const text = element('div', { className: 'text' });
    text.append(element('strong', { className: 'title' }), element('span', { className: 'detail' }));
    const buttons = element('div', { className: 'actions' });
    const button = (label, name, data) => {
      const control = element('button', { type: 'button', textContent: label });
      control.setAttribute('aria-label', name);
      Object.assign(control.dataset, data);
      return control;
    };
    buttons.append(
      button('10 min', 'Snooze 10 minutes', { action: 'snooze', snooze: 'tenMinutes' }),
      button('1 hour', 'Snooze 1 hour', { action: 'snooze', snooze: 'hour' }),
      button('Tomorrow', 'Snooze until tomorrow', { action: 'snooze', snooze: 'tomorrow' }),
      button('Done', 'Mark done', { action: 'complete' }),
      button('✕', 'Dismiss', { action: 'dismiss' }),
    );
    row.append(text, buttons);
    return row;
  }

  /**
   * A system notification for each ringing this browser has not notified yet, when allowed.
   * The tag is the reminder: several tabs show one notification, and a ringing is notified
   * once however often the page reloads.
   */
  notify(ringing) {
    if (!('Notification' in window) || Notification.permission !== 'granted') return;
    let notified;
    try {
      notified = JSON.parse(localStorage.getItem(NOTIFIED_KEY) ?? '[]');
    } catch {
      notified = [];
    }
    const seen = new Set(notified);
    for (const notice of ringing) {
      const key = `${notice.id}@${notice.since ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      notified.push(key);
      const shown = new Notification(notice.title, { body: notice.detail ?? 'Reminder', tag: notice.id });
      shown.addEventListener('click', () => window.focus());
    }
    localStorage.setItem(NOTIFIED_KEY, JSON.stringify(notified.slice(-200)));
  }
}
