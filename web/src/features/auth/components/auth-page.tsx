import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { LanguageToggle } from '../../../components/language-toggle';
import { mirrorInRtl } from '../../../lib/rtl';
import { useCurrentUser } from '../hooks/use-current-user';
import { useIntendedPath } from '../hooks/use-intended-path';
import { AuthSidePanel } from './auth-side-panel';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

type AuthTab = 'login' | 'register';

/** /auth: login and registration (SPEC §2, §5), full screen without the application chrome. */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation('common');
  const { status } = useCurrentUser();
  const intendedPath = useIntendedPath();
  const [tab, setTab] = useState<AuthTab>('login');
  const [registered, setRegistered] = useState<{ message: string; username: string } | null>(null);

  useEffect(() => {
    document.title = `${t('title')} · ${tCommon('appName')}`;
  }, [t, tCommon]);

  // Signed in (already, or just now by the login form): on to the page asked for, else /dashboard.
  if (status === 'signed-in') return <Navigate to={intendedPath} replace />;

  const tabProps = (value: AuthTab) => ({
    value,
    id: `auth-tab-${value}`,
    'aria-controls': `auth-tabpanel-${value}`,
  });

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
        bgcolor: 'background.default',
      }}
    >
      <Box sx={{ order: { xs: 2, md: 0 }, display: 'flex' }}>
        <AuthSidePanel />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Box
          component="header"
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            px: { xs: 1.5, sm: 3 },
            py: 2,
          }}
        >
          <Button component={RouterLink} to="/" color="inherit" startIcon={<ArrowBackRoundedIcon sx={mirrorInRtl} />}>
            {t('backHome')}
          </Button>
          <LanguageToggle />
        </Box>
        <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', px: { xs: 2, sm: 3 }, pb: 6 }}>
          <Paper variant="outlined" sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 4 } }}>
            <Typography variant="h4" component="h1">
              {t('title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2.5 }}>
              {t('subtitle')}
            </Typography>
            <Tabs
              value={tab}
              onChange={(_event, value: AuthTab) => setTab(value)}
              variant="fullWidth"
              aria-label={t('tabs.label')}
              sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
            >
              <Tab label={t('tabs.login')} {...tabProps('login')} />
              <Tab label={t('tabs.register')} {...tabProps('register')} />
            </Tabs>
            <Box role="tabpanel" id="auth-tabpanel-login" aria-labelledby="auth-tab-login" hidden={tab !== 'login'}>
              {tab === 'login' && (
                <LoginForm
                  key={registered?.username ?? ''}
                  initialUsername={registered?.username}
                  notice={registered?.message}
                />
              )}
            </Box>
            <Box
              role="tabpanel"
              id="auth-tabpanel-register"
              aria-labelledby="auth-tab-register"
              hidden={tab !== 'register'}
            >
              {tab === 'register' && (
                <RegisterForm
                  onRegistered={(message, username) => {
                    setRegistered({ message, username });
                    setTab('login');
                  }}
                />
              )}
            </Box>
          </Paper>
        </Box>
      </Box>
    </Box>
  );
}
