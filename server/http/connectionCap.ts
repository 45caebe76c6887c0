import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { isTrustedProxy } from './trustProxy.js';

/** A connection with no request yet for this long may be closed to make room (a browser sends at once). */
const FRESH_EVICTABLE_MS = 1_000;
/** A refused connection that sends no request within this is closed. */
const REFUSED_WAIT_MS = 5_000;
const REFUSAL_BODY = JSON.stringify({ errorCode: '503', errorMsg: '您所在网络的连接数过多，请稍后再试', data: null });

interface Tracked {
  socket: Socket;
  /** fresh: no request yet; busy: a request being answered; idle: kept alive between requests. */
  state: 'fresh' | 'busy' | 'idle';
  since: number;
}

/**
 * The bound on open connections per client address (docs/deploy.md "Offices behind one address"). An office
 * behind one NAT address must never be cut off, so a new connection past the bound first takes the place
 * of one the address is not using: its oldest idle keep-alive connection (a browser opens another without
 * notice), else its oldest connection that has sent no request for a second (a slowloris holds those).
 * Only when every connection of the address is answering a request is the new one refused, and politely:
 * its request gets 503 with a Chinese message and `Connection: close`, never a reset. An address that also
 * keeps as many refused connections open is reset (that is no office). Trusted proxies are exempt.
 */
export class ConnectionCap {
  private readonly byAddress = new Map<string, Set<Tracked>>();
  private readonly refusedByAddress = new Map<string, number>();
  private readonly tracked = new WeakMap<Socket, Tracked>();
  private readonly refused = new WeakSet<Socket>();
  /** Counts for the logs and the bench: idle or fresh connections closed to make room, and refusals. */
  readonly counts = { evictedIdle: 0, evictedFresh: 0, refused: 0, reset: 0 };

  constructor(
    private readonly max: number,
    private readonly trustProxy: readonly string[],
  ) {}

  /** The server's 'connection' event. */
  connected(socket: Socket): void {
    const address = socket.remoteAddress ?? 'unknown';
    if (isTrustedProxy(address, this.trustProxy)) return;
    const open = this.byAddress.get(address) ?? new Set<Tracked>();
    if (open.size >= this.max && !this.evictOne(open)) return this.refuse(socket, address);
    const entry: Tracked = { socket, state: 'fresh', since: Date.now() };
    open.add(entry);
    this.byAddress.set(address, open);
    this.tracked.set(socket, entry);
    socket.once('close', () => {
      open.delete(entry);
      if (open.size === 0 && this.byAddress.get(address) === open) this.byAddress.delete(address);
    });
  }

  /** Before the application sees a request: false when the connection was refused (answered here). */
  admit(req: IncomingMessage, res: ServerResponse): boolean {
    const socket = req.socket;
    if (this.refused.has(socket)) {
      res.writeHead(503, { 'Content-Type': 'application/json; charset=utf-8', 'Retry-After': '5', Connection: 'close', 'Cache-Control': 'no-store' });
      res.end(REFUSAL_BODY);
      return false;
    }
    const entry = this.tracked.get(socket);
    if (entry) {
      entry.state = 'busy';
      res.once('close', () => {
        entry.state = 'idle';
        entry.since = Date.now();
      });
    }
    return true;
  }

  /** Open connections of an address (tests and the bench read it). */
  openOf(address: string): number {
    return this.byAddress.get(address)?.size ?? 0;
  }

  private evictOne(open: Set<Tracked>): boolean {
    const now = Date.now();
    let idle: Tracked | null = null;
    let fresh: Tracked | null = null;
    for (const t of open) {
      if (t.state === 'idle' && (!idle || t.since < idle.since)) idle = t;
      if (t.state === 'fresh' && now - t.since >= FRESH_EVICTABLE_MS && (!fresh || t.since < fresh.since)) fresh = t;
    }
    const victim = idle ?? fresh;
    if (!victim) return false;
    if (victim === idle) this.counts.evictedIdle++;
    else this.counts.evictedFresh++;
    open.delete(victim);
    victim.socket.destroy();
    return true;
  }

  private refuse(socket: Socket, address: string): void {
    const refusedNow = this.refusedByAddress.get(address) ?? 0;
    if (refusedNow >= this.max) {
      this.counts.reset++;
      socket.destroy();
      return;
    }
    this.counts.refused++;
    this.refused.add(socket);
    this.refusedByAddress.set(address, refusedNow + 1);
    const timer = setTimeout(() => socket.destroy(), REFUSED_WAIT_MS);
    timer.unref();
    socket.once('close', () => {
      clearTimeout(timer);
      const left = (this.refusedByAddress.get(address) ?? 1) - 1;
      if (left <= 0) this.refusedByAddress.delete(address);
      else this.refusedByAddress.set(address, left);
    });
  }
}
