import { ProgressBar } from '../../components/progress-bar.tsx';

/** How far the quiz is: the bar and "answered/total" (lite quiz and mock exam). */
export function QuizProgress({ answered, total }: { answered: number; total: number }) {
  return (
    <div className="quiz__progress">
      <ProgressBar
        value={answered}
        max={total}
        label={`${answered} of ${total} answered`}
        size="md"
      />
      <span className="quiz__progress-text">
        {answered}/{total}
      </span>
    </div>
  );
}

/**
 * Previous and the main forward action under the item (lite quiz and mock exam): the next item,
 * or on the last one the quiz's own finish ("See summary", "Submit exam").
 */
export function QuizNav({
  onPrevious,
  isFirst,
  forward,
}: {
  onPrevious: () => void;
  isFirst: boolean;
  forward: { label: string; onClick: () => void; disabled?: boolean };
}) {
  return (
    <div className="quiz__nav">
      <button type="button" className="btn btn--secondary" onClick={onPrevious} disabled={isFirst}>
        Previous
      </button>
      {/* Keyed by its label: finishing is a different button from Next, as before, not a relabel. */}
      <button
        key={forward.label}
        type="button"
        className="btn btn--primary btn--lg quiz__next"
        onClick={forward.onClick}
        disabled={forward.disabled ?? false}
      >
        {forward.label}
      </button>
    </div>
  );
}
