// A flood of public letters from its own process (so the client measuring staff latency is not starved by
// it): FLOOD_URL, FLOOD_SECONDS, 200 connections, a new X-Forwarded-For each request. Prints the figures as JSON.
import autocannon from 'autocannon';

let n = 0;
const letter = JSON.stringify({ title: '反映道路积水问题', content: '雨后道路积水严重，请尽快处理。', name: '张三', phone: '13800000000', codeId: 'floodcaptcha', verifyCode: 'XXXX' });
const result = await autocannon({
  url: process.env.FLOOD_URL as string,
  connections: Number(process.env.FLOOD_CONNECTIONS ?? 200),
  duration: Number(process.env.FLOOD_SECONDS ?? 10),
  requests: [
    {
      method: 'POST',
      setupRequest: (req) => {
        n += 1;
        return { ...req, body: letter, headers: { ...req.headers, 'content-type': 'application/json', 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } };
      },
    },
  ],
});
process.stdout.write(JSON.stringify({ requests: result.requests.total, requestsPerSecond: Math.round(result.requests.average), non2xx: result.non2xx, errors: result.errors }) + '\n');
