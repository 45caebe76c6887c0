// A public flood from its own process, from FLOOD_ADDRESSES loopback addresses (127.0.0.10 …), FLOOD_CONNECTIONS
// connections, FLOOD_SECONDS long, on FLOOD_URL (a public submission). Prints the figures as JSON.
import { addressLoad, loopbacks } from './addressLoad';

const addresses = loopbacks(10, 10 + Number(process.env.FLOOD_ADDRESSES ?? 50) - 1);
const figures = await addressLoad({
  url: process.env.FLOOD_URL as string,
  body: { title: '反映道路积水问题', content: '雨后道路积水严重，请尽快处理。', name: '张三', phone: '13800000000', codeId: 'floodcaptcha', verifyCode: 'XXXX' },
  connections: Number(process.env.FLOOD_CONNECTIONS ?? 200),
  duration: Number(process.env.FLOOD_SECONDS ?? 10),
  addresses,
});
process.stdout.write(JSON.stringify(figures) + '\n');
