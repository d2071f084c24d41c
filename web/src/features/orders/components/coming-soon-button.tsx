import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useId, type ReactNode } from 'react';
import { visuallyHidden } from '../../../lib/visually-hidden';

interface ComingSoonButtonProps {
  label: string;
  /** Why it does nothing yet: a tooltip, and the button's description for screen readers. */
  reason: string;
  startIcon?: ReactNode;
  variant?: ButtonProps['variant'];
}

/**
 * A button for a feature that is not there yet: it looks disabled but stays focusable
 * (aria-disabled), so keyboard and screen-reader users can still learn why.
 */
export function ComingSoonButton({ label, reason, startIcon, variant = 'outlined' }: ComingSoonButtonProps) {
  const reasonId = useId();
  return (
    <>
      <Tooltip title={reason} describeChild>
        <Button
          variant={variant}
          startIcon={startIcon}
          aria-disabled="true"
          aria-describedby={reasonId}
          onClick={(event) => event.preventDefault()}
          disableRipple
          sx={{ opacity: 0.55, cursor: 'not-allowed' }}
        >
          {label}
        </Button>
      </Tooltip>
      <Box component="span" id={reasonId} sx={visuallyHidden}>
        {reason}
      </Box>
    </>
  );
}
