/* 统一身份认证登录 (docs/identity.md), self-contained: any element with [data-sso-login] gets the button when
   /web/people/ssoConfig says a platform is configured; the page the platform sends the citizen back to
   (?code=&state= of OpenID Connect, ?ticket= of CAS) is finished with /web/people/checkLoginNoCode. The member
   token is kept in localStorage 'portal.peopleToken' (the other member pages read it there). */
(function () {
  'use strict';
  var meta = document.querySelector('meta[name="portal-api"]');
  var API = (meta && meta.getAttribute('content')) || '';
  var TOKEN = 'portal.peopleToken';
  var STATE = 'portal.ssoState';
  var BACK = new URLSearchParams(window.location.search).get('back') || '';
  function store(kind, key, value) {
    try { if (value === null) window[kind].removeItem(key); else window[kind].setItem(key, value); } catch { /* private mode */ }
  }
  function read(kind, key) { try { return window[kind].getItem(key) || ''; } catch { return ''; } }
  function api(path, opts) {
    opts = opts || {};
    var headers = { 'Content-Type': 'application/json' };
    if (opts.token) headers.Authorization = opts.token;
    return fetch(API + path, { method: opts.method || 'POST', headers: headers, body: opts.method === 'GET' ? undefined : JSON.stringify(opts.body || {}) })
      .then(function (r) { return r.json(); })
      .catch(function () { return { errorCode: 'network', errorMsg: '网络连接失败，请检查网络后重试' }; });
  }
  function status(message, ok) {
    var box = document.querySelector('[data-sso-status]');
    if (!box) return;
    box.hidden = !message;
    box.className = 'notice ' + (ok ? 'ok' : 'error');
    box.textContent = message || '';
  }
  function showMember(token) {
    var member = document.querySelector('[data-sso-member]');
    if (!member) return;
    api('/web/people/getPeopleDetail', { token: token }).then(function (me) {
      if (me.errorCode !== '0') { store('localStorage', TOKEN, null); return; }
      member.hidden = false;
      document.querySelectorAll('[data-member-login]').forEach(function (n) { n.hidden = true; });
      // Came from a page that needs a member (论坛 发帖): the way back.
      var back = document.querySelector('[data-member-back]');
      if (back && /^[a-z0-9_-]+\.html$/.test(BACK)) { back.querySelector('a').setAttribute('href', BACK); back.hidden = false; }
      document.querySelector('[data-sso-who]').textContent = '已登录：' + (me.data.name || me.data.phone || '会员');
      var list = document.querySelector('[data-sso-letters]');
      list.textContent = '';
      Promise.all(['/llweb/theme/my/list', '/xaxweb/theme/my/list'].map(function (p) { return api(p, { token: token, body: { pageNum: 1, pageSize: 20 } }); }))
        .then(function (pages) {
          var items = [];
          pages.forEach(function (p) { if (p.errorCode === '0' && p.data && p.data.list) items = items.concat(p.data.list); });
          if (!items.length) { var li = document.createElement('li'); li.className = 'empty'; li.textContent = '暂无信件'; list.appendChild(li); }
          items.forEach(function (t) { var li = document.createElement('li'); li.textContent = (t.title || '（无标题）') + (t.createTime ? '　' + String(t.createTime).slice(0, 10) : ''); list.appendChild(li); });
        });
    });
  }
  function finish(params) {
    var query = new URLSearchParams();
    ['code', 'state', 'iss', 'ticket'].forEach(function (k) { if (params.get(k)) query.set(k, params.get(k)); });
    // The state must be the one this browser started with (the server checks it too, once).
    if (params.get('code') && params.get('state') !== read('sessionStorage', STATE)) {
      status('登录请求无效或已过期，请重新点击“统一身份认证登录”', false);
      return;
    }
    store('sessionStorage', STATE, null);
    status('正在登录……', true);
    fetch(API + '/web/people/checkLoginNoCode?' + query.toString(), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
      .then(function (r) { return r.json(); })
      .catch(function () { return { errorCode: 'network', errorMsg: '网络连接失败，请检查网络后重试' }; })
      .then(function (r) {
        if (r.errorCode !== '0') { status(r.errorMsg, false); return; }
        store('localStorage', TOKEN, r.data.value);
        status('登录成功', true);
        showMember(r.data.value);
      });
    // The code or ticket is used once: it leaves the address bar and the history.
    window.history.replaceState(null, '', window.location.pathname);
  }
  /** 手机号登录: phone + image code (js/portal.js sets the form's codeId); a new phone registers. */
  function setupPhoneLogin() {
    var form = document.querySelector('#member-login');
    if (!form) return;
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var button = form.querySelector('button[type="submit"]');
      button.disabled = true;
      api('/web/people/mobileLogin', { body: { peoplePhone: form.elements.peoplePhone.value.trim(), photoCode: form.elements.verifyCode.value.trim(), codeId: form.getAttribute('data-code-id') || '' } }).then(function (r) {
        button.disabled = false;
        if (r.errorCode !== '0') {
          status(r.errorMsg || '登录失败', false);
          if (window.Portal) window.Portal.refreshCaptcha(form);
          return;
        }
        store('localStorage', TOKEN, r.data.value);
        status('登录成功', true);
        showMember(r.data.value);
      });
    });
  }
  function setup() {
    var holders = document.querySelectorAll('[data-sso-login]');
    var params = new URLSearchParams(window.location.search);
    if (params.get('error')) status('统一身份认证未完成：' + (params.get('error') === 'access_denied' ? '您已取消登录' : params.get('error')), false);
    else if (params.get('code') || params.get('ticket')) finish(params);
    else if (read('localStorage', TOKEN)) showMember(read('localStorage', TOKEN));
    api('/web/people/ssoConfig', { method: 'GET' }).then(function (cfg) {
      var on = cfg.errorCode === '0' && cfg.data && cfg.data.enabled;
      document.querySelectorAll('[data-sso-off]').forEach(function (n) { n.hidden = Boolean(on); });
      holders.forEach(function (holder) {
        holder.hidden = !on;
        var button = holder.querySelector('.sso-button');
        if (!on || !button) return;
        button.textContent = cfg.data.label || '统一身份认证登录';
        button.addEventListener('click', function () {
          button.disabled = true;
          api('/web/people/ssoStart').then(function (r) {
            button.disabled = false;
            if (r.errorCode !== '0') { status(r.errorMsg, false); return; }
            if (r.data.state) store('sessionStorage', STATE, r.data.state);
            window.location.assign(r.data.url);
          });
        });
      });
    });
    setupPhoneLogin();
    var out = document.querySelector('[data-sso-logout]');
    if (out) out.addEventListener('click', function () {
      store('localStorage', TOKEN, null);
      document.querySelector('[data-sso-member]').hidden = true;
      document.querySelectorAll('[data-member-login]').forEach(function (n) { n.hidden = false; });
      status('已退出登录', true);
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setup);
  else setup();
})();
