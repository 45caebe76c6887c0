/* 全站搜索 (pages/search.html): relevance or time order (sortType), 您是不是要找, service entries above the
   results, facets beside them (column, year, document type; a click narrows), suggestions as the citizen
   types, clicks counted for staff statistics. The state lives in the address, so results can be linked. */
(function () {
  'use strict';
  var P = window.Portal;
  var PAGE_SIZE = 10;
  var REWRITES = { pinyin: '拼音', traditional: '繁体', correction: '纠错' };
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
  function linkTo(params, changes) {
    var p = new URLSearchParams(params.toString());
    Object.keys(changes).forEach(function (k) { if (changes[k] === null || changes[k] === '') p.delete(k); else p.set(k, changes[k]); });
    p.delete('page');
    return '?' + p.toString();
  }
  function articleUrl(root, a) {
    if (a.jumpUrl && /^https?:\/\//.test(a.jumpUrl)) return a.jumpUrl;
    var t = P.text(a.publishTime);
    return root + 'article/' + t.slice(0, 4) + '/' + t.slice(5, 7) + '/' + a.articleId + '.html';
  }
  function facetGroup(title, items, params, key, current) {
    if (!items.length) return null;
    var ul = P.el('ul', {});
    ul.appendChild(P.el('li', {}, [P.el('a', { href: linkTo(params, (function () { var c = {}; c[key] = null; return c; })()), 'aria-current': current ? 'false' : 'true', text: '全部' })]));
    items.forEach(function (it) {
      var c = {};
      c[key] = String(it.value);
      var on = String(current) === String(it.value);
      ul.appendChild(P.el('li', {}, [P.el('a', { href: linkTo(params, c), 'aria-current': on ? 'true' : 'false' }, [P.el('span', { text: it.label }), P.el('span', { class: 'meta-line', text: String(it.count) })])]));
    });
    return P.el('div', {}, [P.el('h2', { text: title }), ul]);
  }
  function facetsPanel(f, params) {
    var nav = P.el('nav', { class: 'facets', 'aria-label': '结果分类' });
    var groups = [
      facetGroup('栏目', f.columns.map(function (c) { return { value: c.columnId, label: c.columnTitle || ('栏目' + c.columnId), count: c.count }; }), params, 'esType', params.get('esType')),
      facetGroup('年份', f.years.map(function (y) { return { value: y.year, label: y.year + '年', count: y.count }; }), params, 'year', params.get('year')),
      facetGroup('文件类型', f.types.map(function (t) { return { value: t.wjType, label: t.wjType, count: t.count }; }), params, 'wjType', params.get('wjType')),
    ];
    groups.forEach(function (g) { if (g) nav.appendChild(g); });
    if (f.capped) nav.appendChild(P.el('p', { class: 'meta-line', text: '分类统计按最新1000条结果计算' }));
    return nav;
  }
  function servicesBox(services) {
    if (!services || !services.length) return null;
    var box = P.el('section', { class: 'services', 'aria-label': '办事服务' });
    services.forEach(function (s) {
      box.appendChild(P.el('h2', {}, [P.el('a', { href: s.link, rel: 'noopener', text: '办事直达：' + s.title })]));
      if (s.answer) box.appendChild(P.el('p', { text: s.answer }));
    });
    return box;
  }
  function queryLine(q, params) {
    if (!q) return null;
    if (q.rewrite && q.searched !== q.keyword) {
      return P.el('p', { class: 'did-you-mean' }, ['已按“', P.el('strong', { text: q.searched }), '”搜索（' + (REWRITES[q.rewrite] || '') + '），您输入的是“' + q.keyword + '”']);
    }
    if (q.suggestion && q.suggestion !== q.searched) {
      return P.el('p', { class: 'did-you-mean' }, ['您是不是要找：', P.el('a', { href: linkTo(params, { keyword: q.suggestion }), text: q.suggestion })]);
    }
    return null;
  }
  function hitItem(a, root, keyword) {
    var link = P.el('a', { href: articleUrl(root, a) });
    link.appendChild(highlighted(a.highlightTitle || a.title));
    // A result opened from the search counts for the staff's statistics (fire and forget).
    link.addEventListener('click', function () { P.call('/api/article/searchClick', { keyword: keyword, articleId: a.articleId }); });
    var snippet = P.el('p', {});
    snippet.appendChild(highlighted(a.highlightContent || ''));
    var meta = [a.columnTitle, a.wjbh, P.text(a.publishTime).slice(0, 10)].filter(Boolean).join('　');
    return P.el('li', { class: 'search-hit' }, [P.el('h2', {}, [link]), snippet, P.el('p', { class: 'meta-line', text: meta })]);
  }
  function pager(d, page, params, more) {
    if (d.totalPage <= 1) return null;
    var nav = P.el('nav', { class: 'pagination', 'aria-label': '搜索结果分页' });
    var go = function (n) { var p = new URLSearchParams(params.toString()); p.set('page', String(n)); return '?' + p.toString(); };
    if (page > 1) nav.appendChild(P.el('a', { href: go(page - 1), text: '上一页' }));
    nav.appendChild(P.el('span', { text: '第 ' + page + ' / ' + d.totalPage + more + ' 页' }));
    if (page < d.totalPage) nav.appendChild(P.el('a', { href: go(page + 1), text: '下一页' }));
    return nav;
  }
  function render(out, d, params, page, root, keyword) {
    out.textContent = '';
    var more = d.totalCapped === true ? '+' : '';
    var main = P.el('div', { class: 'search-main' });
    [queryLine(d.query, params), servicesBox(d.services)].forEach(function (n) { if (n) main.appendChild(n); });
    main.appendChild(P.el('p', { class: 'meta-line', role: 'status', text: '共找到 ' + d.totalRow + more + ' 条结果' }));
    var ul = P.el('ul', { class: 'result-list' });
    d.list.forEach(function (a) { ul.appendChild(hitItem(a, root, keyword)); });
    main.appendChild(ul);
    var nav = pager(d, page, params, more);
    if (nav) main.appendChild(nav);
    out.appendChild(P.el('div', { class: 'search-layout' }, [d.facets ? facetsPanel(d.facets, params) : P.el('div', {}), main]));
  }
  function suggestions(input, list) {
    var timer = null;
    var last = '';
    input.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var v = input.value.trim();
        if (!v || v === last) return;
        last = v;
        P.call('/api/article/searchSuggest', { keyword: v, size: 8 }, 'GET').then(function (r) {
          if (r.errorCode !== '0' || input.value.trim() !== v) return;
          list.textContent = '';
          r.data.forEach(function (s) { list.appendChild(P.el('option', { value: s.word })); });
        });
      }, 150);
    });
  }
  function start(form) {
    var root = form.getAttribute('data-root') || '';
    var out = document.getElementById(form.getAttribute('data-output'));
    var box = form.querySelector('.js-result');
    var params = new URLSearchParams(location.search);
    Array.prototype.forEach.call(form.elements, function (f) { if (f.name && params.has(f.name)) f.value = params.get(f.name); });
    var input = form.querySelector('input[name="keyword"]');
    suggestions(input, document.getElementById('s-suggest'));
    // A new keyword starts without the previous search's narrowing (column, year, type).
    form.addEventListener('submit', function () {
      if (input.value.trim() === (params.get('keyword') || '')) return;
      ['esType', 'year', 'wjType'].forEach(function (n) { form.elements[n].value = ''; });
    });
    var page = Math.max(1, Number(params.get('page')) || 1);
    var q = {};
    Array.prototype.forEach.call(form.elements, function (f) { if (f.name && f.value) q[f.name] = f.value; });
    if (!q.keyword) return;
    q.sortType = q.sortType || 'relevance';
    q.pageNumber = page;
    q.pageSize = PAGE_SIZE;
    out.appendChild(P.el('p', { class: 'loading', text: '正在搜索…' }));
    P.call(form.getAttribute('data-api'), q, 'GET').then(function (r) {
      if (r.errorCode !== '0') { out.textContent = ''; return P.say(box, r.errorMsg || '搜索失败', false); }
      box.hidden = true;
      render(out, r.data || { list: [], totalRow: 0, totalPage: 0 }, params, page, root, q.keyword);
    });
  }
  document.addEventListener('DOMContentLoaded', function () { document.querySelectorAll('form.js-site-search').forEach(start); });
})();
