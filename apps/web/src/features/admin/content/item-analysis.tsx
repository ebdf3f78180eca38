import type { ItemStatsQuery, ItemStatsRow, ItemStatsSort } from '@pasado/core/contract';
import { ITEM_ANALYSIS_MIN_RESPONSES } from '@pasado/core/rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Chip } from '../../../components/chip.tsx';
import { SelectField } from '../../../components/select-field.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { countText, manilaDateTime } from '../../../lib/format.ts';
import { LoadFailure } from '../admin-parts.tsx';
import { reportsQueryOptions } from './content-api.ts';
import { ContentBusy } from './content-busy.tsx';
import { itemStatsQueryOptions, runItemAnalysis } from './item-stats-api.ts';
import './item-analysis.css';

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'];
const PAGE_SIZE = 25;

const failure = (error: unknown) =>
  error instanceof ApiError
    ? error.message
    : 'Could not reach the server. Check your connection and try again.';

const percent = (share: number) => `${Math.round(share * 100)} %`;

const FLAG_LABELS: Record<NonNullable<ItemStatsRow['flag']>, string> = {
  'distractor-over-key': 'Distractor beats key',
  'low-discrimination': 'Low discrimination',
};

type Order = ItemStatsQuery['order'];

/** The order a column sorts in first: what staff look for (flagged, hard, weak, well-sampled). */
const FIRST_ORDER: Record<ItemStatsSort, Order> = {
  flag: 'asc',
  difficulty: 'asc',
  discrimination: 'asc',
  responses: 'desc',
};

const SORT_CHOICES: { sort: ItemStatsSort; order: Order; label: string }[] = [
  { sort: 'flag', order: 'asc', label: 'Flagged first' },
  { sort: 'difficulty', order: 'asc', label: 'Hardest first' },
  { sort: 'difficulty', order: 'desc', label: 'Easiest first' },
  { sort: 'discrimination', order: 'asc', label: 'Lowest discrimination' },
  { sort: 'discrimination', order: 'desc', label: 'Highest discrimination' },
  { sort: 'responses', order: 'desc', label: 'Most responses' },
  { sort: 'responses', order: 'asc', label: 'Fewest responses' },
];

