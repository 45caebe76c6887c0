/* The citizen services of the default skin, declared in the page's HTML with data attributes:
   form.js-submit[data-api]   sends the form (with the captcha) and shows the query code or the refusal;
   form.js-lookup[data-api]   looks a record up (query code + phone) and shows data-fields;
   .js-list[data-api]         lists published records (data-title, data-meta, data-detail);
   select[data-options]       fills choices from a call (data-label, data-value). */
(function () {
  'use strict';
  var P = window.Portal;
  function pairs(spec) {
    return (spec || '').split(';').filter(Boolean).map(function (s) { var i = s.indexOf(':'); return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + 1)]; });
  }
  function listOf(data) { return Array.isArray(data) ? data : data && Array.isArray(data.list) ? data.list : data ? [data] : []; }
  function valuesOf(form) {
    var out = {};
    Array.prototype.forEach.call(form.elements, function (f) {
      if (!f.name || f.disabled) return;
      if (f.type === 'checkbox') out[f.name] = f.checked ? 1 : 0;
      else if (f.type === 'radio') { if (f.checked) out[f.name] = f.hasAttribute('data-num') ? Number(f.value) : f.value; }
      else if (f.value !== '') out[f.name] = f.hasAttribute('data-num') ? Number(f.value) : f.value;
    });
    if (form.getAttribute('data-code-id')) out.codeId = form.getAttribute('data-code-id');
    return out;
  }
  /** Rich text (an advice topic's content and result) shown as its plain text; DOMParser runs no script. */
  function plain(v) {
    var s = P.text(v);
    return /^\s*</.test(s) ? new DOMParser().parseFromString(s, 'text/html').body.textContent || '' : s;
  }
  function details(record, spec) {
    var dl = P.el('dl', { class: 'doc-fields' });
    pairs(spec).forEach(function (p) {
      var v = record[p[0]];
      if (v === null || v === undefined || v === '') return;
      dl.appendChild(P.el('dt', { text: p[1] || p[0] }));
      dl.appendChild(P.el('dd', { text: plain(v) }));
    });
    return dl;
  }
  function onSubmit(form) {
    var box = form.querySelector('.js-result');
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      P.submitOnce(form, form.getAttribute('data-api'), valuesOf(form)).then(function (r) {
        if (!r) return; // a second click while the first call is in flight
        if (r.errorCode !== '0') {
          P.say(box, r.errorMsg || '提交失败', false);
        } else {
          var code = r.data && r.data.queryCode;
          P.say(box, (r.errorMsg || '提交成功') + (code ? '。查询码：' + code : ''), true);
          if (code) box.appendChild(P.el('p', { class: 'query-code', 'data-query-code': code, text: code }));
          form.reset();
          form.dispatchEvent(new Event('change'));
        }
        // After a lost answer the same fill is sent again as it was (same key, same code): the server answers it once.
        if (r.errorCode !== 'network') P.refreshCaptcha(form);
      });
    });
  }
  function onLookup(form) {
    var box = form.querySelector('.js-result');
    var out = form.querySelector('.js-output');
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      out.textContent = '';
      P.call(form.getAttribute('data-api'), valuesOf(form)).then(function (r) {
        if (r.errorCode !== '0') return P.say(box, r.errorMsg || '查询失败', false);
        var found = listOf(r.data);
        P.say(box, found.length ? '查询成功' : '没有找到记录', found.length > 0);
        found.forEach(function (rec) { out.appendChild(details(rec, form.getAttribute('data-fields'))); });
      });
    });
  }
  function loadList(box) {
    var body = { pageNum: 1, pageSize: Number(box.getAttribute('data-size') || 10), size: Number(box.getAttribute('data-size') || 10) };
    P.call(box.getAttribute('data-api'), body).then(function (r) {
      box.textContent = '';
      if (r.errorCode !== '0') return box.appendChild(P.el('p', { class: 'notice error', text: r.errorMsg || '加载失败' }));
      var rows = listOf(r.data);
      if (!rows.length) return box.appendChild(P.el('p', { class: 'empty', text: '暂无信息' }));
      var ul = P.el('ul', { class: 'result-list' });
      rows.forEach(function (rec) {
        var meta = pairs(box.getAttribute('data-meta')).map(function (p) { return rec[p[0]] ? (p[1] ? p[1] + '：' : '') + P.text(rec[p[0]]) : ''; }).filter(Boolean).join('　');
        var d = P.el('details', {}, [P.el('summary', { text: P.text(rec[box.getAttribute('data-title') || 'title']) }), P.el('p', { class: 'meta-line', text: meta }), details(rec, box.getAttribute('data-detail'))]);
        ul.appendChild(P.el('li', {}, [d]));
      });
      box.appendChild(ul);
    });
  }
  /** The choices are in the page when it was generated; the call brings them up to date (placeholder kept). */
  function loadOptions(select) {
    P.call(select.getAttribute('data-options'), { pageNum: 1, pageSize: 50, size: 50 }).then(function (r) {
      if (r.errorCode !== '0') return;
      var chosen = select.value;
      Array.prototype.slice.call(select.options).forEach(function (o) { if (o.value !== '') o.remove(); });
      listOf(r.data).forEach(function (rec) {
        select.appendChild(P.el('option', { value: P.text(rec[select.getAttribute('data-value') || 'id']), text: P.text(rec[select.getAttribute('data-label') || 'title']) }));
      });
      if (chosen) select.value = chosen;
      select.dispatchEvent(new Event('change'));
    });
  }
  /**
   * input[data-required-when="field=a,b"]: required only while that field of the form has one of the values
   * (通信地址 when 获取方式 is 邮寄 or 快递); the label's hint stays, the browser refuses an empty one.
   */
  function setupRequiredWhen(form) {
    var inputs = form.querySelectorAll('[data-required-when]');
    if (!inputs.length) return;
    function update() {
      inputs.forEach(function (input) {
        var rule = input.getAttribute('data-required-when').split('=');
        var field = form.elements[rule[0]];
        input.required = !!field && rule[1].split(',').indexOf(field.value) >= 0;
      });
    }
    form.addEventListener('change', update);
    update();
  }
  /**
   * input[type=file][data-proof-upload]: the file goes up as soon as it is chosen (size checked here first,
   * type and size again by the server while it reads); the stored name fills the form's hidden proofFile.
   * The form's submit button waits while the upload is in flight.
   */
  function setupProof(input) {
    var form = input.form;
    var hidden = input.parentNode.querySelector('input[name="proofFile"]');
    var status = input.parentNode.querySelector('.proof-status');
    var submit = form.querySelector('button[type="submit"]');
    function tell(message, ok) { status.hidden = false; status.className = 'proof-status ' + (ok ? 'ok' : 'error'); status.textContent = message; }
    input.addEventListener('change', function () {
      hidden.value = '';
      var file = input.files && input.files[0];
      if (!file) return void (status.hidden = true);
      if (file.size > Number(input.getAttribute('data-max-bytes'))) { input.value = ''; return tell('文件不能超过5MB，请压缩后重新选择', false); }
      var data = new FormData();
      data.append('file', file);
      submit.disabled = true;
      tell('正在上传……', true);
      var meta = document.querySelector('meta[name="portal-api"]');
      fetch(((meta && meta.getAttribute('content')) || '') + input.getAttribute('data-proof-upload'), { method: 'POST', body: data })
        .then(function (r) { return r.json(); })
        .catch(function () { return { errorCode: 'network', errorMsg: '网络连接失败，请重新选择文件' }; })
        .then(function (r) {
          submit.disabled = false;
          if (r.errorCode !== '0') { input.value = ''; return tell(r.errorMsg || '上传失败', false); }
          hidden.value = r.data.proofFile;
          tell('已上传：' + file.name, true);
        });
    });
    form.addEventListener('reset', function () { hidden.value = ''; status.hidden = true; });
  }
  /** Tabs: buttons[data-tab] show the panel with the same id. */
  function setupTabs() {
    var buttons = document.querySelectorAll('[data-tab]');
    buttons.forEach(function (b) {
      b.addEventListener('click', function () {
        buttons.forEach(function (o) {
          var on = o === b;
          o.setAttribute('aria-pressed', on ? 'true' : 'false');
          var panel = document.getElementById(o.getAttribute('data-tab'));
          if (panel) panel.hidden = !on;
        });
      });
    });
  }
  document.addEventListener('DOMContentLoaded', function () {
    document.querySelectorAll('form.js-submit').forEach(onSubmit);
    document.querySelectorAll('form').forEach(setupRequiredWhen);
    document.querySelectorAll('form.js-lookup').forEach(onLookup);
    document.querySelectorAll('.js-list').forEach(loadList);
    document.querySelectorAll('select[data-options]').forEach(loadOptions);
    document.querySelectorAll('input[data-proof-upload]').forEach(setupProof);
    setupTabs();
  });
  window.PortalServices = { valuesOf: valuesOf, details: details, listOf: listOf };
})();
