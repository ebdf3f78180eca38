import {
  type Dashboard,
  type DashboardWeek,
  dashboardSchema,
  type TrackReadinessResponse,
  trackReadinessResponseSchema,
} from '@pasado/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { getJson, parseAnswer } from '../../../lib/api.ts';
import { formatNumber, manilaDateTime, manilaShortDate, peso } from '../../../lib/format.ts';
import { AdminLoading, AdminSectionHead, LoadFailure } from '../admin-parts.tsx';
import './dashboard.css';

const useDashboard = () =>
  useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: async ({ signal }): Promise<Dashboard> =>
      parseAnswer(
        dashboardSchema,
        await getJson('/api/admin/payments/dashboard?weeks=12', { signal }),
      ),
    staleTime: 60_000,
  });

const useTrackReadiness = () =>
  useQuery({
    queryKey: ['admin', 'readiness'],
    queryFn: async ({ signal }): Promise<TrackReadinessResponse> =>
      parseAnswer(
        trackReadinessResponseSchema,
        await getJson('/api/admin/readiness/tracks', { signal }),
      ),
    staleTime: 60_000,
  });

const hoursText = (hours: number | null) =>
  hours === null ? '—' : hours < 48 ? `${hours} h` : `${Math.round((hours / 24) * 10) / 10} days`;

/**
 * /admin/dashboard (issue 26 item 4): the business at a glance, in Manila weeks — trials started,
 * trial-to-paid conversion, purchases approved and revenue (a chart, and the same figures in a
 * table for screen readers and for reading exact numbers), and the review queue's size and age.
 */
export function DashboardSection() {
  const headingId = useId();
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <section className="admin-section" aria-labelledby={headingId}>
      <AdminSectionHead headingId={headingId} title="Dashboard" query={dashboard} />
      {dashboard.isPending ? (
        <AdminLoading>Counting…</AdminLoading>
      ) : dashboard.isError ? (
        <LoadFailure query={dashboard}>
          Could not load the dashboard. {dashboard.error.message}
        </LoadFailure>
      ) : data ? (
        <>
          <QueueFacts queue={data.queue} />
          <RevenueChart weeks={data.weeks} />
          <WeeksTable weeks={data.weeks} />
        </>
      ) : null}
      <ReadinessTable />
    </section>
  );
}

/**
 * Readiness by track (issue 23 item 8): per offered track, how many students are likely to pass at
 * their next sitting — aggregates only, from the pass chances the background job keeps, and
 * nothing for a track with fewer than five students with a chance.
 */
