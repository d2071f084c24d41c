import type { Permission } from '@erp/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { permissionGroups, permissionLabelKey, sortPermissions } from '../lib/permissions';

interface PermissionCheckboxesProps {
  value: readonly Permission[];
  onChange: (permissions: Permission[]) => void;
  /** Admins and owners: every box ticked and locked. */
  allGranted?: boolean;
  disabled?: boolean;
}

/** The ten user permissions, grouped by area, with readable labels in both languages. */
export function PermissionCheckboxes({
  value,
  onChange,
  allGranted = false,
  disabled = false,
}: PermissionCheckboxesProps) {
  const { t } = useTranslation('users-permissions');
  const chosen = new Set(value);

  const toggle = (permission: Permission, checked: boolean) => {
    const next = new Set(chosen);
    if (checked) next.add(permission);
    else next.delete(permission);
    onChange(sortPermissions(next));
  };

  return (
    <FormControl component="fieldset" variant="standard" sx={{ width: '100%' }}>
      <FormLabel
        component="legend"
        sx={{ '&.Mui-focused': { color: 'text.primary' }, mb: 1, fontWeight: 600, color: 'text.primary' }}
      >
        {t('fields.permissions')}
      </FormLabel>
      {allGranted && <FormHelperText sx={{ mt: -0.5, mb: 1 }}>{t('fields.allPermissionsHint')}</FormHelperText>}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 2,
          rowGap: 1.5,
          p: 1.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
        }}
      >
        {permissionGroups.map(({ area, permissions }) => (
          <Box key={area} role="group" aria-labelledby={`permission-area-${area}`}>
            <Typography
              id={`permission-area-${area}`}
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', fontWeight: 700, mb: 0.25 }}
            >
              {t(`areas.${area}`)}
            </Typography>
            <FormGroup>
              {permissions.map((permission) => (
                <FormControlLabel
                  key={permission}
                  sx={{ my: -0.25 }}
                  control={
                    <Checkbox
                      size="small"
                      name={permission}
                      checked={allGranted || chosen.has(permission)}
                      disabled={disabled || allGranted}
                      onChange={(event) => toggle(permission, event.target.checked)}
                    />
                  }
                  label={<Typography variant="body2">{t(permissionLabelKey(permission))}</Typography>}
                />
              ))}
            </FormGroup>
          </Box>
        ))}
      </Box>
    </FormControl>
  );
}
