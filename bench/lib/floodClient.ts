// A flood of public submissions from its own process (so the client measuring staff latency is not starved by
// it): FLOOD_URL, FLOOD_SECONDS, 200 connections, a new X-Forwarded-For each request. Prints the figures as JSON.
import autocannon from 'autocannon';

let n = 0;
// The portal's errorCode of each answer (2002 bad captcha, 429 refused, …): what the guard did with them.
const errorCodes: Record<string, number> = {};
const tally = (_status: number, body: string) => {
  const code = /"errorCode"\s*:\s*"?([^",}]*)/.exec(body)?.[1] ?? 'none';
  errorCodes[code] = (errorCodes[code] ?? 0) + 1;
};
// Every public submission (/web/... writes), in turn on each connection. None carries a valid captcha: the
// worst case is a flood the guard (per-address counters in the database, then the captcha) must refuse.
const captcha = { codeId: 'floodcaptcha', verifyCode: 'XXXX' };
const base = new URL(process.env.FLOOD_URL as string).origin;

// Bodies valid in every field, so each request reaches the guard (a body refused by its field checks would
// measure those instead): a real department for the application, answers to survey 1's required questions.
const post = async (path: string, body: unknown) =>
  (await (await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { data?: unknown };
const depts = (await post('/web/apply/dept/list', {})).data as { id: number }[] | undefined;
const survey = (await post('/web/survey/find', { id: 1 })).data as { questions?: { id: number; type: number; required: number; options?: { id: number }[] }[] } | undefined;
const answers = (survey?.questions ?? [])
  .filter((q) => q.required === 1)
  .map((q) => (q.type === 2 ? { questionId: q.id, text: '希望增加班次。' } : { questionId: q.id, optionIds: [q.options?.[0]?.id] }));
const bodies: [string, unknown][] = [
  ['/web/mail/add', { title: '反映道路积水问题', content: '雨后道路积水严重，请尽快处理。', name: '张三', phone: '13800000000', ...captcha }],
  [
    '/web/apply/save',
    { name: '张三', idNumber: '420000199001011234', phone: '13800000000', address: '云溪县城关镇', infoName: '道路养护经费', content: '申请公开本县道路养护经费使用情况。', handleDeptId: depts?.[0]?.id ?? 1, ...captcha },
  ],
  ['/advice/web/add', { adviceId: 1, content: '建议增加公交班次。', name: '张三', phone: '13800000000', ...captcha }],
  ['/web/survey/save', { surveyId: 1, visitorToken: 'flood-visitor-token-0001', name: '张三', phone: '13800000000', answers, ...captcha }],
];
const result = await autocannon({
  url: base,
  connections: Number(process.env.FLOOD_CONNECTIONS ?? 200),
  duration: Number(process.env.FLOOD_SECONDS ?? 10),
  requests: bodies.map(([path, body]) => ({
    method: 'POST' as const,
    path,
    onResponse: tally,
    setupRequest: (req: autocannon.Request) => {
      n += 1;
      return { ...req, body: JSON.stringify(body), headers: { ...req.headers, 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } };
    },
  })),
});
const statusCodes = Object.fromEntries(Object.entries((result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(([code, v]) => [code, v.count]));
process.stdout.write(JSON.stringify({ requests: result.requests.total, requestsPerSecond: Math.round(result.requests.average), non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, statusCodes, errorCodes }) + '\n');
