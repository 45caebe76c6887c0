/* 在线调查: choose a survey, answer its questions (one answer per visitor: a token kept in this browser,
   plus the server's own checks) with the captcha; the server's refusal is shown as it is. */
(function () {
  'use strict';
  var P = window.Portal;
  var TOKEN_KEY = 'portal.visitor';
  function token() {
    var t = '';
    try { t = window.localStorage.getItem(TOKEN_KEY) || ''; } catch { t = ''; }
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(t)) {
      t = P.randomId();
      try { window.localStorage.setItem(TOKEN_KEY, t); } catch { /* this visit only */ }
    }
    return t;
  }
  function renderQuestions(holder, survey) {
    holder.textContent = '';
    if (survey.description) holder.appendChild(P.el('p', { text: survey.description }));
    if (!survey.accepting) holder.appendChild(P.el('p', { class: 'notice error', text: '该调查当前不接受答卷' }));
    survey.questions.forEach(function (q, i) {
      var fs = P.el('fieldset', { class: 'question', 'data-question-id': String(q.id), 'data-type': String(q.type) });
      fs.appendChild(P.el('legend', { text: (i + 1) + '. ' + q.title + (q.required === 1 ? '（必答）' : '') }));
      if (q.type === 2) {
        var id = 'q' + q.id;
        fs.appendChild(P.el('label', { for: id, class: 'skip', text: q.title }));
        fs.appendChild(P.el('textarea', { id: id, maxlength: '2000' }));
      } else {
        q.options.forEach(function (o) {
          var oid = 'o' + o.id;
          fs.appendChild(P.el('div', {}, [P.el('input', { type: q.type === 0 ? 'radio' : 'checkbox', name: 'q' + q.id, id: oid, value: String(o.id) }), P.el('label', { for: oid, text: ' ' + o.content })]));
        });
      }
      holder.appendChild(fs);
    });
  }
  function answers(holder) {
    var out = [];
    holder.querySelectorAll('fieldset.question').forEach(function (fs) {
      var qid = Number(fs.getAttribute('data-question-id'));
      if (fs.getAttribute('data-type') === '2') {
        var t = fs.querySelector('textarea').value.trim();
        if (t) out.push({ questionId: qid, text: t });
      } else {
        var ids = Array.prototype.map.call(fs.querySelectorAll('input:checked'), function (i) { return Number(i.value); });
        if (ids.length) out.push({ questionId: qid, optionIds: ids });
      }
    });
    return out;
  }
  document.addEventListener('DOMContentLoaded', function () {
    var form = document.getElementById('survey-form');
    if (!form) return;
    var select = form.querySelector('select[name="surveyId"]');
    var holder = document.getElementById('survey-questions');
    var box = form.querySelector('.js-result');
    select.addEventListener('change', function () {
      if (!select.value) return;
      P.call('/web/survey/find', { id: Number(select.value) }).then(function (r) {
        if (r.errorCode !== '0') return P.say(box, r.errorMsg, false);
        box.hidden = true;
        renderQuestions(holder, r.data);
      });
    });
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var body = window.PortalServices.valuesOf(form);
      body.surveyId = Number(select.value);
      body.visitorToken = token();
      body.answers = answers(holder);
      P.call('/web/survey/save', body).then(function (r) {
        P.say(box, r.errorCode === '0' ? r.errorMsg || '提交成功，感谢您的参与' : r.errorMsg || '提交失败', r.errorCode === '0');
        P.refreshCaptcha(form);
      });
    });
  });
})();
