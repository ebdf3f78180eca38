import { openSeasonInputSchema, type Season, type SeasonPhase } from '@pasado/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Chip, type ChipTone } from '../../../components/chip.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { InputField } from '../../../components/input-field.tsx';
import { manilaDateTime, manilaDayBoundary, manilaToday } from '../../../lib/format.ts';
import { FairPlayFlags } from './fair-play-flags.tsx';
import { closeSeason, openSeason, seasonsQueryOptions } from './seasons-api.ts';
import './seasons.css';

/** Staff console section: leaderboard seasons (docs/product.md#staff). One season is open at a time. */
export function SeasonsSection() {
  const client = useQueryClient();
  const seasons = useQuery(seasonsQueryOptions());
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'seasons'] });
  const close = useMutation({ mutationFn: closeSeason, onSuccess: refresh });

  return (
    <section className="seasons" aria-labelledby="seasons-title">
      <h2 id="seasons-title" className="seasons__title">
        Seasons
      </h2>
      <p className="seasons__hint">
        Students earn season points while a season is open. Opening a new season closes the current
        one. Days are Manila days.
      </p>
      <OpenSeasonForm onOpened={refresh} />
      {seasons.isPending ? (
        <p role="status">Loading seasons…</p>
      ) : seasons.isError ? (
        <FormError>{seasons.error.message}</FormError>
      ) : seasons.data.seasons.length === 0 ? (
        <p className="seasons__empty">No seasons yet.</p>
      ) : (
        <ul className="seasons__list">
          {seasons.data.seasons.map((season) => (
            <SeasonItem
              key={season.id}
              season={season}
              closing={close.isPending && close.variables === season.id}
              onClose={() => {
                if (window.confirm(closePrompt(season))) {
                  close.mutate(season.id);
                }
              }}
            />
          ))}
        </ul>
      )}
      {close.isError ? <FormError>{close.error.message}</FormError> : null}
      <FairPlayFlags />
    </section>
  );
}

/**
 * The server says where each season stands (core `seasonPhase`): only a running one earns points,
 * so one opened ahead of its start is not shown as open (docs/product.md#staff).
 */
const PHASE_CHIPS: Record<SeasonPhase, { label: string; tone: ChipTone }> = {
  scheduled: { label: 'Scheduled', tone: 'info' },
  running: { label: 'Open', tone: 'success' },
  ended: { label: 'Ended', tone: 'neutral' },
  closed: { label: 'Closed', tone: 'neutral' },
};

/** What closing does depends on where the season stands: only a running one has points counting. */
function closePrompt(season: Season): string {
  if (season.phase === 'scheduled')
    return `Close “${season.name}” before it starts? It will not run.`;
  if (season.phase === 'ended') return `Close “${season.name}”? It has ended already.`;
  return `Close “${season.name}” now? Its points stop counting.`;
}

function SeasonItem({
  season,
  closing,
  onClose,
}: {
  season: Season;
  closing: boolean;
  onClose: () => void;
}) {
  const chip = PHASE_CHIPS[season.phase];
  return (
    <li className="card season">
      <div className="season__head row-spread">
        <span className="season__name">{season.name}</span>
        <Chip tone={chip.tone}>{chip.label}</Chip>
      </div>
      <p className="season__dates">
        {manilaDateTime(season.startsAt)} – {manilaDateTime(season.expiryDate)}
      </p>
      {season.status === 'open' ? (
        <button type="button" className="btn btn--secondary" disabled={closing} onClick={onClose}>
          {closing ? 'Closing…' : 'Close season'}
        </button>
      ) : null}
    </li>
  );
}

function OpenSeasonForm({ onOpened }: { onOpened: () => void }) {
  const [name, setName] = useState('');
  const [startDay, setStartDay] = useState(manilaToday);
  const [endDay, setEndDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: openSeason,
    onSuccess: () => {
      setName('');
      setEndDay('');
      onOpened();
    },
    onError: (e) => setError(e.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (endDay === '') {
      setError('Choose the last day of the season.');
      return;
    }
    const parsed = openSeasonInputSchema.safeParse({
      name,
      startsAt: manilaDayBoundary(startDay, 'start'),
      expiryDate: manilaDayBoundary(endDay, 'end'),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form.');
      return;
    }
    open.mutate(parsed.data);
  };

  return (
    <form className="card seasons__form" onSubmit={submit} noValidate>
      <InputField
        label="Season name"
        id="season-name"
        value={name}
        maxLength={80}
        onChange={(e) => setName(e.target.value)}
        placeholder="e.g. March LET push"
      />
      <div className="seasons__dates">
        <InputField
          label="First day"
          id="season-start"
          type="date"
          value={startDay}
          onChange={(e) => setStartDay(e.target.value)}
        />
        <InputField
          label="Last day"
          id="season-end"
          type="date"
          value={endDay}
          min={startDay}
          onChange={(e) => setEndDay(e.target.value)}
        />
      </div>
      <FormError>{error}</FormError>
      <button type="submit" className="btn btn--primary" disabled={open.isPending}>
        {open.isPending ? 'Opening…' : 'Open season'}
      </button>
    </form>
  );
}
