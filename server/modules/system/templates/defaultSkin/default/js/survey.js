/* 在线调查: choose a survey, answer its questions (one answer per visitor: a token kept in this browser,
   plus the server's own checks) with the captcha; the server's refusal is shown as it is. 调查结果: the
   results of the surveys whose staff switched 公开结果 on, as plain bars with the counts and percentages
   written out. */
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
    if (survey.publicResult === 1) holder.appendChild(P.el('p', { class: 'notice', text: '本调查的结果已公开，可在下方“调查结果”中查看。' }));
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
          fs.appendChild(P.el('div', { class: 'choice' }, [P.el('input', { type: q.type === 0 ? 'radio' : 'checkbox', name: 'q' + q.id, id: oid, value: String(o.id) }), P.el('label', { for: oid, text: o.content })]));
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
  function renderResults(holder, data) {
    holder.textContent = '';
    holder.appendChild(P.el('p', { class: 'result-summary', text: '共收到答卷 ' + data.recordCount + ' 份' }));
    data.questions.forEach(function (q, i) {
      var block = P.el('section', { class: 'survey-result' });
      block.appendChild(P.el('h3', { text: (i + 1) + '. ' + q.title + '（' + q.typeName + '，' + q.answered + '人作答）' }));
      if (q.type === 2) {
        block.appendChild(P.el('p', { text: '共 ' + q.textCount + ' 条文字意见（内容不公开）' }));
      } else {
        var list = P.el('ul', { class: 'result-bars' });
        q.options.forEach(function (o) {
          var fill = P.el('span', { class: 'result-fill' });
          fill.style.width = Math.max(0, Math.min(100, Number(o.percent) || 0)) + '%';
          list.appendChild(P.el('li', {}, [
            P.el('span', { class: 'result-label', text: o.content }),
            P.el('span', { class: 'result-bar', 'aria-hidden': 'true' }, [fill]),
            P.el('span', { class: 'result-value', text: o.count + '票，' + o.percent + '%' }),
          ]));
        });
        block.appendChild(list);
      }
      holder.appendChild(block);
    });
  }
  document.addEventListener('DOMContentLoaded', function () {
    var resultSelect = document.getElementById('sv-result-id');
    var resultHolder = document.getElementById('survey-results');
    if (resultSelect && resultHolder) {
      resultSelect.addEventListener('change', function () {
        if (!resultSelect.value) { resultHolder.textContent = '暂无已公布的调查结果'; return; }
        P.call('/web/survey/result', { id: Number(resultSelect.value) }).then(function (r) {
          if (r.errorCode !== '0') { resultHolder.textContent = r.errorMsg || '调查结果暂不可用'; return; }
          renderResults(resultHolder, r.data);
        });
      });
    }
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
      P.submitOnce(form, '/web/survey/save', body).then(function (r) {
        if (!r) return;
        P.say(box, r.errorCode === '0' ? r.errorMsg || '提交成功，感谢您的参与' : r.errorMsg || '提交失败', r.errorCode === '0');
        if (r.errorCode !== 'network') P.refreshCaptcha(form);
      });
    });
  });
})();
