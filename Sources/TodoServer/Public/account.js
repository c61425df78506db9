// The signed-in person's part of the page, on a server with accounts: who is signed in,
// signing out, sharing the shown list and API tokens. These go to the JSON API with the
// session's CSRF token; everything else goes through the live connection.

import { element } from './dom.js';

const $ = (id) => document.getElementById(id);

/** The JSON API, as the signed-in browser: the cookie, and the CSRF token on writes. */
export class Api {
  constructor() {
    this.csrf = null;
  }

  async session() {
    const response = await fetch('/api/v1/session', { headers: { Accept: 'application/json' } });
    // A server without accounts has no session, and needs no CSRF token.
    if (response.status === 404) {
      this.csrf = '';
      return null;
    }
    if (response.status === 401) location.assign('/signin');
    if (!response.ok) throw new Error(await problem(response));
    const session = await response.json();
    this.csrf = session.csrfToken;
    return session;
  }

  async call(method, path, body) {
    if (this.csrf === null) await this.session();
    const headers = { Accept: 'application/json', 'X-CSRF-Token': this.csrf };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 401) location.assign('/signin');
    if (!response.ok) throw new Error(await problem(response));
    return response.status === 204 ? null : response.json();
  }
}

export async function problem(response) {
  try {
    const body = await response.json();
    return body.detail ?? body.title ?? `HTTP ${response.status}`;
  } catch {
    return `HTTP ${response.status}`;
  }
}

export function showProblem(id, error) {
  $(id).hidden = !error;
  $(id).textContent = error ? error.message : '';
}

export class Account {
  constructor() {
    this.api = new Api();
    this.chrome = null;
    const clicks = {
      'sign-out': () => this.signOut(),
      'share-open': () => this.openShare(),
      'share-close': () => $('share').close(),
      'share-leave': () => this.leave(),
      'tokens-open': () => this.openTokens(),
      'tokens-close': () => $('tokens').close(),
      'mail-open': () => this.openMail(),
      'mail-close': () => $('mail').close(),
    };
    for (const [id, run] of Object.entries(clicks)) $(id).addEventListener('click', run);
    // The forms are sent by the page, never by the browser.
    const submits = {
      'share-form': () => this.share($('share-name').value.trim(), $('share-role').value),
      'token-form': () =>
        this.createToken($('token-name').value.trim(), $('token-read-only').checked),
      'mail-form': () => this.saveMail($('mail-address').value.trim(), $('mail-digest').checked),
    };
    for (const [id, run] of Object.entries(submits)) {
      $(id).addEventListener('submit', (event) => {
        event.preventDefault();
        run();
      });
    }
  }

  /** Shows who is signed in (nothing without accounts). */
  show(chrome) {
    this.chrome = chrome;
    const signedIn = typeof chrome.account === 'string';
    $('account').hidden = !signedIn;
    $('share-open').hidden = !signedIn;
    if (!signedIn) return;
    $('account-name').textContent = chrome.account;
    const entry = chrome.lists.find((list) => list.id === chrome.listID);
    $('share-open').textContent = entry?.shared ? 'People' : 'Share';
  }

  get listID() {
    return this.chrome?.listID;
  }

  get isShared() {
    return this.chrome?.lists.find((list) => list.id === this.listID)?.shared === true;
  }

  async signOut() {
    try {
      await this.api.call('DELETE', '/api/v1/session');
    } finally {
      location.assign('/signin');
    }
  }

  // MARK: Sharing

  async openShare() {
    const entry = this.chrome.lists.find((list) => list.id === this.listID);
    $('share-title').textContent = `Share “${entry?.name ?? ''}”`;
    $('share-form').hidden = this.isShared;
    $('share-leave').hidden = !this.isShared;
    showProblem('share-problem', null);
    $('share-note').textContent = '';
    $('share').showModal();
    await this.loadMembers();
  }

  async loadMembers() {
    try {
      const members = await this.api.call('GET', `/api/v1/lists/${this.listID}/members`);
      this.renderMembers(members);
    } catch (error) {
      showProblem('share-problem', error);
    }
  }

