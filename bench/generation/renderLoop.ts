// Child of the generation benchmark: the render loop alone on ONE core (no database, no worker, no
// write): the default skin's article page, 50 columns in the navigation, one engine as a run uses it
// (templates parsed once, includes memoised). Prints pages per second of wall and of CPU time.
import { join } from 'node:path';
import { createEngine, renderSync } from '../../server/modules/generation/render';
import { root } from '../lib/child';

const skin = join(root, 'server/modules/system/templates/defaultSkin/default');
const pages = Number(process.env.BENCH_RENDER_PAGES ?? 5000);
const site = { siteName: '云溪县人民政府门户网站', siteDomain: 'www.yunxi.gov.cn', keywords: '云溪县', description: '云溪县人民政府门户网站', sponsor: '云溪县人民政府办公室', organizer: null, phone: '0000-0000000', email: null, address: null, siteIdCode: '0000000000', icp: null, policeRecord: null, logo: null, statCode: null, grayMode: 0 };
const navColumns = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, name: `栏目${i + 1}`, type: 1, typeName: '列表', url: `column/${i + 1}/index.html`, parentId: 0, keywords: null, description: null, image: null, children: [] }));
const common = { site, navColumns, hotWords: [{ id: 1, word: '营商环境', searchCount: 3 }], apiBase: '', keywords: site.keywords, description: site.description };
const body = `<p>${'云溪县召开专题会议，研究部署经济发展和营商环境工作。'.repeat(12)}</p><p>${'会议强调，要扎实推进乡村振兴。'.repeat(12)}</p>`;

function vars(i: number) {
  const column = { ...navColumns[i % 50] };
  const article = { id: i, columnId: column.id, title: `标题${i}`, subTitle: null, url: `article/2026/01/${i}.html`, pubDate: '2026-01-01 08:00:00', source: '县政府办公室', author: null, summary: null, thumbnail: null, flags: [], keywords: null, content: body, fields: [], field: {} };
  const meta = { columnName: column.name, columnDescription: null, columnKeywords: null, columnType: '列表', articleTitle: article.title, pubDate: article.pubDate, contentSource: article.source, author: null, image: null, url: null };
  return { ...common, root: '../../../', meta, column, article };
}

const engine = createEngine(skin, true);
renderSync(engine, 'content.html', vars(0));
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 1; i <= pages; i++) renderSync(engine, 'content.html', vars(i));
const ms = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
process.stdout.write(JSON.stringify({ pages, ms: Math.round(ms), cpuMs: Math.round(cpuMs), pagesPerSecond: Math.round((pages * 1000) / ms), pagesPerCpuSecond: Math.round((pages * 1000) / cpuMs) }) + '\n');
process.exit(0);
