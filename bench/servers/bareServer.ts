// A bare Fastify route answering a fixed envelope: the floor the portal's routes are compared with.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const reply = { errorCode: '0', errorMsg: '操作成功', data: { list: [], currPage: 1, totalRow: 0, totalPage: 0 } };
app.post('/bare', async () => reply);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }) + '\n');
