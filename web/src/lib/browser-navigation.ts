/** Full page loads, behind an object so tests can observe them (jsdom cannot navigate). */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
