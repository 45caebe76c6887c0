/* 全站搜索 (queryEsArticle) and 政务公开搜索 (queryEsArticleZWGK): keyword, 7/30/90-day filter, paging,
   highlighted matches. The state lives in the address (?keyword=&dateType=&page=), so results can be linked. */
(function () {
  'use strict';
  var P = window.Portal;
  var PAGE_SIZE = 10;
  /** The server escapes the text and marks matches with <em>: parsed inertly, only text and <em> are kept. */
  function highlighted(html) {
    var span = document.createElement('span');
    var doc = new DOMParser().parseFromString('<body>' + P.text(html) + '</body>', 'text/html');
    doc.body.childNodes.forEach(function (n) {
      if (n.nodeName === 'EM') span.appendChild(P.el('em', { text: n.textContent || '' }));
      else span.appendChild(document.createTextNode(n.textContent || ''));
    });
    return span;
  }
  function start(form) {
    var root = form.getAttribute('data-root') || '';
    var out = document.getElementById(form.getAttribute('data-output'));
    var box = form.querySelector('.js-result');
    var params = new URLSearchParams(location.search);
    Array.prototype.forEach.call(form.elements, function (f) { if (f.name && params.has(f.name)) f.value = params.get(f.name); });
    var page = Math.max(1, Number(params.get('page')) || 1);
    function run() {
      var q = {};
      Array.prototype.forEach.call(form.elements, function (f) { if (f.name && f.value) q[f.name] = f.value; });
      if (!q.keyword && !q.title && !q.wjbh) return;
      q.pageNumber = page;
      q.pageSize = PAGE_SIZE;
      out.textContent = '正在搜索…';
      P.call(form.getAttribute('data-api'), q, 'GET').then(function (r) {
        out.textContent = '';
        if (r.errorCode !== '0') return P.say(box, r.errorMsg || '搜索失败', false);
        box.hidden = true;
        var d = r.data || { list: [], totalRow: 0, totalPage: 0 };
        // totalCapped: more match than the server counted (docs/search-and-reports.md), so "1000+".
        var more = d.totalCapped === true ? '+' : '';
        out.appendChild(P.el('p', { class: 'meta-line', role: 'status', text: '共找到 ' + d.totalRow + more + ' 条结果' }));
        var ul = P.el('ul', { class: 'result-list' });
        d.list.forEach(function (a) {
          var url = a.jumpUrl && /^https?:\/\//.test(a.jumpUrl) ? a.jumpUrl : root + 'article/' + P.text(a.publishTime).slice(0, 4) + '/' + P.text(a.publishTime).slice(5, 7) + '/' + a.articleId + '.html';
          var link = P.el('a', { href: url });
          link.appendChild(highlighted(a.highlightTitle || a.title));
          var snippet = P.el('p', {});
          snippet.appendChild(highlighted(a.highlightContent || ''));
          var meta = [a.columnTitle, a.wjbh, P.text(a.publishTime).slice(0, 10)].filter(Boolean).join('　');
          ul.appendChild(P.el('li', { class: 'search-hit' }, [P.el('h3', {}, [link]), snippet, P.el('p', { class: 'meta-line', text: meta })]));
        });
        out.appendChild(ul);
        if (d.totalPage > 1) {
          var nav = P.el('nav', { class: 'pagination', 'aria-label': '搜索结果分页' });
          var go = function (n) { params.set('page', String(n)); return '?' + params.toString(); };
          if (page > 1) nav.appendChild(P.el('a', { href: go(page - 1), text: '上一页' }));
          nav.appendChild(P.el('span', { text: '第 ' + page + ' / ' + d.totalPage + more + ' 页' }));
          if (page < d.totalPage) nav.appendChild(P.el('a', { href: go(page + 1), text: '下一页' }));
          out.appendChild(nav);
        }
      });
    }
    run();
  }
  document.addEventListener('DOMContentLoaded', function () { document.querySelectorAll('form.js-search').forEach(start); });
})();
