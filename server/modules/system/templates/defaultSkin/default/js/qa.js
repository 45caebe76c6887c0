/* 智能问答: the answer of the most similar question (GET /questAnswer/queryQusetLikeDetail with quest,
   index and size, all three required), then the other similar questions as buttons that show theirs.
   After an answer the visitor rates it (满意 / 不满意); when nothing matches the question can be sent to
   staff. Both go to POST /questAnswer/assessDearchfeedback (satisfied 1/2, questAnswerId or quest,
   content, captcha); staff's 补充答案 puts the question into the knowledge base, so asking again finds it. */
(function () {
  'use strict';
  var P = window.Portal;
  var SIZE = 5;
  var TITLES = {
    1: ['感谢您的评价。如有补充，请填写后提交。', '补充说明（选填）', '提交评价'],
    2: ['请告诉我们哪里没有解决，我们会完善答案。', '反馈内容（选填）', '提交反馈'],
    ask: ['请确认您的问题，工作人员答复后将收录到智能问答。', '补充说明（选填）', '提交问题'],
  };
  var DONE = {
    1: '感谢您的评价！',
    2: '感谢您的反馈，工作人员会尽快完善答案。',
    ask: '您的问题已提交。工作人员答复后，再次提问即可看到答案。',
  };

  /** The feedback block under the answer: the rating, the "send your question" offer and the form. */
  function feedbackBlock() {
    var root = document.getElementById('qa-feedback');
    var rate = document.getElementById('qa-rate');
    var unanswered = document.getElementById('qa-unanswered');
    var slot = document.getElementById('qa-form-slot');
    var status = document.getElementById('qa-feedback-status');
    var openBtn = document.getElementById('qa-send-open');
    var rateBtns = rate.querySelectorAll('[data-satisfied]');
    var current = { quest: '', answerId: null };

    function press(value) {
      rateBtns.forEach(function (b) { b.setAttribute('aria-pressed', b.getAttribute('data-satisfied') === String(value) ? 'true' : 'false'); });
      openBtn.setAttribute('aria-expanded', value === 'ask' ? 'true' : 'false');
    }
    function closeForm() { slot.textContent = ''; press(null); }
    /** The form from its template: the captcha is fetched now, a new one after every refusal. */
    function openForm(kind) {
      var form = slot.querySelector('form');
      if (!form) {
        slot.appendChild(document.getElementById('qa-feedback-template').content.cloneNode(true));
        form = slot.querySelector('form');
        form.querySelector('img.captcha').addEventListener('click', function () { P.refreshCaptcha(form); });
        form.querySelector('.captcha-refresh').addEventListener('click', function () { P.refreshCaptcha(form); });
        form.addEventListener('submit', function (e) { e.preventDefault(); send(form); });
        P.refreshCaptcha(form);
        form.elements.quest.value = current.quest;
      }
      var t = TITLES[kind];
      form.setAttribute('data-kind', kind);
      form.querySelector('.qa-form-title').textContent = t[0];
      form.querySelector('label[for="qf-content"]').textContent = t[1];
      form.querySelector('button[type="submit"]').textContent = t[2];
      form.elements.satisfied.value = kind === 1 ? '1' : '2';
      form.elements.questAnswerId.value = kind === 'ask' || current.answerId === null ? '' : String(current.answerId);
      press(kind);
      form.elements[kind === 'ask' ? 'quest' : 'content'].focus();
    }
    function send(form) {
      var box = form.querySelector('.js-result');
      var kind = form.getAttribute('data-kind');
      P.submitOnce(form, '/questAnswer/assessDearchfeedback', window.PortalServices.valuesOf(form)).then(function (r) {
        if (!r) return;
        if (r.errorCode !== '0') {
          P.say(box, r.errorMsg || '提交失败，请稍后再试', false);
          if (r.errorCode !== 'network') P.refreshCaptcha(form);
          return;
        }
        closeForm();
        rate.hidden = true;
        unanswered.hidden = true;
        status.textContent = DONE[kind];
        status.hidden = false;
      });
    }
    rateBtns.forEach(function (b) { b.addEventListener('click', function () { openForm(Number(b.getAttribute('data-satisfied'))); }); });
    openBtn.addEventListener('click', function () { openForm('ask'); });
    return {
      /** After a lookup: `answerId` null when nothing matched. */
      show: function (quest, answerId) {
        current = { quest: quest, answerId: answerId };
        closeForm();
        status.hidden = true;
        root.hidden = false;
        rate.hidden = answerId === null;
        unanswered.hidden = answerId !== null;
      },
      hide: function () { closeForm(); root.hidden = true; },
    };
  }

  document.addEventListener('DOMContentLoaded', function () {
    var form = document.getElementById('qa-form');
    if (!form) return;
    var out = document.getElementById('qa-answer');
    var similar = document.getElementById('qa-similar');
    var box = form.querySelector('.js-result');
    var feedback = feedbackBlock();
    function ask(quest, index) {
      P.call('/questAnswer/queryQusetLikeDetail', { quest: quest, index: index, size: SIZE }, 'GET').then(function (r) {
        out.textContent = '';
        similar.textContent = '';
        if (r.errorCode === '1003') {
          box.hidden = true;
          out.appendChild(P.el('p', { class: 'empty', text: '暂未找到相关答案。' }));
          return feedback.show(quest, null);
        }
        if (r.errorCode !== '0') { feedback.hide(); return P.say(box, r.errorMsg, false); }
        box.hidden = true;
        out.appendChild(P.el('h3', { text: r.data.quest }));
        out.appendChild(P.el('div', { class: 'reply', text: r.data.answer }));
        feedback.show(quest, r.data.id);
        var others = (r.data.list || []).map(function (q, i) { return { q: q, i: i }; }).filter(function (e) { return e.i !== index; });
        if (!others.length) return;
        similar.appendChild(P.el('h3', { text: '相似问题' }));
        var list = P.el('ul', { class: 'article-list' });
        others.forEach(function (e) {
          var btn = P.el('button', { type: 'button', class: 'link-button', text: e.q.quest });
          btn.addEventListener('click', function () { ask(quest, e.i); });
          list.appendChild(P.el('li', {}, [btn]));
        });
        similar.appendChild(list);
      });
    }
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var quest = form.elements.quest.value.trim();
      if (quest) ask(quest, 0);
    });
  });
})();
