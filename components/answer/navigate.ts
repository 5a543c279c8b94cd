/** A full-page navigation (sign-in goes through /api/login, never a client-side route change). */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
