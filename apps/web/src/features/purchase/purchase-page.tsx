import {
  discountDeadline,
  discountHoldEnd,
  getPlan,
  isFreeTrialCurrent,
  MESSAGES,
  PATHS,
  PLANS,
  type PurchaseDetails,
  type PurchaseResult,
  purchaseBlock,
  quotePlan,
  type SubscriptionDoc,
  type UserDoc,
  validatePaymentProof,
  validatePlanSelection,
} from '@pasado/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { RadioCard } from '../../components/radio-card.tsx';
import { RetryNotice } from '../../components/retry-notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StandalonePage } from '../../components/standalone-page.tsx';
import { ApiError } from '../../lib/api.ts';
import { peso } from '../../lib/format.ts';
import { usePurchaseDetails } from '../../lib/purchase-details.ts';
import { useServerClockOffset, useServerNow } from '../../lib/server-clock.ts';
import { refreshClaims } from '../../lib/session/get-claims.ts';
import { meQueryKey } from '../../lib/session/get-me.ts';
import { useSubscriptionDocs } from '../../lib/session/use-subscription-docs.ts';
import { BlockedNotice } from './blocked-notice.tsx';
import { DiscountCountdown } from './discount-countdown.tsx';
import { useDiscountHold } from './discount-hold.ts';
import { newIdempotencyKey } from './idempotency-key.ts';
import { PaymentTips } from './payment-tips.tsx';
import { usePurchaseDraft } from './purchase-draft.ts';
import { PurchaseSuccess } from './purchase-success.tsx';
import { ScreenshotField } from './screenshot-field.tsx';
import { subscribeUser } from './subscribe-user.ts';
import { UploadFailedError, uploadPaymentScreenshot } from './upload-payment-screenshot.ts';
import './purchase.css';

/**
 * /subscription/purchase (docs/product.md#purchase-page; #free-trial-discount, Purchase blocking; #validation;
 * #server-functions subscribeUser; #errors): pick a plan, pay the wallet, prove it, submit. Loaded without the
 * full-screen overlay: the page shows its own loading state.
 */
export function PurchasePage() {
  const docs = useSubscriptionDocs();
  const details = usePurchaseDetails();
  const clock = useServerClockOffset(docs.ready);
  const [result, setResult] = useState<{ result: PurchaseResult; planName: string } | null>(null);
  // Once this page has submitted, the purchase it may have made (the answer lost on the way) must
  // not swap the form for the blocked notice: submitting again returns that same purchase.
  const [attempted, setAttempted] = useState(false);
  // A live change (a new queued id loading) must not unmount the form and lose what was typed.
  const shownOnce = useRef(false);
  if (docs.ready && clock.data !== undefined) shownOnce.current = true;

  let content: ReactNode;
  let blocked = false;
  if (result) {
    content = <PurchaseSuccess result={result.result} planName={result.planName} />;
  } else if (!(docs.ready || shownOnce.current) || clock.data === undefined) {
    content = docs.error ? (
      <LoadError onRetry={docs.retry} />
    ) : (
      <div className="purchase__loading" role="status">
        <Spinner size="lg" />
        <span>Loading plans…</span>
      </div>
    );
  } else {
    const me = docs.me;
    if (!me) throw new Error('unreachable: the user document loads before the page shows');
    const current = docs.current ?? null;
    const block = attempted ? null : purchaseBlock({ current, queued: docs.queued });
    blocked = block !== null;
    content = block ? (
      <BlockedNotice
        block={block}
        subscription={
          [current, ...docs.queued].find((s) => s?.id === block.subscriptionId) ?? undefined
        }
        supportEmail={details.data?.supportEmail}
      />
    ) : (
      <PurchaseForm
        me={me}
        current={current}
        offsetMs={clock.data}
        details={details.data}
        detailsError={details.isError}
        onRetryDetails={() => void details.refetch()}
        onAttempt={() => setAttempted(true)}
        onDone={(done, planName) => setResult({ result: done, planName })}
      />
    );
  }

  const title = result ? 'Thank you!' : blocked ? 'Your purchase' : 'Choose your plan';
  return (
    <StandalonePage backTo={PATHS.root} backLabel="Back">
      <div className="page purchase">
        <header className="purchase__header stack">
          <h1 className="page__title">{title}</h1>
          {result || blocked ? null : (
            <p className="purchase__lead">
              Pay by mobile wallet, then send us the reference code or a screenshot. Our team checks
              it and your access continues meanwhile.
            </p>
          )}
        </header>
        {content}
      </div>
    </StandalonePage>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <RetryNotice onRetry={onRetry}>
      We could not load the plans. Check your connection and try again.
    </RetryNotice>
  );
}

