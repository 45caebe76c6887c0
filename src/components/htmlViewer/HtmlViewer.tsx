import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';

/**
 * A lazy-loading HTML viewer for article previews: the HTML is rendered only once the box scrolls into
 * view (offset 667 px, spec §9), inside a sandboxed frame that runs no script whatever the HTML holds.
 */
export function HtmlViewer({ html, title = '内容预览', minHeight = 300 }: { html: string | null | undefined; title?: string; minHeight?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  const [height, setHeight] = useState(minHeight);
  const hasHtml = Boolean(html);
  useEffect(() => {
    if (visible || !box.current) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), { rootMargin: '667px' });
    io.observe(box.current);
    return () => io.disconnect();
    // `hasHtml`: the box only exists once there is HTML (a show view first gets the list's record, without it).
  }, [visible, hasHtml]);
  if (!html) {
    return (
      <Typography variant="body2" color="text.secondary">
        暂无内容
      </Typography>
    );
  }
  const doc = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{font-family:"Microsoft YaHei",SimSun,sans-serif;font-size:15px;line-height:1.8;margin:8px;color:#222}img,video{max-width:100%;height:auto}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px}</style></head><body>${html}</body></html>`;
  return (
    <Box ref={box} sx={{ minHeight, border: '1px solid', borderColor: 'divider', borderRadius: 1 }}>
      {visible && (
        <iframe
          ref={frame}
          title={title}
          srcDoc={doc}
          // Same origin only so the height can be read; no scripts, no forms, no popups that keep the opener.
          sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          style={{ width: '100%', height, border: 0, display: 'block' }}
          onLoad={() => {
            const h = frame.current?.contentDocument?.documentElement?.scrollHeight;
            if (h) setHeight(Math.max(minHeight, h + 16));
          }}
        />
      )}
    </Box>
  );
}

export default HtmlViewer;
