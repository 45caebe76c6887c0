/* 论坛 (pages/forum.html): the topic list by plate, one topic (?id=) with the departments' published replies,
   and a member's new topic. The member token is the one js/sso.js keeps ('portal.peopleToken'). */
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
        ul.appendChild(P.el('li', {}, [P.el('a', { href: 'forum.html?id=' + t.id, text: P.text(t.title) }), P.el('span', { class: 'date', text: P.text(t.plateName) + '　' + state + '　' + P.text(t.createTime).slice(0, 10) })]));
      });
      box.appendChild(ul);
    });
  }
  function showTopic(id) {
    q('#forum-list').hidden = true;
    q('#forum-topic').hidden = false;
    P.call('/theme/webget', { id: id }).then(function (r) {
      if (r.errorCode !== '0') { q('[data-topic-title]').textContent = r.errorMsg || '主题不存在或未公开'; return; }
      var t = r.data;
      document.title = P.text(t.title) + ' - ' + document.title;
      q('[data-topic-title]').textContent = P.text(t.title);
      q('[data-topic-meta]').textContent = '版块：' + P.text(t.plateName) + '　发帖人：' + P.text(t.name) + '　发表时间：' + P.text(t.createTime) + '　浏览：' + P.text(t.readCount);
      q('[data-topic-content]').appendChild(P.el('p', { text: P.text(t.content) }));
      var replies = q('[data-topic-replies]');
      if (!t.replies || !t.replies.length) return replies.appendChild(P.el('p', { class: 'empty', text: '暂无答复' }));
      t.replies.forEach(function (rep) {
        replies.appendChild(P.el('dl', { class: 'doc-fields' }, [
          P.el('dt', { text: '答复部门' }), P.el('dd', { text: P.text(rep.replyDeptName) }),
          P.el('dt', { text: '答复时间' }), P.el('dd', { text: P.text(rep.replyTime) }),
          P.el('dt', { text: '答复内容' }), P.el('dd', { text: P.text(rep.content) }),
        ]));
      });
    });
  }
  function setupPost() {
    var form = q('#forum-form');
    var t = token();
    if (!t) return;
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
    var id = /[?&]id=(\d+)(&|$)/.exec(location.search);
    if (id) showTopic(Number(id[1]));
    else {
      listTopics();
      q('#f-plate').addEventListener('change', listTopics);
    }
    setupPost();
  });
})();
