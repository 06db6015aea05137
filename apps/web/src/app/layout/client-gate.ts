/**
 * The profile pages an admin uses for themself (their password, the landing pages of links, the
 * admin pages); every other page shows and changes a client's data, so it waits for a client.
 */
const OWN_PAGES = [/^\/profile\/dashboard\/?$/, /^\/profile\/settings\/?$/, /^\/profile\/settings\/security\/?$/, /^\/profile\/templates\/?$/, /^\/profile\/admin(\/|$)/];

export const needsClient = (pathname: string) => !OWN_PAGES.some((page) => page.test(pathname));
