/** Only paths inside this site may be returned to after signing in. */
export function safeRedirect(target: string | null | undefined, fallback = '/profile/settings'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
