import { tooManyRequests } from './errors.js';

/**
 * A sliding window of calls per key (a client, an address), in memory: a limit of courtesy for one
 * process (the company look-up, the public tracking page). Answers 429 with the given message past
 * `max` calls in `windowMs`; keys whose window has passed are forgotten as the map grows.
 */
export function windowLimiter<K>(max: number, windowMs: number, message?: string, now = () => Date.now()) {
  const seen = new Map<K, number[]>();
  return (key: K) => {
    const t = now();
    const recent = (seen.get(key) ?? []).filter((at) => t - at < windowMs);
    if (recent.length >= max) throw tooManyRequests(message);
    recent.push(t);
    seen.set(key, recent);
    if (seen.size > 10_000) for (const [k, times] of seen) if (times.every((at) => t - at >= windowMs)) seen.delete(k);
  };
}
