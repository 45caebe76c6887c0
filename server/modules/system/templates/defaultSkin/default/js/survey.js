/* 在线调查 (pages/survey.html): the open surveys' questions and the public results are in the page already
   (written at generation time); this script shows the chosen survey, sends the answers (one answer per
   visitor: a token kept in this browser, plus the server's own checks) with the captcha, draws the result
   bars and refreshes the shown counts from /web/survey/result. Nothing is added to the page after load, so
   nothing moves. */
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
  /** Shows the set whose `attr` is `id`, hides the others; answers the shown one. */
  function show(holder, attr, id) {
    var shown = null;
    holder.querySelectorAll('[' + attr + ']').forEach(function (el) {
      var on = el.getAttribute(attr) === String(id);
      el.hidden = !on;
      if (on) shown = el;
    });
    return shown;
  }
  function answers(set) {
    var out = [];
    if (!set) return out;
    set.querySelectorAll('fieldset.question').forEach(function (fs) {
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
  function bars(root) {
    root.querySelectorAll('.result-fill[data-percent]').forEach(function (fill) {
      fill.style.width = Math.max(0, Math.min(100, Number(fill.getAttribute('data-percent')) || 0)) + '%';
    });
  }
  function setText(root, sel, v) { var el = root.querySelector(sel); if (el) el.textContent = String(v); }
  /** The live counts of one result set, written into the nodes already there. */
  function refresh(set) {
    P.call('/web/survey/result', { id: Number(set.getAttribute('data-result-id')) }).then(function (r) {
      if (r.errorCode !== '0') return;
      setText(set, '[data-record-count]', r.data.recordCount);
      r.data.questions.forEach(function (q) {
        var block = set.querySelector('.survey-result[data-question-id="' + q.id + '"]');
        if (!block) return;
        setText(block, '[data-answered]', q.answered);
        setText(block, '[data-text-count]', q.textCount);
        (q.options || []).forEach(function (o) {
          var li = block.querySelector('li[data-option-id="' + o.id + '"]');
          if (!li) return;
          li.querySelector('.result-fill').setAttribute('data-percent', String(o.percent));
          setText(li, '.result-value', o.count + '票，' + o.percent + '%');
        });
      });
      bars(set);
    });
  }
  document.addEventListener('DOMContentLoaded', function () {
    var results = document.getElementById('survey-results');
    var resultSelect = document.getElementById('sv-result-id');
    if (results && resultSelect) {
      bars(results);
      var pick = function () { var set = show(results, 'data-result-id', resultSelect.value); if (set) refresh(set); };
      resultSelect.addEventListener('change', pick);
      pick();
    }
    var form = document.getElementById('survey-form');
    if (!form) return;
    var select = form.querySelector('select[name="surveyId"]');
    var holder = document.getElementById('survey-questions');
    var box = form.querySelector('.js-result');
    select.addEventListener('change', function () {
      box.hidden = true;
      show(holder, 'data-survey-id', select.value);
    });
    // A browser that kept the last choice over a reload shows that survey.
    show(holder, 'data-survey-id', select.value);
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var body = window.PortalServices.valuesOf(form);
      body.surveyId = Number(select.value);
      body.visitorToken = token();
      body.answers = answers(holder.querySelector('[data-survey-id="' + select.value + '"]'));
      P.submitOnce(form, '/web/survey/save', body).then(function (r) {
        if (!r) return;
        P.say(box, r.errorCode === '0' ? r.errorMsg || '提交成功，感谢您的参与' : r.errorMsg || '提交失败', r.errorCode === '0');
        if (r.errorCode !== 'network') P.refreshCaptcha(form);
      });
    });
  });
})();
