import { manilaDayKey } from '@pasado/core';
import { useEffect, useRef, useState } from 'react';
import { Chip } from '../../components/chip.tsx';
import { formatBytes, manilaShortDate, manilaTime } from '../../lib/format.ts';
import {
  downloadSize,
  type ReviewerOffline,
  refreshOffline,
  useOfflineState,
} from '../../lib/offline/keep-offline.ts';
import { useClaims } from '../../lib/session/get-claims.ts';
import { useOnline } from '../../lib/use-online.ts';

type Storage = { usage: number; quota: number };

async function estimateStorage(): Promise<Storage | null> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate?.quota) return null;
    return { usage: estimate.usage ?? 0, quota: estimate.quota };
  } catch {
    return null;
  }
}

/** "today 9:30 AM" reads oddly; "9:30 AM" today, "Nov 22, 9:30 AM" before. */
function updatedText(at: number): string {
  const today = manilaDayKey(new Date(at)) === manilaDayKey(new Date());
  return `Updated ${today ? '' : `${manilaShortDate(at)}, `}${manilaTime(at)}`;
}

/**
 * Study's "Available offline" panel (issue 11 deliverable 2; ADR 019): which reviewers are kept
 * on this phone and when they were last updated, what they take and what the phone has room for
 * (navigator.storage.estimate), and "Download everything for offline", which asks the browser to
 * keep the data even when storage runs low (navigator.storage.persist) and brings every reviewer
 * up to date now. The background refresh (signed-in-services) keeps it current without this.
 */
export function OfflinePanel({
  reviewers,
}: {
  reviewers: readonly { shorthand: string; abbreviation: string }[];
}) {
  const uid = useClaims().data?.uid ?? null;
  const kept = useOfflineState();
  const online = useOnline();
  const [storage, setStorage] = useState<Storage | null>(null);
  const [cost, setCost] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);
  const [persisted, setPersisted] = useState(false);

  const shorthands = reviewers.map((r) => r.shorthand);
  const key = shorthands.join(' ');
  const keptBytes = kept.reviewers.reduce((n, r) => n + r.bytes, 0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-estimated when what is kept changes
  useEffect(() => {
    void estimateStorage().then(setStorage);
  }, [keptBytes]);

  // What a download would cost, asked again when a refresh changed what is kept. Not before what
  // is kept has been read from the phone: asked then, with no versions, every source answered in
  // full, and the read that followed asked them all again (six requests on a slow line for three).
  // Not after a background refresh that found everything fresh either (it only toggled `busy`).
  const checked = kept.reviewers.map((r) => r.checkedAt ?? 0).join(' ');
  const answered = useRef<string | null>(null);
  useEffect(() => {
    // Back online, the server may have moved on meanwhile: ask again.
    if (!online) answered.current = null;
    if (!uid || !online || !key || kept.busy || !kept.loaded) return;
    const question = `${uid} ${key} ${checked}`;
    if (answered.current === question) return;
    let live = true;
    void downloadSize(uid, key.split(' ')).then((size) => {
      if (!live) return;
      answered.current = question;
      setCost(size);
    });
    return () => {
      live = false;
    };
  }, [uid, online, key, kept.busy, kept.loaded, checked]);

  const download = async () => {
    if (!uid) return;
    setOutcome(null);
    // Asked on the student's tap: browsers grant it to a gesture on an installed or used app.
    const granted = await navigator.storage?.persist?.().catch(() => false);
    setPersisted(granted === true);
    const ok = await refreshOffline(uid, shorthands, { force: true });
    setOutcome(ok ? 'saved' : 'failed');
    if (ok) setCost(0);
  };

  const byReviewer = new Map(kept.reviewers.map((r) => [r.reviewer, r]));
  return (
    <section className="card offline-panel" aria-labelledby="offline-panel-title">
      <h2 id="offline-panel-title" className="offline-panel__title">
        Study offline
      </h2>
      <ul className="offline-panel__list">
        {reviewers.map((r) => (
          <ReviewerLine
            key={r.shorthand}
            name={r.abbreviation}
            kept={byReviewer.get(r.shorthand)}
          />
        ))}
      </ul>
      {storage ? (
        <p className="offline-panel__meta" data-testid="offline-storage">
          Uses {formatBytes(storage.usage)} of {formatBytes(storage.quota)} on this phone.
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--secondary btn--block"
        onClick={() => void download()}
        disabled={!online || kept.busy || !uid}
      >
        {kept.busy ? 'Downloading…' : 'Download everything for offline'}
      </button>
      <p className="offline-panel__meta" role="status" data-testid="offline-download-status">
        {!online
          ? 'Connect to the internet to download.'
          : outcome === 'failed'
            ? 'Some of it did not download. Try again when you have signal.'
            : outcome === 'saved'
              ? `Saved on this phone${persisted ? ', kept even when space runs low' : ''}.`
              : cost === 0
                ? 'Everything is up to date.'
                : cost !== null
                  ? `About ${formatBytes(cost)} to download.`
                  : ''}
      </p>
    </section>
  );
}

function ReviewerLine({ name, kept }: { name: string; kept: ReviewerOffline | undefined }) {
  const available = kept?.available === true;
  return (
    <li className="offline-panel__item" data-testid="offline-reviewer">
      <span className="offline-panel__name">{name}</span>
      {available ? (
        <Chip tone="success">Available offline</Chip>
      ) : (
        <Chip tone="neutral">Not on this phone yet</Chip>
      )}
      {available && kept?.checkedAt ? (
        <span className="offline-panel__detail">
          {updatedText(kept.checkedAt)} · {formatBytes(kept.bytes)}
        </span>
      ) : null}
    </li>
  );
}
