// The Hugo side of the generation benchmark: the same published articles as Hugo content (HTML bodies,
// JSON front matter) in one section per column, and a minimal theme equivalent to our default skin
// (server/modules/system/templates/defaultSkin/default): meta, header with the column navigation and the
// search form, footer; home with 8 articles per column; lists of 20 per page; article pages.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface HugoColumn { id: number; title: string; sort: number }
export interface HugoArticle { articleId: number; columnId: number; title: string; content: string; source: string; author: string; publishTime: string; sort: number }

const CONFIG = `baseURL = "/"
title = "云溪县人民政府门户网站"
languageCode = "zh-cn"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
paginate = 20
[params]
  siteDomain = "www.yunxi.gov.cn"
  siteIdCode = "0000000000"
  keywords = "云溪县,政府门户"
  description = "云溪县人民政府门户网站"
  sponsor = "云溪县人民政府办公室"
  phone = "0000-0000000"
`;

const META = `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="SiteName" content="{{ site.Title }}">
<meta name="SiteDomain" content="{{ site.Params.siteDomain }}">
<meta name="SiteIDCode" content="{{ site.Params.siteIdCode }}">
{{- if .IsSection }}
<meta name="ColumnName" content="{{ .Title }}">
{{- end }}
{{- if .IsPage }}
<meta name="ArticleTitle" content="{{ .Title }}">
<meta name="PubDate" content="{{ .Date.Format "2006-01-02 15:04:05" }}">
<meta name="ContentSource" content="{{ .Params.source }}">
{{- end }}
<meta name="Keywords" content="{{ site.Params.keywords }}">
<meta name="Description" content="{{ site.Params.description }}">
<link rel="stylesheet" href="/css/style.css">
`;

const HEADER = `<header class="site-header">
  <div class="wrap header-inner">
    <a class="brand" href="/index.html"><span class="site-name">{{ site.Title }}</span></a>
    <form class="search" action="/search.html" method="get" role="search">
      <input type="text" name="keyword" placeholder="请输入关键词" aria-label="站内搜索">
      <button type="submit">搜索</button>
    </form>
  </div>
  <nav class="main-nav" aria-label="主导航">
    <div class="wrap">
      <a href="/index.html"{{ if .IsHome }} class="active"{{ end }}>首页</a>
      {{- $cur := .Section }}
      {{- range site.Sections }}
      <a href="{{ .RelPermalink }}"{{ if eq .Section $cur }} class="active"{{ end }}>{{ .Title }}</a>
      {{- end }}
    </div>
  </nav>
</header>
`;

const FOOTER = `<footer class="site-footer">
  <div class="wrap">
    <p>{{ with site.Params.sponsor }}主办单位：{{ . }}{{ end }}</p>
    <p>{{ with site.Params.phone }}联系电话：{{ . }}{{ end }}</p>
    <p>{{ with site.Params.siteIdCode }}网站标识码：{{ . }}{{ end }}</p>
  </div>
</footer>
`;

const page = (title: string, main: string) => `<!DOCTYPE html>
<html lang="zh-CN">
<head>
{{ partial "meta.html" . }}
<title>${title}</title>
</head>
<body>
{{ partial "header.html" . }}
${main}
{{ partial "footer.html" . }}
</body>
</html>
`;

const HOME = page('{{ site.Title }}', `<main class="wrap home">
  {{- range site.Sections }}
  <section class="column-block">
    <h2><a href="{{ .RelPermalink }}">{{ .Title }}</a><a class="more" href="{{ .RelPermalink }}">更多</a></h2>
    <ul class="article-list">
      {{- range first 8 .Pages }}
      <li><a href="{{ .RelPermalink }}" title="{{ .Title }}">{{ .Title }}</a><span class="date">{{ .Date.Format "2006-01-02" }}</span></li>
      {{- else }}
      <li class="empty">暂无信息</li>
      {{- end }}
    </ul>
  </section>
  {{- end }}
</main>`);

