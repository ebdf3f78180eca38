import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { getLoginDevicesDoc } from '../../modules/auth/login-devices.repository.ts';
import { sessionEndReason } from '../../modules/auth/sessions.repository.ts';
import { getSubscriptionDoc } from '../../modules/subscriptions/repository.ts';
import { getUserDoc } from '../../modules/users/repository.ts';
import type { Database } from '../db/client.ts';
import { LIVE_CHANNEL, type LiveNotice } from './topics.ts';

/** DESIGN.md: a heartbeat at least every 25 s keeps proxies and mobile carriers from cutting us. */
export const HEARTBEAT_MS = 20_000;

export interface LiveConnection {
  readonly userId: string;
  readonly sessionTokenHash: string;
  readonly topics: readonly string[];
  readonly res: ServerResponse;
}

type Loader = (db: Database, id: string) => Promise<unknown>;

const loaders: Record<string, Loader> = {
  users: (db, id) => getUserDoc(db.db, id),
  subscriptions: (db, id) => getSubscriptionDoc(db.db, id),
  login_devices: (db, id) => getLoginDevicesDoc(db.db, id),
};

/** Reads the current state of a client topic such as `users/{uid}`. */
export function loadTopic(db: Database, topic: string): Promise<unknown> {
  const [kind, id] = topic.split('/');
  const loader = kind ? loaders[kind] : undefined;
  if (!loader || !id) return Promise.resolve(null);
  return loader(db, id);
}

export function writeEvent(res: ServerResponse, event: string | null, data: unknown): void {
  const head = event ? `event: ${event}\n` : '';
  res.write(`${head}data: ${JSON.stringify(data)}\n\n`);
}

/**
 * Fans changes out to the SSE connections of this process. Changes arrive through PostgreSQL
 * NOTIFY, so a write made by any server process reaches every process's clients; each change's
 * document is read once per process, whatever the number of clients watching it.
 */
export class LiveHub {
  private readonly byTopic = new Map<string, Set<LiveConnection>>();
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  /** Notices are handled one after another, in commit order: a client must see its device
   * record change before the stream is ended for that very change. */
  private queue: Promise<void> = Promise.resolve();
  /** In-process subscribers to every notice, internal topics included (e.g. the session cache). */
  private readonly noticeListeners = new Set<(notice: LiveNotice) => void>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(LIVE_CHANNEL, (payload) => {
      this.tellListeners(payload);
      this.queue = this.queue
        .then(() => this.onNotice(payload))
        .catch((error: unknown) => this.log.error({ err: error }, 'live fan-out failed'));
    });
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.unlisten?.();
    await this.queue;
    for (const connections of this.byUser.values()) {
      for (const connection of connections) connection.res.end();
    }
    this.byTopic.clear();
    this.byUser.clear();
  }

  /**
   * Calls `listener` with every notice as it arrives, ahead of the client fan-out queue, so an
   * invalidation is never held up behind document reads. Returns the unsubscribe function.
   */
  subscribeNotices(listener: (notice: LiveNotice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  private tellListeners(payload: string): void {
    if (this.noticeListeners.size === 0) return;
    let notice: LiveNotice;
    try {
      notice = JSON.parse(payload) as LiveNotice;
    } catch (error) {
      this.log.error({ err: error }, 'unreadable live notice');
      return;
    }
    for (const listener of this.noticeListeners) {
      try {
        listener(notice);
      } catch (error) {
        this.log.error({ err: error }, 'live notice listener failed');
      }
    }
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  add(connection: LiveConnection): void {
    for (const topic of connection.topics) addTo(this.byTopic, topic, connection);
    addTo(this.byUser, connection.userId, connection);
  }

  remove(connection: LiveConnection): void {
    for (const topic of connection.topics) removeFrom(this.byTopic, topic, connection);
    removeFrom(this.byUser, connection.userId, connection);
  }

  private beat(): void {
    for (const connections of this.byUser.values()) {
      for (const connection of connections) connection.res.write(': heartbeat\n\n');
    }
  }

  private async onNotice(payload: string): Promise<void> {
    const notice = JSON.parse(payload) as LiveNotice;
    const [kind, id] = notice.topic.split('/');
    if (kind === 'sessions' && id) {
      await this.recheckSessions(id);
      return;
    }
    const watchers = this.byTopic.get(notice.topic);
    if (!watchers || watchers.size === 0) return;
    const data = await loadTopic(this.db, notice.topic);
    const event = { kind: 'change', topic: notice.topic, version: notice.version, data };
    for (const connection of watchers) writeEvent(connection.res, null, event);
  }

  /** Ends the streams whose session was revoked, telling the client why (SPEC §8 other device). */
  private async recheckSessions(userId: string): Promise<void> {
    const connections = this.byUser.get(userId);
    if (!connections) return;
    for (const connection of [...connections]) {
      const reason = await sessionEndReason(this.db.db, connection.sessionTokenHash, new Date());
      if (reason === null) continue;
      writeEvent(connection.res, 'revoked', {
        reason: reason === 'other-device' ? 'other-device' : 'signed-out',
      });
      this.remove(connection);
      connection.res.end();
    }
  }
}

function addTo<K>(map: Map<K, Set<LiveConnection>>, key: K, connection: LiveConnection) {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(connection);
}

function removeFrom<K>(map: Map<K, Set<LiveConnection>>, key: K, connection: LiveConnection) {
  const set = map.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) map.delete(key);
}
