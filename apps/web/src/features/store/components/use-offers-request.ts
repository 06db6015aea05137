import { useEffect, useState } from 'react';

/** Spec 002 sections 4.4 and 9: after the first fetch, a change shows the offers again 3 seconds after the last change. */
export const OFFERS_COUNTDOWN_S = 3;

/**
 * Which card data the offers were asked for: nothing until 'Arata oferte' (or a saved choice to show
 * again); after that a change starts the countdown ('N secunde'), restarted by every further change,
 * and at zero the offers are asked for the data as it then is. `bodyKey` is null while the data is invalid.
 */
export function useOffersRequest(bodyKey: string | null, showAtOnce: boolean) {
  const [asked, setAsked] = useState<string | null>(showAtOnce ? bodyKey : null);
  const pending = asked !== null && bodyKey !== null && bodyKey !== asked;
  // The seconds left for the data as it is now (a new change starts again from 3).
  const [tick, setTick] = useState<{ key: string; left: number } | null>(null);
  useEffect(() => {
    if (!pending || bodyKey === null) return;
    let n = OFFERS_COUNTDOWN_S;
    const timer = setInterval(() => {
      n -= 1;
      if (n > 0) setTick({ key: bodyKey, left: n });
      else {
        clearInterval(timer);
        setAsked(bodyKey);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [pending, bodyKey]);
  const left = pending ? (tick?.key === bodyKey ? tick.left : OFFERS_COUNTDOWN_S) : null;
  return { asked, left, show: () => bodyKey !== null && setAsked(bodyKey) };
}
