import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@pasado/core';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';
import type { Clock } from '../clock.ts';
import type { Database, Db } from '../db/client.ts';
import { LIVE_CHANNEL, type LiveNotice } from './topics.ts';

/** docs/product.md#live-updates: a heartbeat at least every 25 s keeps proxies and mobile carriers from cutting us. */
export const HEARTBEAT_MS = 20_000;

/**
 * Live streams one student may hold at once (issue 9, finding 5: 40 were held for one user). A
 * phone, a laptop and a few tabs fit; a new one past the cap closes that student's oldest, which
 * reconnects on its own if it is still open.
 */
export const MAX_STREAMS_PER_STUDENT = 5;

export interface LiveConnection {
  readonly userId: string;
  readonly sessionTokenHash: string;
  readonly topics: readonly string[];
  readonly res: ServerResponse;
}

/**
 * One kind of client topic (`users/{uid}`, `subscriptions/{id}`, …). The module that owns the
 * document exports it and app.ts hands it to the hub: platform never imports modules.
 */
export interface LiveTopicKind {
  /** The current document behind `{kind}/{id}`, or null. */
  read(db: Db, id: string): Promise<unknown>;
  /**
   * The document's contract schema, the one its GET route serialises it with: the stream sends it
   * exactly as that GET would, and the web app trusts it as it trusts the GET (no zod there).
   */
  document: ZodType;
  /** The user whose document it is (a student watches only their own), or null. */
  ownerOf(db: Db, id: string): Promise<string | null>;
}

/** A topic whose id is its owner's user id, such as `users/{uid}`. */
export function perUserTopic(
  read: LiveTopicKind['read'],
  document: LiveTopicKind['document'],
): LiveTopicKind {
  return { read, document, ownerOf: async (_db, userId) => userId };
}

export interface LiveHubOptions {
  /** Topic kind (the part before the slash) → how to read and authorise it. */
  topics: Readonly<Record<string, LiveTopicKind>>;
  /**
   * Why the session behind a stream ended; while it is live, when it ends if nobody uses it
   * meanwhile (the auth module's).
   */
  sessionState(
    db: Db,
    tokenHash: string,
    now: Date,
  ): Promise<{ ended: string } | { ended: null; endsAt: Date }>;
  /** The user's role now, or null when the user is gone (the users module's). */
  roleOf(db: Db, userId: string): Promise<string | null>;
  clock: Clock;
}