  renderMembers(members) {
    const list = $('members');
    list.replaceChildren();
    for (const member of members) {
      const item = element('li');
      item.append(element('span', { className: 'who', textContent: member.name }));
      if (member.role === 'owner' || this.isShared) {
        const role = { owner: 'owner', editor: 'can edit', viewer: 'can view' }[member.role];
        item.append(element('span', { textContent: role }));
      } else {
        const role = document.createElement('select');
        role.setAttribute('aria-label', `What ${member.name} can do`);
        for (const [value, label] of [['editor', 'can edit'], ['viewer', 'can view']]) {
          const option = new Option(label, value, false, value === member.role);
          role.append(option);
        }
        role.addEventListener('change', () => this.share(member.name, role.value));
        const remove = element('button', { type: 'button', textContent: 'Remove' });
        remove.setAttribute('aria-label', `Stop sharing with ${member.name}`);
        remove.addEventListener('click', () => this.unshare(member.name));
        item.append(role, remove);
      }
      list.append(item);
    }
  }

  async share(name, role) {
    if (!name) return;
    try {
      await this.api.call('PUT', `/api/v1/lists/${this.listID}/members/${encodeURIComponent(name)}`, { role });
      $('share-name').value = '';
      showProblem('share-problem', null);
      await this.loadMembers();
    } catch (error) {
      showProblem('share-problem', error);
    }
  }

  async unshare(name) {
    try {
      const { unassigned } = await this.api.call('DELETE', `/api/v1/lists/${this.listID}/members/${encodeURIComponent(name)}`);
      // What stopping the share did to the todos assigned to them.
      $('share-note').textContent = unassigned > 0
        ? `${unassigned === 1 ? '1 todo' : `${unassigned} todos`} assigned to ${name} ${unassigned === 1 ? 'is' : 'are'} now assigned to nobody.`
        : '';
      await this.loadMembers();
    } catch (error) {
      showProblem('share-problem', error);
    }
  }

  async leave() {
    try {
      await this.api.call('DELETE', `/api/v1/lists/${this.listID}/members/${encodeURIComponent(this.chrome.account)}`);
      $('share').close();
    } catch (error) {
      showProblem('share-problem', error);
    }
  }

  // MARK: Tokens

  async openTokens() {
    $('token-created').hidden = true;
    $('token-value').value = '';
    showProblem('tokens-problem', null);
    $('tokens').showModal();
    await this.loadTokens();
  }

  async loadTokens() {
    try {
      const tokens = await this.api.call('GET', '/api/v1/tokens');
      const list = $('token-list');
      list.replaceChildren();
      for (const token of tokens) {
        const item = element('li');
        const used = token.lastUsedAt ? `last used ${new Date(token.lastUsedAt).toLocaleString()}` : 'never used';
        const scope = token.scope === 'read' ? 'read only' : 'read and write';
        const who = element('span', { className: 'who', textContent: `${token.name} · ${scope} · ${used}` });
        const revoke = element('button', { type: 'button', className: 'destructive', textContent: 'Revoke' });
        revoke.setAttribute('aria-label', `Revoke ${token.name}`);
        revoke.addEventListener('click', async () => {
          if (!confirm(`Revoke “${token.name}”? Clients using it are signed out at once.`)) return;
          try {
            await this.api.call('DELETE', `/api/v1/tokens/${token.id}`);
            await this.loadTokens();
          } catch (error) {
            showProblem('tokens-problem', error);
          }
        });
        item.append(who, revoke);
        list.append(item);
      }
    } catch (error) {
      showProblem('tokens-problem', error);
    }
  }

  async createToken(name, readOnly) {
    if (!name) return;
    try {
      const created = await this.api.call('POST', '/api/v1/tokens', { name, scope: readOnly ? 'read' : 'read-write' });
      $('token-name').value = '';
      $('token-value').value = created.token;
      $('token-created').hidden = false;
      $('token-value').select();
      showProblem('tokens-problem', null);
      await this.loadTokens();
    } catch (error) {
      showProblem('tokens-problem', error);
    }
  }

  // MARK: Mail

  async openMail() {
    $('mail-saved').hidden = true;
    showProblem('mail-problem', null);
    $('mail').showModal();
    try {
      const settings = await this.api.call('GET', '/api/v1/account/mail');
      $('mail-address').value = settings.email ?? '';
      $('mail-digest').checked = settings.digest;
    } catch (error) {
      showProblem('mail-problem', error);
    }
  }

  async saveMail(email, digest) {
    $('mail-saved').hidden = true;
    try {
      const settings = await this.api.call('PUT', '/api/v1/account/mail', { email, digest });
      $('mail-address').value = settings.email ?? '';
      $('mail-digest').checked = settings.digest;
      $('mail-saved').hidden = false;
      showProblem('mail-problem', null);
    } catch (error) {
      showProblem('mail-problem', error);
    }
  }
}
