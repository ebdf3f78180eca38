import { useEffect, useMemo, useState } from 'react';

/**
 * Time left on a server-side clock (issue 4 "the clock lives on the server"): the device's clock
 * may be wrong, so the countdown uses the offset between the server's `now` and the device's at
 * the moment the answer arrived, then ticks locally every second. Null without a deadline.
 */
export function useCountdown(deadlineAt: string | null, serverNow: string | null): number | null {
  const offset = useMemo(() => (serverNow ? Date.parse(serverNow) - Date.now() : 0), [serverNow]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadlineAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadlineAt]);
  if (!deadlineAt) return null;
  return Math.max(0, Date.parse(deadlineAt) - (now + offset));
}