/** One `message` event: a document's state; nothing when `data` is undefined (see `read`). */
export function writeDocument(res: ServerResponse, event: LiveEvent): void {
  if (event.data !== undefined) writeEvent(res, null, event);
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
  /** When each admitted stream's session ends if nobody uses it meanwhile (ms, the app clock). */
  private readonly sessionEnds = new Map<LiveConnection, number>();
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  /** Notices are handled one after another, in commit order: a client must see its device
   * record change before the stream is ended for that very change. */
  private queue: Promise<void> = Promise.resolve();
  /** In-process subscribers to every notice, internal topics included (e.g. the session cache). */
  private readonly noticeListeners = new Set<(notice: LiveNotice) => void>();
  /** In-process subscribers told when notices may have been missed (the database reconnected). */
  private readonly resyncListeners = new Set<() => void>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: LiveHubOptions,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      LIVE_CHANNEL,
      (payload) => {
        this.tellListeners(payload);
        this.enqueue(() => this.onNotice(payload));
      },
      { onReconnect: () => this.resync() },
    );
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.unlisten?.();
    await this.queue;
    this.endStreams();
  }

  /**
   * Ends every open stream. Called as the server starts closing: an open stream is a request that
   * never finishes by itself, and the server waits for those before it closes (a deploy waited the
   * whole grace period and exited with an error). The browser reconnects to another instance.
   */
  endStreams(): void {
    for (const connections of this.byUser.values()) {
      for (const connection of connections) connection.res.end();
    }
    this.byTopic.clear();
    this.byUser.clear();
    this.sessionEnds.clear();
  }

  /**
   * Calls `listener` with every notice as it arrives, ahead of the client fan-out queue, so an
   * invalidation is never held up behind document reads. Returns the unsubscribe function.
   */
  subscribeNotices(listener: (notice: LiveNotice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /**
   * Calls `listener` whenever notices may have been lost (the LISTEN connection was down), so a
   * cache kept in step by notices can start over. Returns the unsubscribe function.
   */
  subscribeResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, 'live fan-out failed'));
  }

  /**
   * After the database comes back (issue 9, finding 2): whatever changed while LISTEN was down
   * was never announced, so caches start over, every stream gets a fresh snapshot of each of its
   * topics, and streams whose session ended meanwhile are closed.
   */
  private resync(): void {
    this.log.info({ streams: this.size }, 'live updates resumed: sending fresh snapshots');
    for (const listener of this.resyncListeners) {
      try {
        listener();
      } catch (error) {
        this.log.error({ err: error }, 'live resync listener failed');
      }
    }
    this.enqueue(async () => {
      for (const userId of [...this.byUser.keys()]) await this.recheckStreams(userId);
      const snapshots = new Map<string, unknown>();
      for (const [topic, watchers] of this.byTopic) {
        if (!snapshots.has(topic)) snapshots.set(topic, await this.read(topic));
        const event: LiveEvent = {
          kind: 'snapshot',
          topic,
          version: 0,
          data: snapshots.get(topic),
        };
        for (const connection of watchers) writeDocument(connection.res, event);
      }
    });
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

  /**
   * The current state of a client topic such as `users/{uid}` as its contract schema serialises
   * it, or null for an unknown kind or a deleted document. A document its schema rejects is a
   * fault of the server: logged, and `undefined`, which no event carries (`writeDocument`).
   */
  async read(topic: string): Promise<unknown> {
    const [kind, id] = topic.split('/');
    const known = kind ? this.options.topics[kind] : undefined;
    if (!known || !id) return null;
    const doc = await known.read(this.database.db, id);
    if (doc === null) return null;
    // Encoded as the GET route's serializer encodes (fastify-type-provider-zod `safeEncode`).
    const serialised = known.document.safeEncode(doc);
    if (serialised.success) return serialised.data;
    this.log.error({ topic, issues: serialised.error.issues }, 'live document breaks its contract');
    return undefined;
  }

  /** Whether this user may watch the topic: staff may watch any, a student only their own. */
  async mayWatch(viewer: { userId: string; role: string }, topic: string): Promise<boolean> {
    if (viewer.role === 'admin') return true;
    const [kind, id] = topic.split('/');
    const known = kind ? this.options.topics[kind] : undefined;
    if (!known || !id) return false;
    return (await known.ownerOf(this.database.db, id)) === viewer.userId;
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  add(connection: LiveConnection): void {
    const own = this.byUser.get(connection.userId);
    if (own && own.size >= MAX_STREAMS_PER_STUDENT) {
      // Sets keep insertion order: the first is the oldest.
      const oldest = own.values().next().value;
      if (oldest) {
        writeEvent(oldest.res, 'closed', { reason: 'too-many-streams' });
        this.remove(oldest);
        oldest.res.end();
      }
    }
    for (const topic of connection.topics) addTo(this.byTopic, topic, connection);
    addTo(this.byUser, connection.userId, connection);
  }

  remove(connection: LiveConnection): void {
    for (const topic of connection.topics) removeFrom(this.byTopic, topic, connection);
    removeFrom(this.byUser, connection.userId, connection);
    this.sessionEnds.delete(connection);
  }

  /**
   * Checks the stream's session once it is registered (`add`), and ends the stream if the session
   * has ended. The route checked it before authorising the topics; a sign-out whose sessions/{uid}
   * notice was handled in between found no stream to end, and none would come again. Returns
   * whether the stream is still open.
   */
  async admit(connection: LiveConnection): Promise<boolean> {
    await this.recheckSession(connection);
    return this.isOpen(connection);
  }

  private isOpen(connection: LiveConnection): boolean {
    return this.byUser.get(connection.userId)?.has(connection) ?? false;
  }

  private beat(): void {
    for (const connections of this.byUser.values()) {
      for (const connection of connections) connection.res.write(': heartbeat\n\n');
    }
    this.recheckDueSessions();
  }

  /**
   * A session that ends by expiry or idleness announces nothing, so the heartbeat looks for
   * streams whose session's end has come and checks them again: ended, or used meanwhile and
   * good until a later time.
   */
  private recheckDueSessions(): void {
    const now = this.options.clock.nowMs();
    const due = new Set<string>();
    for (const [connection, endsAt] of this.sessionEnds) {
      if (endsAt <= now) due.add(connection.userId);
    }
    for (const userId of due) this.enqueue(() => this.recheckStreams(userId));
  }

  private async onNotice(payload: string): Promise<void> {
    const notice = JSON.parse(payload) as LiveNotice;
    const [kind, id] = notice.topic.split('/');
    if (kind === 'sessions' && id) {
      await this.recheckStreams(id);
      return;
    }
    const watchers = this.byTopic.get(notice.topic);
    if (!watchers || watchers.size === 0) return;
    const data = await this.read(notice.topic);
    const event: LiveEvent = { kind: 'change', topic: notice.topic, version: notice.version, data };
    for (const connection of watchers) writeDocument(connection.res, event);
  }

  /**
   * Ends the streams whose session was revoked, telling the client why (docs/product.md#single-device
   * other device), and those with a topic the user may no longer watch: a stream is authorised
   * when it opens, and a role taken away (users/repository.ts `setRole` announces sessions/{uid})
   * must not leave staff's stream of other students' documents open.
   */
  private async recheckStreams(userId: string): Promise<void> {
    const connections = this.byUser.get(userId);
    if (!connections) return;
    let role: string | null | undefined;
    for (const connection of [...connections]) {
      if (!(await this.recheckSession(connection))) continue;
      role ??= await this.options.roleOf(this.database.db, userId);
      if (!(await this.mayWatchAll({ userId, role: role ?? '' }, connection.topics))) {
        this.end(connection, 'closed', { reason: 'not-allowed' });
      }
    }
  }

  /** Ends the stream, with a `revoked` event, if its session has ended; returns whether it lives. */
  private async recheckSession(connection: LiveConnection): Promise<boolean> {
    const state = await this.options.sessionState(
      this.database.db,
      connection.sessionTokenHash,
      this.options.clock.now(),
    );
    if (state.ended === null) {
      if (this.isOpen(connection)) this.sessionEnds.set(connection, state.endsAt.getTime());
      return true;
    }
    this.end(connection, 'revoked', {
      reason: state.ended === 'other-device' ? 'other-device' : 'signed-out',
    });
    return false;
  }

  /** Tells the client why, once: a stream already ended (by another check) is left alone. */
  private end(connection: LiveConnection, event: string, data: unknown): void {
    if (!this.isOpen(connection)) return;
    writeEvent(connection.res, event, data);
    this.remove(connection);
    connection.res.end();
  }

  private async mayWatchAll(
    viewer: { userId: string; role: string },
    topics: readonly string[],
  ): Promise<boolean> {
    for (const topic of topics) if (!(await this.mayWatch(viewer, topic))) return false;
    return true;
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
