/* 论坛 (pages/forum.html, forum-topic.html): the latest topics and each topic's page with its published
   replies are written at generation time; this script lists another plate, counts a topic page's visit
   (/theme/webget) and shows the count, and sends a member's new topic. The member token is the one
   js/sso.js keeps ('portal.peopleToken'). An old link forum.html?id=N goes to the topic's page. */
(function () {
  'use strict';
  var P = window.Portal;
  var TOKEN = 'portal.peopleToken';
  function token() { try { return window.localStorage.getItem(TOKEN) || ''; } catch { return ''; } }
  function q(sel) { return document.querySelector(sel); }
  function listTopics() {
    var box = q('[data-forum-topics]');
    var plate = q('#f-plate').value;
    var body = { pageNum: 1, pageSize: 20 };
    if (plate) body.plateId = Number(plate);
    P.call('/theme/weblist', body).then(function (r) {
      box.textContent = '';
      if (r.errorCode !== '0') return box.appendChild(P.el('p', { class: 'notice error', text: r.errorMsg || '加载失败' }));
      var rows = (r.data && r.data.list) || [];
      if (!rows.length) return box.appendChild(P.el('p', { class: 'empty', text: '暂无主题' }));
      var ul = P.el('ul', { class: 'article-list' });
      rows.forEach(function (t) {
        var state = Number(t.replyState) === 1 ? '已答复' : '待答复';
        ul.appendChild(P.el('li', {}, [P.el('a', { href: 'forum/' + Number(t.id) + '.html', text: P.text(t.title) }), P.el('span', { class: 'date', text: P.text(t.plateName) + '　' + state + '　' + P.text(t.createTime).slice(0, 10) })]));
      });
      box.appendChild(ul);
    });
  }
  /** The topic page's visit counted; the count shown in place (the rest of the page is generated). */
  function countVisit(article) {
    P.call('/theme/webget', { id: Number(article.getAttribute('data-topic-id')) }).then(function (r) {
      var reads = article.querySelector('[data-topic-reads]');
      if (r.errorCode === '0' && reads) reads.textContent = P.text(r.data.readCount);
    });
  }
  function setupPost() {
    var form = q('#forum-form');
    var t = token();
    if (!form || !t) return;
    P.call('/web/people/getPeopleDetail', {}, 'POST', { Authorization: t }).then(function (me) {
      if (me.errorCode !== '0') return;
      q('[data-forum-guest]').hidden = true;
      form.hidden = false;
      q('[data-forum-who]').textContent = '已登录会员：' + P.text(me.data.name || me.data.phone);
    });
    var box = form.querySelector('.js-result');
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var body = valuesOf(form);
      P.submitOnce(form, '/theme/webAdd', body, { Authorization: token() }).then(function (r) {
        if (!r) return;
        if (r.errorCode !== '0') P.say(box, r.errorMsg || '提交失败', false);
        else {
          P.say(box, '发表成功。所选版块先审后发的，经版主审核后公开。查询码：' + r.data.queryCode, true);
          form.reset();
        }
        if (r.errorCode !== 'network') P.refreshCaptcha(form);
      });
    });
  }
  function valuesOf(form) {
    var out = {};
    Array.prototype.forEach.call(form.elements, function (f) { if (f.name && f.value !== '') out[f.name] = f.name === 'plateId' ? Number(f.value) : f.value; });
    if (form.getAttribute('data-code-id')) out.codeId = form.getAttribute('data-code-id');
    return out;
  }
  document.addEventListener('DOMContentLoaded', function () {
    var topic = q('[data-topic-id]');
    if (topic) return countVisit(topic);
    var id = /[?&]id=(\d+)(&|$)/.exec(location.search);
    if (id) return location.replace('forum/' + id[1] + '.html');
    var plate = q('#f-plate');
    plate.addEventListener('change', listTopics);
    // A browser that kept another plate's choice over a reload lists that plate.
    if (plate.value) listTopics();
    setupPost();
  });
})();
