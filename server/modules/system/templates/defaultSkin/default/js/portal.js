/* Shared by every page of the default skin: the API helper, the captcha, the 适老化 switch, the
   narrow-screen menu and the page-view counter. No inline scripts anywhere (CSP). */
(function () {
  'use strict';
  var meta = document.querySelector('meta[name="portal-api"]');
  var API = (meta && meta.getAttribute('content')) || '';
  var ELDER_KEY = 'portal.elder';

  function text(v) { return v === null || v === undefined ? '' : String(v); }
  function el(tag, attrs, children) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { if (k === 'text') n.textContent = attrs[k]; else n.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) { if (c) n.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return n;
  }
  /**
   * A call of the API: POST with a JSON body, or GET with `query`. Resolves to the envelope, never throws.
   * `headers` adds request headers (a submission's Idempotency-Key).
   */
  function call(path, body, method, headers) {
    var url = API + path;
    var init = { method: method || 'POST', headers: Object.assign({}, headers || {}) };
    if (init.method === 'GET') {
      var qs = new URLSearchParams();
      Object.keys(body || {}).forEach(function (k) { if (body[k] !== '' && body[k] !== undefined && body[k] !== null) qs.set(k, body[k]); });
      url += (url.indexOf('?') < 0 ? '?' : '&') + qs.toString();
    } else {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body || {});
    }
    return fetch(url, init).then(function (res) {
      return res.json().catch(function () { return { errorCode: String(res.status), errorMsg: '服务暂时不可用（' + res.status + '），请稍后再试' }; });
    }, function () { return { errorCode: 'network', errorMsg: '网络连接失败，请检查网络后重试' }; });
  }
  /** Shows a message (the server's Chinese errorMsg on a refusal) in a status box. */
  function say(box, message, ok) {
    if (!box) return;
    box.hidden = false;
    box.classList.remove('ok', 'error');
    box.classList.add('notice', ok ? 'ok' : 'error');
    box.textContent = message;
  }
  function randomId() {
    var a = new Uint8Array(12);
    if (window.crypto && window.crypto.getRandomValues) window.crypto.getRandomValues(a);
    else a.forEach(function (_b, i) { a[i] = Math.floor(Math.random() * 256); });
    return 'web' + Array.prototype.map.call(a, function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  /** Every `.captcha` image of a form gets a fresh code (one attempt per code); click to change. */
  function refreshCaptcha(form) {
    var img = form.querySelector('img.captcha');
    if (!img) return;
    var id = randomId();
    form.setAttribute('data-code-id', id);
    img.src = API + '/user/captcha?codeId=' + id;
    var input = form.querySelector('input[name="verifyCode"]');
    if (input) input.value = '';
  }
  function setupCaptchas() {
    document.querySelectorAll('form').forEach(function (form) {
      var img = form.querySelector('img.captcha');
      if (!img) return;
      img.addEventListener('click', function () { refreshCaptcha(form); });
      // A real button as well: found at a glance, and usable from the keyboard.
      var again = form.querySelector('.captcha-refresh');
      if (again) again.addEventListener('click', function () { refreshCaptcha(form); });
      refreshCaptcha(form);
    });
  }
  function applyElder(on) {
    document.documentElement.classList.toggle('elder', on);
    var btn = document.getElementById('elder-toggle');
    if (btn) {
      btn.setAttribute('aria-pressed', on ? 'true' : 'false');
      // Both labels are in the button and CSS shows one (no text swap after paint); an older skin's plain label is swapped.
      if (!btn.querySelector('.elder-on')) btn.textContent = on ? '退出适老化模式' : '适老化模式';
    }
  }
  function setupElder() {
    // ?elder=1 / ?elder=0 in a link switches the mode (and remembers it), e.g. from a 12345 hotline's SMS.
    var asked = /[?&]elder=([01])(&|$)/.exec(location.search);
    if (asked) try { window.localStorage.setItem(ELDER_KEY, asked[1]); } catch { /* this page only */ }
    var on = false;
    try { on = window.localStorage.getItem(ELDER_KEY) === '1'; } catch { on = false; }
    applyElder(on);
    var btn = document.getElementById('elder-toggle');
    if (btn) btn.addEventListener('click', function () {
      var next = !document.documentElement.classList.contains('elder');
      try { window.localStorage.setItem(ELDER_KEY, next ? '1' : '0'); } catch { /* private mode: this page only */ }
      applyElder(next);
    });
  }
  function setupNav() {
    var btn = document.querySelector('.nav-toggle');
    var list = document.getElementById('nav-list');
    if (!btn || !list) return;
    btn.addEventListener('click', function () {
      var open = list.classList.toggle('open');
      btn.setAttribute('aria-expanded', open ? 'true' : 'false');
    });
  }
  /** This browser's visitor id (also the survey's one-answer token), kept in localStorage. */
  function visitorId() {
    var t = '';
    try { t = window.localStorage.getItem('portal.visitor') || ''; } catch { t = ''; }
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(t)) {
      t = randomId();
      try { window.localStorage.setItem('portal.visitor', t); } catch { /* this visit only */ }
    }
    return t;
  }
  /**
   * The page-view counter, GET /visitHistory/hit?cookie=…&page=…|articleId=… (the server counts a
   * visitor once per page per 30 minutes); a server without it (404) or offline is ignored.
   */
  function countView() {
    var b = document.body;
    var q = { cookie: visitorId() };
    var article = b.getAttribute('data-article-id');
    var column = b.getAttribute('data-column-id');
    if (article) q.articleId = article;
    else if (column) q.page = '/column/' + column + '/';
    else if (/^[A-Za-z0-9/_.-]{1,200}$/.test(location.pathname)) q.page = location.pathname;
    call('/visitHistory/hit', q, 'GET').then(function () { /* ignored */ });
  }
  /**
   * Sends a public submission once: its submit button is disabled while the call is in flight, and every
   * call of one form fill carries the same Idempotency-Key (a retry after a network failure is not stored
   * twice); once the server has answered, the next send is a new fill with a new key.
   */
  function submitOnce(form, path, body, headers) {
    var btn = form.querySelector('button[type="submit"]');
    if (form.getAttribute('data-busy') === '1') return Promise.resolve(null);
    form.setAttribute('data-busy', '1');
    if (btn) btn.disabled = true;
    if (!form.getAttribute('data-idem-key')) form.setAttribute('data-idem-key', randomId() + randomId());
    return call(path, body, 'POST', Object.assign({ 'Idempotency-Key': form.getAttribute('data-idem-key') }, headers || {})).then(function (r) {
      form.removeAttribute('data-busy');
      if (btn) btn.disabled = false;
      if (r.errorCode !== 'network') form.removeAttribute('data-idem-key');
      return r;
    });
  }
  window.Portal = { call: call, say: say, el: el, text: text, refreshCaptcha: refreshCaptcha, randomId: randomId, submitOnce: submitOnce };
  document.addEventListener('DOMContentLoaded', function () {
    setupElder();
    setupNav();
    setupCaptchas();
    countView();
  });
  // Apply the remembered mode as early as possible (the script is deferred, before DOMContentLoaded).
  try {
    if (/[?&]elder=1(&|$)/.test(location.search) || (!/[?&]elder=0(&|$)/.test(location.search) && window.localStorage.getItem(ELDER_KEY) === '1')) document.documentElement.classList.add('elder');
  } catch { /* ignore */ }
})();