const LIST = page('{{ .Title }} - {{ site.Title }}', `<main class="wrap">
  <div class="breadcrumb">当前位置：<a href="/index.html">首页</a> &gt; {{ .Title }}</div>
  <h1 class="column-title">{{ .Title }}</h1>
  <ul class="article-list">
    {{- range .Paginator.Pages }}
    <li><a href="{{ .RelPermalink }}" title="{{ .Title }}">{{ .Title }}</a><span class="date">{{ .Date.Format "2006-01-02" }}</span></li>
    {{- else }}
    <li class="empty">暂无信息</li>
    {{- end }}
  </ul>
  {{- if gt .Paginator.TotalPages 1 }}
  <nav class="pager" aria-label="分页">
    {{- if .Paginator.HasPrev }}<a href="{{ .Paginator.Prev.URL }}">上一页</a>{{ end }}
    <span>第{{ .Paginator.PageNumber }}页 / 共{{ .Paginator.TotalPages }}页</span>
    {{- if .Paginator.HasNext }}<a href="{{ .Paginator.Next.URL }}">下一页</a>{{ end }}
  </nav>
  {{- end }}
</main>`);

const SINGLE = page('{{ .Title }} - {{ site.Title }}', `<main class="wrap">
  <div class="breadcrumb">当前位置：<a href="/index.html">首页</a> &gt; <a href="{{ .CurrentSection.RelPermalink }}">{{ .CurrentSection.Title }}</a> &gt; 正文</div>
  <article class="article">
    <h1 class="article-title">{{ .Title }}</h1>
    <div class="article-meta">
      <span>发布时间：{{ .Date.Format "2006-01-02 15:04:05" }}</span>
      {{- with .Params.source }}<span>来源：{{ . }}</span>{{ end }}
      {{- with .Params.author }}<span>作者：{{ . }}</span>{{ end }}
    </div>
    <div class="article-content">{{ .Content }}</div>
  </article>
</main>`);

const date = (t: string) => `${(t || '2000-01-01 00:00:00').replace(' ', 'T')}+08:00`;

function writeFile(dir: string, rel: string, text: string): void {
  const file = join(dir, rel);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
}

/** The theme, the configuration and one section per column. */
export function writeHugoSite(dir: string, columns: readonly HugoColumn[]): void {
  const write = (rel: string, text: string) => writeFile(dir, rel, text);
  write('hugo.toml', CONFIG);
  write('layouts/partials/meta.html', META);
  write('layouts/partials/header.html', HEADER);
  write('layouts/partials/footer.html', FOOTER);
  write('layouts/index.html', HOME);
  write('layouts/_default/list.html', LIST);
  write('layouts/_default/single.html', SINGLE);
  write('static/css/style.css', 'body{margin:0;font-family:sans-serif}\n');
  for (const c of columns) write(`content/c${c.id}/_index.html`, `${JSON.stringify({ title: c.title, weight: c.sort })}\n`);
}

/** Published articles as Hugo content (called chunk by chunk: a million bodies never sit in memory at once). */
export function writeHugoArticles(dir: string, articles: readonly HugoArticle[]): void {
  for (const a of articles) {
    // Our order is sort desc, then publish time desc: a higher sort comes first, like a lower Hugo weight.
    const front = { title: a.title, date: date(a.publishTime), source: a.source, author: a.author, weight: 1_000_000 - Number(a.sort ?? 0) };
    writeFile(dir, `content/c${a.columnId}/${a.articleId}.html`, `${JSON.stringify(front)}\n${a.content}\n`);
  }
}

/**
 * The minimal Hugo theme of the issue's anchor (issue 26): the same content (read from `contentDir`), pages
 * with a title and the body only — no navigation, no meta, no footer — lists of 20 with a pager.
 */
const MINIMAL = {
  'layouts/index.html': `<!DOCTYPE html><html><head><meta charset="utf-8"><title>{{ site.Title }}</title></head><body>{{ range site.Sections }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</body></html>\n`,
  'layouts/_default/list.html': `<!DOCTYPE html><html><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><ul>{{ range .Paginator.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ if .Paginator.HasNext }}<a href="{{ .Paginator.Next.URL }}">下一页</a>{{ end }}</body></html>\n`,
  'layouts/_default/single.html': `<!DOCTYPE html><html><head><meta charset="utf-8"><title>{{ .Title }}</title></head><body><h1>{{ .Title }}</h1>{{ .Content }}</body></html>\n`,
};

export function writeMinimalHugoSite(dir: string, contentDir: string): void {
  const write = (rel: string, text: string) => writeFile(dir, rel, text);
  write('hugo.toml', `${CONFIG.replace('paginate = 20', `paginate = 20\ncontentDir = ${JSON.stringify(contentDir)}`)}`);
  for (const [rel, text] of Object.entries(MINIMAL)) write(rel, text);
}
