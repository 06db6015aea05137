import type { Scenario } from '../lib/types.js';

/**
 * The baseline: a route that does nothing, on the same app (so through the same security and
 * session hooks) and the same machine in the same run. Other scenarios' requests/second are
 * given as a ratio of this one, which makes them comparable between machines.
 */
export const bare: Scenario = {
  name: 'bare',
  description: 'GET /bench/bare answering {success:true} (baseline)',
  baseline: true,
  routes: (app) => {
    app.get('/bench/bare', async () => ({ success: true }));
  },
  prepare: async () => ({ requests: ['/bench/bare'] }),
};
