import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Portal from '@mui/material/Portal';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS, toastStore, type ToastVariant } from './toast-store';
import { useCurrentToast } from './use-toast';

const severityOf: Record<ToastVariant, AlertColor> = { default: 'info', success: 'success', error: 'error' };

/** Renders the single toast of the toast store (MUI Snackbar + Alert). */
export function Toaster() {
  const { t } = useTranslation('common');
  const toast = useCurrentToast();
  if (!toast) return null;

  const dismiss = () => toastStore.dismiss(toast.id);
  const handleSnackbarClose = (_event: SyntheticEvent | Event | null, reason: SnackbarCloseReason) => {
    // A click elsewhere does not dismiss it: the toast stays for its 5 s or until closed.
    if (reason !== 'clickaway') dismiss();
  };

  // In a portal created when the toast appears, so an open dialog (which hides the rest
  // of the page from assistive technology) does not hide it too.
  return (
    <Portal>
      <Snackbar
        key={toast.id}
        open={toast.open}
        autoHideDuration={TOAST_DURATION_MS}
        onClose={handleSnackbarClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        slotProps={{ transition: { onExited: () => toastStore.remove(toast.id) } }}
      >
        <Alert
          onClose={dismiss}
          closeText={t('actions.close')}
          severity={severityOf[toast.variant]}
          variant={toast.variant === 'error' ? 'filled' : 'standard'}
          role={toast.variant === 'error' ? 'alert' : 'status'}
          sx={{ width: '100%', maxWidth: 420, boxShadow: 3, alignItems: 'flex-start' }}
        >
          <AlertTitle sx={{ mb: toast.description ? 0.25 : 0, fontWeight: 700 }}>{toast.title}</AlertTitle>
          {toast.description}
          {toast.action && (
            <Box sx={{ mt: 0.5 }}>
              <Link
                href={toast.action.href}
                color="inherit"
                sx={{ fontWeight: 700 }}
                onClick={(event) => {
                  const { onFollow } = toast.action ?? {};
                  // A plain click stays in the app; a modified one (new tab, new window) is the browser's.
                  if (onFollow && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey) {
                    event.preventDefault();
                    onFollow();
                  }
                  dismiss();
                }}
              >
                {toast.action.label}
              </Link>
            </Box>
          )}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
