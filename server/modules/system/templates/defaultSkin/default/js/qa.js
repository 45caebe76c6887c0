/* 智能问答: the answer of the most similar question, the other similar questions, the common questions. */
(function () {
  'use strict';
  var P = window.Portal;
  document.addEventListener('DOMContentLoaded', function () {
    var form = document.getElementById('qa-form');
    if (!form) return;
    var out = document.getElementById('qa-answer');
    var box = form.querySelector('.js-result');
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var quest = form.elements.quest.value.trim();
      out.textContent = '';
      P.call('/questAnswer/queryQusetLikeDetail', { quest: quest, index: 0 }, 'GET').then(function (r) {
        if (r.errorCode !== '0') return P.say(box, r.errorCode === '1003' ? '暂未找到相关答案，您可以通过领导信箱留言咨询' : r.errorMsg, false);
        box.hidden = true;
        out.appendChild(P.el('h3', { text: r.data.quest }));
        out.appendChild(P.el('div', { class: 'reply', text: r.data.answer }));
      });
    });
  });
})();
