// The sign-in page: sends the name and password to the JSON API, which sets the session
// cookie, then opens the app. The answer to a wrong name and to a wrong password is the same.

const $ = (id) => document.getElementById(id);

function say(text) {
  $('signin-problem').hidden = !text;
  $('signin-problem').textContent = text ?? '';
}

$('signin-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  $('signin-submit').disabled = true;
  say(null);
  try {
    const response = await fetch('/api/v1/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ name: $('signin-name').value, password: $('signin-password').value }),
    });
    if (response.ok || response.status === 404) {
      // 404: this server has no accounts; the app is open to this machine.
      location.assign('/');
      return;
    }
    if (response.status === 429) {
      const seconds = Number(response.headers.get('Retry-After') ?? '1');
      say(`Too many failed attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`);
    } else if (response.status === 401) {
      say('Wrong user name or password.');
      $('signin-password').select();
    } else {
      say(`The server could not sign you in (HTTP ${response.status}).`);
    }
  } catch {
    say('The server cannot be reached.');
  } finally {
    $('signin-submit').disabled = false;
  }
});