function errorText(error: unknown): string {
  if (error instanceof UploadFailedError) return error.message;
  if (error instanceof Error && error.message === MESSAGES.MISSING_UPLOAD_FILE)
    return error.message;
  // The server's own words for a refusal: a reused code, a changed price, a purchase in progress.
  if (error instanceof ApiError && error.status < 500) return error.message;
  return 'We could not reach Pasado. Check your connection and submit again: you will not be charged twice.';
}

function PurchaseForm({
  me,
  current,
  offsetMs,
  details,
  detailsError,
  onRetryDetails,
  onAttempt,
  onDone,
}: {
  me: UserDoc;
  current: SubscriptionDoc | null;
  offsetMs: number;
  details: PurchaseDetails | undefined;
  detailsError: boolean;
  onRetryDetails: () => void;
  onAttempt: () => void;
  onDone: (result: PurchaseResult, planName: string) => void;
}) {
  const client = useQueryClient();
  const { draft, setDraft, clear } = usePurchaseDraft();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refCodeId = useId();
  const refHintId = useId();
  const errorId = useId();
  // One key per attempt: kept while the inputs stay the same (a retry after a lost answer buys
  // once), replaced when the student changes them.
  const keyRef = useRef<string>(newIdempotencyKey());
  // A screenshot already uploaded is not uploaded again when the purchase call is retried.
  const uploadedRef = useRef<{ file: File; path: string } | null>(null);

  // docs/product.md#free-trial-discount, on server time; the countdown stops once a purchase starts.
  // A plan picked inside the window holds its price until an hour past it (ADR 043): past the
  // window, the countdown runs to the hold's end instead.
  const eligible = isFreeTrialCurrent(current) && me.queuedSubscriptions.length === 0;
  const createdAt = new Date(me.createdAt);
  const deadlineMs = discountDeadline(createdAt).getTime();
  const lastChanceMs = discountHoldEnd(createdAt).getTime();
  // Asked once a plan is picked, while a hold could still be taken or found.
  const holdable = eligible && draft.planId !== null && Date.now() + offsetMs < lastChanceMs;
  const heldUntilMs = useDiscountHold(holdable);
  const endsMs = Math.max(deadlineMs, heldUntilMs ?? 0);
  const now = useServerNow(offsetMs, eligible && !busy ? endsMs : null);
  const pastWindow = now >= deadlineMs;
  const remainingMs = eligible ? Math.max((pastWindow ? endsMs : deadlineMs) - now, 0) : 0;
  const discountLive = remainingMs > 0;

  const plan = draft.planId ? getPlan(draft.planId) : undefined;
  const quote = plan ? quotePlan(plan, discountLive) : null;

  const change = (next: Partial<typeof draft>) => {
    keyRef.current = newIdempotencyKey();
    setError(null);
    setDraft((d) => ({ ...d, ...next }));
  };
  const changeFile = (next: File | null) => {
    keyRef.current = newIdempotencyKey();
    setError(null);
    setFile(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const planProblem = validatePlanSelection(draft.planId);
    if (planProblem || !plan || !quote) {
      setError(planProblem ?? MESSAGES.SELECT_PLAN);
      return;
    }
    if (draft.method === 'refCode') {
      const problem = validatePaymentProof({ method: 'refCode', refCode: draft.refCode });
      if (problem) {
        setError(problem);
        return;
      }
    }
    setError(null);
    setBusy(true);
    onAttempt();
    try {
      let screenshotPath: string | null = null;
      if (draft.method === 'screenshot') {
        if (uploadedRef.current && uploadedRef.current.file === file) {
          screenshotPath = uploadedRef.current.path;
        } else {
          const uploaded = await uploadPaymentScreenshot(file);
          if (file) uploadedRef.current = { file, path: uploaded.path };
          screenshotPath = uploaded.path;
        }
      }
      const result = await subscribeUser({
        idempotencyKey: keyRef.current,
        transactionInfo: {
          price: quote.price,
          discountAmount: quote.discountAmount,
          finalPrice: quote.finalPrice,
          refCode: draft.method === 'refCode' ? draft.refCode : null,
          paymentScreenshotUrl: screenshotPath,
          purchasedBy: 'user',
          isFreeTrial: false,
        },
        subscriptionInfo: {
          selectedPlan: { ...plan, discount: quote.discountAmount },
          coachId: null,
          coachEmail: null,
          isFreeTrial: false,
          isExtention:
            current !== null && current.status !== 'revoked' && current.status !== 'expired',
        },
      });
      // docs/product.md#claims: claims, user data and the subscription are refetched after the change.
      await Promise.all([
        refreshClaims(client).catch((e: unknown) => console.warn('Claims refresh failed', e)),
        client.invalidateQueries({ queryKey: meQueryKey }),
        client.invalidateQueries({ queryKey: ['subscription'] }),
      ]);
      clear();
      onDone(result, plan.name);
    } catch (caught) {
      setError(errorText(caught));
      setBusy(false);
    }
  };

  return (
    <form className="purchase__form" onSubmit={submit} aria-busy={busy} noValidate>
      {eligible ? (
        <DiscountCountdown
          remainingMs={remainingMs}
          deadlineMs={pastWindow ? endsMs : deadlineMs}
          held={pastWindow && discountLive}
          stopped={busy}
        />
      ) : null}

      <fieldset className="fieldset" disabled={busy}>
        <legend className="fieldset__legend">1. Pick a plan</legend>
        <div className="plans">
          {PLANS.map((option) => {
            const q = quotePlan(option, discountLive);
            return (
              <RadioCard
                key={option.id}
                className="plan"
                name="plan"
                value={option.id}
                checked={draft.planId === option.id}
                onChange={() => change({ planId: option.id })}
                title={option.name}
                text={option.description}
                bodyClassName="plan__body"
              >
                <span className="plan__prices" data-testid={`price-${option.id}`}>
                  {q.discountAmount > 0 ? (
                    <>
                      <s className="plan__price-old">
                        <span className="visually-hidden">Price </span>
                        {peso(q.price)}
                      </s>
                      <span className="plan__discount">−{peso(q.discountAmount)}</span>
                    </>
                  ) : null}
                  <span className="plan__price">
                    <span className="visually-hidden">
                      {q.discountAmount > 0 ? 'You pay ' : 'Price '}
                    </span>
                    {peso(q.finalPrice)}
                  </span>
                </span>
              </RadioCard>
            );
          })}
        </div>
      </fieldset>

      <section className="pay" aria-labelledby="pay-title">
        <h2 id="pay-title" className="fieldset__legend">
          2. Send the payment
        </h2>
        {details ? (
          <div className="wallet">
            <p className="wallet__amount">
              Send exactly{' '}
              <strong data-testid="amount-to-send">{quote ? peso(quote.finalPrice) : '—'}</strong>
              {quote ? null : <span className="wallet__hint"> (pick a plan first)</span>}
            </p>
            <dl className="summary">
              <div className="summary__row">
                <dt>Wallet</dt>
                <dd>{details.wallet.name}</dd>
              </div>
              <div className="summary__row">
                <dt>Number</dt>
                <dd className="wallet__number" data-testid="wallet-number">
                  {details.wallet.number}
                </dd>
              </div>
              <div className="summary__row">
                <dt>Account name</dt>
                <dd>{details.wallet.accountName}</dd>
              </div>
            </dl>
          </div>
        ) : detailsError ? (
          <RetryNotice onRetry={onRetryDetails}>
            We could not load where to send the payment.
          </RetryNotice>
        ) : (
          <div className="wallet wallet--loading" role="status">
            <Spinner size="sm" /> Loading the payment details…
          </div>
        )}
      </section>

      <fieldset className="fieldset" disabled={busy}>
        <legend className="fieldset__legend">3. Prove the payment</legend>
        <div className="methods" role="radiogroup" aria-label="Proof of payment">
          <label className="method">
            <input
              type="radio"
              name="method"
              checked={draft.method === 'refCode'}
              onChange={() => change({ method: 'refCode' })}
            />
            <span>Reference code</span>
          </label>
          <label className="method">
            <input
              type="radio"
              name="method"
              checked={draft.method === 'screenshot'}
              onChange={() => change({ method: 'screenshot' })}
            />
            <span>Screenshot (other method)</span>
          </label>
        </div>
        {draft.method === 'refCode' ? (
          <div className="field proof">
            <label htmlFor={refCodeId} className="field__label">
              13-digit reference code
            </label>
            <input
              id={refCodeId}
              className="input input--code"
              inputMode="numeric"
              autoComplete="off"
              maxLength={40}
              placeholder="1234 567 891234"
              aria-describedby={`${refHintId} ${error ? errorId : ''}`.trim()}
              aria-invalid={error === MESSAGES.INVALID_REF_CODE ? true : undefined}
              value={draft.refCode}
              onChange={(event) => change({ refCode: event.target.value })}
            />
            <p id={refHintId} className="fieldset__hint">
              The 13 digits on your wallet receipt. Spaces are ignored.
            </p>
          </div>
        ) : (
          <div className="proof">
            <ScreenshotField file={file} onChange={changeFile} disabled={busy} />
          </div>
        )}
      </fieldset>

      <PaymentTips />

      <div id={errorId} role="alert" className="purchase__error">
        {error ? <p className="form-error">{error}</p> : null}
      </div>

      <button type="submit" className="btn btn--primary btn--lg btn--block" disabled={busy}>
        {busy ? (
          <>
            <Spinner size="sm" />
            {MESSAGES.PLEASE_WAIT}
          </>
        ) : quote ? (
          `Submit payment of ${peso(quote.finalPrice)}`
        ) : (
          'Submit payment'
        )}
      </button>
    </form>
  );
}
