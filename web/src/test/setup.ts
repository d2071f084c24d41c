import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toastStore } from '../components/toaster/toast-store';
import { i18n } from '../lib/i18n';

// Lazy screens are transformed on first use; a loaded CI machine needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not scroll; React Router's ScrollRestoration calls it on every navigation.
window.scrollTo = (() => undefined) as typeof window.scrollTo;

afterEach(async () => {
  cleanup();
  toastStore.reset();
  window.localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  await i18n.changeLanguage('en');
});
