/** The chain head as staff print it: a page with the values, the time and lines to sign. */
export interface PrintableHead {
  headSeq: number;
  headHash: string;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** Opens a print window for the anchor; the browser's print dialog does the rest (paper or PDF). */
export function printAnchor(head: PrintableHead, printedAt: string): void {
  const win = window.open('', '_blank', 'width=720,height=560');
  if (!win) return;
  const hash = escape(head.headHash);
  win.document.write(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>操作日志链锚点</title>
<style>body{font-family:"Noto Sans CJK SC",sans-serif;margin:40px}h1{font-size:22px}td{padding:6px 12px;border:1px solid #999}code{font-size:15px;word-break:break-all}</style></head>
<body><h1>操作日志链锚点</h1><table>
<tr><td>链序号（日志条数）</td><td>${head.headSeq}</td></tr>
<tr><td>链头哈希（SHA-256）</td><td><code>${hash}</code></td></tr>
<tr><td>打印时间</td><td>${escape(printedAt)}</td></tr></table>
<p>核对方法：在“日志完整性”中输入上述链序号和链头哈希后点“校验日志链”，结果为“日志链完整”即自打印以来日志未被改动。</p>
<p>打印人：________ &emsp; 核对人：________ &emsp; 日期：________</p>
<script>window.onload=function(){window.print()}</script></body></html>`);
  win.document.close();
}
