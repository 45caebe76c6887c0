import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FloodGate, type Admission, type FloodGateOptions } from './floodGate.js';

// One gate per server instance, keyed by its database handle: a module's routes see an encapsulated
// child of the root instance, and every child shares the root's `db` (as the limits in guard.ts).
const gates = new WeakMap<object, FloodGate>();

/** The flood gate of this server (created from `config.publicGate` on first use). */
export function floodGateOf(app: FastifyInstance): FloodGate {
  let gate = gates.get(app.db);
  if (!gate) gates.set(app.db, (gate = new FloodGate(app.portal.config.publicGate)));
  return gate;
}

/**
 * Replaces the gate of one server (tests set small budgets, and may give the gate a clock they can pause;
 * a deployment uses the PUBLIC_GATE_* settings).
 */
export function setFloodGate(app: FastifyInstance, options: Partial<FloodGateOptions>, now?: () => number): FloodGate {
  gates.get(app.db)?.close();
  const gate = new FloodGate({ ...app.portal.config.publicGate, ...options }, now);
  gates.set(app.db, gate);
  return gate;
}

/**
 * Waits for this request's turn at the gate. A client that disconnects while waiting leaves the queue
 * (its socket's `close`), so held requests never pile up behind clients long gone.
 */
export async function admitPublicWork(app: FastifyInstance, request: FastifyRequest): Promise<Admission> {
  const socket = request.raw?.socket;
  if (!socket) return floodGateOf(app).admit();
  if (socket.destroyed) return 'gone';
  const leaving = new AbortController();
  const onClose = () => leaving.abort();
  socket.once('close', onClose);
  try {
    return await floodGateOf(app).admit(leaving.signal);
  } finally {
    socket.off('close', onClose);
  }
}