function ReadinessTable() {
  const readiness = useTrackReadiness();
  const data = readiness.data;
  if (readiness.isPending) return <AdminLoading>Counting readiness…</AdminLoading>;
  if (readiness.isError) {
    return (
      <LoadFailure query={readiness}>
        Could not load readiness. {readiness.error.message}
      </LoadFailure>
    );
  }
  if (!data) return null;
  const likely = Math.round(data.likelyChance * 100);
  // One card of facts per track, not a wide table: it reads on a phone without scrolling sideways.
  return (
    <div className="admin-card dashboard-readiness">
      <h3 className="admin-card__title">Likely to pass at their next sitting</h3>
      <ul className="dashboard-readiness__tracks">
        {data.tracks.map((t) => (
          <li key={t.shorthand} aria-label={t.name}>
            <h4 className="dashboard-readiness__track">{t.name}</h4>
            <dl className="review-facts dashboard-facts">
              <div>
                <dt>Next sitting</dt>
                <dd>{t.nextSitting ? manilaShortDate(`${t.nextSitting}T00:00:00+08:00`) : '—'}</dd>
              </div>
              {t.hidden ? (
                <div>
                  <dt>Students with a chance</dt>
                  <dd>Fewer than {data.minStudents}</dd>
                </div>
              ) : (
                <>
                  <div>
                    <dt>Students with a chance</dt>
                    <dd>{formatNumber(t.students ?? 0)}</dd>
                  </div>
                  <div>
                    <dt>Likely to pass</dt>
                    <dd>
                      {formatNumber(t.likely ?? 0)} ({t.likelyShare} %)
                    </dd>
                  </div>
                  <div>
                    <dt>Expected pass rate</dt>
                    <dd>{t.expectedShare} %</dd>
                  </div>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
      <p className="admin-card__meta">
        Students with a pass chance for their next sitting (the one they picked, else the track's
        next); likely to pass: a chance of {likely} % or more. Tracks with fewer than{' '}
        {data.minStudents} students show no figures, so no one's result can be singled out.{' '}
        {data.computedAt
          ? `Computed hourly; last ${manilaDateTime(data.computedAt)}.`
          : 'Not computed yet: the hourly job has not run.'}
      </p>
    </div>
  );
}

function QueueFacts({ queue }: { queue: Dashboard['queue'] }) {
  return (
    <dl className="review-facts dashboard-facts">
      <div>
        <dt>Waiting for review</dt>
        <dd>{formatNumber(queue.size)}</dd>
      </div>
      <div>
        <dt>Median wait</dt>
        <dd>{hoursText(queue.medianWaitingHours)}</dd>
      </div>
      <div>
        <dt>90 % waited less than</dt>
        <dd>{hoursText(queue.p90WaitingHours)}</dd>
      </div>
      <div>
        <dt>Oldest waiting since</dt>
        <dd>{queue.oldestSubmittedAt ? manilaDateTime(queue.oldestSubmittedAt) : '—'}</dd>
      </div>
    </dl>
  );
}

/** Revenue per week as bars, paid purchases as the figure above each; drawn, not read aloud. */
function RevenueChart({ weeks }: { weeks: DashboardWeek[] }) {
  const max = Math.max(1, ...weeks.map((w) => w.revenuePesos));
  // Drawn small and scaled up: on a phone the labels stay readable; every other week is named.
  const width = 420;
  const height = 150;
  const gap = 5;
  const bar = (width - gap * (weeks.length - 1)) / Math.max(1, weeks.length);
  return (
    <figure className="admin-card dashboard-chart">
      <figcaption className="admin-card__title">Revenue per week</figcaption>
      <svg viewBox={`-16 0 ${width + 32} ${height + 24}`} aria-hidden="true" focusable="false">
        {weeks.map((w, i) => {
          const h = Math.round((w.revenuePesos / max) * (height - 24));
          const x = i * (bar + gap);
          return (
            <g key={w.weekStart}>
              <rect
                className="dashboard-chart__bar"
                x={x}
                y={height - h}
                width={bar}
                height={Math.max(h, 1)}
                rx={3}
              />
              <text className="dashboard-chart__value" x={x + bar / 2} y={height - h - 5}>
                {w.paidSubscriptions}
              </text>
              {(weeks.length - 1 - i) % 2 === 0 ? (
                <text className="dashboard-chart__label" x={x + bar / 2} y={height + 18}>
                  {manilaShortDate(w.weekStart)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <p className="admin-card__meta">
        Bars: revenue; the figure above each: purchases approved. Weeks start Sunday, Manila time.
      </p>
    </figure>
  );
}

function WeeksTable({ weeks }: { weeks: DashboardWeek[] }) {
  return (
    <div className="admin-card dashboard-table">
      <table>
        <caption>Each Manila week, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Trials started</th>
            <th scope="col">Trials that paid</th>
            <th scope="col">Paid</th>
            <th scope="col">Revenue</th>
            <th scope="col">Median to approval</th>
            <th scope="col">90th percentile</th>
          </tr>
        </thead>
        <tbody>
          {[...weeks].reverse().map((w) => (
            <tr key={w.weekStart}>
              <th scope="row">{manilaShortDate(w.weekStart)}</th>
              <td>{formatNumber(w.trialsStarted)}</td>
              <td>
                {formatNumber(w.trialsConverted)}
                {w.conversionPercent === null ? '' : ` (${w.conversionPercent} %)`}
              </td>
              <td>{formatNumber(w.paidSubscriptions)}</td>
              <td>{peso(w.revenuePesos)}</td>
              <td>{hoursText(w.medianHoursToApproval)}</td>
              <td>{hoursText(w.p90HoursToApproval)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
