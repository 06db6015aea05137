import type { Executor } from './client.js';

/**
 * A query that a hot path runs on every request, built once per database as a named prepared
 * statement and run with its placeholders' values: drizzle composes nothing again (composing a
 * select was a fifth of the order page's CPU under load) and PostgreSQL parses it once per
 * connection. `build` must give the same SQL text for one name, every time.
 */
export function preparedPerDatabase<Q>(build: (db: Executor) => Q): (db: Executor) => Q {
  const built = new WeakMap<Executor, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