function SortHeader({
  column,
  label,
  query,
  onSort,
}: {
  column: ItemStatsSort;
  label: string;
  query: ItemStatsQuery;
  onSort(sort: ItemStatsSort, order: Order): void;
}) {
  const active = query.sort === column;
  const next: Order = active ? (query.order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[column];
  return (
    <th
      scope="col"
      aria-sort={active ? (query.order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button type="button" className="item-analysis__sort" onClick={() => onSort(column, next)}>
        {label}
        <span aria-hidden="true" className="item-analysis__arrow">
          {active ? (query.order === 'asc' ? '▲' : '▼') : ''}
        </span>
      </button>
    </th>
  );
}

function OptionShares({ item }: { item: ItemStatsRow }) {
  return (
    <ol className="item-analysis__options">
      {item.optionShares.map((share, i) => {
        const key = i === item.answerIndex;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option's position is its identity.
          <li key={i} className="item-analysis__option" data-key={key || undefined}>
            <span className="item-analysis__letter">{LETTERS[i]}</span>
            <span className="item-analysis__share">{percent(share)}</span>
            {key ? <span className="content-admin__key">Key</span> : null}
            <span className="item-analysis__groups">
              top {percent(item.upperOptionShares[i] ?? 0)} · bottom{' '}
              {percent(item.lowerOptionShares[i] ?? 0)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function ItemRow({ item }: { item: ItemStatsRow }) {
  const enough = item.responses >= ITEM_ANALYSIS_MIN_RESPONSES && item.discrimination !== null;
  return (
    <tr className="item-analysis__row" data-flagged={item.flag ? true : undefined}>
      <th scope="row" className="item-analysis__item">
        <span className="item-analysis__stem">{item.stem}</span>
        <span className="item-analysis__id">{item.questionId}</span>
      </th>
      <td data-label="Reviewer · topic" className="item-analysis__where">
        {item.reviewerShorthand} · {item.topicName}
      </td>
      <td data-label="Responses">{item.responses}</td>
      <td data-label="Correct">{percent(item.difficulty)}</td>
      <td data-label="Discrimination">
        {enough ? (
          (item.discrimination ?? 0).toFixed(2)
        ) : (
          <span className="item-analysis__na">
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">
              Not shown below {ITEM_ANALYSIS_MIN_RESPONSES} responses
            </span>
          </span>
        )}
      </td>
      <td data-label="Options" className="item-analysis__options-cell">
        <OptionShares item={item} />
      </td>
      <td data-label="Flag">
        {item.flag ? (
          <Chip tone="warning">{FLAG_LABELS[item.flag]}</Chip>
        ) : (
          <span className="item-analysis__na">None</span>
        )}
      </td>
    </tr>
  );
}

/**
 * Item analysis (issue 12 item 6): per question, the share of students who got it right, how well
 * it separates the top 27 % from the bottom 27 % (shown from 30 responses) and the share choosing
 * each option. The server's hourly job computes the figures; this only reads them. A flagged item is
 * also in the reported-items queue above.
 */
export function ItemAnalysisPanel() {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState<ItemStatsQuery>({
    sort: 'flag',
    order: 'asc',
    page: 1,
    pageSize: PAGE_SIZE,
  });
  const stats = useQuery(itemStatsQueryOptions(query));
  const [announcement, setAnnouncement] = useState('');
  const headingId = useId();

  const sortBy = (sort: ItemStatsSort, order: Order) =>
    setQuery((q) => ({ ...q, sort, order, page: 1 }));
  const run = useMutation({
    mutationFn: runItemAnalysis,
    onSuccess: (result) => {
      setAnnouncement(
        `Computed ${countText(result.questions, 'item')}: ${result.flagged} flagged, ${result.filed} new in the reported-items queue.`,
      );
      void queryClient.invalidateQueries({ queryKey: ['admin', 'content', 'item-stats'] });
      void queryClient.invalidateQueries({ queryKey: reportsQueryOptions().queryKey });
    },
  });

  const data = stats.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const choice = SORT_CHOICES.findIndex((c) => c.sort === query.sort && c.order === query.order);

  return (
    <section className="item-analysis" aria-labelledby={headingId}>
      <div className="content-admin__queue-header">
        <h2 id={headingId} className="content-admin__heading">
          Item analysis
          {data ? <span className="content-admin__count"> ({data.total})</span> : null}
        </h2>
        <button
          type="button"
          className="btn btn--ghost item-analysis__run"
          disabled={run.isPending}
          onClick={() => run.mutate()}
        >
          {run.isPending ? <Spinner size="sm" /> : null}
          Run now
        </button>
      </div>
      <p className="content-admin__muted">
        From submitted mocks and lite quizzes (a blank counts as wrong), recomputed hourly
        {data?.computedAt ? (
          <>
            {' '}
            (last <time dateTime={data.computedAt}>{manilaDateTime(data.computedAt)}</time>)
          </>
        ) : null}
        . Discrimination: top 27 % minus bottom 27 % correct, from {ITEM_ANALYSIS_MIN_RESPONSES}{' '}
        responses. Flagged below 0.10, or when another option draws more of the top group than the
        key.
      </p>
      <p className="content-admin__ok content-admin__announce" role="status">
        {announcement}
      </p>
      {run.error ? (
        <p className="form-error" role="alert">
          {failure(run.error)}
        </p>
      ) : null}

      <SelectField
        label="Sort by"
        className="field item-analysis__sort-field"
        value={String(choice === -1 ? 0 : choice)}
        onChange={(value) => {
          const picked = SORT_CHOICES[Number(value)];
          if (picked) sortBy(picked.sort, picked.order);
        }}
      >
        {SORT_CHOICES.map((c, i) => (
          <option key={c.label} value={i}>
            {c.label}
          </option>
        ))}
      </SelectField>

      {stats.isPending ? (
        <ContentBusy>Loading item analysis…</ContentBusy>
      ) : stats.isError ? (
        <LoadFailure query={stats}>{failure(stats.error)}</LoadFailure>
      ) : data && data.total === 0 ? (
        <p className="content-admin__empty">
          No figures yet. They appear after students submit mocks or lite quizzes and the hourly
          analysis runs.
        </p>
      ) : data ? (
        <>
          <div className="item-analysis__scroll">
            <table className="item-analysis__table" aria-busy={stats.isFetching || undefined}>
              <caption className="visually-hidden">
                Item analysis, page {data.page} of {pages}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Reviewer · topic</th>
                  <SortHeader column="responses" label="Responses" query={query} onSort={sortBy} />
                  <SortHeader column="difficulty" label="Correct" query={query} onSort={sortBy} />
                  <SortHeader
                    column="discrimination"
                    label="Discrimination"
                    query={query}
                    onSort={sortBy}
                  />
                  <th scope="col">Options</th>
                  <SortHeader column="flag" label="Flag" query={query} onSort={sortBy} />
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <ItemRow key={item.questionId} item={item} />
                ))}
              </tbody>
            </table>
          </div>
          <nav className="item-analysis__pager" aria-label="Item analysis pages">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={query.page <= 1 || stats.isFetching}
              onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
            >
              Previous
            </button>
            <span className="content-admin__muted">
              Page {data.page} of {pages}
            </span>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={query.page >= pages || stats.isFetching}
              onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
            >
              Next
            </button>
          </nav>
        </>
      ) : null}
    </section>
  );
}
