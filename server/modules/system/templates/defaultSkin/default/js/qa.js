/* 智能问答: the answer of the most similar question (GET /questAnswer/queryQusetLikeDetail with quest,
   index and size, all three required), then the other similar questions as buttons that show theirs. */
(function () {
  'use strict';
  var P = window.Portal;
  var SIZE = 5;
  document.addEventListener('DOMContentLoaded', function () {
    var form = document.getElementById('qa-form');
    if (!form) return;
    var out = document.getElementById('qa-answer');
    var box = form.querySelector('.js-result');
    function ask(quest, index) {
      P.call('/questAnswer/queryQusetLikeDetail', { quest: quest, index: index, size: SIZE }, 'GET').then(function (r) {
        out.textContent = '';
        if (r.errorCode !== '0') return P.say(box, r.errorCode === '1003' ? '暂未找到相关答案，您可以通过领导信箱留言咨询' : r.errorMsg, false);
        box.hidden = true;
        out.appendChild(P.el('h3', { text: r.data.quest }));
        out.appendChild(P.el('div', { class: 'reply', text: r.data.answer }));
        var others = (r.data.list || []).map(function (q, i) { return { q: q, i: i }; }).filter(function (e) { return e.i !== index; });
        if (!others.length) return;
        out.appendChild(P.el('h4', { text: '相似问题' }));
        var list = P.el('ul', { class: 'article-list' });
        others.forEach(function (e) {
          var btn = P.el('button', { type: 'button', class: 'link-button', text: e.q.quest });
          btn.addEventListener('click', function () { ask(quest, e.i); });
          list.appendChild(P.el('li', {}, [btn]));
        });
        out.appendChild(list);
      });
    }
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var quest = form.elements.quest.value.trim();
      if (quest) ask(quest, 0);
    });
  });
})();
